/**
 * Five Parsecs battle state (plain JSON) and set-up: the player's crew (side A) against one enemy
 * type (side B) on a 36" x 36" table, deployed by a deterministic spread (README "Readings"), playing
 * one mission (`missions.ts`: Fight Off, Acquire, Move Through) with its objective state.
 * What the steps of one action share: the apply context, a step's result, a handler's shape.
 */
import { shareOut, type CrewPlayers } from './coop';
import { figureLayout, SIDES, type ApplyContext, type Side } from '../engine/kit';
import type { Layout } from '../engine/queries';
import type { RuleError } from '../engine/types';
import type { ActionOf, FpAction, FpActionType } from './actions';
import { isFearless, weaponById, type AiType, type FiveParsecsData, type Weapon } from './data';
import type { CrewPhase } from './initiative';
import { newMission, type FpMission, type MissionId } from './missions';

/** The crew (A, the player) and the enemy (B, run by the enemy AI). */
export const PLAYERS = SIDES;
/** A side. */
export type Player = Side;

/** The battle table, inches ("a 36" x 36" table"). */
export const TABLE = { width: 36, depth: 36 } as const;
/** Deployment: each side sets up within this many inches of its own edge. */
export const DEPLOY_DEPTH = 6;
/** Where the default spread puts base centres: this far in from the own edge (inside the 6" strip). */
export const DEPLOY_LINE = 3;
/** Every figure stands on a 25 mm base and is this tall (inches), for the table's sight lines. */
export const BASE_MM = 25;
export const FIGURE_HEIGHT = 1.1;

/**
 * How a figure left the battle: slain (eliminated), knocked out (three Stun markers), Bailed (morale),
 * or left the table by an edge (a crew figure's `leave`: not a casualty).
 */
export type Out = 'slain' | 'knocked-out' | 'bailed' | 'left';

/** Whether a figure was taken out by the enemy (slain, knocked out or Bailed), not walked off the table. */
export const takenOut = (f: { out: Out | null }): boolean => f.out !== null && f.out !== 'left';

/** One figure in the battle (crew or enemy). */
export interface FpFigure {
  id: string;
  side: Player;
  name: string;
  /** The crew figure's id, or the enemy type's id. */
  type: string;
  /** Crew only: a Reaction Roll die at or under it acts Quick. */
  reactions: number | null;
  speed: number;
  combatSkill: number;
  toughness: number;
  /** Crew: Savvy (the highest adds to Seize the Initiative); enemies 0. */
  savvy: number;
  save: number | null;
  weapons: string[];
  feral: boolean;
  fearless: boolean;
  /** Base underside centre. */
  pos: [number, number, number];
  stun: number;
  /** Crew: the phase the Reaction Roll gave it this round (null before the roll). */
  phase: CrewPhase | null;
  /** Its activation this round (or its Seize the Initiative chance) is over. */
  acted: boolean;
  /** It moved this round (Heavy weapons fire at -1). */
  moved: boolean;
  /** Single-use weapons it has fired. */
  spent: string[];
  out: Out | null;
  /** A survivor's 1" push-back found no spot where it can stand, so it stayed put (told in the log). */
  pushBlocked?: boolean;
  /** Snap Fire: a Quick figure that held (did not act in the Quick Actions phase) this round. */
  held?: boolean;
  /** Snap Fire: it fired at a moving enemy this round (its action for the round: it does not move). */
  snapFired?: boolean;
  /** Stunned by Snap Fire while moving: it may not fire this round. */
  noFire?: boolean;
  /** Whom it last fired at this round (a Guardian copies its ward's target). */
  lastTarget?: string | null;
  /** Free Actions taken this round (two cost the Combat Action). */
  freeActions?: number;
  /** Its own miniature from the forces file (the crew figure's or the enemy type's `mesh`); drawn only. */
  mesh?: string;
}

/** The activation in progress: one figure, after its Move and before its Combat Action. */
export interface FpActivation {
  figure: string;
  /** Its Stun markers when the activation began (one comes off at the end if it had any). */
  stunAtStart: number;
}

