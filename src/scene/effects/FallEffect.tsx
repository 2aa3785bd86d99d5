/** A fall: a red streak from where the model went over the edge straight down, and a ring dropping to where it lands. */
import { Line } from '@react-three/drei';
import { useRef } from 'react';
import type { Mesh } from 'three';
import type { Line2 } from 'three-stdlib';
import { fade, useEffectTime, type EffectClock, type V3 } from './clock';

export function FallEffect({ to, height, clock }: { to: V3; height: number; clock: EffectClock }) {
  const streak = useRef<Line2>(null);
  const ring = useRef<Mesh>(null);
  useEffectTime(clock, (t) => {
    fade(streak.current?.material, 1 - t * 0.7);
    if (ring.current) ring.current.position.y = to[1] + height * (1 - Math.min(1, t / 0.6)) + 0.05;
    fade(ring.current?.material, 1 - t * 0.5);
  });
  return (
    <group>
      <Line
        ref={streak}
        points={[
          [to[0], to[1] + height + 0.5, to[2]],
          [to[0], to[1] + 0.05, to[2]],
        ]}
        color="#ff8a5c"
        lineWidth={3}
        dashed
        dashSize={0.3}
        gapSize={0.2}
        transparent
        opacity={1}
      />
      <mesh ref={ring} position={[to[0], to[1] + height + 0.05, to[2]]} rotation={[-Math.PI / 2, 0, 0]}>
        <ringGeometry args={[0.45, 0.6, 32]} />
        <meshBasicMaterial color="#ff8a5c" transparent opacity={1} depthWrite={false} />
      </mesh>
    </group>
  );
}
