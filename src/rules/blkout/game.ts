/**
 * BLKOUT state (plain JSON): models, units, tokens, the activation in progress, what waits on the
 * other player; the layout Queries see, and small questions about models. The groups and the
 * starting state are built in groups.ts (re-exported here).
 */
import type { Side } from '../engine/kit';
import type { BlkoutOption } from './actions';
import type { Layout, Placement } from '../engine/queries';
import type { SpecialRule } from './special';
import type { PausedAction } from './damageMoment';
import type { ArmouryItem, BattleDrill, BlkoutData, DrillId, RuleRef, UnitCard } from './data';
import { hasRule } from './data';
import { radiusInches } from '../engine/units';
import { pieceOf } from '../engine/kit';

/** The two players, and the other one: the kit's sides (the app imports them from here). */
export { SIDES as PLAYERS, other } from '../engine/kit';
/** A player. */
export type Player = Side;
/** Group rules and the starting state (groups.ts), under the names the app imports from here. */
export { groupProblem, groupProblemText, setupState, startingCp, STARTER_GROUPS } from './groups';

/** Table edges a player can deploy on. */
export type Edge = 'south' | 'north' | 'west' | 'east';
export const OPPOSITE: Record<Edge, Edge> = { south: 'north', north: 'south', west: 'east', east: 'west' };

/** A weapon as a model carries it. */
export interface Weapon {
  /** Taken from the armoury for this activation only. */
  armoury?: boolean;
  name: string;
  min: number;
  max: number;
  damage: number;
  rules: RuleRef[];
}

/** One model on (or off) the table. */
export interface ModelState {
  id: string;
  unit: string;
  player: Player;
  name: string;
  move: number;
  skill: number;
  armour: [number, number];
  /** Damage track boxes (0: removed at the first damage). */
  track: number;
  damage: number;
  weapons: Weapon[];
  rules: RuleRef[];
  kind: Placement['kind'];
  baseMm: number;
  height: number;
  /** Base underside centre, or null while off the table (held back or not yet deployed). */
  pos: [number, number, number] | null;
  leanOut: [number, number, number] | null;
  destroyed: boolean;
  ready: boolean;
  engaged: boolean;
  /** One Use weapons already fired (indices); absent means none. */
  spent?: number[];
  /** Sidewinder boxes checked so far; absent means none. */
  checks?: number;
  /** A grunt (not a specialist): grunts use armoury items. */
  grunt?: boolean;
  /** A Duster's second damage track (its chassis is `track` / `damage`). */
  mobility?: { track: number; damage: number };
  /** A Duster's facing: the direction it faces on the table, degrees from +x towards +z. */
  facing?: number;
  /** The unit card's own miniature file, drawn as the model's figure (absent: the project's). */
  mesh?: string;
}

/** One unit. */
export interface UnitState {
  id: string;
  card: string;
  player: Player;
  name: string;
  role: UnitCard['role'];
  faction: string | null;
  models: string[];
  activated: boolean;
  pinned: boolean;
  /** Held back to enter from its edge (Infiltrating). */
  offTable: boolean;
  controller: boolean;
  /** Combat loads on the card, and how many are marked. */
  loads?: number;
  loadsUsed?: number;
}

/** A hardpoint marker. */
export interface Hardpoint {
  id: string;
  x: number;
  z: number;
}

/** A smoke token (light smoke is removed at the next Operations without a roll). */
export interface Smoke {
  id: string;
  x: number;
  z: number;
  light: boolean;
  owner: Player;
  /** Chaff (the Chaff battle drill): removed only on a 10 in Operations. */
  chaff?: boolean;
  /** Targeting Smoke: the unit that laid it sees through it during that activation. */
  seenThroughBy?: string;
}

/** The activation in progress. */
export interface Activation {
  unit: string;
  player: Player;
  stage: 'reposition' | 'actions' | 'after';
  /** Inches each model moved in Reposition (lean-outs alone count 0). */
  moved: Record<string, number>;
  /** Models that have repositioned (moved or leaned). */
  repositioned: string[];
  /** Models that have taken their action. */
  acted: string[];
  /** A model owed a Cyclic follow-up (shoot again with that weapon, or Ready). */
  cyclic: { model: string; weapon: number } | null;
  /** Auto (X) shots owed after a Shoot action and its overwatch (absent in states saved before Auto was played). */
  auto?: AutoFire | null;
  /** How this activation began (a chained one cannot chain again). */
  via: 'turn' | 'chained' | 'controller' | 'handler' | 'rewind';
  /** BURN cards in effect for this activation (Amped, Phase Out, Blade Runner). */
  effects?: BurnCard[];
  /** Models Phase Out may still place (null once Reposition has begun). */
  phaseOut?: string[] | null;
  /** Armoury items used in this activation. */
  armoury?: { model: string; item: string }[];
  /** The battle drill in effect (1 CP, played before the activation). */
  drill?: DrillId;
  /** Arsenal's free armoury item has been used. */
  freeArmoury?: boolean;
  /** Who has shot at whom in this activation (Cross Fire). */
  shotAt?: Record<string, string[]>;
  /** Switchback: the unit's models may each move up to 2" before the activation (listed until Reposition begins). */
  preMoves?: string[] | null;
  /** Peel Back / Close Assault: models that may still make their 2" move as the activation ends (null once it has ended). */
  endMoves?: string[] | null;
  /** Units under Personal Shielding for the rest of this activation (2 more armour dice). */
  shielded?: string[];
  /** A model that sprinted to lean out: its lean-out marker completes the Sprint (null or absent otherwise). */
  leaning?: string | null;
}

