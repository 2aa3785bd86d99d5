/**
 * Small words BLKOUT's events and choices share: a hardpoint or a smoke token named by its number
 * (the catalogue writes "hardpoint 1", "smoke token 2" in the player's language).
 */
import { msg, type Msg, type Text } from '../engine/message';

/** "hardpoint 1" for the id `hardpoint-1`. */
export const hardpointName = (id: string): Msg => msg('blkout:hardpoint', { n: id.replace(/^hardpoint-/, '') });

/** "smoke token 2" or "chaff token 2" for a smoke token. */
export const smokeName = (t: { id: string; chaff?: boolean }): Msg =>
  t.chaff
    ? msg('blkout:smoke.chaff', { n: t.id.replace(/^smoke-/, '') })
    : msg('blkout:smoke.smoke', { n: t.id.replace(/^smoke-/, '') });

/**
 * Why points were scored, in words. The score log keeps the English reason in the state (it is part
 * of the saved game); it is read back here into a message: "quadrant 2, 3-1", "X destroyed", "X counts
 * as destroyed".
 */
export function whyWords(why: string): Text {
  const quadrant = /^quadrant (\d+), (\d+-\d+)$/.exec(why);
  if (quadrant) return msg('blkout:why.quadrant', { n: Number(quadrant[1]), counts: quadrant[2]! });
  const counts = /^(.*) counts as destroyed$/.exec(why);
  if (counts) return msg('blkout:why.counts', { unit: counts[1]! });
  const destroyed = /^(.*) destroyed$/.exec(why);
  if (destroyed) return msg('blkout:why.destroyed', { unit: destroyed[1]! });
  return why;
}

/** A measured length as the refusals give it (to two decimals): `3.27"`. */
export const gapWords = (x: number): Msg => msg('blkout:length', { n: Math.round(x * 100) / 100 });

/** A route's length, or "blocked" when there is none. */
export const routeWords = (x: number): Msg => (Number.isFinite(x) ? gapWords(x) : msg('blkout:routeBlocked'));
