/**
 * What every step of a Five Parsecs battle keeps (engine/invariants.ts): no pool under 0 (Stun markers,
 * Free Actions, the round's casualties, the enemy's Panic range); a figure that has acted this round does
 * not begin another activation in it; a figure that leaves the table (taken out, bailed, gone off an
 * edge) is named by an event of that step.
 */
import { rulesetInvariants, type Invariant, type Pool } from '../engine/invariants';
import type { FpState } from './game';

function* pools(s: FpState): Generator<Pool> {
  yield ['casualties', s.casualties];
  yield ['enemy.panic', s.enemy.panic];
  for (const f of Object.values(s.figures)) {
    yield [`figures.${f.id}.stun`, f.stun];
    yield [`figures.${f.id}.freeActions`, f.freeActions];
  }
}

const actsOnce: Invariant<FpState> = ({ before, after }) => {
  const id = after.activation?.figure;
  if (!id || before.activation?.figure === id || before.round !== after.round) return [];
  return before.figures[id]?.acted ? [`${id} begins a second activation in round ${after.round}`] : [];
};

const presence = (s: FpState) => Object.fromEntries(Object.values(s.figures).map((f) => [f.id, f.out ? null : f.pos]));

/** Five Parsecs' invariants over one step. */
export const fiveparsecsInvariants: Invariant<FpState> = rulesetInvariants<FpState>({
  pools,
  actsOnce: actsOnce,
  presence,
});
