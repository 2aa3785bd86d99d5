/**
 * What every step of a Counterblast game keeps (engine/invariants.ts): no pool under 0 (Moxie, dread, a
 * model's damage, the actions an active model has left, Aim and the activation's bonus dice); a model that
 * is Spent does not join a new activation in the same turn and no model is listed twice in one; a model
 * that leaves the table (a casualty, or off an edge) is named by an event of that step.
 */
import { rulesetInvariants, twice, type Invariant, type Pool } from '../engine/invariants';
import type { CbState } from './game';

function* pools(s: CbState): Generator<Pool> {
  for (const [p, v] of Object.entries(s.moxie)) yield [`moxie.${p}`, v];
  for (const [p, v] of Object.entries(s.dread)) yield [`dread.${p}`, v];
  for (const m of Object.values(s.models)) yield [`models.${m.id}.damage`, m.damage];
  const a = s.activation;
  if (!a) return;
  for (const [id, x] of Object.entries(a.actions)) yield [`activation.actions.${id}.left`, x.left];
  for (const [id, v] of Object.entries(a.aim)) yield [`activation.aim.${id}`, v];
  for (const [id, v] of Object.entries(a.boosted ?? {})) yield [`activation.boosted.${id}`, v];
  for (const [id, v] of Object.entries(a.dogpiled ?? {})) yield [`activation.dogpiled.${id}`, v];
  if (a.rush) yield ['activation.rush.allowance', a.rush.allowance];
}

const spentStaysSpent: Invariant<CbState> = ({ before, after }) => {
  const a = after.activation;
  if (!a) return [];
  const out = twice(a.models, 'the activation');
  if (before.turn !== after.turn) return out;
  const had = new Set(before.activation?.models ?? []);
  for (const id of a.models) {
    if (!had.has(id) && before.models[id]?.spent)
      out.push(`${id} joins an activation in turn ${after.turn} while Spent`);
  }
  return out;
};

const presence = (s: CbState) =>
  Object.fromEntries(Object.values(s.models).map((m) => [m.id, m.casualty ? null : m.pos]));

/** Counterblast's invariants over one step. */
export const counterblastInvariants: Invariant<CbState> = rulesetInvariants<CbState>({
  pools,
  actsOnce: spentStaysSpent,
  presence,
});
