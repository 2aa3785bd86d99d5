/** The words of an LOS badge over a target: what the selected model's eye sees of it, before any ruleset decides cover. */
import { msg, type Msg } from '../rules/engine/message';
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
export function badgeText(f: LosBadgeFacts): { text: Msg; title: Msg; note?: Msg } {
  const shield = shieldFor(f);
  if (shield === 'hidden') return { text: msg('ui:los.none'), title: msg('ui:los.none.title') };
  if (shield === 'edge')
    return {
      text: msg('ui:los.none'),
      note: msg('ui:los.edge'),
      // The words BLKOUT's cover verdict uses (cover.ts): a player's, not the geometry's.
      title: msg('ui:los.edge.title'),
    };
  // The share as a fraction to whole percents (the locale writes the percent: 50%, 50 %).
  const p = Math.round(f.visibleFraction * 100) / 100;
  if (shield === 'none') return { text: msg('ui:los.percent', { p }), title: msg('ui:los.full.title') };
  return {
    text: shield === 'partial' ? msg('ui:los.percent.partial', { p }) : msg('ui:los.percent.full', { p }),
    title: shield === 'partial' ? msg('ui:los.partial.title', { p }) : msg('ui:los.under-half.title', { p }),
  };
}
