/**
 * The play panel's view of a match, computed from its ruleset's play descriptor: whose
 * decision it is, the choices with what they name, the picks, the greyed actions, the score board,
 * the secrets, the curtain between two human seats, and the table's models. Plain JSON, so the
 * panels and `window.tabletop.playView()` read the same thing.
 */
import type { Level } from '../rules/engine/strength';
import { msg, type Msg, type Text } from '../rules/engine/message';
import type { Model, Scene, Smoke } from '../geometry/sceneTypes';
import { contain, type RulesFailedError } from '../rules/engine/contain';
import { canUndo, decider, legalMoves, stateView, type Match, type Move } from '../rules/engine/match';
import type { Odds, PrivateInfo, ScoreBoard, Shortcut, TablePose, TableView } from '../rules/engine/play';
import type { Table } from '../rules/engine/queries';
import type { Action, Outcome, TableMarker, TablePick } from '../rules/engine/types';
import type { AnyRuleset } from '../rulesets';
import { layoutModels } from './worldQueries';

/** A side of the table. */
export type Side = 'A' | 'B';
/** Who sits in a seat. */
/** Who sits in a seat: a person at this screen, the AI, or (online) a player at another machine. */
export type Seat = 'human' | 'ai' | 'remote';

/** The words naming each kind of seat. */
export const SEAT_WORDS = { human: 'ui:seat.human-lower', ai: 'ui:seat.ai', remote: 'ui:seat.remote' } as const;

/** A button the deciding player can press: its sentence, its move, the models it acts with and names, its fold. */
export interface Choice<A extends Action = Action> {
  label: Text;
  move: Move<A>;
  models: readonly string[];
  targets: readonly string[];
  fold: string | null;
  /** The fold's heading in words (absent: the key as written). */
  foldWords?: Text;
  /** What it would need, when it is an attack on the models it names (the hover hint shows it). */
  odds?: Odds;
}

/** The play slice's value: everything the play panel and the scene need, as JSON (a test may name the state's type). */
export interface PlayView<S = unknown, A extends Action = Action> {
  rules: string;
  /** The ruleset's short name ("BLKOUT"). */
  name: string;
  match: Match<S, A>;
  seats: Record<Side, Seat>;
  /** The AI seats' strength (absent: Normal). */
  level?: Level;
  /** The players in table order (the scene colours sides in this order). */
  sides: readonly string[];
  /** Turn, phase and who is doing what, in words. */
  status: Text;
  decider: Side | null;
  /** A reaction window is open for the decider. */
  reacting: boolean;
  /** The decider's choices that need no point (only for a human decider). */
  choices: Choice[];
  /** The decider's choices that need a point on the table. */
  picks: TablePick[];
  /** Steps done in one press (several moves in order): the ruleset's shortcuts. */
  shortcuts: Shortcut[];
  /** Actions the decider cannot take now, with the reason (shown greyed). */
  blocked: { label: Text; reason: Text }[];
  /** The pick waiting for a click on the table. */
  pick: TablePick | null;
  /** The AI is choosing. */
  thinking: boolean;
  markers: TableMarker[];
  /** Models down, prone or pinned (the table lays them down, crouches and tints them), by id. */
  poses: Record<string, TablePose>;
  /** The unit each model belongs to, by name, where the ruleset has units (the roster groups them); absent: none. */
  units?: Record<string, string>;
  outcome: Outcome | null;
  /** Words after the outcome line (a degree of victory), or ''. */
  outcomeNote: Text;
  /** Each side's force as set up (a preset id or a built force), and the ruleset's options. */
  forces: Record<Side, unknown>;
  options: Record<string, string>;
  /** Each side's force, by name, for the legend and the score. */
  forceNames: Record<Side, string>;
  /** Whether Undo would take something back now (the last mover's move in hotseat, the human's in solo). */
  undoable: boolean;
  board: ScoreBoard;
  /** What each side holds that only it may see (the panel shows only the decider's). */
  secrets: Record<Side, PrivateInfo[]>;
  /** The models acting now (name tags on the table). */
  actors: string[];
  /** In a reaction prompt: the attacker and its target (a line on the table), or null. */
  reactionLine: [string, string] | null;
  /** At one screen with two human seats: the player who must take the mouse before their choices show. */
  curtain: Side | null;
  /** The file name a save gets. */
  saveName: string;
}

/** What a view carries besides the match: the ruleset, each side's force and the options. */
export interface Setup {
  rules: string;
  forces: Record<Side, unknown>;
  options: Record<string, string>;
  /** The AI seats' strength (absent: Normal). */
  level?: Level;
}

