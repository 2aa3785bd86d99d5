/**
 * Stealth in play (skirmish-ru.ru.txt, "Скрытность"; the arithmetic is stealth.ts): who sees a fighter,
 * the stealth tests a move calls, and the moments a hidden fighter is noticed without a test.
 *
 * Readings (README "Readings: the battle"):
 * - "Sees" is the text's "зона видимости": a line of sight (`q.sight(...).hasLos`) to a target in the
 *   viewer's 180-degree front (facing.ts). Only standing enemies see.
 * - "Попадает в зону видимости противника или движется в 6 дюймах от него": after any move, each pair of
 *   a hidden fighter and a standing enemy of it, one of them the mover, is compared before and after the
 *   move (stealth.ts `stealthTestCalled`): entering that enemy's sight, or coming within 6" of it, calls
 *   a test with that enemy's facts (+1 at least 50 % hidden from it, -1 within 6"). So a hidden fighter's
 *   own move and an enemy's move both call it. Pairs are tested in id order (the enemies of a hidden
 *   mover; the hidden fighters an enemy mover approaches); a fighter that fails is noticed and tests no
 *   more. The tests come after the move (and a sprint's athletics test), before a charge's strike and
 *   before a reserved action's window.
 * - A hidden fighter in base contact with a standing enemy after a move is noticed without a test.
 * - A hidden fighter that shoots or strikes is noticed once the attack is resolved (it gives itself away).
 */
import { msg, type Msg, type Text } from '../engine/message';
import type { Queries } from '../engine/queries';
import type { RuleEvent } from '../engine/types';
import { inFrontArc } from './facing';
import {
  BASE_RADIUS,
  inContact,
  isStanding,
  setFighter,
  standing,
  type SkContext,
  type SkFighter,
  type SkState,
} from './game';
import { colon, inch2 } from './say';
import { rollStealth, stealthTestCalled, type StealthFacts } from './stealth';
import { pieceOf } from '../engine/kit';

const enemies = (s: SkState, f: SkFighter): SkFighter[] => standing(s, f.side === 'A' ? 'B' : 'A');

/** What `viewer` knows of `target` on the view of the table it is given: in its sight (line of sight, in its front), the share hidden, the distance. */
export function sightFacts(q: Queries, viewer: SkFighter, target: SkFighter): StealthFacts {
  const distance = q.distance(viewer.id, target.id);
  if (!inFrontArc(viewer.pos, viewer.facing, target.pos, BASE_RADIUS))
    return { inSight: false, hiddenShare: 1, distance };
  const sight = q.sight(viewer.id, target.id);
  if (!sight.hasLos) return { inSight: false, hiddenShare: 1, distance };
  return { inSight: true, hiddenShare: Math.min(1, Math.max(0, 1 - sight.visibleFraction)), distance };
}

/** The standing enemies that see `f` (line of sight, `f` in their front), in id order; `q` is the view of `s`. */
export function seenBy(s: SkState, q: Queries, f: SkFighter): SkFighter[] {
  return enemies(s, f).filter((e) => inFrontArc(e.pos, e.facing, f.pos, BASE_RADIUS) && q.sight(e.id, f.id).hasLos);
}

/** One hidden fighter and one enemy of it, and what that enemy knew of it before a move. */
export interface Watched {
  viewer: string;
  hidden: string;
  before: StealthFacts;
  /** The hidden fighter is the one moving. */
  hiddenMoves: boolean;
}

/** Before `mover` moves (`q` the view of `s`): each pair of a hidden fighter and a standing enemy that the move may change. */
export function watchBefore(s: SkState, q: Queries, mover: string): Watched[] {
  const m = pieceOf(s.fighters, mover, 'fighter');
  const pairs = m.hidden
    ? enemies(s, m).map((e) => ({ viewer: e, hidden: m }))
    : enemies(s, m)
        .filter((h) => h.hidden)
        .map((h) => ({ viewer: m, hidden: h }));
  return pairs.map((p) => ({
    viewer: p.viewer.id,
    hidden: p.hidden.id,
    before: sightFacts(q, p.viewer, p.hidden),
    hiddenMoves: p.hidden.id === mover,
  }));
}

const seenWords = (f: StealthFacts): Msg =>
  f.inSight
    ? msg('skirmish-ru:stealth.sees', { share: Math.round((1 - f.hiddenShare) * 1000) / 10 })
    : msg('skirmish-ru:stealth.seesNot');

/** The state with `h` noticed, and the event that says why (no roll). */
function notice(ctx: SkContext, s: SkState, h: SkFighter, why: Text): SkState {
  ctx.events.push({ type: 'noticed', text: msg('skirmish-ru:event.noticed', { name: h.name, why }), model: h.id });
  return setFighter(s, { ...h, hidden: false });
}

/** After a move: base contact notices a hidden fighter; entering sight or coming within 6" calls a stealth test. */
export function stealthAfterMove(ctx: SkContext, s0: SkState, watched: readonly Watched[]): SkState {
  if (!watched.length) return s0;
  let s = s0;
  const q = ctx.at(s);
  for (const w of watched) {
    const h = pieceOf(s.fighters, w.hidden, 'fighter');
    const v = pieceOf(s.fighters, w.viewer, 'fighter');
    if (!h.hidden || !isStanding(h) || !isStanding(v)) continue;
    if (inContact(h.pos, v.pos)) {
      s = notice(ctx, s, h, msg('skirmish-ru:noticed.contact', { name: v.name }));
      continue;
    }
    const after = sightFacts(q, v, h);
    if (!stealthTestCalled(w.before, after, w.hiddenMoves)) continue;
    const r = rollStealth(ctx.dice, h.stats.stealth, after);
    const event: RuleEvent = {
      type: 'stealth',
      text: msg('skirmish-ru:event.stealth', {
        test: colon(h.name, ...r.events),
        viewer: v.name,
        seen: seenWords(after),
        distance: inch2(after.distance),
      }),
      model: h.id,
      by: v.id,
      roll: r.roll,
      target: r.target,
      passed: r.staysHidden,
    };
    ctx.events.push(event);
    if (!r.staysHidden) s = setFighter(s, { ...h, hidden: false });
  }
  return s;
}

/** After an action: a hidden fighter that shot or struck in it is noticed (its attack gives it away). */
export function revealAttackers(ctx: SkContext, s0: SkState): SkState {
  let s = s0;
  const ids = ctx.events.flatMap((e) =>
    e.type === 'shot' ? [e.shooter] : e.type === 'strike' ? [e.attacker] : [],
  ) as string[];
  for (const id of new Set(ids)) {
    const f = s.fighters[id];
    if (f?.hidden) s = notice(ctx, s, f, msg('skirmish-ru:noticed.attacked'));
  }
  return s;
}
