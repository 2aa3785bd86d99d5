/**
 * Counterblast state (plain JSON) and set-up from two crews, and what the steps of one action
 * share: the apply context, a step's result, a handler's shape.
 */
import { SIDES, type ApplyContext, type Side } from '../engine/kit';
import type { Layout } from '../engine/queries';
import type { RuleError } from '../engine/types';
import type { ActionOf, CbAction, CbActionType, ModelActionType } from './actions';
import type { CounterblastData, Inflicted, ModelCard } from './data';
import type { CbPsi } from './psi';
import { crewPoints, STANDARD_POINTS } from './data';
import { mmToInches } from '../engine/units';

/** The two crews' players (the kit's two sides). */
export const PLAYERS = SIDES;
/** A player. */
export type Player = Side;
/** The other player (the kit's). */
export { other } from '../engine/kit';

/** One model in the battle. */
export interface CbModel {
  id: string;
  player: Player;
  card: ModelCard;
  /** Base underside centre, or null before deployment and after it is a casualty. */
  pos: [number, number, number] | null;
  damage: number;
  down: boolean;
  stable: boolean;
  spent: boolean;
  stunned: boolean;
  prone: boolean;
  panicked: boolean;
  casualty: boolean;
  /** Blind, Burning, Half-blind, Marked, Pinned (conditions.ts). */
  conditions?: Inflicted[];
}

/** The activation in progress. */
export interface CbActivation {
  player: Player;
  models: string[];
  /** Actions left and action types used, per active model (the Multitasking Rule). */
  actions: Record<string, { left: number; used: string[] }>;
  /** Aim: Difficulty taken off the model's next Zap check in this activation. */
  aim: Record<string, number>;
  /** A Rush (or a Half-blind model's Move) rolled and not yet moved: the model and the inches it may go. */
  rush?: { model: string; allowance: number; kind?: 'rush' | 'move' } | null;
  /** A group activation: the action the group chose for this step, and who has used their action in it. */
  group?: { chosen: string | null; done: string[] } | null;
  /** Aim-Assist: +1D to a friend's Zap for its Shoot (one at a time). */
  assisted?: string[];
  /** Boost: +1D Knack per Boost on a model's next Engineer, Treat or Hack (this activation). */
  boosted?: Record<string, number>;
  /** Dog-pile: +1D on the first Grit check of the next Strike at the model, per dog-pile (this activation). */
  dogpiled?: Record<string, number>;
}

/** A Shoot or Strike waiting for the reactive crew's answer. */
export interface CbAttack {
  kind: 'shoot' | 'strike';
  attacker: string;
  weapon: number;
  target: string;
  /** Aim taken off the Difficulty (shots). */
  aim: number;
  /** Splitting: the dice given to this target (else the whole pool). */
  dice?: number;
}

/** What a reaction window answers. */
export type CbPending =
  | { kind: 'attack'; attack: CbAttack; split?: CbAttack[] }
  | { kind: 'snapshot'; mover: string }
  | { kind: 'psi'; psi: CbPsi };

/**
 * The mission. The text's mission chapter is missing, so the app plays a default one (README:
 * "The default mission"): three objective markers across the middle of the table, and each crew's
 * Evac Point at the middle of its own edge.
 */
export interface CbMission {
  id: 'crossroads';
  name: string;
  objectives: { id: string; x: number; z: number }[];
  /** Each crew's Evac Point on its own edge, [x, z]. */
  evac: Record<Player, [number, number]>;
}

/** How near an objective a model's base must be to count, inches. */
export const OBJECTIVE_RANGE = 2;
/** Objective points for each objective a crew holds at the end of the battle. */
export const OBJECTIVE_POINTS = 2;

/** Each crew's own edge: A's the south edge (z = depth, drawn nearest the player), B's the north (z = 0), as in BLKOUT's seats. */
export const EDGE_OF: Record<Player, 'south' | 'north'> = { A: 'south', B: 'north' };

/** The default mission for a table: objectives at a sixth, a half and five sixths across the centre line; Evac Points mid-edge (A's edge is z = depth). */
export function defaultMission(table: { width: number; depth: number }): CbMission {
  const z = table.depth / 2;
  return {
    id: 'crossroads',
    name: 'Hold the Crossroads',
    objectives: [1 / 6, 1 / 2, 5 / 6].map((f, i) => ({
      id: `objective-${i + 1}`,
      x: Math.round(table.width * f * 100) / 100,
      z,
    })),
    evac: { A: [table.width / 2, table.depth], B: [table.width / 2, 0] },
  };
}

