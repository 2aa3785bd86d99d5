/** What the table shows of Five Parsecs' events: a brawl is a strike between attacker and target; the rest is the shared vocabulary. */
import { commonEffect, type EventLike, type TableEffect } from '../engine/effects';

/** The table effect of a Five Parsecs event. */
export function effectOf(e: EventLike): TableEffect | null {
  if (e.type === 'brawl')
    return e.attacker && typeof e.target === 'string' ? { kind: 'strike', a: e.attacker, b: e.target } : null;
  return commonEffect(e);
}
