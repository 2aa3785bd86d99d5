/**
 * Stunts (rpg-attacks.en.txt, "Stunts"): an attack test with one more ⊖; on a success the GM grants a
 * benefit. The GM's calls are fixed here, one outcome per listed stunt:
 * - Every stunt hit also deals the hit's damage as usual (the attack module's job); the ⊖ is the price
 *   of the extra outcome (the text: "an additional consequence"). A miss has no outcome.
 * - Called Shot: the target gains one Hindered (not from a grapple: by = null, cause 'calledShot'),
 *   which lasts until the end of the target's next turn (consequences.endTurn clears it).
 * - Disarm: the target makes a Strength test, d20 + Strength with her consequence banes, TN = the attack
 *   total; reaching it keeps the weapon; a fail (a natural 1 included) drops it at her position (a plain
 *   record: weapon and point). Refused before the roll against a target with no weapon.
 * - Driving Attack: attacker and target each move 1 m (1 table unit: the shared README's scale) along the
 *   horizontal direction from the attacker to the target; height unchanged. Whether the path is free is
 *   the movement module's question. Refused before the roll against a foe two or more Sizes larger.
 * - Targeted Weakpoint: the target's Armour is halved (rounded down) for that hit; it never bypasses
 *   Armour entirely. A target's data says its weakpoint: 'none' (refused before the roll), 'gap' (any
 *   hit), 'smallGap' (only a critical hit halves: "Particularly small gaps ... a successful critical hit").
 * - Unbalancing Attack: the target makes a Speed test, d20 + Speed with her consequence banes, TN = the
 *   attack total; a fail gives Prone.
 */
import type { DiceSource } from '../dice/source';
import { msg, type Msg } from '../engine/message';
import { applyConsequence, withPhysicalBanes, type Condition } from './consequences';
import { EVEN, rollTest, type Edge, type TestResult } from './d20';

/** The stunts the chapter lists. */
export const STUNTS = ['calledShot', 'disarm', 'drivingAttack', 'targetedWeakpoint', 'unbalancingAttack'] as const;
/** The stunts the chapter lists. */
export type Stunt = (typeof STUNTS)[number];

/** The stunts' names in words. */
export const STUNT_NAMES: Record<Stunt, Msg> = {
  calledShot: msg('rpg-attacks:stunt.calledShot'),
  disarm: msg('rpg-attacks:stunt.disarm'),
  drivingAttack: msg('rpg-attacks:stunt.drivingAttack'),
  targetedWeakpoint: msg('rpg-attacks:stunt.targetedWeakpoint'),
  unbalancingAttack: msg('rpg-attacks:stunt.unbalancingAttack'),
};

/** Where a target's armour can be beaten. */
export const WEAKPOINTS = ['none', 'gap', 'smallGap'] as const;
/** Where a target's armour can be beaten. */
export type Weakpoint = (typeof WEAKPOINTS)[number];

/** A point on the table in metres: [x, y (up), z]. */
export type Point = readonly [number, number, number];

/** How far a Driving Attack moves both (metres). */
export const DRIVE_METRES = 1;
/** Size difference from which a Driving Attack is refused (a foe this many Sizes larger or more). */
export const DRIVE_MAX_SIZE_GAP = 2;

/** The attacker, as a stunt needs her. */
export interface StuntAttacker {
  size: number;
  position: Point;
}

/** The target, as a stunt needs her. */
export interface StuntTarget {
  condition: Condition;
  strength: number;
  speed: number;
  size: number;
  armour: number;
  /** The weapon in hand (an id or name), or null. */
  weapon: string | null;
  weakpoint: Weakpoint;
  position: Point;
}

/** The stunt's attack test: skill, TN (the target's Defense total), and the attack's edge before the stunt's ⊖. */
export interface StuntAttack {
  skill: number;
  tn: number;
  edge?: Edge;
}

/** A stunt's outcome on a hit. */
export type StuntOutcome =
  | { stunt: 'calledShot'; condition: Condition }
  | { stunt: 'disarm'; test: TestResult; dropped: { weapon: string; at: Point } | null }
  | { stunt: 'drivingAttack'; attacker: Point; target: Point }
  | { stunt: 'targetedWeakpoint'; armour: number; halved: boolean }
  | { stunt: 'unbalancingAttack'; test: TestResult; condition: Condition };

/** A rolled stunt: the attack test (its hit deals damage as usual) and the outcome on a hit. */
export interface StuntResult {
  ok: true;
  attack: TestResult;
  /** Null on a miss. */
  outcome: StuntOutcome | null;
}

/** A stunt refused before the roll: a stable code and a sentence. */
export interface StuntRefusal {
  ok: false;
  code: 'no-weapon' | 'no-weakpoint' | 'too-large';
  reason: Msg;
}

/** The stunt's edge: the attack's edge with one more ⊖. */
export const stuntEdge = (edge: Edge = EVEN): Edge => ({ boons: edge.boons, banes: edge.banes + 1 });

/** Why `stunt` cannot be tried against this target (the GM's calls made before the dice), or null. */
export function stuntRefusal(stunt: Stunt, attacker: StuntAttacker, target: StuntTarget): StuntRefusal | null {
  if (stunt === 'disarm' && target.weapon === null)
    return { ok: false, code: 'no-weapon', reason: msg('rpg-attacks:error.noWeaponToDisarm') };
  if (stunt === 'targetedWeakpoint' && target.weakpoint === 'none')
    return { ok: false, code: 'no-weakpoint', reason: msg('rpg-attacks:error.noWeakpoint') };
  if (stunt === 'drivingAttack' && target.size - attacker.size >= DRIVE_MAX_SIZE_GAP)
    return { ok: false, code: 'too-large', reason: msg('rpg-attacks:error.tooLarge', { n: DRIVE_MAX_SIZE_GAP }) };
  return null;
}

