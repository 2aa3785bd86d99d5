import { useFrame } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { Color, DoubleSide, type ShaderMaterial } from 'three';
import smokeFrag from '../../shaders/smoke.frag.glsl?raw';
import smokeVert from '../../shaders/smoke.vert.glsl?raw';
import valueNoise from '../../shaders/value-noise.glsl?raw';
import { DEFAULT_SMOKE_RADIUS } from '../geometry/smoke';
import type { Smoke } from '../geometry/sceneTypes';

/** Height drawn for smoke of unlimited height, inches. */
const DRAWN_HEIGHT = 6;

export function SmokeVolume({ smoke, onClick }: { smoke: Smoke; onClick?: (id: string) => void }) {
  const material = useRef<ShaderMaterial>(null);
  const radius = smoke.radius ?? DEFAULT_SMOKE_RADIUS;
  const height = smoke.height ?? DRAWN_HEIGHT;
  const uniforms = useMemo(
    () => ({
      uTime: { value: 0 },
      uRadius: { value: radius },
      uHeight: { value: height },
      uColor: { value: new Color(smoke.light ? '#cfd6dc' : '#9aa3aa') },
    }),
    [radius, height, smoke.light],
  );
  // The canvas renders on demand, so the smoke drifts only while frames are drawn for something else
  // (it asks for none of its own: an idle table costs nothing); a long pause does not jump it ahead.
  useFrame((_, dt) => {
    if (material.current) (material.current.uniforms.uTime as { value: number }).value += Math.min(dt, 1 / 30);
  });
  const [x, y, z] = smoke.position;
  return (
    <mesh
      position={[x, y + height / 2, z]}
      renderOrder={3}
      name={`smoke:${smoke.id}`}
      onClick={(e) => {
        if (!onClick) return;
        e.stopPropagation();
        onClick(smoke.id);
      }}
    >
      <cylinderGeometry args={[radius, radius, height, 48, 1, true]} />
      <shaderMaterial
        ref={material}
        uniforms={uniforms}
        vertexShader={smokeVert}
        fragmentShader={`${valueNoise}\n${smokeFrag}`}
        transparent
        depthWrite={false}
        side={DoubleSide}
      />
    </mesh>
  );
}
