/** A shot: a muzzle flash, a tracer from the firer to the target, and an impact flash when it hits. */
import { Line } from '@react-three/drei';
import { useRef } from 'react';
import type { Mesh } from 'three';
import type { Line2 } from 'three-stdlib';
import { fade, lerp3, show, useEffectTime, type EffectClock, type V3 } from './clock';

export function ShotEffect({ from, to, hit, clock }: { from: V3; to: V3; hit: boolean; clock: EffectClock }) {
  const flash = useRef<Mesh>(null);
  const tracer = useRef<Line2>(null);
  const impact = useRef<Mesh>(null);
  useEffectTime(clock, (t) => {
    show(flash.current, t < 0.25, Math.max(0.001, 0.25 * (1 - t * 3)));
    const head = Math.min(1, t / 0.6);
    const line = tracer.current;
    if (line) {
      line.visible = t < 0.8;
      line.geometry.setPositions([...lerp3(from, to, Math.max(0, head - 0.35)), ...lerp3(from, to, head)]);
    }
    show(impact.current, hit && t >= 0.6, 0.2 + Math.max(0, t - 0.6) * 1.2);
    fade(impact.current?.material, Math.max(0, 1 - (t - 0.6) * 2.5));
  });
  return (
    <group>
      <mesh ref={flash} position={from} scale={0.25}>
        <sphereGeometry args={[1, 12, 12]} />
        <meshBasicMaterial color="#ffe9a8" />
      </mesh>
      <Line ref={tracer} points={[from, from]} color="#fff1b0" lineWidth={4} />
      <mesh ref={impact} position={to} visible={false}>
        <sphereGeometry args={[1, 16, 16]} />
        <meshBasicMaterial color="#ff7b3a" transparent opacity={1} />
      </mesh>
    </group>
  );
}
