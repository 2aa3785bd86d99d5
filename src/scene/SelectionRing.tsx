import { useMemo } from 'react';
import { Color } from 'three';
import ringFrag from '../../shaders/selection-ring.frag.glsl?raw';
import ringVert from '../../shaders/selection-ring.vert.glsl?raw';

/**
 * The selection ring holds still at the top of its breath (uTime = pi/6: sin(3 uTime) = 1): the canvas
 * renders on demand, and a ring that pulsed would keep drawing frames for as long as a model is selected.
 */
export function SelectionRing({ radius }: { radius: number }) {
  const uniforms = useMemo(
    () => ({ uColor: { value: new Color('#fff2a8') }, uTime: { value: Math.PI / 6 }, uInner: { value: 0.72 } }),
    [],
  );
  const size = (radius / 0.72) * 2;
  return (
    <mesh rotation={[-Math.PI / 2, 0, 0]} position={[0, 0.01, 0]} renderOrder={2}>
      <planeGeometry args={[size, size]} />
      <shaderMaterial
        uniforms={uniforms}
        vertexShader={ringVert}
        fragmentShader={ringFrag}
        transparent
        depthWrite={false}
      />
    </mesh>
  );
}