/** Auto (X): extra shots with the weapon at different models within 4" of the first target. */
export interface AutoFire {
  model: string;
  weapon: number;
  /** The first target and where it stood when it was shot at. */
  first: string;
  firstAt: [number, number, number];
  firstRadius: number;
  /** Extra shots left. */
  left: number;
  /** Models shot at so far in this sequence. */
  targeted: string[];
  /** False until the first shot and its overwatch have resolved. */
  ready: boolean;
}

/** A shot declared and waiting for reactions. */
export interface PendingShot {
  kind: 'shot';
  shooter: string;
  weapon: number;
  target: string;
  /** A reaction shot (Overwatch) or a Shoot action. */
  reaction: boolean;
  returnFire: { model: string; weapon: number } | null;
  juke: boolean;
  /** At a Duster: the track aimed at (absent: the chassis). */
  track?: 'mobility' | 'chassis';
}

/** An HE marker placed: the other player may Return Fire before the blast resolves (no target: no Juke). */
export interface PendingBlast {
  kind: 'blast';
  shooter: string;
  weapon: number;
  at: [number, number, number];
  /** The shooter moved in this activation's Reposition (Heavy, Deployed). */
  moved: boolean;
  returnFire: { model: string; weapon: number } | null;
}

/** Overwatch declarations against a model that just moved or acted. */
export interface PendingOverwatch {
  kind: 'overwatch';
  target: string;
  declared: { model: string; weapon: number }[];
  /** What to do once resolved: the activation goes on. */
  then: 'continue';
}

/** A juke move owed to a model that survived. */
export interface PendingJuke {
  kind: 'juke-move';
  model: string;
  /** The action it answered (overwatch follows it). */
  shooter: string;
}

/** A data attack waiting for Counter EWAR. */
export interface PendingData {
  kind: 'data';
  attacker: string;
  target: string;
  mode: 'spike' | 'knife';
}

/** An enemy unit has just activated: its opponent may play Perimeter Defense on it. */
export interface PendingPerimeter {
  kind: 'perimeter';
  unit: string;
}

/** Anything waiting on the other player. */
export type Pending = PendingShot | PendingBlast | PendingOverwatch | PendingJuke | PendingData | PendingPerimeter;

/** The shared BURN deck, in the text's order. */
export const BURN_CARDS = [
  'amped',
  'phase-out',
  'blade-runner',
  'extras',
  'rewind',
  'juiced',
  'personal-shielding',
  'perimeter-defense',
] as const;
/** A BURN card. */
export type BurnCard = (typeof BURN_CARDS)[number];

/** A card of another player's hand, as a player's page is sent it (`conceal` in play.ts): its back. */
export const HIDDEN_CARD = 'hidden';
/** A card in a hand: a BURN card, or (in a concealed state) the back of one. */
export type HandCard = BurnCard | typeof HIDDEN_CARD;

/** BURN cards: each player's hand, and what was played before a unit activates (BURN cards, a battle drill): it must activate next. */
export interface BurnState {
  hands: Record<Player, HandCard[]>;
  primed: { unit: string; cards: BurnCard[]; drill?: DrillId } | null;
  /** The cards played so far (kept where hands are secret: `secretHands`). */
  played?: BurnCard[];
}

