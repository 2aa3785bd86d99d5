/** The dice tray's felt floor and its wooden walls (the four walls one geometry: one draw, one shadow). */
import { useEffect, useMemo } from 'react';
import { BoxGeometry, type BufferGeometry } from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { TRAY, WALL_HEIGHT } from '../dice3d/throw';

/** The four walls round a tray `w` by `d`, `t` thick and `h` above its floor, as one geometry. */
export function wallGeometry(w: number, d: number, t: number, h: number): BufferGeometry {
  const sides = (
    [
      [-(w + t) / 2, 0, t, d + 2 * t],
      [(w + t) / 2, 0, t, d + 2 * t],
      [0, -(d + t) / 2, w, t],
      [0, (d + t) / 2, w, t],
    ] as const
  ).map(([x, z, sx, sz]) => new BoxGeometry(sx, h + 0.3, sz).translate(x, h / 2 - 0.3, z));
  const merged = mergeGeometries(sides);
  for (const s of sides) s.dispose();
  if (!merged) throw new Error('the dice tray walls could not be merged');
  return merged;
}

export function Walls() {
  const { width: w, depth: d } = TRAY;
  const t = 0.3;
  const walls = useMemo(() => wallGeometry(w, d, t, WALL_HEIGHT), [w, d]);
  useEffect(() => () => walls.dispose(), [walls]);
  return (
    <group>
      <mesh position={[0, -0.15, 0]} receiveShadow>
        <boxGeometry args={[w + 2 * t, 0.3, d + 2 * t]} />
        <meshStandardMaterial color="#23452f" roughness={0.95} />
      </mesh>
      <mesh geometry={walls} castShadow receiveShadow>
        <meshStandardMaterial color="#6b4a2b" roughness={0.7} />
      </mesh>
    </group>
  );
}
