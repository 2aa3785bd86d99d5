/** Skirmish-ru actions: the closed vocabulary of an activation (plain JSON). */

/** How far a move may go: Movement, a run (+ Agility) or a sprint (+ 2 x Agility). */
export type MoveMode = 'move' | 'run' | 'sprint';

/** A jump's kind: down to a lower level, climbing up a wall, or leaping a gap. */
export type JumpHow = 'down' | 'climb' | 'leap';

/** Every action, by type. */
export interface SkActions {
  /**
   * The movement action to a spot (base underside centre): `mode` sets the allowance. Ending in base
   * contact with an enemy starts close combat: the fighter strikes at once.
   */
  move: { type: 'move'; fighter: string; mode: MoveMode; x: number; y: number; z: number };
  /**
   * The movement action as a jump (jumps.ts) to a spot (base underside centre): `how` is a jump down
   * (up to Agility), a climb (up to Agility, double cost) or a leap over a gap (up to Agility wide);
   * `mode` sets the allowance as for a move. A passed jump may spend the rest in one more `move`.
   */
  jump: { type: 'jump'; fighter: string; how: JumpHow; mode: MoveMode; x: number; y: number; z: number };
  /** The attack action: shoot one weapon at one enemy. */
  shoot: { type: 'shoot'; fighter: string; weapon: string; target: string };
  /** The attack action in close combat: strike an enemy in base contact. */
  strike: { type: 'strike'; fighter: string; target: string };
  /** Instead of the attack action: a technician test to clear a jammed weapon. */
  'clear-jam': { type: 'clear-jam'; fighter: string; weapon: string };
  /** Instead of the attack action: reserve it (an ambush; the interrupt is not built yet). */
  reserve: { type: 'reserve'; fighter: string };
  /** At the battle's start (round 1, before its move), unseen by every enemy: hide (free; hiding.ts). */
  hide: { type: 'hide'; fighter: string };
  /** The activation ends (whatever it has not done, it does not do). */
  done: { type: 'done'; fighter: string };
}
/** An action type. */
export type SkActionType = keyof SkActions;
/** Any action. */
export type SkAction = SkActions[SkActionType];
/** The action of one type. */
export type ActionOf<K extends SkActionType> = SkActions[K];