/** The whole game. */
export interface BlkoutState {
  ruleset: 'blkout';
  table: { width: number; depth: number };
  phase: 'hardpoints' | 'edge' | 'deploy' | 'execution' | 'over';
  round: number;
  /** Who decides now outside windows. */
  turn: Player;
  initiative: Player;
  firstDeployer: Player | null;
  edges: Partial<Record<Player, Edge>>;
  hardpoints: Hardpoint[];
  cp: Record<Player, number>;
  /** Once-per-round CP uses taken. */
  used: Record<Player, { chained: boolean; handler: boolean }>;
  units: Record<string, UnitState>;
  unitOrder: string[];
  models: Record<string, ModelState>;
  smoke: Smoke[];
  activation: Activation | null;
  pending: Pending | null;
  /** The reaction window's player and options (built where the Queries are at hand). */
  window: { player: Player; timing: 'before' | 'after' | 'simultaneous'; options: BlkoutOption[] } | null;
  score: Record<Player, number>;
  /** Points per source, for the score panel. */
  scoreLog: { round: number; player: Player; points: number; why: string }[];
  /** Counter for token ids. */
  serial: number;
  burn: BurnState;
  /** The special rule chosen for the game, or null. */
  special: SpecialRule | null;
  /** The armoury of each faction in the game (items are taken by grunts for one activation). */
  armouries?: Record<string, ArmouryItem[]>;
  /** The Dusters' armoury (when a group fields a Duster). */
  dusterArmoury?: ArmouryItem[];
  /** The battle drills of each faction in the game. */
  drills?: Record<string, BattleDrill[]>;
  /** An action paused at a damage moment, waiting for the owner's BURN card or pass. */
  paused?: PausedAction;
  /** While an action replays: the answers given at its damage moments, and how many it has met. */
  damageAnswers?: (BurnCard | null)[];
  damageSeen?: number;
  /**
   * Hands stay secret from the flow of play (an online match): a moment a card answers asks its player
   * whenever public facts leave the card possible in that hand, held or not (burn.ts `mayHold`).
   */
  secretHands?: true;
  /** The round in which each player last used a once-a-round force rule (Task Force Boone's data attack). */
  forceUsed?: Partial<Record<Player, number>>;
}

/** A group as chosen in the group builder: a handler, a faction and its three units (card ids). */
export interface GroupChoice {
  name?: string;
  faction: string;
  handler: string;
  units: string[];
}

/** Set-up options: the data (cards), both groups, and the special rule (none by default). */
export interface BlkoutOptions {
  data: BlkoutData;
  groups: Record<Player, GroupChoice>;
  special?: SpecialRule | null;
  /** 'always': a card's moment asks whenever the card could be held (hands secret from the flow); default: only when held. */
  burnWindows?: 'always' | '';
}

/** Base radius in inches. */
export const radiusOf = (m: Pick<ModelState, 'baseMm'>): number => radiusInches(m.baseMm);
/** Smoke token area radius (3" around a 25 mm token). */
export const SMOKE_RADIUS = 3;

/** The table as Queries should see it: models on the table and smoke. */
export function layoutOf(s: BlkoutState): Layout {
  const models: Layout['models'] = {};
  for (const m of Object.values(s.models)) {
    if (m.destroyed || !m.pos) continue;
    models[m.id] = {
      side: m.player,
      position: m.pos,
      baseMm: m.baseMm,
      height: m.height,
      kind: m.kind,
      leanOut: m.leanOut,
    };
  }
  return { models, smoke: s.smoke.map((t) => ({ id: t.id, position: [t.x, 0, t.z], radius: SMOKE_RADIUS })) };
}

/** Whether a weapon is a One Use weapon already fired. */
export const isSpent = (m: Pick<ModelState, 'spent'>, weapon: number): boolean => (m.spent ?? []).includes(weapon);

/** Marks a One Use weapon fired (other weapons are left alone). */
export function spend(s: BlkoutState, id: string, weapon: number): BlkoutState {
  const m = pieceOf(s.models, id);
  if (!hasRule(m.weapons[weapon]?.rules ?? [], 'One Use') || isSpent(m, weapon)) return s;
  return { ...s, models: { ...s.models, [id]: { ...m, spent: [...(m.spent ?? []), weapon] } } };
}

/** Whether a model is a Duster (it has a mobility track). */
export const isDuster = (m: Pick<ModelState, 'mobility'>): boolean => m.mobility !== undefined;

/** Direction from one point to another on the table, degrees from +x towards +z (0-360). */
export function bearing(from: readonly number[], to: readonly number[]): number {
  const d = (Math.atan2(to[2]! - from[2]!, to[0]! - from[0]!) * 180) / Math.PI;
  return (d + 360) % 360;
}

/** Whether `from` is in a Duster's rear arc (more than 90 degrees off its facing). */
export function inRearArc(duster: ModelState, from: readonly number[]): boolean {
  if (!isDuster(duster) || !duster.pos || duster.facing === undefined) return false;
  const off = Math.abs(((bearing(duster.pos, from) - duster.facing + 540) % 360) - 180);
  return off > 90;
}

/** Models of a unit still in the game. */
export const aliveModels = (s: BlkoutState, unit: string): ModelState[] =>
  pieceOf(s.units, unit, 'unit')
    .models.map((id) => pieceOf(s.models, id))
    .filter((m) => !m.destroyed);
/** Models on the table. */
export const onTable = (m: ModelState): boolean => !m.destroyed && m.pos !== null;
