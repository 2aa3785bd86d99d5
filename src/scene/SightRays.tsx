/** Sight rays from the selected model's eye, coloured by what stops them. */
import { Line } from '@react-three/drei';
import type { SightRay } from '../geometry/reference';

const RAY_COLOURS = { visible: '#7dff8a', terrain: '#ff8a3d', model: '#ff4fd8', smoke: '#b8c2cc' } as const;

/** Sight lines from the selected model's eye to the clicked target, coloured by what stops them. */
export function SightRays({ eye, rays }: { eye: [number, number, number]; rays: SightRay[] }) {
  return (
    <group>
      {rays.map((r, i) => (
        <Line
          key={i}
          points={[eye, r.end]}
          color={r.blockedBy ? RAY_COLOURS[r.blockedBy.kind] : RAY_COLOURS.visible}
          lineWidth={1.5}
          transparent
          opacity={0.85}
        />
      ))}
    </group>
  );
}
