/**
 * The rpg-attacks bot (../../rules/rpg-attacks/README.md, "The AI"). It chooses only among the
 * ruleset's legal actions: `begin` whenever it is legal; in the Dodge window a Dodge when the harm it
 * expects to avoid is material, else a pass; in a turn, the action of the best score by its type's
 * scorer (score.ts). A type it has no scorer for is never chosen; when nothing is scored it ends the
 * turn, else takes the first legal action. Deterministic: no Math.random, no dice rolled, ties go to
 * the first in the legal list's order.
 */
import { decider, legalMoves, PASS, type Match, type Move } from '../../engine/match';
import type { Table } from '../../engine/queries';
import { ruleset, type RpgAction, type RpgState } from '../engine';
import { areaDamage, DODGE_METRES, DODGE_TN, flatDistance, offset, areaOf, type Vec3 } from '../area';
import { physicalBanes } from '../consequences';
import { BASE_RADIUS, coverOf, layoutOf, type RpgChar } from '../game';
import { blastOf } from '../reactions';
import { Look } from './look';
import { successChance, takeout } from './odds';
import { scoreOf } from './score';
import { pieceOf } from '../../engine/kit';

/** A Dodge is taken when it avoids at least this expected takeout (a sixth of a Wound on a fresh character). */
export const MATERIAL = 0.03;

/** The bot's move for `who` now, or null when it has none. */
export function rpgAttacksMove(m: Match<RpgState, RpgAction>, who: string, table: Table): Move<RpgAction> | null {
  if (decider(ruleset, m) !== who) return null;
  const moves = legalMoves(ruleset, m, who, table);
  if (moves.length === 0) return null;
  const begin = moves.find((a) => a.type === 'begin');
  if (begin) return begin;
  const s = m.state;
  const look = new Look(s, table.at(layoutOf(s)));
  const dodge = moves.find((a): a is Extract<RpgAction, { type: 'dodge' }> => a.type === 'dodge');
  if (dodge) return dodgeWorth(look, pieceOf(s.chars, dodge.model, 'character')) >= MATERIAL ? dodge : PASS;
  const parry = moves.find((a): a is Extract<RpgAction, { type: 'parry' }> => a.type === 'parry');
  if (parry) return parryWorth(s) >= MATERIAL ? parry : PASS;
  return choose(look, moves);
}

/** The best scored action (the first of equal scores); `end-turn`, or the first legal action, when none is scored. */
export function choose(look: Look, moves: readonly Move<RpgAction>[]): Move<RpgAction> {
  let best: Move<RpgAction> | null = null,
    bestScore = -Infinity;
  for (const a of moves) {
    const v = scoreOf(look, a);
    if (v === null || !Number.isFinite(v)) continue;
    if (v > bestScore + 1e-9) [best, bestScore] = [a, v];
  }
  return best ?? moves.find((a) => a.type === 'end-turn') ?? moves[0]!;
}

/**
 * The harm a parry is expected to avoid: the chance of the Melee test against the attack's total (its
 * wounds' banes) times the takeout of the hits as rolled (a knockout is the whole character).
 */
export function parryWorth(s: RpgState): number {
  const p = s.parry;
  if (!p) return 0;
  const t = pieceOf(s.chars, p.target, 'character');
  if (t.ap < 1) return 0;
  const wounds = p.hits.filter((h) => h.consequence === 'wound').length;
  const graves = p.hits.filter((h) => h.consequence === 'grave-wound').length;
  const harm = p.knockout ? 1 : takeout(t, wounds, graves);
  return successChance(t.stats.skills.melee, p.total, { boons: 0, banes: physicalBanes(t.condition) }) * harm;
}

/**
 * The harm a Dodge is expected to avoid from the pending blast (its throw's total and landing are known):
 * the chance of the Defense-12 test (wounds' banes) times the takeout where `c` stands less the takeout
 * 1" further from the blast centre (the rules' Dodge: out of the areas, or a metre away).
 */
export function dodgeWorth(look: Look, c: RpgChar): number {
  const s = look.s;
  const p = s.pending;
  if (!p || c.ap < 1) return 0;
  const w = pieceOf(s.weapons, p.weapon, 'weapon');
  const blast = blastOf(w.blast);
  const cover = c.id === p.thrower ? 'none' : coverOf(look.q.sight(p.thrower, c.id).hidden.terrain);
  const harmAt = (pos: Vec3): number => {
    const area = areaOf(p.landing, pos, BASE_RADIUS, blast);
    if (!area) return 0;
    return areaDamage(p.total, c.stats.defense, w.damage, area, cover !== 'none', c.stats.armour) > 0
      ? takeout(c, 1, 0)
      : 0;
  };
  const d = flatDistance(p.landing, c.pos);
  const heading = d > 1e-9 ? (Math.atan2(c.pos[2] - p.landing[2], c.pos[0] - p.landing[0]) * 180) / Math.PI : 0;
  const away = offset(c.pos, heading, DODGE_METRES);
  const chance = successChance(c.stats.defense, DODGE_TN, { boons: 0, banes: physicalBanes(c.condition) });
  return chance * (harmAt(c.pos) - harmAt(away));
}
