/**
 * What the app needs from a ruleset to play it, as one value (boardgame.io's game object is the
 * model): the tables it is played on and the options it declares, its forces as a generic picker and
 * builder, its words (a move in a sentence, the phase line, picks, blocked reasons, markers), what a
 * model's card and the score board show, what is private to a player, and how its state becomes the
 * models on the table. Everything is plain data, so the one play panel draws any ruleset.
 */
import type { Result } from '../../result';
import type { Move } from './match';
import type { Text } from './message';
import type { Layout, Queries } from './queries';
import type { Action, PlayerId, RuleEvent, TableMarker, TablePick } from './types';

/** A table a ruleset is played on: its id, its name, and its scene file (path and JSON). */
export interface TableChoice {
  id: string;
  label: Text;
  file: string;
  scene: unknown;
}

/** An option a ruleset declares for its set-up: one choice among values (the first is the default). */
export interface OptionField {
  id: string;
  label: Text;
  choices: readonly { value: string; label: Text }[];
  /** The choices change who plays which side (the bench's seeded games keep the default). */
  seats?: boolean;
  /** The choice every online match plays (the referee sets it; the set-up does not offer the field then). */
  online?: string;
}

/** A card as plain data: a unit card, a model card, a model in play. */
export interface CardView {
  id: string;
  title: Text;
  /** Its role, type or size, points. */
  subtitle: Text;
  /** The profile in one line (Move, Skill, Armour…). */
  stats: Text;
  weapons: readonly { name: string; range: Text; damage: Text; notes: Text }[];
  /** Rules, gear, tokens: one line each. */
  notes: readonly Text[];
  /** The back of the card (specialists, sources), when it has one. */
  back?: readonly Text[];
}

/** A forces file parsed, or why not (the message names the file, the field and the value). */
export type ParsedData<D> = Result<D, { message: string }>;

/**
 * A ruleset's forces as the set-up shows them: each side picks a preset force from the data, then adds
 * and removes cards; the legality reason and the points are shown as it changes. `F` is a force
 * (plain JSON: a BLKOUT group, a Counterblast crew).
 */
export interface ForceBuilder<D, F> {
  /** What a force is called ("group", "crew"). */
  noun: Text;
  /** What the forces file is called ("Unit cards", "Crews"). */
  fileLabel: Text;
  /** The default forces data (validated). */
  defaultData(): D;
  /** Reads a forces file's text. */
  parse(text: string, file: string): ParsedData<D>;
  /** Validates forces data given as JSON. */
  validate(json: unknown, file: string): ParsedData<D>;
  /** The preset forces a side may pick. */
  presets(data: D): readonly { id: string; label: Text }[];
  /** A preset's force, or null when the data has no such preset. */
  preset(data: D, id: string): F | null;
  /** Each side's preset when none is chosen. */
  defaults: Record<'A' | 'B', string>;
  /** The preset a force still is, or null once edited. */
  presetOf(data: D, force: F): string | null;
  /** The force's name. */
  name(data: D, force: F): string;
  /** The cards in the force, in order. */
  members(data: D, force: F): CardView[];
  /** The cards that could be added now. */
  addable(data: D, force: F): CardView[];
  add(data: D, force: F, cardId: string): F;
  remove(data: D, force: F, index: number): F;
  /** Points and the limit in words ("480 / 500 pts"), or null when the ruleset counts none. */
  points(data: D, force: F): Text | null;
  /** Why the force may not be fielded, or null. */
  problem(data: D, force: F): Text | null;
  /** A forces file holding both sides' forces as built (Save forces), or null when the ruleset has none. */
  fileOf(data: D, forces: Record<'A' | 'B', F>): unknown;
}

/** One cell of a side's row on the score board. */
export interface BoardCell {
  text: Text;
  /** What the number is (a tooltip): "Command Points". */
  title?: Text;
  /** The side's main score cell. */
  points?: boolean;
}

/** The score board a ruleset declares: one row per side, lines under it, a result table at the end. */
export interface ScoreBoard {
  rows: Record<'A' | 'B', BoardCell[]>;
  /** Lines under the rows (objectives held, how points were earned). */
  lines: readonly { id: string; text: Text }[];
  /** The final scores, once there are any. */
  result: { columns: readonly Text[]; rows: Record<'A' | 'B', readonly Text[]>; footer: Text } | null;
}

/** Something only one player may see (a BURN hand): its words for its owner, and for everyone else. */
export interface PrivateInfo {
  label: Text;
  shown: Text;
  hidden: Text;
}

