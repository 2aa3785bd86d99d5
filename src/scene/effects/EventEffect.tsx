/**
 * The effect an event shows (engine/effects.ts), every kind of TableEffect, exhaustively. It is drawn
 * once per event; each effect moves its own meshes every frame from the clock, so nothing re-renders
 * while it plays. An aimed effect waits, hidden, while its actor turns to the target (the clock is below
 * 0 until then: see EventPlayer).
 */
import { useRef } from 'react';
import type { Group } from 'three';
import type { Model } from '../../geometry/sceneTypes';
import { type TimedEvent } from '../../state/motionTiming';
import { useEffectTime, type EffectClock } from './clock';
import { EffectMeshes } from './EffectMeshes';

export function EventEffect(props: {
  event: TimedEvent;
  models: readonly Model[];
  /** The measured route a glide follows (the line is drawn along it), or null. */
  route: readonly (readonly [number, number, number])[] | null;
  clock: EffectClock;
}) {
  const group = useRef<Group>(null);
  useEffectTime(props.clock, (t) => {
    if (group.current) group.current.visible = t >= 0;
  });
  return (
    <group ref={group} visible={false}>
      <EffectMeshes {...props} />
    </group>
  );
}
