/** A smoke token billowing out to its cloud. */
import { useRef } from 'react';
import type { Mesh } from 'three';
import { fade, show, useEffectTime, type EffectClock, type V3 } from './clock';

export function MarkerEffect({ at, clock }: { at: V3; clock: EffectClock }) {
  const puff = useRef<Mesh>(null);
  useEffectTime(clock, (t) => {
    if (puff.current) puff.current.position.y = at[1] + 0.8 + t;
    show(puff.current, true, 0.4 + t * 2.6);
    fade(puff.current?.material, 0.55 * (1 - t));
  });
  return (
    <mesh ref={puff} position={[at[0], at[1] + 0.8, at[2]]} scale={0.4}>
      <sphereGeometry args={[1, 20, 16]} />
      <meshBasicMaterial color="#cfd6dc" transparent opacity={0.55} depthWrite={false} />
    </mesh>
  );
}
