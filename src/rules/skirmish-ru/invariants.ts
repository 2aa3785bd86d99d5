/**
 * What every step of a skirmish-ru battle keeps (engine/invariants.ts): no pool under 0 (rounds of
 * ammunition, wounds, damage beyond them, fatigue); a fighter that has activated this round does not
 * begin another activation in it; a fighter that leaves the table (dead, or off an edge) is named by an
 * event of that step. A seriously wounded fighter stays on the table.
 */
import { rulesetInvariants, type Invariant, type Pool } from '../engine/invariants';
import type { SkState } from './game';

function* pools(s: SkState): Generator<Pool> {
  for (const f of Object.values(s.fighters)) {
    yield [`fighters.${f.id}.wounds.wounds`, f.wounds.wounds];
    yield [`fighters.${f.id}.wounds.excess`, f.wounds.excess];
    yield [`fighters.${f.id}.fatigue`, f.fatigue];
    for (const [w, a] of Object.entries(f.arms)) yield [`fighters.${f.id}.arms.${w}.ammo`, a.ammo];
  }
}

const activatesOnce: Invariant<SkState> = ({ before, after }) => {
  const id = after.activation?.fighter;
  if (!id || before.activation?.fighter === id || before.round !== after.round) return [];
  return before.fighters[id]?.activated ? [`${id} activates a second time in round ${after.round}`] : [];
};

const presence = (s: SkState) =>
  Object.fromEntries(Object.values(s.fighters).map((f) => [f.id, f.wounds.condition === 'dead' ? null : f.pos]));

/** skirmish-ru's invariants over one step. */
export const skirmishRuInvariants: Invariant<SkState> = rulesetInvariants<SkState>({
  pools,
  actsOnce: activatesOnce,
  presence,
});