/** The scene's models and smoke for a state, on the table's terrain. */
export function sceneOf(base: Scene, t: TableView): Scene {
  const placed = layoutModels(t.layout);
  const facesEnemy = facingTowardEnemy(placed);
  const models: Model[] = placed.map((m) => {
    const facing = t.facing[m.id] ?? facesEnemy[m.side as Side];
    const mesh = t.meshes?.[m.id];
    return {
      ...m,
      name: t.names[m.id] ?? m.id,
      ...(facing !== undefined ? { facingDeg: facing } : {}),
      ...(mesh !== undefined ? { mesh } : {}),
    };
  });
  const smoke: Smoke[] = t.layout.smoke.map((k) => ({
    id: k.id,
    position: k.position,
    radius: k.radius,
    height: null,
    light: t.lightSmoke.includes(k.id),
  }));
  return { ...base, models, smoke };
}

/**
 * The facing of the models a ruleset does not turn: each side looks towards the other, along the
 * nearest of the table's four directions (from its models' centre to the enemy's), so the eye view
 * looks across the table rather than along the side's own edge. Snapped to 90 degrees, it stays put
 * while the sides close in and turns only when they pass each other. Degrees counter-clockwise from
 * +x seen from above (+z is towards the viewer), as the scene file measures; a side with no enemy on
 * the table has none.
 */
export function facingTowardEnemy(models: readonly Pick<Model, 'side' | 'position'>[]): Partial<Record<Side, number>> {
  const centre = (side: Side): [number, number] | null => {
    const own = models.filter((m) => m.side === side);
    if (own.length === 0) return null;
    return [
      own.reduce((a, m) => a + m.position[0], 0) / own.length,
      own.reduce((a, m) => a + m.position[2], 0) / own.length,
    ];
  };
  const a = centre('A');
  const b = centre('B');
  if (!a || !b) return {};
  const towards = (from: [number, number], to: [number, number]): number => {
    const deg = (Math.atan2(-(to[1] - from[1]), to[0] - from[0]) * 180) / Math.PI;
    return (((Math.round(deg / 90) * 90) % 360) + 360) % 360;
  };
  if (a[0] === b[0] && a[1] === b[1]) return {};
  return { A: towards(a, b), B: towards(b, a) };
}

/**
 * Whose moves Undo takes back: the human who made the last move that was not a pass. In hotseat that
 * is the mover while the other player is asked to react, after they passed, and after a turn passed
 * to the other player (who has not moved yet); in solo the AI's moves fall back to the human seat.
 */
export function undoer(match: Match<unknown, Action>, who: Side | null, seats: Record<Side, Seat>): Side | null {
  for (let i = match.log.length - 1; i >= 0; i--) {
    const e = match.log[i]!;
    if (e.action.type === 'pass') continue;
    if (seats[e.player as Side] === 'human') return e.player as Side;
    break;
  }
  if (who && seats[who] === 'human') return who;
  return (['A', 'B'] as const).find((p) => seats[p] === 'human') ?? null;
}

/** The curtain after a move: when the decision passes from one human seat to the other, the new decider must take the mouse. */
export function curtainAfter(prev: PlayView | null, who: Side | null, seats: Record<Side, Seat>): Side | null {
  if (!who || seats.A !== 'human' || seats.B !== 'human' || !prev) return null;
  if (prev.curtain === who) return who;
  return prev.decider !== null && prev.decider !== who ? who : null;
}

/** The curtain when a game is loaded (a save, or Resume after a reload): with two human seats the decider takes the mouse first. */
export function curtainOnLoad(who: Side | null, seats: Record<Side, Seat>): Side | null {
  return who && seats.A === 'human' && seats.B === 'human' ? who : null;
}

/** The view of a match for a ruleset's entry; `prev` is the view before the move (for the curtain). */
export function viewOf(
  entry: AnyRuleset,
  setup: Setup,
  match: Match<unknown, Action>,
  seats: Record<Side, Seat>,
  q: Table,
  prev: PlayView | null,
): PlayView {
  const play = entry.play;
  const s = match.state;
  const who = decider(entry.engine, match) as Side | null;
  const choices: Choice[] = [];
  let picks: TablePick[] = [];
  let shortcuts: Shortcut[] = [];
  let blocked: { label: Text; reason: Text }[] = [];
  const reactionLine = match.window ? play.reactionLine(s) : null;
  // A reaction names no target of its own: it answers the attacker (a Return Fire is at the shooter).
  const infoOf = (move: Move<Action>) => {
    const info = play.choiceInfo(s, move);
    const at = reactionLine?.[0];
    return at && info.targets.length === 0 && !info.models.includes(at) ? { ...info, targets: [at] } : info;
  };
  if (who && seats[who] === 'human') {
    const legal = legalMoves(entry.engine, match, who, q);
    const here = stateView(entry.engine, s, q);
    picks = play.picksOf(s, legal);
    shortcuts = play.shortcuts(s, legal);
    blocked = play.blocked(s, legal);
    const seen = new Set<string>();
    for (const move of legal) {
      if (play.needsPoint(move) || !play.shown(s, move, here)) continue;
      const label = play.describe(s, here, move);
      const same = JSON.stringify(label);
      if (seen.has(same)) continue;
      seen.add(same);
      const info = infoOf(move);
      const odds = info.targets.length > 0 ? play.odds(s, here, move) : null;
      choices.push({ label, move, ...info, ...(odds ? { odds } : {}) });
    }
  }
  const table = play.table(s);
  const forceName = (p: Side) => play.forceName(s, p, typeof setup.forces[p] === 'object' ? setup.forces[p] : null);
  return {
    ...setup,
    name: entry.name,
    sides: entry.engine.players(s),
    match,
    seats,
    status: play.phaseLine(s),
    decider: who,
    reacting: match.window !== null,
    choices,
    picks,
    shortcuts,
    blocked,
    pick: play.autoPick(s, picks, choices),
    thinking: who !== null && seats[who] !== 'human',
    markers: play.markers(s),
    poses: table.poses ?? {},
    ...(table.units ? { units: table.units } : {}),
    outcome: entry.engine.outcome(s),
    outcomeNote: play.outcomeNote(s),
    undoable: ((u) => u !== null && canUndo(match, u))(undoer(match, who, seats)),
    forceNames: { A: forceName('A'), B: forceName('B') },
    board: play.board(s),
    secrets: { A: play.secrets(s, 'A'), B: play.secrets(s, 'B') },
    actors: play.actors(s),
    reactionLine,
    curtain: curtainAfter(prev, who, seats),
    saveName: play.saveName(s),
  };
}

