/** A move's path: a dashed line from where the model stood to where it goes, fading as the model moves along it. */
import { Line } from '@react-three/drei';
import { useRef } from 'react';
import type { Line2 } from 'three-stdlib';
import { fade, useEffectTime, type EffectClock, type V3 } from './clock';

export function PathEffect({ points, clock }: { points: readonly V3[]; clock: EffectClock }) {
  const line = useRef<Line2>(null);
  useEffectTime(clock, (t) => fade(line.current?.material, 1 - t * 0.7));
  return (
    <Line
      ref={line}
      points={points.map((p): V3 => [p[0], p[1] + 0.05, p[2]])}
      color="#7fe0ff"
      lineWidth={3}
      dashed
      dashSize={0.4}
      gapSize={0.25}
      transparent
      opacity={1}
    />
  );
}
