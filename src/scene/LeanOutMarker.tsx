import { facingRadians, LEAN_OUT_DIAMETER_MM, mmToInches } from '../geometry/units';
import type { Model } from '../geometry/sceneTypes';

/** A 25 mm lean-out marker where the model leans out (drawn in the model's frame). */
export function LeanOutMarker({ model, colour }: { model: Model; colour: string }) {
  const lean = model.leanOut;
  if (!lean) return null;
  // Undo the group's transform: the marker position is in table coordinates.
  const a = -facingRadians(model);
  const dx = lean[0] - model.position[0],
    dz = lean[2] - model.position[2];
  const lx = dx * Math.cos(a) + dz * Math.sin(a);
  const lz = -dx * Math.sin(a) + dz * Math.cos(a);
  const r = mmToInches(LEAN_OUT_DIAMETER_MM) / 2;
  return (
    <mesh position={[lx, lean[1] - model.position[1] + 0.04, lz]}>
      <cylinderGeometry args={[r, r, 0.08, 32]} />
      <meshStandardMaterial color={colour} transparent opacity={0.6} />
    </mesh>
  );
}