/**
 * `viewOf`, with an exception in the ruleset (its legal actions, its words, its score board) contained
 * as a `rules-failed` value at stage 'view' for the player and the action that led to this match.
 */
export function tryViewOf(
  entry: AnyRuleset,
  setup: Setup,
  match: Match<unknown, Action>,
  seats: Record<Side, Seat>,
  q: Table,
  prev: PlayView | null,
  after: { player: string | null; action: Move<Action> | null } = { player: null, action: null },
): PlayView | RulesFailedError {
  return contain({ stage: 'view', rules: entry.id, ...after }, () => viewOf(entry, setup, match, seats, q, prev));
}

/**
 * Whether a side's secrets are shown: only a human's own, and with two humans at one screen only the
 * deciding player's once they have taken the mouse (solo: the human's always; the AI's never).
 */
export function secretsShown(view: Pick<PlayView, 'seats' | 'decider' | 'curtain'>, p: Side): boolean {
  if (view.seats[p] !== 'human') return false;
  const humans = (['A', 'B'] as const).filter((q) => view.seats[q] === 'human').length;
  return humans === 1 || (view.decider === p && view.curtain === null);
}

/** What a click on the table with nothing armed (and no move for the selected model) should tell the player. */
export function nothingArmed(view: PlayView, selected: { id: string; name: string } | null = null): Msg {
  if (!view.decider) return msg('ui:armed.game-over');
  if (view.seats[view.decider] === 'ai') return msg('ui:armed.ai', { side: view.decider });
  if (view.seats[view.decider] === 'remote') return msg('ui:armed.remote', { side: view.decider });
  const movers = [...new Set(view.picks.flatMap((p) => (p.allowance !== null && p.model ? [p.model] : [])))];
  if (selected && movers.length > 0 && !movers.includes(selected.id))
    return msg('ui:armed.cannot-move', { name: selected.name, picks: view.picks.map((p) => p.label) });
  if (!selected && movers.length > 0) return msg('ui:armed.select', { picks: view.picks.map((p) => p.label) });
  if (view.picks.length > 0) return msg('ui:armed.press', { picks: view.picks.map((p) => p.label) });
  return msg('ui:armed.nothing');
}

/**
 * The picks that move `model` across the table, cheapest first (a pick with a reach to preview is a
 * move: a Move, a Dash, a Sprint, a Run…; ties keep the ruleset's order, its ordinary move first; a pick
 * marked `explicit`, a move with something more to it, is left to its button).
 * A click on the table with the model selected plays the first of them that reaches the spot.
 */
export function movePicks(view: Pick<PlayView, 'picks'>, model: string): TablePick[] {
  return view.picks
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.model === model && p.allowance !== null && !p.explicit)
    .sort((a, b) => a.p.allowance! - b.p.allowance! || a.i - b.i)
    .map(({ p }) => p);
}

/** Every choice that acts with the selected model on `target`, in the panel's order (the first is what a click plays). */
export function actionsOn(view: Pick<PlayView, 'choices'>, selected: string | null, target: string): Choice[] {
  if (!selected || selected === target) return [];
  return view.choices.filter((c) => c.models.includes(selected) && c.targets.includes(target));
}

/**
 * The choice a click on `target` plays with the selected model: the first the panel lists that acts
 * with the model and names the target (its default attack; in a reaction window, the reaction aimed
 * back at the attacker), or null.
 */
export function actionOn(view: Pick<PlayView, 'choices'>, selected: string | null, target: string): Choice | null {
  if (!selected || selected === target) return null;
  return view.choices.find((c) => c.models.includes(selected) && c.targets.includes(target)) ?? null;
}
