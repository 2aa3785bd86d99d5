/**
 * What the play controller needs from a ruleset to play it in the app: the engine's ruleset, the
 * table it is played on, its words (sentences for actions, the status line, point picks), its
 * markers, how its state becomes the scene's models, and its AI. One adapter per playable ruleset
 * (playBlkout.ts, playCounterblast.ts); the controller itself knows none of them.
 */
import type { Scene } from '../geometry/sceneTypes';
import type { Match, Move } from '../rules/engine/match';
import type { Queries } from '../rules/engine/queries';
import type { Action, Ruleset, TableMarker, TablePick } from '../rules/engine/types';

/** Who sits in a seat. */
export type Seat = 'human' | 'ai';

/** A button the deciding player can press. */
export interface Choice<A extends Action = Action> {
  label: string;
  move: Move<A>;
}

/** A ruleset as the app plays it. */
export interface PlayRules<S, A extends Action> {
  id: 'blkout' | 'counterblast';
  ruleset: Ruleset<S, A>;
  players: readonly string[];
  /** The scenario (file name and JSON) a state is played on. */
  tableOf(s: S): { file: string; scene: unknown };
  /** The scene's models (and smoke) for a state, on the table's terrain. */
  sceneOf(base: Scene, s: S): Scene;
  /** A legal move in a sentence. */
  describe(s: S, q: Queries, move: Move<A>): string;
  needsPoint(move: Move<A>): boolean;
  /** The point picks among the legal moves. */
  picksOf(s: S, legal: readonly Move<A>[]): TablePick[];
  /** The move a click at (x, y, z) makes for a pick. */
  pickAction(pick: TablePick, x: number, y: number, z: number): A;
  /** A pick armed without asking (the only thing to do is place something), or null. */
  autoPick(s: S, picks: readonly TablePick[], choices: readonly Choice<A>[]): TablePick | null;
  /** The choices to show (a ruleset may hide some while a pick is the real answer). */
  shownChoices(s: S, choices: Choice<A>[]): Choice<A>[];
  /** The actions a human decider cannot take now, greyed with the reason (a ruleset may list none). */
  blocked(s: S, legal: readonly Move<A>[]): { label: string; reason: string }[];
  phaseLine(s: S): string;
  markers(s: S): TableMarker[];
  /** The AI's move for a player (null: none). */
  bot(m: Match<S, A>, player: string, q: Queries): Move<A> | null;
}

/** An adapter with its state and action types erased, for the controller that plays any of them. */
export type AnyPlayRules = PlayRules<unknown, Action>;

/** Erases an adapter's types (each adapter is only ever handed its own states and actions). */
export const erase = <S, A extends Action>(r: PlayRules<S, A>): AnyPlayRules => r as unknown as AnyPlayRules;
