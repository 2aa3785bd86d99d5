/**
 * The contract between the engine and a ruleset (boardgame.io's shape, our own code): a ruleset is
 * one object whose state is plain JSON and whose `apply` is pure given the dice it is handed.
 */
import type { DiceSource } from '../dice/source';
import type { Text } from './message';
import type { Layout, Queries } from './queries';

/** A player (a side of the table). */
export type PlayerId = string;

/** An action: a plain object with a type (and whatever the ruleset needs). */
export interface Action {
  type: string;
  /** An option offered in a reaction window whose details the answer fills in (a juke's destination). */
  open?: boolean;
}

/** A point on the table in an event, inches. */
type Point = readonly [number, number, number];

/**
 * The payload an event may carry besides its type and its words: one closed, typed vocabulary shared by
 * every ruleset (plain JSON; the battle CLI prints it as it is). A field a ruleset needs that is not here
 * is added here, with its type, so every reader sees it. What the table draws of an event is its effect
 * (engine/effects.ts), which a ruleset derives from these fields.
 */
export interface EventFields {
  /** The model the event is about (moved, removed, down, a check's roller). */
  model?: string;
  /** The model shooting or striking. */
  shooter?: string;
  /** The model attacking in close combat. */
  attacker?: string;
  /** The two models of a close combat (BLKOUT's CQC). */
  a?: string;
  b?: string;
  /** The model aimed at or hit (a number where a ruleset counts targets). */
  target?: string | number;
  /** A unit (BLKOUT). */
  unit?: string;
  /** A player (a side) the event concerns: the reaction window's, the roller's (null: none). */
  player?: string | null;
  /** Where a model was and where it goes, base underside centre. */
  from?: Point | null;
  to?: Point;
  /** How it got there: a jump, a push (absent: it walked). */
  how?: string;
  /** A fall's height, inches, its band and the wounds it did. */
  height?: number;
  band?: string;
  wounds?: number;
  /** The table edge a model left by. */
  edge?: string;
  /** A blast's spot, a token's place. */
  at?: Point | null;
  /** A template's centre after it scattered (null: lost). */
  centre?: Point | null;
  /** Where a template or grenade was aimed, or the aim's facts. */
  aim?: Point | readonly number[] | null;
  /** Where a thrown thing landed. */
  landing?: Point | null;
  /** A blast's or template's radius, inches. */
  radius?: number;
  /** A template's scatter (its direction and distance), or null. */
  scatter?: Readonly<Record<string, unknown>> | null;
  /** Models under a template. */
  covered?: readonly string[];
  /** A template's or a grapple's outcome in a word (null: none). */
  outcome?: string | null;
  /** A cone's origin, direction and width (suppression). */
  origin?: Point;
  directionDeg?: number;
  halfAngle?: number;
  range?: number;
  /** Whether an attack hit. */
  hit?: boolean;
  /** Damage dealt or stopped. */
  amount?: number;
  blocked?: number;
  stopped?: number;
  /** A check's dice, target number, total and successes. */
  roll?: number;
  rolls?: readonly number[] | Readonly<Record<string, unknown>>;
  tn?: number;
  total?: number;
  successes?: number;
  passed?: boolean;
  panicked?: boolean;
  /** The enemy withdraws (Five Parsecs' give-up roll). */
  withdraws?: boolean;
  /** A grapple's hold added (how hindered the target is), and whether it pins. */
  hindered?: number;
  pinned?: boolean;
  /** A stunt an attack was made with. */
  stunt?: string;
  primary?: number;
  secondary?: number;
  /** The dice of a `dice-rolled` event: [sides, value] each, who rolled each, and named dice. */
  dice?: readonly (readonly [number, number])[];
  by?: string | readonly (string | null)[];
  names?: readonly (string | null)[];
  /**
   * Draws that shuffled a deck ([sides, value] each, as the PRNG gave them): accounted for like a roll,
   * but not a roll shown to players (no dice line, no dice on the table or in the tray).
   */
  shuffled?: readonly (readonly [number, number])[];
  /** The weapon, cover, reaction, condition, consequence, card, item, drill or token the event names. */
  weapon?: string;
  cover?: string;
  reaction?: string;
  condition?: string;
  lost?: boolean;
  consequence?: string;
  card?: string;
  item?: string;
  drill?: string;
  token?: string;
  /** Scores, rounds, turns and pools the event reports. */
  points?: number;
  round?: number;
  turn?: number;
  dread?: number;
  moxie?: Readonly<Record<string, number>>;
  initiative?: Readonly<Record<string, number>>;
  order?: readonly string[];
  score?: Readonly<Record<string, number>> | null;
  winner?: string | null;
}

/**
 * Something that happened, for the log panel and the animation queue: its type, one sentence for the log,
 * and the payload fields of `EventFields`. The table draws its effect (engine/effects.ts).
 */
export interface RuleEvent extends EventFields {
  type: string;
  /** One sentence for the log panel: a message id and its arguments (rules/engine/message.ts). */
  text: Text;
}

