/**
 * Rpg-attacks battle actions: the closed vocabulary of a character's turn and of the Dodge window
 * (plain JSON). A turn is one move (or standing up) and one action; the action, or `end-turn`, ends it.
 */
import type { BreakFreeChoice } from './grapple';
import type { Stunt } from './stunts';

/** Every action, by type. */
export interface RpgActions {
  /** Rolls round 1's initiative (the set-up has no dice): the first action of a battle, by side A. */
  begin: { type: 'begin' };
  /** The move: up to Speed inches along the measured route to a spot (base underside centre). */
  move: { type: 'move'; model: string; x: number; y: number; z: number };
  /** A prone character stands up: it costs the move. */
  'stand-up': { type: 'stand-up'; model: string };
  /**
   * An attack with one weapon at one character; `auto` fires automatic (Auto weapons); `pull` pulls the
   * blow (a melee or unarmed attack: half damage, a Grave Wound becomes a Wound and 1d10 hours out).
   */
  attack: { type: 'attack'; model: string; weapon: string; target: string; auto?: boolean; pull?: boolean };
  /** A grenade thrown at a spot (base underside centre of the aim). */
  grenade: { type: 'grenade'; model: string; weapon: string; x: number; y: number; z: number };
  /** Suppressive fire with an Auto weapon into the 20° cone about `directionDeg` (degrees from +x towards +z). */
  suppress: { type: 'suppress'; model: string; weapon: string; directionDeg: number };
  /** A grapple attack (unarmed) at a character within reach. */
  grapple: { type: 'grapple'; model: string; target: string };
  /** A break-free attempt against `from`, who holds the model; `choice` applies when the last Hindered goes. */
  'break-free': { type: 'break-free'; model: string; from: string; choice: BreakFreeChoice };
  /** The controller lets go of `target` (free: the turn goes on). */
  release: { type: 'release'; model: string; target: string };
  /** A stunt: an attack with ⊖ and the stunt's outcome on a hit. */
  stunt: { type: 'stunt'; model: string; weapon: string; target: string; stunt: Stunt };
  /** The turn ends (the character may do nothing). */
  'end-turn': { type: 'end-turn'; model: string };
  /** In the Dodge window: a character caught by a grenade spends 1 AP on a Defense-12 test. */
  dodge: { type: 'dodge'; model: string };
  /** In the parry window: the character a melee blow hit spends 1 AP on a Melee test against the attack's total. */
  parry: { type: 'parry'; model: string };
}

/** An action type. */
export type RpgActionType = keyof RpgActions;
/** Every action type, in a stable order. */
export const ACTION_TYPES = [
  'begin',
  'move',
  'stand-up',
  'attack',
  'grenade',
  'suppress',
  'grapple',
  'break-free',
  'release',
  'stunt',
  'end-turn',
  'dodge',
  'parry',
] as const satisfies readonly RpgActionType[];
/** An action. */
export type RpgAction = RpgActions[RpgActionType];
/** The action of one type. */
export type ActionOf<K extends RpgActionType> = RpgActions[K];
