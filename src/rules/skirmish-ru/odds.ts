/**
 * A shot's or a strike's odds for the hover hint (the play descriptor's `odds`), from the rolls the rules
 * make: a shot's plan (`planShot`: the share hidden, the distance) and its modifiers (`planModifiers`:
 * cover or hidden, reserved, sprinted, size) give the number a D6 must roll at most (`testTarget`,
 * `passes`); the chance of at least one hit runs over the shots the weapon may fire (`shotsAvailable`),
 * a jam on a natural 1 (or any flamer shot) ending the volley (`needsReliabilityRoll`, `jams`). A strike
 * is one D6 per point of Attacks against Shooting and the strike's modifiers (`strikeRolls`, `meleeHits`,
 * `strikeModifiers`).
 */
import { pieceOf } from '../engine/kit';
import type { Move } from '../engine/match';
import { msg, type Text } from '../engine/message';
import type { Odds } from '../engine/play';
import type { Queries } from '../engine/queries';
import { isError } from '../engine/types';
import type { SkAction } from './actions';
import { activationOf } from './activation';
import { planModifiers, planShot, strikeModifiers } from './attack';
import { meleeHits, strikeRolls } from './closeCombat';
import { hasTrait } from './data';
import type { SkState } from './game';
import { jams, needsReliabilityRoll, shotsAvailable, type ReliabilityProfile } from './reliability';
import { modifierWords } from './say';
import { passes, testTarget } from './tests';

const FACES = [1, 2, 3, 4, 5, 6] as const;

/**
 * The chance that `shots` to-hit dice against `target` score at least one hit, when a die that calls a
 * reliability roll may jam the weapon and end the volley.
 */
export function volleyChance(target: number, shots: number, profile: ReliabilityProfile): number {
  const jam = FACES.filter((r) => jams(r, profile.reliability)).length / 6;
  let none = 1;
  // From the last shot back: the chance of no hit from here on.
  for (let k = 0; k < shots; k++) {
    let next = 0;
    for (const face of FACES) {
      if (passes(face, target)) continue;
      next += (needsReliabilityRoll(profile, face) ? jam + (1 - jam) * none : none) / 6;
    }
    none = next;
  }
  return 1 - none;
}

/** The odds of `fighter` firing `weapon` at `target`, or null when it may not. `q` is the view of `s`. */
function shotOdds(s: SkState, q: Queries, fighter: string, weapon: string, target: string): Odds | null {
  const f = s.fighters[fighter];
  if (!f) return null;
  const plan = planShot(s, q, f, weapon, target, activationOf(s, f).moved);
  if (isError(plan)) return null;
  const modifiers = planModifiers(plan, Boolean(s.ambush));
  const need = testTarget(
    f.stats.shooting,
    modifiers.map((m) => m.value),
  );
  const w = plan.weapon;
  const arm = pieceOf(f.arms, w.id, 'weapon');
  const shots = shotsAvailable(arm, w.rateOfFire ?? 1);
  const cover = modifiers.find((m) => m.reason === 'cover' || m.reason === 'hidden');
  const notes: Text[] = modifiers.filter((m) => m !== cover).map(modifierWords);
  if (arm.ammo !== null) notes.push(msg('skirmish-ru:odds.ammo', { n: arm.ammo }));
  return {
    need: { score: need, die: 6, atMost: true },
    chance: volleyChance(need, shots, { reliability: w.reliability ?? 0, flamer: hasTrait(w, 'flamer') }),
    dice: shots,
    hidden: plan.hiddenShare,
    ...(cover ? { cover: modifierWords(cover) } : {}),
    notes,
  };
}

/** The odds of a strike: one D6 per point of Attacks, each at most Shooting + the strike's modifiers. */
function strikeOdds(s: SkState, fighter: string, target: string): Odds | null {
  const f = s.fighters[fighter];
  const t = s.fighters[target];
  if (!f || !t) return null;
  const dice = strikeRolls(f.stats);
  const modifiers = strikeModifiers(t);
  const mod = testTarget(
    0,
    modifiers.map((m) => m.value),
  );
  const p = FACES.filter((face) => meleeHits(face, f.stats, mod)).length / 6;
  return {
    need: { score: f.stats.shooting + mod, die: 6, atMost: true },
    chance: 1 - (1 - p) ** dice,
    dice,
    notes: modifiers.map(modifierWords),
  };
}

/** What a shot or a strike would need, or null for any other move. `q` is the view of `s`. */
export function odds(s: SkState, q: Queries, move: Move<SkAction>): Odds | null {
  const a = move as SkAction | { type: 'pass' };
  if (a.type === 'shoot') return shotOdds(s, q, a.fighter, a.weapon, a.target);
  if (a.type === 'strike') return strikeOdds(s, a.fighter, a.target);
  return null;
}
