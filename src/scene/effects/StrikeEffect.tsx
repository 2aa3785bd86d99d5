/** Close quarters: a line between the two bases and a flash that pulses between them. */
import { Line } from '@react-three/drei';
import { useRef } from 'react';
import type { Mesh } from 'three';
import type { Line2 } from 'three-stdlib';
import { fade, lerp3, show, useEffectTime, type EffectClock, type V3 } from './clock';

export function StrikeEffect({ a, b, clock }: { a: V3; b: V3; clock: EffectClock }) {
  const line = useRef<Line2>(null);
  const flash = useRef<Mesh>(null);
  useEffectTime(clock, (t) => {
    fade(line.current?.material, 1 - t * 0.6);
    show(flash.current, true, 0.25 + 0.35 * Math.abs(Math.sin(t * Math.PI * 3)));
    fade(flash.current?.material, 1 - t * 0.8);
  });
  return (
    <group>
      <Line ref={line} points={[a, b]} color="#ff5a36" lineWidth={5} transparent opacity={1} />
      <mesh ref={flash} position={lerp3(a, b, 0.5)} scale={0.25}>
        <sphereGeometry args={[1, 16, 16]} />
        <meshBasicMaterial color="#ffd23f" transparent opacity={1} depthWrite={false} />
      </mesh>
    </group>
  );
}
