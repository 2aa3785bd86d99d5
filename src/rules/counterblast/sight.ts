/**
 * What Counterblast asks of a line of sight: is there one (any straight line), is the target
 * Unobscured (a third or more of it visible), and is it in cover (a third or more hidden by cover
 * terrain: light for area terrain or a Prone target, heavy for solid terrain).
 */
import type { SightFacts } from '../engine/queries';

/** Cover against shooting, and the Defense dice it adds. */
export type Cover = 'none' | 'light' | 'heavy';
export const COVER_DICE: Record<Cover, number> = { none: 0, light: 1, heavy: 2 };

/** The verdict for a pair (the `geo los --rules counterblast` output). */
export function sightVerdict(f: SightFacts, targetProne = false): { los: boolean; obscured: boolean; cover: Cover } {
  const covered = f.hidden.terrain >= 1 / 3;
  const heavy = covered && f.coverPieces.some((c) => c.kind !== 'area');
  const cover: Cover = heavy ? 'heavy' : covered || targetProne ? 'light' : 'none';
  return { los: f.hasLos, obscured: f.visibleFraction < 1 / 3, cover };
}