/** The phases: before the battle, then each round's Reaction Roll, Quick, Enemy and Slow Actions. */
export type FpPhase = 'seize' | 'seized' | 'reaction' | 'quick' | 'enemy' | 'slow' | 'over';

export type { FpMission } from './missions';

/** Snap Fire pending: an enemy has moved and held crew figures may fire at it (a reaction window for A). */
export interface FpSnap {
  /** The enemy that moved (it stands at the end of its move). */
  mover: string;
  /** What its activation does once the window closes: go on to its Combat Action, end, or Brawl (it entered contact). */
  then: 'continue' | 'finish' | 'brawl';
  /** Its Stun markers when its activation began. */
  stunAtStart: number;
  /** The Snap Fire shots on offer (each held figure's legal shots at the mover). */
  options: ActionOf<'snap-fire'>[];
}

/** The whole battle. */
export interface FpState {
  ruleset: 'fiveparsecs';
  table: { width: number; depth: number };
  phase: FpPhase;
  /** 0 before the battle, then the round number. */
  round: number;
  mission: FpMission;
  crew: { id: string; name: string };
  enemy: { type: string; name: string; panic: number; ai: AiType; seize: number };
  /** The weapons the figures carry (from the forces file). */
  weapons: Record<string, Weapon>;
  figures: Record<string, FpFigure>;
  /** The Seize the Initiative roll, once made (null: not rolled or skipped). */
  seize: { rolls: [number, number]; total: number; seized: boolean } | null;
  /** The Reaction Roll's dice this round and which figure holds which (figure -> die index). */
  reaction: { dice: number[]; assigned: Record<string, number> } | null;
  activation: FpActivation | null;
  /** Enemy casualties this round (slain or knocked out), for morale. */
  casualties: number;
  /** How it ended, once over: Held the Field, and why. */
  result: { heldField: boolean; reason: string } | null;
  /** Hiring: "opponents from the Hired Muscle encounter tables" (-1 to Seize). */
  hiredMuscle: boolean;
  /** Hotseat co-op: each crew figure's player (1 or 2); absent or null with one player (`coop.ts`). */
  owners?: Record<string, 1 | 2> | null;
  /** Snap Fire's open window, if any (absent in states saved before Snap Fire was built). */
  snap?: FpSnap | null;
}

/** Set-up options: the forces file, the crew, the enemy type, and how many enemies (default: crew size + Numbers, at least 1). */
export interface FpOptions {
  data: FiveParsecsData;
  crew: string;
  enemy: string;
  count?: number;
  hiredMuscle?: boolean;
  /** The mission (default Fight Off). */
  mission?: MissionId;
  /** Who plays the crew: one person (default) or two sharing it (hotseat co-op). */
  crewPlayers?: CrewPlayers;
}

/** The sample crew and enemy the tests and CLI play by default. */
export const SAMPLE = { crew: 'dusty-comet', enemy: 'gangers' } as const;

/** Base centres spread evenly across the table, `n` of them, on the line `z`. */
function spread(n: number, width: number, z: number): [number, number, number][] {
  return Array.from({ length: n }, (_, i) => [Math.round(((width * (i + 1)) / (n + 1)) * 100) / 100, 0, z]);
}

