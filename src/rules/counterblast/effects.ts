/** What the table shows of Counterblast's events: a psychic attack flies like a shot; the rest is the shared vocabulary. */
import { commonEffect, type EventLike, type TableEffect } from '../engine/effects';

/** The table effect of a Counterblast event (psi: a shot from the psyker at its target). */
export function effectOf(e: EventLike): TableEffect | null {
  if (e.type === 'psi')
    return typeof e.shooter === 'string' && typeof e.target === 'string'
      ? { kind: 'shot', from: e.shooter, to: e.target, hit: e.hit === true }
      : null;
  return commonEffect(e);
}