/** How the battle ended: each crew's Battle, Objective and Mission Score, who won and by how much. */
export interface CbResult {
  battle: Record<Player, number>;
  objective: Record<Player, number>;
  mission: Record<Player, number>;
  /** Who holds each objective at the end (null: nobody, or contested evenly). */
  held: Record<string, Player | null>;
  winner: Player | null;
  degree: 'Heroic Victory' | 'Major Victory' | 'Minor Victory' | null;
}

/** The whole battle. */
export interface CbState {
  ruleset: 'counterblast';
  table: { width: number; depth: number };
  phase: 'deploy' | 'moxie' | 'activation' | 'upkeep' | 'over';
  /** In the Moxie phase: the crew that may elect a new leader (its leader is gone). */
  electTurn?: Player;
  /** In Upkeep: the crew deciding how much Moxie its leader spends on dread. */
  upkeepTurn?: Player;
  /** Each crew's leader (its first Character or Hero), or null. */
  leader?: Record<Player, string | null>;
  turn: number;
  /** Who deploys next. */
  deployTurn: Player;
  moxie: Record<Player, number>;
  passed: Record<Player, boolean>;
  /** The Active crew of this Activation Phase (null while none is chosen). */
  active: Player | null;
  activation: CbActivation | null;
  dread: Record<Player, number>;
  /** Casualties this turn (for dread): whose, and whether a Hero. */
  fallen: { player: Player; hero: boolean }[];
  models: Record<string, CbModel>;
  crews: Record<Player, { id: string; name: string; points: number }>;
  /** The game's points value (each crew's battle score is measured against it). */
  gamePoints: number;
  /** The Mission Scores once the battle is over (Objective + Battle Score). */
  score: Record<Player, number> | null;
  mission: CbMission;
  result?: CbResult | null;
  pending?: CbPending | null;
  /** The reaction window: who may react, with which reactions (plain JSON). */
  window?: { player: Player; options: Record<string, unknown>[] } | null;
}

/** Set-up options: the crews file and each player's crew. */
export interface CbOptions {
  data: CounterblastData;
  crews: Record<Player, string>;
}

/** The crews the CLI and tests play by default (both samples). */
export const SAMPLE_CREWS: Record<Player, string> = { A: 'rustwater-salvagers', B: 'vey-syndicate' };

/** The starting state: both crews off the table, A deploys first. Throws on an unknown crew. */
export function setupState(table: { width: number; depth: number }, options: CbOptions): CbState {
  const models: Record<string, CbModel> = {};
  const crews = {} as CbState['crews'];
  for (const p of PLAYERS) {
    const crew = options.data.crews.find((c) => c.id === options.crews[p]);
    if (!crew)
      throw new Error(
        `crew ${p}: no crew "${options.crews[p]}" (have: ${options.data.crews.map((c) => c.id).join(', ')})`,
      );
    crews[p] = { id: crew.id, name: crew.name, points: crewPoints(crew) };
    for (const card0 of crew.models) {
      const id = `${p}.${card0.id}`;
      // Several models of one name are numbered, so the log and the menus say which one.
      const same = crew.models.filter((c) => c.name === card0.name);
      const card = same.length > 1 ? { ...card0, name: `${card0.name} ${same.indexOf(card0) + 1}` } : card0;
      models[id] = {
        id,
        player: p,
        card,
        pos: null,
        damage: 0,
        down: false,
        stable: false,
        spent: false,
        stunned: false,
        prone: false,
        panicked: false,
        casualty: false,
      };
    }
  }
  return {
    ruleset: 'counterblast',
    table: { ...table },
    phase: 'deploy',
    turn: 0,
    deployTurn: 'A',
    moxie: { A: 0, B: 0 },
    passed: { A: false, B: false },
    active: null,
    activation: null,
    dread: { A: 0, B: 0 },
    fallen: [],
    models,
    crews,
    gamePoints: Math.max(STANDARD_POINTS, crews.A.points, crews.B.points),
    leader: Object.fromEntries(
      PLAYERS.map((p) => {
        const crew = options.data.crews.find((c) => c.id === options.crews[p])!;
        const lead = crew.models.find((m) => m.character) ?? crew.models.find((m) => m.type === 'hero');
        return [p, lead ? `${p}.${lead.id}` : null];
      }),
    ) as Record<Player, string | null>,
    score: null,
    mission: defaultMission(table),
    result: null,
  };
}

