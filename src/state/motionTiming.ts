/**
 * How long a change of place plays, and how it moves (glide, arc, drop, slide), from the plain JSON
 * of its rule event: the event queue's durations and the scene's motion both read these.
 */
import type { RuleEvent } from '../rules/engine/types';

type V3 = readonly [number, number, number];

/** The fields of an event that timing reads (any rule event; the log line is not needed). */
export type TimedEvent = Pick<RuleEvent, 'type'> & Partial<Omit<RuleEvent, 'type'>>;

/** How a change of place is animated. */
export type MotionKind = 'glide' | 'arc' | 'drop' | 'slide';

/** Readable gliding pace at speed 1, inches per second. */
export const GLIDE_INCHES_PER_S = 6;
/** Shortest and longest glide at speed 1, milliseconds. */
export const GLIDE_MS: readonly [number, number] = [400, 2500];
/** A jump's length at speed 1: a base plus a share per inch, clamped. */
export const ARC_MS: readonly [number, number] = [600, 1400];
/** A push or knock-back slides fast: milliseconds at speed 1. */
export const SLIDE_MS = 350;
/** A plain [x, y, z] from event JSON, or null. */
export function point(v: unknown): V3 | null {
  return Array.isArray(v) && v.length === 3 && v.every((c) => typeof c === 'number') ? (v as unknown as V3) : null;
}

/** The model an event moves (null for other events), when it is a change of place (`moved`, `jump`, `fall`). */
export function mover(e: TimedEvent): string | null {
  return (e.type === 'moved' || e.type === 'jump' || e.type === 'fall') && typeof e.model === 'string' && point(e.to)
    ? e.model
    : null;
}

/** How an event moves its model: a fall drops, a jump (or a move tagged `how: 'jump'`) arcs, a push slides, else it glides. */
export function motionKind(e: TimedEvent): MotionKind {
  if (e.type === 'fall') return 'drop';
  if (e.type === 'jump' || e.how === 'jump') return 'arc';
  if (e.how === 'push') return 'slide';
  return 'glide';
}

/** Horizontal-plus-vertical length of a change of place (0 when its start is unknown). */
export function travel(e: TimedEvent): number {
  const from = point(e.from),
    to = point(e.to);
  return from && to ? Math.hypot(to[0] - from[0], to[1] - from[1], to[2] - from[2]) : 0;
}

/**
 * Milliseconds at speed 1 for a change of place, or null for other events: a glide at
 * GLIDE_INCHES_PER_S (clamped to GLIDE_MS), a jump's arc, a fall's drop (time to fall its height,
 * slowed for reading), a slide. `length`: the glide's measured route, when the scene follows one (by
 * default the straight line from `from` to `to`).
 */
export function motionMs(e: TimedEvent, length?: number): number | null {
  if (!mover(e)) return null;
  const clamp = (v: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, v));
  switch (motionKind(e)) {
    case 'slide':
      return SLIDE_MS;
    case 'drop':
      return clamp(500 + 60 * (typeof e.height === 'number' ? e.height : 0), [500, 1200]);
    case 'arc':
      return clamp(500 + 80 * travel(e), ARC_MS);
    case 'glide':
      return clamp(((length ?? travel(e)) / GLIDE_INCHES_PER_S) * 1000, GLIDE_MS);
  }
}
