/**
 * Damage (five-parsecs.en.txt, "Damage"; the Stun rules of "Actions"): an armour save, then 1D6 +
 * the weapon's Damage against Toughness; the survivor is pushed 1" back and Stunned, and three
 * Stun markers knock a figure out. Where it is pushed is the movement layer's question: the
 * outcome only says how far.
 */
import type { DiceSource } from '../dice/source';

/** "Survivor is pushed 1" back": inches, along the line of the attack. */
export const PUSH_BACK = 1;
/** Stun markers that knock a figure out (README reading: "3 markers = knocked out"). */
export const KNOCKOUT_STUNS = 3;

/** One Hit against a figure. */
export interface HitInput {
  /** The weapon's Damage rating. */
  damage: number;
  /** The target's Toughness. */
  toughness: number;
  /** The target's armour save (War Bots 5+), if any. */
  save?: number;
  /** The weapon is Piercing: no armour save. */
  piercing?: boolean;
}

/** What one Hit did: saved by armour, eliminated the target, or Stunned it (and pushed it back). */
export type HitOutcome =
  | { kind: 'saved'; saveRoll: number }
  | { kind: 'eliminated'; saveRoll: number | null; roll: number; total: number }
  | { kind: 'stunned'; saveRoll: number | null; roll: number; total: number; pushBack: number };

/** "Target eliminated if die is a natural 6 or modified score equals or exceeds Toughness." */
export const eliminates = (roll: number, damage: number, toughness: number): boolean =>
  roll === 6 || roll + damage >= toughness;

/** An armour save: a D6 at or above the save ignores the Hit. */
export const saves = (roll: number, save: number): boolean => roll >= save;

/** Resolves one Hit: the save first (unless Piercing), then the damage die. */
export function rollHit(dice: DiceSource, h: HitInput): HitOutcome {
  let saveRoll: number | null = null;
  if (h.save !== undefined && !h.piercing) {
    saveRoll = dice.d(6);
    if (saves(saveRoll, h.save)) return { kind: 'saved', saveRoll };
  }
  const roll = dice.d(6);
  const total = roll + h.damage;
  if (eliminates(roll, h.damage, h.toughness)) return { kind: 'eliminated', saveRoll, roll, total };
  return { kind: 'stunned', saveRoll, roll, total, pushBack: PUSH_BACK };
}

/** A Stun marker added: the new count, and whether it knocks the figure out (a casualty). */
export function addStun(markers: number): { markers: number; knockedOut: boolean } {
  const next = markers + 1;
  return { markers: next, knockedOut: next >= KNOCKOUT_STUNS };
}

/** "Remove one Stun marker after acting." */
export const stunAfterActing = (markers: number): number => Math.max(0, markers - 1);

/** "Stunned figures may Move OR make a Combat Action": whether a figure may do both this activation. */
export const mayMoveAndAct = (markers: number): boolean => markers === 0;
