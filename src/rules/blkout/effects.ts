/** What the table shows of BLKOUT's events: a close-quarters fight flashes between its two models; the rest is the shared vocabulary. */
import { commonEffect, type EventLike, type TableEffect } from '../engine/effects';

/** The table effect of a BLKOUT event (cqc: a strike between the two models). */
export function effectOf(e: EventLike): TableEffect | null {
  if (e.type === 'cqc') return e.a && e.b ? { kind: 'strike', a: e.a, b: e.b } : null;
  return commonEffect(e);
}
