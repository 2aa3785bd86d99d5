/**
 * What every step of a BLKOUT game keeps (engine/invariants.ts): no pool under 0 (command points, damage
 * boxes, combat loads, Sidewinder checks, the score); a unit activates at most once a round (Rewind is the
 * card that lets it go again) and a model acts and repositions at most once in its activation; a model
 * that leaves the table (destroyed, or off an edge) is named by an event of that step.
 */
import { rulesetInvariants, twice, type Invariant, type Pool } from '../engine/invariants';
import type { BlkoutState } from './game';

function* pools(s: BlkoutState): Generator<Pool> {
  for (const [p, v] of Object.entries(s.cp)) yield [`cp.${p}`, v];
  for (const [p, v] of Object.entries(s.score)) yield [`score.${p}`, v];
  for (const m of Object.values(s.models)) {
    yield [`models.${m.id}.damage`, m.damage];
    yield [`models.${m.id}.track - damage`, m.destroyed ? null : m.track - m.damage];
    yield [`models.${m.id}.checks`, m.checks];
    yield [`models.${m.id}.mobility.damage`, m.mobility?.damage];
  }
  for (const u of Object.values(s.units)) {
    yield [`units.${u.id}.loadsUsed`, u.loadsUsed];
    yield [`units.${u.id}.loads - loadsUsed`, u.loads === undefined ? null : u.loads - (u.loadsUsed ?? 0)];
  }
}

const activatesOnce: Invariant<BlkoutState> = ({ before, after }) => {
  const out: string[] = [];
  const a = after.activation;
  if (a) {
    out.push(...twice(a.acted, `the activation of ${a.unit} (acted)`));
    out.push(...twice(a.repositioned, `the activation of ${a.unit} (repositioned)`));
    const fresh = before.activation?.unit !== a.unit || before.activation.via !== a.via;
    if (fresh && a.via !== 'rewind' && before.round === after.round && before.units[a.unit]?.activated)
      out.push(`${a.unit} activates again in round ${after.round} (it had activated, and no Rewind was played)`);
  }
  return out;
};

const presence = (s: BlkoutState) =>
  Object.fromEntries(Object.values(s.models).map((m) => [m.id, m.destroyed ? null : m.pos]));

/** BLKOUT's invariants over one step. */
export const blkoutInvariants: Invariant<BlkoutState> = rulesetInvariants<BlkoutState>({
  pools,
  actsOnce: activatesOnce,
  presence,
});
