/**
 * What the table shows of skirmish-ru's events: a template comes down at its centre after its scatter (none
 * when it was lost), a jammed weapon puffs over its fighter; the rest is the shared vocabulary.
 */
import { commonEffect, type EventLike, point, type TableEffect } from '../engine/effects';

/** The table effect of a skirmish-ru event. */
export function effectOf(e: EventLike): TableEffect | null {
  if (e.type === 'template') {
    const at = point(e.centre);
    return at ? { kind: 'blast', from: e.shooter ?? null, at, radius: e.radius ?? 1 } : null;
  }
  if (e.type === 'jam') return e.model ? { kind: 'status', model: e.model, change: 'jammed', amount: null } : null;
  return commonEffect(e);
}
