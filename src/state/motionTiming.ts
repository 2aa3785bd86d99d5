/**
 * How long a change of place plays, and how it moves (glide, arc, drop, slide), from the table effect
 * of its rule event: the event queue's durations and the scene's motion both read these.
 */
import { commonEffect, point, type EventLike, type TableEffect } from '../rules/engine/effects';
import type { RuleEvent } from '../rules/engine/types';

export { point };

type V3 = readonly [number, number, number];

/**
 * An event on its way to the table: a rule event with the effect its ruleset maps it to (engine/effects.ts),
 * attached when it is pushed (`effect` absent: the shared vocabulary's, `commonEffect`).
 */
export type TimedEvent = EventLike & { text?: RuleEvent['text']; effect?: TableEffect | null };

/** The table effect of an event: the one attached when it was pushed, else the shared vocabulary's. */
export function effectOf(e: TimedEvent): TableEffect | null {
  return e.effect !== undefined ? e.effect : commonEffect(e);
}

/** A change of place: a move or a fall. */
type Motion = Extract<TableEffect, { kind: 'move' | 'fall' }>;

/** The change of place an event shows, or null. */
export function motionOf(e: TimedEvent): Motion | null {
  const x = effectOf(e);
  return x && (x.kind === 'move' || x.kind === 'fall') ? x : null;
}
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
/** The model an event moves (null for other events): a move or a fall. */
export function mover(e: TimedEvent): string | null {
  return motionOf(e)?.model ?? null;
}

/** How an event moves its model: a fall drops, a jump arcs, a push slides, a walk glides. */
export function motionKind(e: TimedEvent): MotionKind {
  const m = motionOf(e);
  if (!m) return 'glide';
  if (m.kind === 'fall') return 'drop';
  return m.how === 'jump' ? 'arc' : m.how === 'push' ? 'slide' : 'glide';
}

/** Where a change of place starts: a move's `from`, a fall's spot straight above its landing; else unknown. */
export function startOf(e: TimedEvent): V3 | null {
  const m = motionOf(e);
  if (!m) return null;
  return m.kind === 'fall' ? [m.to[0], m.to[1] + m.height, m.to[2]] : m.from;
}

/** Horizontal-plus-vertical length of a change of place (0 when its start is unknown). */
export function travel(e: TimedEvent): number {
  const m = motionOf(e);
  const from = m && m.kind === 'move' ? m.from : null;
  return m && from ? Math.hypot(m.to[0] - from[0], m.to[1] - from[1], m.to[2] - from[2]) : 0;
}

/**
 * Milliseconds at speed 1 for a change of place, or null for other events: a glide at
 * GLIDE_INCHES_PER_S (clamped to GLIDE_MS), a jump's arc, a fall's drop (time to fall its height,
 * slowed for reading), a slide. `length`: the glide's measured route, when the scene follows one (by
 * default the straight line from `from` to `to`).
 */
export function motionMs(e: TimedEvent, length?: number): number | null {
  const m = motionOf(e);
  if (!m) return null;
  const clamp = (v: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, v));
  switch (motionKind(e)) {
    case 'slide':
      return SLIDE_MS;
    case 'drop':
      return clamp(500 + 60 * (m.kind === 'fall' ? m.height : 0), [500, 1200]);
    case 'arc':
      return clamp(500 + 80 * travel(e), ARC_MS);
    case 'glide':
      return clamp(((length ?? travel(e)) / GLIDE_INCHES_PER_S) * 1000, GLIDE_MS);
  }
}
