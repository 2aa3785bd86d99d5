/** Range rings around the selected base at 3", 6", 8" and 12" from its edge (shaders/range-rings). */
import { Html } from '@react-three/drei';
import { useMemo } from 'react';
import { Color } from 'three';
import ringsFrag from '../../shaders/range-rings.frag.glsl?raw';
import ringsVert from '../../shaders/range-rings.vert.glsl?raw';

/** Distances of the rings, inches from the base edge. */
export const RING_RANGES = [3, 6, 8, 12] as const;

/** Direction of the ring labels from the base (towards the near right of the default view, clear of the model's own badge). */
const LABEL_ANGLE = Math.PI / 4;

/** Props: the base centre (underside), its radius in inches. */
export function RangeRings({ position, radius }: { position: readonly [number, number, number]; radius: number }) {
  const uniforms = useMemo(
    () => ({
      uBaseRadius: { value: radius },
      uRanges: { value: [...RING_RANGES] },
      uColor: { value: new Color('#9fe7ff') },
    }),
    [radius],
  );
  const size = 2 * (radius + Math.max(...RING_RANGES) + 0.5);
  return (
    <group>
      <mesh position={[position[0], position[1] + 0.015, position[2]]} rotation={[-Math.PI / 2, 0, 0]} renderOrder={2}>
        <planeGeometry args={[size, size]} />
        <shaderMaterial
          uniforms={uniforms}
          vertexShader={ringsVert}
          fragmentShader={ringsFrag}
          transparent
          depthWrite={false}
        />
      </mesh>
      {RING_RANGES.map((range) => {
        const d = radius + range;
        return (
          <Html
            key={range}
            pointerEvents="none"
            position={[
              position[0] + d * Math.cos(LABEL_ANGLE),
              position[1] + 0.1,
              position[2] + d * Math.sin(LABEL_ANGLE),
            ]}
            center
            className="label"
            zIndexRange={[8, 0]}
          >
            <span className="ring-label" data-testid={`ring-label-${range}`}>
              {range}"
            </span>
          </Html>
        );
      })}
    </group>
  );
}
