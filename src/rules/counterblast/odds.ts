/**
 * An attack's odds for the hover hint (the play descriptor's `odds`): the numbers the check will roll,
 * from `attackOdds` (the pool, the Difficulty, the cover dice the defence adds) and the weapon's
 * explosions, with the exact chance of at least one success (`poolPmf`).
 */
import { poolPmf } from '../dice/mechanics';
import type { Move } from '../engine/match';
import { msg, type Text } from '../engine/message';
import type { Odds } from '../engine/play';
import type { Queries } from '../engine/queries';
import type { CbAction } from './actions';
import { attackOdds } from './attacks';
import type { CbState } from './game';

/** The cover an attack meets in words ("light cover (+1D Defense)"). */
export function coverWords(cover: 'none' | 'light' | 'heavy', n: number): Text {
  return cover === 'none'
    ? msg('counterblast:cover.none')
    : cover === 'light'
      ? msg('counterblast:cover.light', { n })
      : msg('counterblast:cover.heavy', { n });
}

/** The odds of `attacker`'s attack with weapon `weapon` at `target` (`aim`: Aim's Difficulty off). `q` is the view of `s`. */
export function attackOddsOf(
  s: CbState,
  q: Queries,
  kind: 'shoot' | 'strike',
  attacker: string,
  weapon: number,
  target: string,
  aim = 0,
): Odds | null {
  const m = s.models[attacker];
  const w = kind === 'shoot' ? m?.card.shooting[weapon] : m?.card.striking[weapon];
  if (!m || !w || !s.models[target]) return null;
  const o = attackOdds(s, q, { kind, attacker, weapon, target, aim });
  const explodeOn = w.explodeOn ?? 10;
  const pmf = poolPmf({ dice: o.dice, difficulty: o.difficulty, explodeOn });
  const none = pmf.min === 0 ? (pmf.p[0] ?? 0) : 0;
  const notes: Text[] = [msg('counterblast:odds.damage', { n: o.damage })];
  if (explodeOn < 10) notes.push(msg('counterblast:odds.explode', { n: explodeOn }));
  if (o.obscured) notes.push(msg(o.eyeSeesNone ? 'counterblast:odds.eyeSeesNone' : 'counterblast:odds.obscured'));
  return {
    need: { score: o.difficulty, die: 10 },
    chance: 1 - none,
    dice: o.dice,
    ...(kind === 'shoot'
      ? {
          hidden: Math.min(1, Math.max(0, 1 - q.sight(attacker, target).visibleFraction)),
          cover: coverWords(o.cover, o.coverDice),
        }
      : {}),
    notes,
  };
}

/** What an attack choice would need (Shoot, Strike, Return Fire, Counterstrike, Snapshot), or null: a split attack's parts differ, other moves attack nothing. */
export function odds(s: CbState, q: Queries, move: Move<CbAction>): Odds | null {
  const a = move as CbAction | { type: 'pass' };
  switch (a.type) {
    case 'shoot':
    case 'strike':
      if (Array.isArray(a.split)) return null;
      return attackOddsOf(
        s,
        q,
        a.type,
        a.model,
        a.weapon,
        a.target,
        a.type === 'shoot' ? (s.activation?.aim[a.model] ?? 0) : 0,
      );
    case 'return-fire':
    case 'counterstrike': {
      const att = s.pending?.kind === 'attack' ? s.pending.attack.attacker : '';
      return attackOddsOf(s, q, a.type === 'return-fire' ? 'shoot' : 'strike', a.model, a.weapon, att);
    }
    case 'snapshot':
      return attackOddsOf(s, q, 'shoot', a.model, a.weapon, a.target);
    default:
      return null;
  }
}
