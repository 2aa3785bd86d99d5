/**
 * What every step of an rpg-attacks battle keeps (engine/invariants.ts): no pool under 0 (action points,
 * rounds and grenades, Wounds, Grave Wounds, hours unconscious); action points are refilled only when a
 * round begins, and a character takes one turn a round (the turn order only moves forward within a
 * round); a character that goes down or leaves the table is named by an event of that step.
 */
import { rulesetInvariants, type Invariant, type Pool } from '../engine/invariants';
import type { RpgState } from './game';

function* pools(s: RpgState): Generator<Pool> {
  for (const c of Object.values(s.chars)) {
    yield [`chars.${c.id}.ap`, c.ap];
    yield [`chars.${c.id}.condition.wounds`, c.condition.wounds];
    yield [`chars.${c.id}.condition.graveWounds`, c.condition.graveWounds];
    yield [`chars.${c.id}.condition.unconsciousHours`, c.condition.unconsciousHours];
    for (const [w, n] of Object.entries(c.ammo)) yield [`chars.${c.id}.ammo.${w}`, n];
  }
}

const oneTurnARound: Invariant<RpgState> = ({ before, after }) => {
  if (before.round !== after.round) return [];
  const out: string[] = [];
  for (const c of Object.values(after.chars)) {
    const was = before.chars[c.id]?.ap;
    if (was !== undefined && c.ap > was)
      out.push(`${c.id}'s action points rose from ${was} to ${c.ap} within round ${after.round}`);
  }
  const from = before.turn ? before.order.indexOf(before.turn.model) : -1;
  const to = after.turn ? after.order.indexOf(after.turn.model) : -1;
  if (after.turn && before.turn?.model !== after.turn.model && to <= from)
    out.push(`${after.turn.model} takes a turn again in round ${after.round} (order ${to}, after order ${from})`);
  return out;
};

const presence = (s: RpgState) =>
  Object.fromEntries(Object.values(s.chars).map((c) => [c.id, c.condition.down ? null : c.pos]));

/** rpg-attacks' invariants over one step. */
export const rpgAttacksInvariants: Invariant<RpgState> = rulesetInvariants<RpgState>({
  pools,
  actsOnce: oneTurnARound,
  presence,
});
