/** The words of an LOS badge over a target: what the selected model's eye sees of it, before any ruleset decides cover. */
import type { LosBadgeFacts } from './geometryService';

/** Under this visible share the eye sees nothing of the target (the badge would round it to 0%). */
export const EYE_SEES_NOTHING = 0.005;
/** From this visible share on, the target counts as fully seen (the badge would round it to 100%). */
export const FULLY_SEEN = 0.995;

/**
 * Shield for a raw visible fraction, before a ruleset decides cover: none, partial, full; 'hidden'
 * when there is no LOS at all, 'edge' when the eye sees nothing but a line from the base's edge does.
 */
export function shieldFor(f: LosBadgeFacts): 'none' | 'partial' | 'full' | 'hidden' | 'edge' {
  if (!f.hasLos) return 'hidden';
  if (f.visibleFraction < EYE_SEES_NOTHING) return 'edge';
  if (f.visibleFraction >= FULLY_SEEN) return 'none';
  if (f.visibleFraction >= 0.5) return 'partial';
  return 'full';
}

/**
 * The badge's words for a target: its visible share, or "no LOS" when the eye sees none of it (never
 * "0%"); `note` says when a line from the base's edge still reaches it.
 */
export function badgeText(f: LosBadgeFacts): { text: string; title: string; note?: string } {
  const shield = shieldFor(f);
  if (shield === 'hidden') return { text: 'no LOS', title: 'no line from this model reaches the target' };
  if (shield === 'edge')
    return {
      text: 'no LOS',
      note: 'base edge sees it',
      // The words BLKOUT's cover verdict uses (cover.ts): a player's, not the geometry's.
      title: "hidden from the eye, seen from the base's edge",
    };
  const pct = `${Math.round(f.visibleFraction * 100)}%`;
  if (shield === 'none') return { text: pct, title: 'fully seen from the eye' };
  return {
    text: `${pct} ${shield === 'partial' ? '◐' : '●'}`,
    title: `${pct} of it seen from the eye: ${shield === 'partial' ? 'half or more' : 'under half'} visible (raw share, before a ruleset decides cover)`,
  };
}
