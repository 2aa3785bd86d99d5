/** Five Parsecs actions: the closed vocabulary the round plays (plain JSON). */
import type { Edge } from './missions';

/** Every action, by type. */
export interface FpActions {
  /** Before round 1: roll to Seize the Initiative. */
  seize: { type: 'seize' };
  /** Before round 1: do not try to Seize the Initiative. */
  'skip-seize': { type: 'skip-seize' };
  /** The Reaction Roll: one rolled die (by index) to one crew figure. */
  assign: { type: 'assign'; figure: string; die: number };
  /** Move to a spot (base underside centre); `dash`: the +2" of a figure that does not fire. */
  move: { type: 'move'; figure: string; x: number; y: number; z: number; dash?: boolean };
  /** The Combat Action: fire a ranged weapon at one target. */
  shoot: { type: 'shoot'; figure: string; weapon: string; target: string };
  /** The Combat Action: brawl a figure in base contact. */
  brawl: { type: 'brawl'; figure: string; target: string };
  /** A crew figure's Move (as a dash) off the table by an edge it reaches (mission.ts): out, not a casualty. */
  leave: { type: 'leave'; figure: string; edge: Edge };
  /** The figure's activation ends (whatever it has not done, it does not do). */
  done: { type: 'done'; figure: string };
  /** Snap Fire: a Quick figure opts not to act now; it may fire at a moving enemy, else it acts in the Slow Actions phase. */
  hold: { type: 'hold'; figure: string };
  /** Snap Fire: a held figure fires at the enemy that has just moved (its action for the round). */
  'snap-fire': { type: 'snap-fire'; figure: string; weapon: string; target: string };
}
/** An action type. */
export type FpActionType = keyof FpActions;
/** Any action. */
export type FpAction = FpActions[FpActionType];
/** The action of one type. */
export type ActionOf<K extends FpActionType> = FpActions[K];