/** What a choice is about: the models acting, the models it names, and the fold it sits under (or none). */
export interface ChoiceInfo {
  models: readonly string[];
  targets: readonly string[];
  /** The fold's key (stable: the panel's test ids use it), or null. */
  fold: string | null;
  /** The fold's heading in words (absent: the key is shown as written). */
  foldWords?: Text;
}

/** How a state becomes the table: where models stand, their names and facing, and which smoke is light. */
export interface TableView {
  layout: Layout;
  names: Record<string, string>;
  /** Facing, degrees counter-clockwise seen from above, for models that have one. */
  facing: Record<string, number>;
  lightSmoke: readonly string[];
  /** A model's own mesh file from its force data (drawn as its figure), by model id; absent: none. */
  meshes?: Record<string, string>;
  /** Models lying or crouching as the rules see them (down, prone, pinned), by id; absent: standing. */
  poses?: Record<string, TablePose>;
  /** The unit each model belongs to, by name (a ruleset whose models act in units); absent: no units. */
  units?: Record<string, string>;
}

/** How the table draws a model that is not simply standing. */
export const TABLE_POSES = ['down', 'prone', 'pinned'] as const;
/** A pose of a model on the table. */
export type TablePose = (typeof TABLE_POSES)[number];

/**
 * The table's `meshes` and `poses` for a ruleset's models: `look` gives each model's id, its own mesh
 * (or undefined) and its pose (or null: standing).
 */
export function modelLooks<M>(
  models: Iterable<M>,
  look: (m: M) => { id: string; mesh: string | undefined; pose: TablePose | null },
): Pick<TableView, 'meshes' | 'poses'> {
  const meshes: Record<string, string> = {};
  const poses: Record<string, TablePose> = {};
  for (const m of models) {
    const { id, mesh, pose } = look(m);
    if (mesh !== undefined) meshes[id] = mesh;
    if (pose) poses[id] = pose;
  }
  return { meshes, poses };
}

/** A step done in one press: its words and the moves it plays, in order. */
export interface Shortcut<A extends Action = Action> {
  label: Text;
  moves: readonly Move<A>[];
}

/**
 * What an attack would need, as plain facts the ruleset's own rules compute (the numbers the roll will
 * use): the score each die must make, the chance it comes off, the dice, how much of the target is
 * hidden, the cover in the ruleset's words and any modifiers. The hover hint words them
 * ("5+ on d6 · 67 % · 42 % hidden · 2 dice"); a member left out is not shown.
 */
export interface Odds {
  /**
   * The score a die must make: at least `score` on a d`die` ("5+ on d6"), or at most it where the
   * ruleset rolls under (`atMost`: "4 or less on d6"). A score no die can make is still given (7 on a
   * d6): `chance` is then 0.
   */
  need?: { score: number; die: number; atMost?: boolean };
  /** The chance, 0..1, that it scores at least one hit or success (exact, from the rules' dice). */
  chance?: number;
  /** Dice rolled (or shots, each a die). */
  dice?: number;
  /** The share of the target hidden from the attacker, 0..1, as the rules measure it. */
  hidden?: number;
  /** The cover or concealment verdict in the ruleset's words ("light cover: +1D defence"). */
  cover?: Text;
  /** Modifiers in the ruleset's words ("−1 moved", "re-roll failures"). */
  notes?: readonly Text[];
}

