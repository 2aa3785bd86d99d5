/**
 * Plays the head of the event queue: its table effect (effects/EventEffect.tsx, every kind drawn). The
 * time of the event is a value advanced here each frame (`clock`), never React state: the effect is
 * drawn once per event and moves its own meshes from the clock. When the event's time is up (scaled by
 * the speed setting) it tells the store, and the next one starts.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { animationMs } from '../state/eventQueue';
import { motionKind, mover, type TimedEvent } from '../state/motionTiming';
import type { TabletopStore } from '../state/store';
import type { Model } from '../geometry/sceneTypes';
import { aimOf, displayPoses, routeLength, TURN_SHARE, type Playhead, type RouteOf } from './motion';
import type { EffectClock } from './effects/clock';
import { EventEffect } from './effects/EventEffect';

/** A key per event object, so each event gets its own effect and its meshes start afresh. */
const eventKeys = new WeakMap<object, number>();
let nextKey = 0;
function keyOf(e: object): number {
  let k = eventKeys.get(e);
  if (k === undefined) eventKeys.set(e, (k = nextKey++));
  return k;
}

/**
 * Props: the store (queue, speed), the models on the table, and the playhead it fills each frame with
 * the poses the models are drawn at (motion.ts). While the queue holds events it asks for frames (the
 * canvas renders on demand); with the queue empty it asks for none.
 */
export function EventPlayer({
  store,
  models,
  playhead,
  routeOf,
}: {
  store: TabletopStore;
  models: readonly Model[];
  playhead?: Playhead;
  /** The measured route of a glide (asked once per event), or none: moves glide straight. */
  routeOf?: RouteOf;
}) {
  const head = useStore(store, (s) => s.eventQueue[0] ?? null);
  const speed = useStore(store, (s) => s.animationSpeed);
  const invalidate = useThree((s) => s.invalidate);
  const started = useRef<{ event: TimedEvent; at: number } | null>(null);
  // The effect's time, advanced here every frame and read by the effect's meshes (not React state).
  const clock = useMemo<EffectClock>(() => ({ t: 0 }), []);
  // A new head (or Skip emptying the queue) needs a frame even when nothing else asks for one.
  useEffect(() => invalidate(), [head, invalidate]);
  // Before the models' frame callbacks (priority -1), so they draw this frame's poses.
  useFrame((state) => {
    if (!head) {
      started.current = null;
      if (playhead && playhead.poses.size > 0) playhead.poses = new Map();
      return;
    }
    state.invalidate();
    const now = state.clock.elapsedTime * 1000;
    if (started.current?.event !== head) started.current = { event: head, at: now };
    // A glide along a measured route takes the route's length at the glide's pace, not the straight line's.
    const route = motionKind(head) === 'glide' && mover(head) ? (routeOf?.(head) ?? null) : null;
    const ms = animationMs(head, speed, route && route.length > 2 ? routeLength(route) : undefined);
    const progress = ms > 0 ? (now - started.current.at) / ms : 1;
    if (playhead) playhead.poses = displayPoses(store.getState().eventQueue, Math.min(progress, 1), models, routeOf);
    // An aimed effect plays in the time after its actor has turned: before that its clock is below 0.
    const k = Math.min(progress, 1);
    clock.t = aimOf(head) !== null ? (k - TURN_SHARE) / (1 - TURN_SHARE) : k;
    if (progress >= 1) {
      started.current = null;
      store.getState().finishEvent();
    }
  }, -1);
  const route = head && motionKind(head) === 'glide' && mover(head) ? (routeOf?.(head) ?? null) : null;
  return head ? <EventEffect key={keyOf(head)} event={head} models={models} route={route} clock={clock} /> : null;
}
