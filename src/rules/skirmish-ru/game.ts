/**
 * The skirmish-ru battle state (plain JSON) and set-up: two gangs of the gangs file (data.ts), A
 * along the south edge and B along the north edge of a 48" x 48" table (or the scene's table), each
 * deployed in a 6" strip by a deterministic spread (README "Readings: the battle"). Each fighter
 * carries its statline, its wound track, where it stands and faces, its status flags and its
 * weapons' jams and ammunition. Also: the layout the geometry sees, and what an action's steps share.
 */
import { figureLayout, SIDES, type ApplyContext, type Side } from '../engine/kit';
import type { Layout } from '../engine/queries';
import type { RuleError } from '../engine/types';
import { radiusInches } from '../engine/units';
import type { ActionOf, SkAction, SkActionType } from './actions';
import { STATS, weaponById, type GangsData, type Statline, type Weapon } from './data';
import type { WeaponState } from './reliability';
import type { MoveKind } from './shooting';
import { freshWounds, type WoundState } from './wounds';

/** Gang A (south edge) and gang B (north edge). */
export const PLAYERS = SIDES;
/** A side. */
export type Player = Side;

/** The default table, inches (the text names none: a 48" x 48" table, README reading). */
export const TABLE = { width: 48, depth: 48 } as const;
/** Deployment: each gang sets up within this many inches of its own edge. */
export const DEPLOY_DEPTH = 6;
/** The spread puts base centres this far in from the own edge (inside the strip). */
export const DEPLOY_LINE = 3;
/** Every fighter stands on a 25 mm base and is this tall (inches): normal size, not large (shooting.ts). */
export const BASE_MM = 25;
export const FIGURE_HEIGHT = 1.1;
/** Bases this close (edge to edge, inches) are in base contact. */
export const CONTACT = 0.1;
/** The battle ends after this many rounds (the text names no length: README reading). */
export const MAX_ROUNDS = 8;

/** One fighter in the battle. */
export interface SkFighter {
  id: string;
  side: Player;
  name: string;
  /** The fighter's id in its gang. */
  type: string;
  stats: Statline;
  /** Weapon ids it carries. */
  weapons: string[];
  /** Jams and rounds left, by weapon id (melee weapons count no ammunition). */
  arms: Record<string, WeaponState>;
  /** Wounds left, damage beyond them, and active / seriously wounded (down) / dead. */
  wounds: WoundState;
  /** Base underside centre, inches. */
  pos: [number, number, number];
  /** Degrees from +x towards +z (the engine's convention): the middle of its 180-degree front. */
  facing: number;
  /** Lying down after a fall (jumps.ts): standing up costs half its Movement off its next move. */
  prone: boolean;
  /** Failed a morale test after a hit (pinning.ts): its next activation only falls back. */
  pinned: boolean;
  /** Hidden: it hid at the battle's start (hiding.ts) and has not been noticed since (sighting.ts); no target. */
  hidden: boolean;
  /** Fatigue levels lost to failed sprint tests (the text gives them no effect). */
  fatigue: number;
  /** It reserved its action ("зарезервировать действие"); the interrupt is not built yet. */
  reserved: boolean;
  /** How it moved in its latest activation (a sprinter is -1 to hit until it activates again). */
  lastMove: MoveKind;
  /** It has activated this round. */
  activated: boolean;
  /** Its own miniature from the gangs file (the fighter's `mesh`); drawn only. */
  mesh?: string;
}

/** The activation in progress: its fighter, how it moved, and whether it may still attack. */
export interface SkActivation {
  fighter: string;
  moved: MoveKind;
  /** It left a close combat: no attack action this activation. */
  left: boolean;
  /** It began pinned: it only falls back, and the pin ends with the activation. */
  pinned: boolean;
  /** After a passed jump (jumps.ts): the inches of its move left for one more move of the same mode. */
  rest?: number;
}

/** A reserved action's window for the other gang's reserved fighters: the enemy they may shoot and the shots on offer. */
export interface SkAmbush {
  mover: string;
  /** The side that may shoot. */
  side: Player;
  options: ActionOf<'shoot'>[];
  /**
   * The enemy's action the window interrupts before it happens (ambush.ts `ambushBefore`): held while the
   * window is open, carried out when it closes if the enemy may still act. Absent for a window after a move.
   */
  pending?: ActionOf<'move'> | ActionOf<'jump'> | ActionOf<'shoot'> | ActionOf<'strike'>;
}