/** A ruleset as the app plays it, over its state `S`, action `A`, forces data `D` and force `F`. */
export interface PlayDescriptor<S, A extends Action, D, F> {
  /** A sentence on what the battle is (the set-up shows it). */
  blurb: Text;
  tables: readonly TableChoice[];
  /** The table a state is played on. */
  tableOf(s: S): TableChoice;
  options: readonly OptionField[];
  forces: ForceBuilder<D, F>;
  /** The set-up state on a table with each side's force (both legal) and the declared options. */
  setup(
    table: { width: number; depth: number },
    data: D,
    forces: Record<PlayerId, F>,
    options: Record<string, string>,
  ): S;
  table(s: S): TableView;
  describe(s: S, q: Queries, move: Move<A>): Text;
  needsPoint(move: Move<A>): boolean;
  picksOf(s: S, legal: readonly Move<A>[]): TablePick[];
  pickAction(pick: TablePick, x: number, y: number, z: number): A;
  /** A pick armed without asking (the only thing to do is place something), or null. */
  autoPick(s: S, picks: readonly TablePick[], choices: readonly { move: Move<A> }[]): TablePick | null;
  /**
   * Steps where the rules leave one sensible answer or a default, done in one press: each a sentence and
   * the legal moves it plays in order (Five Parsecs' "assign the dice": one die per figure). None by default.
   */
  shortcuts(s: S, legal: readonly Move<A>[]): Shortcut<A>[];
  /**
   * What an attack would need (`q` is the view of `s`), or null for a move that is no attack. The hover
   * hint over an enemy shows it under the attack's words. None by default.
   */
  odds(s: S, q: Queries, move: Move<A>): Odds | null;
  /** Whether a choice is shown as a button (a ruleset may hide some while a pick is the real answer); `q` is the view of `s`. */
  shown(s: S, move: Move<A>, q: Queries): boolean;
  /** The actions a human decider cannot take now, greyed with the reason. */
  blocked(s: S, legal: readonly Move<A>[]): { label: Text; reason: Text }[];
  choiceInfo(s: S, move: Move<A>): ChoiceInfo;
  phaseLine(s: S): Text;
  markers(s: S): TableMarker[];
  /** In a reaction window: the attacker and what it attacks (the table draws the line), or null. */
  reactionLine(s: S): [string, string] | null;
  /** The models acting now (they wear name tags). */
  actors(s: S): string[];
  board(s: S): ScoreBoard;
  /** What a side holds that only it may see. */
  secrets(s: S, side: PlayerId): PrivateInfo[];
  /**
   * The state as `side` may see it (null: a spectator, who sees no side's secrets): what only another
   * side holds is replaced by what the table shows of it (a hand's size, not its cards). An online
   * client is sent only this (`engine/secrecy.ts`). The state itself by default.
   */
  conceal(s: S, side: PlayerId | null): S;
  /** An event as `side` may see it: a field that would tell another side's secret taken out. The event itself by default. */
  concealEvent(e: RuleEvent, side: PlayerId | null): RuleEvent;
  /** A model's card in play, or null. */
  card(s: S, model: string): CardView | null;
  /** Words after "Player A wins, 3 to 1" (Counterblast's degree of victory), or ''. */
  outcomeNote(s: S): Text;
  /** The file name a save of this state gets. */
  saveName(s: S): string;
  /** A side's force by name (the force it was set up with, when the state does not keep it). */
  forceName(s: S, side: PlayerId, force: F | null): string;
}

/** The models and targets an action names by its usual fields (model, target, friend, hero, lackeys, split). */
export function namedModels(a: { type: string }): { models: string[]; targets: string[] } {
  const o = a as Record<string, unknown>;
  const str = (v: unknown): string[] => (typeof v === 'string' ? [v] : []);
  const models = [...str(o.model), ...str(o.hero), ...(Array.isArray(o.lackeys) ? o.lackeys.flatMap(str) : [])];
  const split = Array.isArray(o.split) ? o.split.flatMap((x) => str((x as { target?: unknown }).target)) : [];
  const targets = [...new Set([...str(o.target), ...str(o.friend), ...split])];
  return { models, targets };
}

/** A value for each of the two sides. */
export function bySide<T>(f: (side: 'A' | 'B') => T): Record<'A' | 'B', T> {
  return { A: f('A'), B: f('B') };
}

/** A force that is one preset of the forces data, fielded as it is (a gang, a squad), by id. */
export interface PresetForce {
  id: string;
}

/**
 * The force builder of a ruleset whose sides each field one preset of its data unedited: the presets are
 * the data's groups (a label with its size), nothing is added or removed, no points are counted.
 */
export function presetBuilder<D>(o: {
  noun: string;
  fileLabel: string;
  /** The shipped forces file: its path and its JSON. */
  file: string;
  json: unknown;
  parse(text: string, file: string): ParsedData<D>;
  validate(json: unknown, file: string): ParsedData<D>;
  groups(data: D): readonly { id: string; name: string; size: number }[];
  members(data: D, id: string): CardView[];
  defaults: Record<'A' | 'B', string>;
}): ForceBuilder<D, PresetForce> {
  const has = (data: D, id: string) => o.groups(data).some((g) => g.id === id);
  return {
    noun: o.noun,
    fileLabel: o.fileLabel,
    defaultData() {
      const r = o.validate(o.json, o.file);
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    },
    parse: o.parse,
    validate: o.validate,
    presets: (data) => o.groups(data).map((g) => ({ id: g.id, label: `${g.name} (${g.size})` })),
    preset: (data, id) => (has(data, id) ? { id } : null),
    defaults: o.defaults,
    presetOf: (_data, force) => force.id,
    name: (data, force) => o.groups(data).find((g) => g.id === force.id)?.name ?? force.id,
    members: (data, force) => o.members(data, force.id),
    addable: () => [],
    add: (_data, force) => force,
    remove: (_data, force) => force,
    points: () => null,
    problem: (data, force) => (has(data, force.id) ? null : `no ${o.noun} "${force.id}"`),
    fileOf: () => null,
  };
}
