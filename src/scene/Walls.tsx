/** The dice tray's felt floor and its wooden walls. */
import { TRAY, WALL_HEIGHT } from '../dice3d/throw';

export function Walls() {
  const { width: w, depth: d } = TRAY;
  const t = 0.3,
    h = WALL_HEIGHT;
  const wood = '#6b4a2b';
  return (
    <group>
      <mesh position={[0, -0.15, 0]} receiveShadow>
        <boxGeometry args={[w + 2 * t, 0.3, d + 2 * t]} />
        <meshStandardMaterial color="#23452f" roughness={0.95} />
      </mesh>
      {(
        [
          [-(w + t) / 2, 0, t, d + 2 * t],
          [(w + t) / 2, 0, t, d + 2 * t],
          [0, -(d + t) / 2, w, t],
          [0, (d + t) / 2, w, t],
        ] as const
      ).map(([x, z, sx, sz], i) => (
        <mesh key={i} position={[x, h / 2 - 0.3, z]} castShadow receiveShadow>
          <boxGeometry args={[sx, h + 0.3, sz]} />
          <meshStandardMaterial color={wood} roughness={0.7} />
        </mesh>
      ))}
    </group>
  );
}