/** Where the latest template landed and why (plain JSON; blast.ts). `centre` is null when it was lost. */
export interface SkBlast {
  shooter: string;
  weapon: string;
  /** The declared target's spot (base underside centre, inches): where a hit centres and a miss scatters from. */
  aim: [number, number, number];
  centre: [number, number, number] | null;
  /** Inches from the template's centre to its edge. */
  radius: number;
  outcome: 'hit' | 'scatter' | 'lost' | 'detonation';
  /** How far (inches) and which way (degrees from +x towards +z) it moved: from the aim, or from the shooter on a detonation. */
  scatter: { distance: number; direction: number } | null;
  /** The fighters it covers (all of them hit). */
  covered: string[];
}

/** The whole battle. */
export interface SkState {
  ruleset: 'skirmish-ru';
  table: { width: number; depth: number };
  phase: 'battle' | 'over';
  /** The round, from 1. */
  round: number;
  maxRounds: number;
  /** Alternating activations (one fighter each in turn) or whole-side turns (a gang activates all its fighters). */
  turnOrder: TurnOrder;
  /** The side that began this round (the other begins the next). */
  first: Player;
  /** Whose activation is next (or open). */
  turn: Player;
  activation: SkActivation | null;
  gangs: Record<Player, { id: string; name: string }>;
  weapons: Record<string, Weapon>;
  fighters: Record<string, SkFighter>;
  /** A reserved action's window: an enemy has just moved and reserved fighters may shoot it (ambush.ts). */
  ambush?: SkAmbush | null;
  /**
   * Who saw whom at the battle's start (hiding.ts): for each fighter standing then, the ids of the enemies
   * that saw it. Recorded when the battle's first action is applied; absent before.
   */
  startSight?: Record<string, string[]>;
  /** The latest template (flamer or grenade) for the app to draw (blast.ts); cleared when the next activation begins. */
  blast?: SkBlast | null;
  /** Why it ended, once over. */
  result: { reason: string } | null;
}

/** "Choose and state a turn order": alternating activations (the default) or whole-side turns. */
export type TurnOrder = 'alternating' | 'sides';

/** Set-up options: the gangs file and the two gangs (by id); the number of rounds; the turn order. */
export interface SkOptions {
  data: GangsData;
  gangs: [string, string];
  maxRounds?: number;
  turnOrder?: TurnOrder;
}

/** The sample gangs the tests play by default. */
export const SAMPLE: [string, string] = ['rzhavye-volki', 'deti-kotelnoy'];

/** Base centres spread evenly across the table, `n` of them, on the line `z` (rounded to 0.01"). */
export function spread(n: number, width: number, z: number): [number, number, number][] {
  return Array.from({ length: n }, (_, i) => [Math.round(((width * (i + 1)) / (n + 1)) * 100) / 100, 0, z]);
}

/** The arms of a fighter: nothing jammed, each weapon's full ammunition. */
const armsOf = (weapons: Weapon[]): Record<string, WeaponState> =>
  Object.fromEntries(weapons.map((w) => [w.id, { jammed: false, ammo: w.ammo ?? null }]));