/** Inches per millimetre. */
const MM = mmToInches(1);
/** Base diameter by size (a sample reading: the text gives none). */
export const BASE_MM = { small: 25, medium: 30, large: 40, huge: 60 } as const;
/** Body height by size, inches. */
export const HEIGHT = { small: 0.8, medium: 1.3, large: 1.8, huge: 2.6 } as const;

/** A Prone model is its base alone for sight, both ways (an eighth of an inch tall: a 3 mm base). */
export const PRONE_HEIGHT = 0.125;

/** A model's base radius, inches. */
export const radiusOf = (m: CbModel): number => (BASE_MM[m.card.size] * MM) / 2;

/** Models on the table (not casualties, deployed). */
export const onTable = (m: CbModel): boolean => m.pos !== null && !m.casualty;

/** The table as Queries should see it. */
export function layoutOf(s: CbState): Layout {
  const models: Layout['models'] = {};
  for (const m of Object.values(s.models)) {
    if (!onTable(m)) continue;
    models[m.id] = {
      side: m.player,
      position: m.pos!,
      baseMm: BASE_MM[m.card.size],
      height: m.prone ? PRONE_HEIGHT : HEIGHT[m.card.size],
      kind: m.card.type === 'vehicle' ? 'vehicle' : 'infantry',
      leanOut: null,
    };
  }
  return { models, smoke: [] };
}

/** The Moxie check, Defense, Knack checks: against 7. */
export const DIFFICULTY = 7;

/** The state with one model replaced. */
export function setModel(s: CbState, m: CbModel): CbState {
  return { ...s, models: { ...s.models, [m.id]: m } };
}

/**
 * A model leaves the activation (it went Down or off the table, or a failed Rally ended its
 * activation): in a group the others go on as though it had never been part of it, so the step
 * forgets it (a step nobody is left in starts afresh; one everybody left has acted in is over).
 */
export function leaveActivation(s: CbState, id: string): CbState {
  const a = s.activation;
  if (!a || !a.models.includes(id)) return s;
  const models = a.models.filter((x) => x !== id);
  const actions = Object.fromEntries(Object.entries(a.actions).filter(([x]) => x !== id));
  const g = a.group;
  const done = g ? g.done.filter((x) => x !== id) : [];
  const group = g
    ? done.length === 0 || models.every((x) => done.includes(x))
      ? { chosen: null, done: [] }
      : { ...g, done }
    : g;
  return { ...s, activation: { ...a, models, actions, group } };
}

/** A player's models on the table. */
export const crewOnTable = (s: CbState, p: Player): CbModel[] =>
  Object.values(s.models).filter((m) => m.player === p && onTable(m));

/**
 * A model that may trigger a reaction: on the table, not Down, not Stunned, not Pinned (reactions
 * are actions, and a Pinned model may use none but Recover), its crew with a Moxie.
 */
export const mayReact = (s: CbState, m: CbModel): boolean =>
  onTable(m) && !m.down && !m.stunned && !(m.conditions ?? []).includes('pinned') && s.moxie[m.player] >= 1;

// ------------------------------------------------------------------ applying an action

/**
 * What one action's steps share (engine/kit.ts): the dice, the table's view (`q`, of
 * the state the action started from; `at(s)` the view of a later state once a model has moved), and the
 * action's events, which every step pushes onto.
 */
export type CbContext = ApplyContext<CbState, CbAction>;

/** What a step of an action gives: the new state (its events are on the context), or a refusal. */
export type Applied = CbState | RuleError;

/** The handler of one action type (apply.ts maps every type to one, so a missing one fails to compile). */
export type Handler<K extends CbActionType> = (ctx: CbContext, s: CbState, action: ActionOf<K>) => Applied;

/** An active model's action once the Multitasking Rule allows it. */
export interface Acting {
  /** The state the action started from. */
  before: CbState;
  /** The state with the action counted (and a group's step moved on). */
  next: CbState;
  /** The model acting, as it was before. */
  m: CbModel;
}

/**
 * What a model's action gives: the state its activation goes on from (after a Maneuver the
 * Snapshots and Pursuits, then the next action or the next Activation phase), `{ stop }` where it
 * waits (a reaction window opened, or a roll waits for its spot), or a refusal. An action that ends
 * the activation leaves `activation` null, and the next Activation phase starts.
 */
export type Step = CbState | { stop: CbState } | RuleError;

/** The handler of a model action type (activation.ts maps every one). */
export type StepHandler<K extends ModelActionType> = (ctx: CbContext, action: ActionOf<K>, acting: Acting) => Step;
