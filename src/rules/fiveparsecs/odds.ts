/**
 * A shot's or a Brawl's odds for the hover hint (the play descriptor's `odds`), from the rolls the rules
 * make: a shot's plan (`planShot`: distance, cover, the base number) and its roll (`shotRoll`: Combat
 * Skill, the traits' modifier, Seize the Initiative's natural 6), the face a D6 needs read off `shotHits`
 * itself; a Brawl's chance of Hitting the foe counted over the 36 pairs of dice by `brawlOutcome`.
 */
import { pieceOf } from '../engine/kit';
import type { Move } from '../engine/match';
import { msg, type Text } from '../engine/message';
import type { Odds } from '../engine/play';
import type { Queries } from '../engine/queries';
import { isError } from '../engine/types';
import type { FpAction } from './actions';
import { brawlOutcome } from './brawl';
import { brawler, planShot, shotRoll } from './combat';
import type { FpState } from './game';
import { hitReasonWords, shotChance, shotHits } from './shooting';
import { signed } from './say';
import { sightOf } from './sight';

const FACES = [1, 2, 3, 4, 5, 6] as const;

/** The odds of `figure` firing `weapon` at `target`, or null when it may not. `q` is the view of `s`. */
function shotOdds(s: FpState, q: Queries, figure: string, weapon: string, target: string): Odds | null {
  const f = s.figures[figure];
  if (!f) return null;
  const plan = planShot(s, q, f, weapon, target, undefined, s.snap?.mover);
  if (isError(plan)) return null;
  const roll = shotRoll(s, f, plan);
  const hitting = FACES.filter((face) => shotHits(face, roll));
  const p = shotChance(roll);
  const shots = plan.weapon.shots ?? 1;
  const notes: Text[] = [];
  if (roll.seize) notes.push(msg('fiveparsecs:need.seize'));
  else if (roll.modifier) notes.push(msg('fiveparsecs:odds.trait', { mod: signed(roll.modifier) }));
  if (roll.aimed && !shotHits(1, roll)) notes.push(msg('fiveparsecs:odds.aimed'));
  return {
    need: { score: hitting[0] ?? 7, die: 6 },
    chance: 1 - (1 - p) ** shots,
    dice: shots,
    hidden: Math.min(1, Math.max(0, 1 - sightOf(q, f.id, target).visibleFraction)),
    cover: hitReasonWords(plan.hit.reason),
    notes,
  };
}

/** The chance `a`'s Brawl Hits `d` (each side's 1D6 and bonus; a draw Hits both, a 6 and a 1 add Hits). */
function brawlOdds(s: FpState, a: string, d: string): Odds {
  const fa = pieceOf(s.figures, a, 'figure');
  const fd = pieceOf(s.figures, d, 'figure');
  const me = brawler(s, fa);
  const foe = brawler(s, fd);
  let hit = 0;
  for (const x of FACES) for (const y of FACES) if (brawlOutcome([x, y], me, foe).hits[1] > 0) hit++;
  return {
    chance: hit / 36,
    dice: 1,
    notes: [
      msg('fiveparsecs:odds.brawl', { bonus: signed(me.skill + me.bonus), targetBonus: signed(foe.skill + foe.bonus) }),
    ],
  };
}

/** What a Shoot, a Snap Fire or a Brawl would need, or null for any other move. `q` is the view of `s`. */
export function odds(s: FpState, q: Queries, move: Move<FpAction>): Odds | null {
  const a = move as FpAction | { type: 'pass' };
  switch (a.type) {
    case 'shoot':
    case 'snap-fire':
      return shotOdds(s, q, a.figure, a.weapon, a.target);
    case 'brawl':
      return s.figures[a.figure] && s.figures[a.target] ? brawlOdds(s, a.figure, a.target) : null;
    default:
      return null;
  }
}