/** The starting state: both gangs deployed facing the enemy edge, round 1, A to activate first. Throws on an unknown gang. */
export function setupState(table: { width: number; depth: number }, o: SkOptions): SkState {
  const gangs = o.gangs.map((g) => {
    const found = o.data.gangs.find((x) => x.id === g);
    if (!found) throw new Error(`no gang "${g}" (have: ${o.data.gangs.map((x) => x.id).join(', ')})`);
    return found;
  });
  const fighters: Record<string, SkFighter> = {};
  gangs.forEach((g, i) => {
    const side = PLAYERS[i]!;
    // A along the south edge (z = depth) facing north (-z, 270°); B along the north edge facing south (90°).
    const z = side === 'A' ? table.depth - DEPLOY_LINE : DEPLOY_LINE;
    const spots = spread(g.fighters.length, table.width, z);
    g.fighters.forEach((f, j) => {
      const id = `${side}.${f.id}`;
      const weapons = f.weapons.map((w) => weaponById(o.data, w));
      fighters[id] = {
        id,
        side,
        name: f.name,
        type: f.id,
        stats: Object.fromEntries(STATS.map((k) => [k, f[k]])) as Statline,
        weapons: [...f.weapons],
        arms: armsOf(weapons),
        wounds: freshWounds(f.wounds),
        pos: spots[j]!,
        facing: side === 'A' ? 270 : 90,
        prone: false,
        pinned: false,
        hidden: false,
        fatigue: 0,
        reserved: false,
        lastMove: 'none',
        activated: false,
        ...(f.mesh === undefined ? {} : { mesh: f.mesh }),
      };
    });
  });
  const weaponIds = new Set(Object.values(fighters).flatMap((f) => f.weapons));
  return {
    ruleset: 'skirmish-ru',
    table: { ...table },
    phase: 'battle',
    round: 1,
    maxRounds: o.maxRounds ?? MAX_ROUNDS,
    turnOrder: o.turnOrder ?? 'alternating',
    first: 'A',
    turn: 'A',
    activation: null,
    gangs: { A: { id: gangs[0]!.id, name: gangs[0]!.name }, B: { id: gangs[1]!.id, name: gangs[1]!.name } },
    weapons: Object.fromEntries([...weaponIds].sort().map((w) => [w, weaponById(o.data, w)])),
    fighters,
    result: null,
  };
}

/** Standing: neither seriously wounded (down) nor dead. */
export const isStanding = (f: SkFighter): boolean => f.wounds.condition === 'active';
/** On the table: not dead (a seriously wounded fighter lies where it fell). */
export const onTable = (f: SkFighter): boolean => f.wounds.condition !== 'dead';
/** Taken out: down or dead (the score). */
export const takenOut = (f: SkFighter): boolean => !isStanding(f);

/** A side's standing fighters, in id order. */
export const standing = (s: SkState, side: Player): SkFighter[] =>
  Object.values(s.fighters)
    .filter((f) => f.side === side && isStanding(f))
    .sort((a, b) => a.id.localeCompare(b.id));

/** A side's fighters that may still activate this round, in id order. */
export const waiting = (s: SkState, side: Player): SkFighter[] => standing(s, side).filter((f) => !f.activated);

/** The base radius, inches. */
export const BASE_RADIUS = radiusInches(BASE_MM);

/** Whether two spots are in base contact: bases within CONTACT of touching, less than a figure's height apart. */
export function inContact(a: readonly number[], b: readonly number[]): boolean {
  const gap = Math.hypot(a[0]! - b[0]!, a[2]! - b[2]!) - 2 * BASE_RADIUS;
  return gap <= CONTACT && Math.abs(a[1]! - b[1]!) < FIGURE_HEIGHT;
}

/** Standing enemies a fighter at `pos` touches, nearest first (ties by id). */
export function contacts(s: SkState, f: SkFighter, pos: readonly number[] = f.pos): SkFighter[] {
  const d = (e: SkFighter) => Math.hypot(e.pos[0] - pos[0]!, e.pos[2] - pos[2]!);
  return Object.values(s.fighters)
    .filter((e) => e.side !== f.side && isStanding(e) && inContact(pos, e.pos))
    .sort((a, b) => d(a) - d(b) || a.id.localeCompare(b.id));
}

/** The table as the geometry sees it: every fighter not dead (the seriously wounded lie where they fell). */
export const layoutOf = (s: SkState): Layout =>
  figureLayout(Object.values(s.fighters), onTable, BASE_MM, FIGURE_HEIGHT);

/** A new state with one fighter replaced. */
export const setFighter = (s: SkState, f: SkFighter): SkState => ({ ...s, fighters: { ...s.fighters, [f.id]: f } });

/** What one action's steps share. */
export type SkContext = ApplyContext<SkState, SkAction>;
/** A step's result: the next state, or a refusal. */
export type Applied = SkState | RuleError;
/** One action type's handler. */
export type Handler<K extends SkActionType> = (ctx: SkContext, s: SkState, action: ActionOf<K>) => Applied;
