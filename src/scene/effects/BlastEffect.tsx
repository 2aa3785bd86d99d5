/** A blast or template: the round flies in an arc from its firer for the first half, then the blast grows to its radius. */
import { useRef } from 'react';
import type { Mesh } from 'three';
import { fade, lerp3, show, useEffectTime, type EffectClock, type V3 } from './clock';

export function BlastEffect({
  from,
  at,
  radius,
  clock,
}: {
  from: V3 | null;
  at: V3;
  radius: number;
  clock: EffectClock;
}) {
  const round = useRef<Mesh>(null);
  const boom = useRef<Mesh>(null);
  const ring = useRef<Mesh>(null);
  useEffectTime(clock, (t) => {
    const fly = Math.min(1, t / 0.45);
    if (round.current && from) {
      const p = lerp3(from, at, fly);
      round.current.position.set(p[0], p[1] + Math.sin(Math.PI * fly) * 3, p[2]);
    }
    show(round.current, from !== null && t < 0.45);
    const b = Math.max(0, (t - 0.45) / 0.55);
    show(boom.current, b > 0, 0.3 + b * (radius + 0.5));
    fade(boom.current?.material, Math.max(0, 0.85 - b));
    show(ring.current, b > 0);
    fade(ring.current?.material, 1 - b * 0.6);
  });
  return (
    <group>
      <mesh ref={round} visible={false}>
        <sphereGeometry args={[0.15, 10, 10]} />
        <meshBasicMaterial color="#ffe9a8" />
      </mesh>
      <mesh ref={boom} position={[at[0], at[1] + 0.3, at[2]]} visible={false}>
        <sphereGeometry args={[1, 20, 16]} />
        <meshBasicMaterial color="#ff7b3a" transparent opacity={0.85} depthWrite={false} />
      </mesh>
      <mesh ref={ring} position={[at[0], at[1] + 0.03, at[2]]} rotation={[-Math.PI / 2, 0, 0]} visible={false}>
        <ringGeometry args={[radius + 0.45, radius + 0.55, 48]} />
        <meshBasicMaterial color="#ffb23f" transparent opacity={1} depthWrite={false} />
      </mesh>
    </group>
  );
}
