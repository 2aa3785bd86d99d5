import { baseHalfExtents } from '../geometry/units';
import type { Model } from '../geometry/sceneTypes';

const HIGHLIGHT = '#ffd166';

/** A flat ring on the table around a model's base. */
export function Ring({ model }: { model: Model }) {
  const [rx, rz] = baseHalfExtents(model.base);
  return (
    <mesh position={[model.position[0], model.position[1] + 0.03, model.position[2]]} rotation={[-Math.PI / 2, 0, 0]}>
      <ringGeometry args={[Math.max(rx, rz) * 1.2, Math.max(rx, rz) * 1.45, 40]} />
      <meshBasicMaterial color={HIGHLIGHT} transparent opacity={0.85} depthWrite={false} />
    </mesh>
  );
}