/** The starting state: both sides deployed, Seize the Initiative next. Throws on an unknown crew or enemy type. */
export function setupState(table: { width: number; depth: number }, o: FpOptions): FpState {
  const crew = o.data.crews.find((c) => c.id === o.crew);
  if (!crew) throw new Error(`no crew "${o.crew}" (have: ${o.data.crews.map((c) => c.id).join(', ')})`);
  const enemy = o.data.enemies.find((e) => e.id === o.enemy);
  if (!enemy) throw new Error(`no enemy type "${o.enemy}" (have: ${o.data.enemies.map((e) => e.id).join(', ')})`);
  const count = o.count ?? Math.max(1, crew.figures.length + enemy.numbers);
  const base = { stun: 0, phase: null, acted: false, moved: false, spent: [], out: null } as const;
  const figures: Record<string, FpFigure> = {};
  // Crew along the south edge (z = depth), enemies along the north edge (z = 0), 3" in.
  const crewSpots = spread(crew.figures.length, table.width, table.depth - DEPLOY_LINE);
  crew.figures.forEach((f, i) => {
    figures[`A.${f.id}`] = {
      ...base,
      id: `A.${f.id}`,
      side: 'A',
      name: f.name,
      type: f.id,
      reactions: f.reactions,
      speed: f.speed,
      combatSkill: f.combatSkill,
      toughness: f.toughness,
      savvy: f.savvy,
      save: f.save ?? null,
      weapons: [...f.weapons],
      feral: f.feral ?? false,
      fearless: false,
      pos: crewSpots[i]!,
      spent: [],
      ...(f.mesh === undefined ? {} : { mesh: f.mesh }),
    };
  });
  spread(count, table.width, DEPLOY_LINE).forEach((pos, i) => {
    const id = `B.${enemy.id}-${i + 1}`;
    figures[id] = {
      ...base,
      id,
      side: 'B',
      name: `${enemy.name} ${i + 1}`,
      type: enemy.id,
      reactions: null,
      speed: enemy.speed,
      combatSkill: enemy.combatSkill,
      toughness: enemy.toughness,
      savvy: 0,
      save: enemy.save ?? null,
      weapons: [...enemy.weapons],
      feral: false,
      fearless: isFearless(enemy),
      pos,
      spent: [],
      ...(enemy.mesh === undefined ? {} : { mesh: enemy.mesh }),
    };
  });
  const weaponIds = new Set(Object.values(figures).flatMap((f) => f.weapons));
  return {
    ruleset: 'fiveparsecs',
    table: { ...table },
    phase: 'seize',
    round: 0,
    mission: newMission(o.mission ?? 'fight-off', table),
    // Only in co-op: a one-player state is as it was before co-op was built.
    ...(o.crewPlayers === 'two'
      ? {
          owners: shareOut(
            crew.figures.map((f) => `A.${f.id}`),
            'two',
          ),
        }
      : {}),
    crew: { id: crew.id, name: crew.name },
    enemy: { type: enemy.id, name: enemy.name, panic: enemy.panic, ai: enemy.ai, seize: enemy.seize ?? 0 },
    weapons: Object.fromEntries([...weaponIds].sort().map((w) => [w, weaponById(o.data, w)])),
    figures,
    seize: null,
    reaction: null,
    activation: null,
    casualties: 0,
    result: null,
    hiredMuscle: o.hiredMuscle ?? false,
  };
}

/** Whether a figure is still in the battle. */
export const onTable = (f: FpFigure): boolean => f.out === null;

/** A side's figures still on the table, in id order. */
export const standing = (s: FpState, side: Player): FpFigure[] =>
  Object.values(s.figures)
    .filter((f) => f.side === side && onTable(f))
    .sort((a, b) => a.id.localeCompare(b.id));

/** The table as the geometry sees it: every figure on the table. */
export const layoutOf = (s: FpState): Layout => figureLayout(Object.values(s.figures), onTable, BASE_MM, FIGURE_HEIGHT);

/** A figure at a new round: not acted or moved, no phase, this round's Snap Fire, target and Free Action marks gone (absent, not false). */
export function atRoundStart(f: FpFigure): FpFigure {
  const { held: _h, snapFired: _s, noFire: _n, lastTarget: _t, freeActions: _f, ...rest } = f;
  return { ...rest, acted: false, moved: false, phase: null };
}

/** A new state with one figure replaced. */
export const setFigure = (s: FpState, f: FpFigure): FpState => ({ ...s, figures: { ...s.figures, [f.id]: f } });

/** What one action's steps share. */
export type FpContext = ApplyContext<FpState, FpAction>;
/** A step's result: the next state, or a refusal. */
export type Applied = FpState | RuleError;
/** One action type's handler. */
export type Handler<K extends FpActionType> = (ctx: FpContext, s: FpState, action: ActionOf<K>) => Applied;
