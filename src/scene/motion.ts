/**
 * Where each model is drawn while rule events play: the store already holds where the rules put it,
 * so a model with a move still queued is drawn at that move's start, glides (or arcs, drops, slides)
 * along it while it plays, and a shooter turns to face its target before its tracer flies. Pure maths
 * over the events' table effects (engine/effects.ts): no React, no three.js. With an empty queue (nothing to play, or Skip) every
 * model is drawn where the store says.
 */
import { attackOf } from '../rules/engine/effects';
import {
  effectOf,
  motionKind,
  motionOf,
  mover,
  startOf,
  type MotionKind,
  type TimedEvent,
} from '../state/motionTiming';

type V3 = readonly [number, number, number];

export type { MotionKind };

/** A drawn pose: base centre, facing (degrees counter-clockwise from +x seen from above) and a forward tilt (radians). */
export interface Pose {
  position: [number, number, number];
  facingDeg: number;
  /** Lean about the model's own sideways axis: positive tips the head forwards (a fall), negative backwards (a push). */
  tilt: number;
}

/** The fields of a model the motion reads. */
export interface PosedModel {
  id: string;
  position: V3;
  facingDeg?: number;
}

/** Share of a shot-like event spent turning to face the target, before the tracer flies. */
export const TURN_SHARE = 0.25;

/**
 * An effect whose actor turns to face its target first: the actor, and the model or spot it faces (a shot's
 * shooter and target, a strike's two models, a blast's firer and its spot); null for the others.
 */
export function aimOf(e: TimedEvent): { actor: string; at: string | V3 } | null {
  const a = attackOf(effectOf(e));
  return a?.from ? { actor: a.from, at: a.to } : null;
}

const lerp = (a: number, b: number, k: number) => a + (b - a) * k;
const easeInOut = (k: number) => (k < 0.5 ? 2 * k * k : 1 - 2 * (1 - k) * (1 - k));
const easeOut = (k: number) => 1 - (1 - k) * (1 - k);
const clamp01 = (k: number) => Math.min(1, Math.max(0, k));

/** Facing (degrees) from one point towards another, as the scene file measures it. */
export function facingTowards(from: V3, to: V3): number {
  return (Math.atan2(-(to[2] - from[2]), to[0] - from[0]) * 180) / Math.PI;
}

/** The angle from `a` to `b` the short way round, in degrees (-180..180]. */
function turnBetween(a: number, b: number, k: number): number {
  let d = ((((b - a) % 360) + 540) % 360) - 180;
  if (d === -180) d = 180;
  return a + d * k;
}

/** Height of a jump's arc at its apex for a jump of `length` inches. */
export function arcApex(length: number): number {
  return Math.min(3, 0.6 + 0.25 * length);
}

/** The pose of a change of place at fraction k (0..1) from `from` to `to`, keeping or turning `facing`. */
export function movePose(kind: MotionKind, from: V3, to: V3, k: number, facing: number): Pose {
  const t = clamp01(k);
  const heading = Math.hypot(to[0] - from[0], to[2] - from[2]) > 1e-6 ? facingTowards(from, to) : facing;
  switch (kind) {
    case 'glide': {
      const e = easeInOut(t);
      // Turn into the direction of travel in the first fifth, back to the final facing in the last fifth.
      const f =
        t < 0.2
          ? turnBetween(facing, heading, t / 0.2)
          : t > 0.8
            ? turnBetween(heading, facing, (t - 0.8) / 0.2)
            : heading;
      return {
        position: [lerp(from[0], to[0], e), lerp(from[1], to[1], e), lerp(from[2], to[2], e)],
        facingDeg: f,
        tilt: 0,
      };
    }
    case 'arc': {
      const apex = arcApex(Math.hypot(to[0] - from[0], to[2] - from[2]));
      return {
        position: [lerp(from[0], to[0], t), lerp(from[1], to[1], t) + 4 * apex * t * (1 - t), lerp(from[2], to[2], t)],
        facingDeg: heading,
        tilt: 0.25 * Math.sin(Math.PI * t),
      };
    }
    case 'drop': {
      // Off the edge in the first fifth, then down under gravity (the square of time).
      const side = clamp01(t / 0.2);
      const down = clamp01((t - 0.2) / 0.8);
      return {
        position: [lerp(from[0], to[0], side), lerp(from[1], to[1], down * down), lerp(from[2], to[2], side)],
        facingDeg: facing,
        tilt: 0.5 * Math.sin(Math.PI * down),
      };
    }
    case 'slide': {
      const e = easeOut(t);
      return {
        position: [lerp(from[0], to[0], e), lerp(from[1], to[1], e), lerp(from[2], to[2], e)],
        facingDeg: facing,
        tilt: -0.3 * Math.sin(Math.PI * t),
      };
    }
  }
}