/** Stable error codes (the UI keys its messages and hints on them). */
export const ERROR_CODES = [
  'illegal-action',
  'wrong-player',
  'out-of-range',
  'no-los',
  'game-over',
  'not-in-window',
  'nothing-to-undo',
  'dice-rolled',
  'nothing-to-redo',
  // A ruleset or bot threw: contained at the engine's boundary (engine/contain.ts), the match unchanged.
  'rules-failed',
] as const;
/** An error code. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An action refused: a value, never an exception. */
export interface RuleError {
  error: ErrorCode;
  message: Text;
}

/** Whether an outcome is an error. */
export function isError(x: unknown): x is RuleError {
  return typeof x === 'object' && x !== null && 'error' in x && typeof (x as RuleError).error === 'string';
}

/** Builds an error value. */
export function ruleError(error: ErrorCode, message: Text): RuleError {
  return { error, message };
}

/** A reaction window: who may react now, with which reactions (or pass), and when. */
export interface ReactionWindow<A extends Action = Action> {
  player: PlayerId;
  /** 'before' the action resolves, 'after' it, or 'simultaneous'. */
  timing: 'before' | 'after' | 'simultaneous';
  /** Reactions on offer; passing is always allowed. */
  options: A[];
  /** The action that opened the window. */
  trigger: A;
}

/** What the engine hands a ruleset's apply. */
export interface RuleContext<A extends Action = Action> {
  dice: DiceSource;
  queries: Queries;
  /** The open reaction window when the action answers one. */
  window: ReactionWindow<A> | null;
}

/** The result of a game. */
export interface Outcome {
  winner: PlayerId | null;
  score: Record<PlayerId, number>;
}

/** What a ruleset's set-up gets from the table (rules know no scene files, only these facts). */
export interface Scenario {
  table: { width: number; depth: number };
  models: { id: string; side: string; name?: string }[];
}

/**
 * The rules the engine plays: whose decision it is, legal actions, apply, reaction windows, outcome. */
export interface Ruleset<S, A extends Action = Action> {
  id: string;
  /** The players, in table order. */
  players(state: S): PlayerId[];
  /** Whose decision it is outside reaction windows (null when the game is over). */
  currentPlayer(state: S): PlayerId | null;
  /** Every legal action for a player now (reactions included when `window` is open). */
  legalActions(state: S, player: PlayerId, window: ReactionWindow<A> | null, queries: Queries): A[];
  /** Applies an action (or a reaction, or a pass when `ctx.window` is open). */
  apply(state: S, action: A | { type: 'pass' }, ctx: RuleContext<A>): { state: S; events: RuleEvent[] } | RuleError;
  /** After an action, the window it opens (who may react), or null. */
  reactionWindow(state: S, after: A | { type: 'pass' }, window: ReactionWindow<A> | null): ReactionWindow<A> | null;
  /** The result once the game is over, else null. */
  outcome(state: S): Outcome | null;
  /**
   * A reaction on offer, named for the log's reaction-window line ("snapshot", "return fire"): its kind
   * in words, in the ruleset's catalogue. Without it the line says only who may react.
   */
  reactionName?(option: A): Text;
  /**
   * Where the models stand in a state (and the smoke). The engine hands `legalActions` and `apply`
   * the table's view of it (`table.at(layout(state))`), so a ruleset never asks about a stale table.
   */
  layout?(state: S): Layout;
}

/** Unreachable: makes a switch over a closed vocabulary exhaustive at compile time. */
export function assertNever(x: never): never {
  throw new Error(`unhandled case: ${String(x)}`);
}

/** A point-on-the-table choice the play panel offers (a move, a deployment): a click on the table answers it. */
export interface TablePick {
  type: string;
  /** The model it moves or places, or null (a BLKOUT hardpoint). */
  model: string | null;
  label: Text;
  /** The reach to preview around the model, inches (null: none). */
  allowance: number | null;
  /**
   * Played only when its button is pressed: a click on the table with the model selected never picks it
   * (a move with something more to it, as BLKOUT's Sprint that ends leaning out).
   */
  explicit?: boolean;
}

/** Something a ruleset puts on the table besides models, for the scene to draw (plain JSON). */
export interface TableMarker {
  id: string;
  /**
   * hardpoint / objective markers, tokens beside a model, a zone (a deployment strip), an arc (a model's
   * front: a half disc of `radius` centred on `facingDeg`; a cone of fire `arcDeg` wide), or an area (a disc of `radius`: a blast template,
   * with a line from `from` where it scattered from).
   */
  kind: 'objective' | 'token' | 'zone' | 'arc' | 'area';
  /** Short text drawn on it ('HP', 'R', 'E', 'P'). */
  label: Text;
  /** Centre on the table (for a token, the model's base centre). */
  at: [number, number, number];
  /** Which side it belongs to, if any (colours it). */
  side: string | null;
  /** A zone's rectangle: [x0, z0, x1, z1]. */
  rect?: [number, number, number, number];
  /** A reach drawn as a ring around it, inches. */
  radius?: number;
  /** An arc's middle: degrees counter-clockwise from +x seen from above (the scene's facing). */
  facingDeg?: number;
  /** An arc's width in degrees (default 180: a front half). */
  arcDeg?: number;
  /** An area's origin before it moved (a template's aim before it scattered). */
  from?: [number, number, number];
}
