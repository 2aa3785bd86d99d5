/**
 * Brawling (five-parsecs.en.txt, "Brawling"): each side rolls 1D6 + Combat Skill, +2 with a Melee
 * weapon, +1 with a Pistol; the loser takes a Hit, a draw Hits both; a natural 6 inflicts an extra
 * Hit and a natural 1 suffers one. The Hits are then rolled as Damage (damage.ts).
 */
import type { DiceSource } from '../dice/source';
import type { WeaponTrait } from './data';

/** "+2 Melee / +1 Pistol": the bonus of the weapon a figure brawls with (Melee wins if a weapon had both). */
export function brawlBonus(traits: readonly WeaponTrait[] | null): number {
  if (!traits) return 0;
  if (traits.includes('melee')) return 2;
  if (traits.includes('pistol')) return 1;
  return 0;
}

/** One side of a Brawl: its Combat Skill and its weapon's bonus (brawlBonus). */
export interface Brawler {
  skill: number;
  bonus: number;
}

/** A Brawl's dice, totals and the Hits each side takes. */
export interface BrawlResult {
  rolls: [number, number];
  totals: [number, number];
  /** Hits taken by the first and by the second brawler. */
  hits: [number, number];
  winner: 0 | 1 | 'draw';
}

/** The Hits each side takes given the dice (pure, for tests and probability tables). */
export function brawlOutcome(rolls: readonly [number, number], a: Brawler, b: Brawler): BrawlResult {
  const totals: [number, number] = [rolls[0] + a.skill + a.bonus, rolls[1] + b.skill + b.bonus];
  const winner = totals[0] === totals[1] ? 'draw' : totals[0] > totals[1] ? 0 : 1;
  const hits: [number, number] = [winner === 0 ? 0 : 1, winner === 1 ? 0 : 1];
  // "Inflict additional Hit if rolling natural 6": on the other side. "Suffer additional Hit if rolling natural 1": on oneself.
  for (const side of [0, 1] as const) {
    if (rolls[side] === 6) hits[1 - side]! += 1;
    if (rolls[side] === 1) hits[side] += 1;
  }
  return { rolls: [rolls[0], rolls[1]], totals, hits, winner };
}

/** Rolls a Brawl: the first brawler's die, then the second's. */
export function rollBrawl(dice: DiceSource, a: Brawler, b: Brawler): BrawlResult {
  const first = dice.d(6);
  return brawlOutcome([first, dice.d(6)], a, b);
}
