/** Smoke tokens drawn as soft volumes (shaders/smoke.*.glsl), not solid cylinders. */
import type { Smoke } from '../geometry/sceneTypes';
import { SmokeVolume } from './SmokeVolume';

/** Props: the scene's smoke, and what a click on a token does (the smoke tool removes it). */
export function SmokeVolumes({ smoke, onClick }: { smoke: readonly Smoke[]; onClick?: (id: string) => void }) {
  return (
    <group>
      {smoke.map((s) => (
        <SmokeVolume key={s.id} smoke={s} onClick={onClick} />
      ))}
    </group>
  );
}