/** The Called Shot's outcome: one Hindered (no grappler) until the end of the target's next turn. */
export const calledShot = (c: Condition): Condition =>
  applyConsequence(c, { kind: 'hindered', by: null, cause: 'calledShot' }).condition;

/** The Disarm's Strength test against the attack total; a fail drops the weapon at the target's feet. */
export function resolveDisarm(
  dice: DiceSource,
  attackTotal: number,
  target: Pick<StuntTarget, 'condition' | 'strength' | 'weapon' | 'position'>,
): Extract<StuntOutcome, { stunt: 'disarm' }> {
  const test = rollTest(dice, target.strength, attackTotal, withPhysicalBanes(EVEN, target.condition));
  const dropped = !test.success && target.weapon !== null ? { weapon: target.weapon, at: target.position } : null;
  return { stunt: 'disarm', test, dropped };
}

/** The Driving Attack's move: both 1 m along the horizontal direction from attacker to target. */
export function drive(attacker: Point, target: Point): Extract<StuntOutcome, { stunt: 'drivingAttack' }> {
  const dx = target[0] - attacker[0];
  const dz = target[2] - attacker[2];
  const len = Math.hypot(dx, dz);
  if (len === 0) return { stunt: 'drivingAttack', attacker, target };
  const ux = (dx / len) * DRIVE_METRES;
  const uz = (dz / len) * DRIVE_METRES;
  const step = (p: Point): Point => [p[0] + ux, p[1], p[2] + uz];
  return { stunt: 'drivingAttack', attacker: step(attacker), target: step(target) };
}

/** The Targeted Weakpoint's Armour for the hit: halved (rounded down) on a gap, on a small gap only when critical. */
export function weakpointArmour(
  armour: number,
  weakpoint: Weakpoint,
  critical: boolean,
): Extract<StuntOutcome, { stunt: 'targetedWeakpoint' }> {
  const halved = weakpoint === 'gap' || (weakpoint === 'smallGap' && critical);
  return { stunt: 'targetedWeakpoint', armour: halved ? Math.floor(armour / 2) : armour, halved };
}

/** The Unbalancing Attack's Speed test against the attack total; a fail gives Prone. */
export function resolveUnbalancing(
  dice: DiceSource,
  attackTotal: number,
  target: Pick<StuntTarget, 'condition' | 'speed'>,
): Extract<StuntOutcome, { stunt: 'unbalancingAttack' }> {
  const test = rollTest(dice, target.speed, attackTotal, withPhysicalBanes(EVEN, target.condition));
  const condition = test.success ? target.condition : applyConsequence(target.condition, { kind: 'prone' }).condition;
  return { stunt: 'unbalancingAttack', test, condition };
}

/** Rolls a stunt: the attack test with one more ⊖, then on a hit the stunt's fixed outcome. */
export function rollStunt(
  dice: DiceSource,
  stunt: Stunt,
  attack: StuntAttack,
  attacker: StuntAttacker,
  target: StuntTarget,
): StuntResult | StuntRefusal {
  const refused = stuntRefusal(stunt, attacker, target);
  if (refused) return refused;
  const test = rollTest(dice, attack.skill, attack.tn, stuntEdge(attack.edge));
  if (!test.success) return { ok: true, attack: test, outcome: null };
  return { ok: true, attack: test, outcome: outcomeOf(dice, stunt, test, attacker, target) };
}

function outcomeOf(
  dice: DiceSource,
  stunt: Stunt,
  test: TestResult,
  attacker: StuntAttacker,
  target: StuntTarget,
): StuntOutcome {
  switch (stunt) {
    case 'calledShot':
      return { stunt, condition: calledShot(target.condition) };
    case 'disarm':
      return resolveDisarm(dice, test.total, target);
    case 'drivingAttack':
      return drive(attacker.position, target.position);
    case 'targetedWeakpoint':
      return weakpointArmour(target.armour, target.weakpoint, test.critical);
    case 'unbalancingAttack':
      return resolveUnbalancing(dice, test.total, target);
  }
}

/** A stunt's outcome in words. */
export function stuntWords(o: StuntOutcome | null): Msg {
  if (o === null) return msg('rpg-attacks:stuntOutcome.miss');
  switch (o.stunt) {
    case 'calledShot':
      return msg('rpg-attacks:stuntOutcome.calledShot');
    case 'disarm':
      return o.dropped
        ? msg('rpg-attacks:stuntOutcome.disarmed', { total: o.test.total, tn: o.test.tn, weapon: o.dropped.weapon })
        : msg('rpg-attacks:stuntOutcome.holdsOn', { total: o.test.total, tn: o.test.tn });
    case 'drivingAttack':
      return msg('rpg-attacks:stuntOutcome.driven');
    case 'targetedWeakpoint':
      return o.halved
        ? msg('rpg-attacks:stuntOutcome.weakpoint', { armour: o.armour })
        : msg('rpg-attacks:stuntOutcome.gapMissed');
    case 'unbalancingAttack':
      return o.condition.prone
        ? msg('rpg-attacks:stuntOutcome.unbalanced', { total: o.test.total, tn: o.test.tn })
        : msg('rpg-attacks:stuntOutcome.keepsFeet', { total: o.test.total, tn: o.test.tn });
  }
}
