/**
 * A shot's odds for the hover hint (the play descriptor's `odds`): the same skill check the shot will
 * roll (`situation`, then `shotCheck`: cover dice, Heavy, Juke, Hard, re-rolls), so the numbers are the
 * roll's own: the score each D10 needs (the model's Skill), the dice, the exact chance of at least one
 * success (`skillPmf`), the share of the target hidden and the cover verdict.
 */
import { skillDice, skillPmf } from '../dice/mechanics';
import type { Move } from '../engine/match';
import { msg, type Text } from '../engine/message';
import type { Odds } from '../engine/play';
import type { Queries } from '../engine/queries';
import { pieceOf } from '../engine/kit';
import type { BlkoutAction } from './actions';
import { armouryWeapon } from './armoury';
import { shotCheck } from './combat';
import type { BlkoutState, ModelState, Weapon } from './game';
import { sightOf, situation } from './situation';
import { coverWords } from './steps';

/** A shot's parts as a choice names them: the shooter, the weapon (an armoury item's for a reaction), the item, the target ('' when none). */
export interface ShotParts {
  shooter: ModelState;
  weapon: Weapon | null;
  item: { name: string } | undefined;
  target: string;
}

/**
 * Whom a Shoot, Overwatch or Return Fire goes at and with what: a Shoot names its target; a reaction
 * answers the pending shot (Return Fire at its shooter, Overwatch at its target), blast or move.
 */
export function shotParts(
  s: BlkoutState,
  a: Extract<BlkoutAction, { type: 'shoot' | 'overwatch' | 'return-fire' }>,
): ShotParts {
  const shooter = pieceOf(s.models, a.model);
  const target =
    a.type === 'shoot'
      ? a.target
      : s.pending && 'shooter' in s.pending && s.pending.kind === 'shot'
        ? a.type === 'return-fire'
          ? s.pending.shooter
          : s.pending.target
        : s.pending?.kind === 'blast'
          ? s.pending.shooter
          : s.pending?.kind === 'overwatch'
            ? s.pending.target
            : '';
  // A reaction with an armoury weapon names the item: the weapon is added when the load is marked.
  const item =
    a.type !== 'shoot' && a.item
      ? (s.armouries?.[pieceOf(s.units, shooter.unit, 'unit').faction ?? ''] ?? []).find((i) => i.id === a.item)
      : undefined;
  const weapon = shooter.weapons[a.weapon] ?? (item ? armouryWeapon(item) : null);
  return { shooter, weapon, item, target };
}

/** The odds of a shot by `shooter` with `w` at `target` (a reaction's or not; at a Duster's mobility: Hard). */
function shotOdds(
  s: BlkoutState,
  q: Queries,
  shooter: ModelState,
  w: Weapon,
  target: string,
  reaction: boolean,
  mobility: boolean,
): Odds {
  const sit0 = situation(s, q, shooter.id, target, reaction, false);
  const sit = mobility ? { ...sit0, oneDie: true } : sit0;
  const check = shotCheck(shooter, w, sit);
  const pmf = skillPmf(check);
  const none = pmf.min === 0 ? (pmf.p[0] ?? 0) : 0;
  const notes: Text[] = [];
  if (check.hard) notes.push(msg('blkout:odds.hard'));
  if (check.reroll === 'failed') notes.push(msg('blkout:odds.rerollFailed'));
  if (check.reroll === 'one') notes.push(msg('blkout:odds.rerollOne'));
  return {
    need: { score: check.skill, die: 10 },
    chance: 1 - none,
    dice: skillDice(check),
    hidden: Math.min(1, Math.max(0, 1 - sightOf(s, q, shooter.id, target).visibleFraction)),
    cover: coverWords(sit.cover),
    notes,
  };
}

/** What a shot choice would need (Shoot, Overwatch, Return Fire, an Auto shot), or null for any other move. `q` is the view of `s`. */
export function odds(s: BlkoutState, q: Queries, move: Move<BlkoutAction>): Odds | null {
  const a = move as BlkoutAction | { type: 'pass' };
  if (a.type === 'auto-shot') {
    const shooter = pieceOf(s.models, a.model);
    const w = shooter.weapons[s.activation?.auto?.weapon ?? 0];
    return w && s.models[a.target] ? shotOdds(s, q, shooter, w, a.target, false, false) : null;
  }
  if (a.type !== 'shoot' && a.type !== 'overwatch' && a.type !== 'return-fire') return null;
  const { shooter, weapon, target } = shotParts(s, a);
  if (!weapon || !target || !s.models[target]) return null;
  return shotOdds(s, q, shooter, weapon, target, a.type !== 'shoot', a.type === 'shoot' && a.track === 'mobility');
}