/**
 * A glide along a route (the measured path, `route[0]` its start): the point at eased fraction k of its
 * length, facing along the leg it is on; turning from `facing` into it in the first fifth and back in
 * the last, as a straight glide does.
 */
export function routePose(route: readonly V3[], k: number, facing: number): Pose {
  const t = clamp01(k);
  const legs = route.slice(1).map((p, i) => Math.hypot(p[0] - route[i]![0], p[2] - route[i]![2]));
  const total = legs.reduce((a, b) => a + b, 0);
  let along = easeInOut(t) * total;
  let i = 0;
  while (i < legs.length - 1 && along > legs[i]!) along -= legs[i++]!;
  const a = route[i]!,
    b = route[i + 1] ?? a;
  const u = legs[i]! > 1e-9 ? clamp01(along / legs[i]!) : 1;
  const first = route.find((p) => Math.hypot(p[0] - route[0]![0], p[2] - route[0]![2]) > 1e-6) ?? route[0]!;
  const heading = legs[i]! > 1e-6 ? facingTowards(a, b) : facingTowards(route[0]!, first);
  const f =
    t < 0.2 ? turnBetween(facing, heading, t / 0.2) : t > 0.8 ? turnBetween(heading, facing, (t - 0.8) / 0.2) : heading;
  return { position: [lerp(a[0], b[0], u), lerp(a[1], b[1], u), lerp(a[2], b[2], u)], facingDeg: f, tilt: 0 };
}

/** The length of a route along the table (its legs' horizontal and vertical lengths). */
export function routeLength(route: readonly V3[]): number {
  let n = 0;
  for (let i = 1; i < route.length; i++)
    n += Math.hypot(route[i]![0] - route[i - 1]![0], route[i]![1] - route[i - 1]![1], route[i]![2] - route[i - 1]![2]);
  return n;
}

/** The measured route of a queued glide (its points from `from` to `to`), or null: then it glides straight. */
export type RouteOf = (event: TimedEvent) => readonly V3[] | null;

/**
 * The display pose of every model that an event in the queue changes (models not in the map are drawn
 * where the store says): `queue` is the event queue, its head playing at `fraction` (0..1) of its time;
 * `models` are the store's models, already where the rules left them.
 *
 * A model with a change of place still in the queue is drawn at the start of its first one (the
 * `from`, or the end of an earlier queued change when an event carries no `from`); while that change
 * plays it moves along it. A shooter whose aimed event is playing turns to its target in the first
 * TURN_SHARE of the event and holds that facing to its end.
 */
export function displayPoses(
  queue: readonly TimedEvent[],
  fraction: number,
  models: readonly PosedModel[],
  routeOf?: RouteOf,
): Map<string, Pose> {
  const out = new Map<string, Pose>();
  if (queue.length === 0) return out;
  const byId = new Map(models.map((m) => [m.id, m]));
  // Each model's first queued change decides where it stands until that change plays: its start.
  const starts = new Map<string, V3>();
  for (const e of queue) {
    const id = mover(e);
    const m = id ? byId.get(id) : undefined;
    if (!id || !m || starts.has(id)) continue;
    const start = startOf(e) ?? motionOf(e)!.to;
    starts.set(id, start);
    out.set(id, { position: [start[0], start[1], start[2]], facingDeg: m.facingDeg ?? 0, tilt: 0 });
  }
  const head = queue[0]!;
  const k = clamp01(fraction);
  const id = mover(head);
  if (id && byId.has(id)) {
    const m = byId.get(id)!;
    const from = starts.get(id)!;
    const kind = motionKind(head);
    const route = kind === 'glide' ? (routeOf?.(head) ?? null) : null;
    out.set(
      id,
      route && route.length > 2
        ? routePose(route, k, m.facingDeg ?? 0)
        : movePose(kind, from, motionOf(head)!.to, k, m.facingDeg ?? 0),
    );
  }
  const aimed = aimOf(head);
  if (aimed) {
    const a = byId.get(aimed.actor);
    const target = aimed.at;
    const aim = typeof target === 'string' ? (out.get(target)?.position ?? byId.get(target)?.position) : target;
    if (a && aim) {
      const pose = out.get(a.id) ?? {
        position: [...a.position] as [number, number, number],
        facingDeg: a.facingDeg ?? 0,
        tilt: 0,
      };
      const to = facingTowards(pose.position, aim);
      out.set(a.id, { ...pose, facingDeg: turnBetween(a.facingDeg ?? 0, to, clamp01(k / TURN_SHARE)) });
    }
  }
  return out;
}

/**
 * What the event player shares with the models each frame: the poses of the models the queue moves
 * (empty when nothing plays). The player writes it before the models read it (it runs earlier in the frame).
 */
export interface Playhead {
  poses: Map<string, Pose>;
}
