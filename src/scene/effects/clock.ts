/**
 * The time of the event being played, as a value the effects read every frame (not React state: an
 * effect is drawn once per event and moves its meshes itself, so nothing re-renders while it plays).
 */
import { useFrame } from '@react-three/fiber';
import type { Material, Object3D } from 'three';

/** The playhead of the current event: 0 when it starts, 1 when its time is up. */
export interface EffectClock {
  t: number;
}

/** A point of the table. */
export type V3 = [number, number, number];

/** Calls `tick` with the effect's time each frame (after the event player has advanced the clock). */
export function useEffectTime(clock: EffectClock, tick: (t: number) => void): void {
  useFrame(() => tick(clock.t));
}

/** Shows or hides an object, and sets its uniform scale, when there is one. */
export function show(o: Object3D | null, visible: boolean, scale?: number): void {
  if (!o) return;
  o.visible = visible;
  if (scale !== undefined) o.scale.setScalar(scale);
}

/** Sets a material's opacity, when there is one. */
export function fade(m: Material | Material[] | null | undefined, opacity: number): void {
  if (m && !Array.isArray(m)) m.opacity = opacity;
}

/** The point a share `k` of the way from `a` to `b`. */
export const lerp3 = (a: V3, b: V3, k: number): V3 => [
  a[0] + (b[0] - a[0]) * k,
  a[1] + (b[1] - a[1]) * k,
  a[2] + (b[2] - a[2]) * k,
];
