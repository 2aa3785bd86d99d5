/** The table's lights: a sky light, a sun that casts the shadows over the whole table, and a fill light. */
import { useMemo } from 'react';
import { Object3D } from 'three';

export function Lights({ width, depth }: { width: number; depth: number }) {
  const span = Math.max(width, depth);
  const half = span * 0.75;
  const target = useMemo(() => new Object3D(), []);
  target.position.set(width / 2, 0, depth / 2);
  return (
    <>
      <primitive object={target} />
      <hemisphereLight args={['#dfe8ff', '#3a3226', 1.1]} />
      <directionalLight
        position={[width * 0.3, span * 1.1, depth * 0.15]}
        target={target}
        intensity={2.2}
        castShadow
        shadow-mapSize={[2048, 2048]}
        shadow-bias={-0.0004}
        shadow-normalBias={0.02}
        shadow-camera-left={-half}
        shadow-camera-right={half}
        shadow-camera-top={half}
        shadow-camera-bottom={-half}
        shadow-camera-near={1}
        shadow-camera-far={span * 3}
      />
      <directionalLight position={[width, span * 0.5, depth * 1.5]} intensity={0.45} />
    </>
  );
}
