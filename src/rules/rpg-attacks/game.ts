/**
 * The rpg-attacks battle state (plain JSON) and set-up: the attack chapter played as a skirmish of two
 * squads (data.ts). Readings of the battle (also in the ruleset README's "Readings: the battle"):
 * - Scale: 1 metre = 1 inch, so every metre of the chapter and of the data is a table inch.
 * - Table: 36" x 36" by default (or the scenario's). Squad A deploys along the south edge (z = depth),
 *   squad B along the north edge (z = 0), base centres 3" in, spread evenly across.
 * - Every character is a person: a 25 mm base and a body 1.8" tall (1.8 m); a prone character's body is
 *   0.2" (the base alone, as the geometry contract has it).
 * - A character that is down stays on the table as a body (0.2" tall: lying), out of play: it takes no
 *   turn, is no target, is caught by no blast and is in no line of fire.
 * - The cover and concealment of an attack come from the table's sight facts (`coverOf`, `obstructions`).
 * Also: the layout the geometry sees, and what an action's steps share.
 */
import { figureLayout, SIDES, type ApplyContext, type Side, pieceOf } from '../engine/kit';
import { msg } from '../engine/message';
import type { Layout, Queries, SightFacts } from '../engine/queries';
import type { RuleError } from '../engine/types';
import { radiusInches } from '../engine/units';
import type { ActionOf, RpgAction, RpgActionType } from './actions';
import type { Obstruction } from './attack';
import { coverWeight, type Cover, type Vec3 } from './area';
import { HEALTHY, isDown, type Condition } from './consequences';
import type { Conditions } from './grapple';
import type { SuppressionZone } from './suppression';
import { weaponById, type Character, type SquadsData, type Weapon } from './data';
import type { PendingParry } from './parry';

/** Squad A (south edge) and squad B (north edge). */
export const PLAYERS = SIDES;
/** A side. */
export type Player = Side;

/** The default table, inches (reading: 36" x 36"). */
export const TABLE = { width: 36, depth: 36 } as const;
/** Base centres stand this far in from the own edge. */
export const DEPLOY_LINE = 3;
/**
 * The set-up's deployments (reading: the text sets none): `lines`, DEPLOY_LINE in from each edge (30" apart on
 * the 36" table); `close`, a close-quarters fight 15" in (6" apart: every Speed reaches the enemy in the first
 * round, so blades, fists and grapples decide as much as guns). The outpost's pieces stand clear of both lines.
 */
export const DEPLOYMENTS = { lines: DEPLOY_LINE, close: 15 } as const;
/** A deployment's name. */
export type Deployment = keyof typeof DEPLOYMENTS;
/** People: 25 mm bases, 1.8" bodies (1.8 m at 1 m = 1"). */
export const BASE_MM = 25;
export const HEIGHT = 1.8;
/** A prone or downed body: the base alone. */
export const LYING_HEIGHT = 0.2;
/** The base radius, inches. */
export const BASE_RADIUS = radiusInches(BASE_MM);
/** Reading: enemies within 1" edge to edge (a melee weapon's reach) are engaged in melee. */
export const ENGAGED_WITHIN = 1;
/** The battle ends after this many rounds (reading; option `maxRounds`). */
export const MAX_ROUNDS = 6;

/** One character in the battle. */
export interface RpgChar {
  id: string;
  side: Player;
  name: string;
  /** The character's scores (data.ts); `weapons` is what it still holds (a Disarm drops one). */
  stats: Omit<Character, 'id' | 'name' | 'weapons' | 'mesh' | 'offhand'>;
  weapons: string[];
  /** The weapon it holds in its offhand when dual wielding (attacks with it take ⊖); absent otherwise. */
  offhand?: string;
  /** Rounds (or grenades) left by weapon id; weapons that never run out are absent. */
  ammo: Record<string, number>;
  /** Base underside centre, inches. */
  pos: Vec3;
  condition: Condition;
  /** Action points left this round (refilled to `stats.ap` when a round begins). */
  ap: number;
  /** Its own miniature from the squads file (the character's `mesh`); drawn only. */
  mesh?: string;
}

/** The turn in progress: its character and whether it has used its move. */
export interface RpgTurn {
  model: string;
  moved: boolean;
}

/** A grenade that has landed and waits on the Dodge window (reactions.ts). */
export interface PendingBlast {
  thrower: string;
  weapon: string;
  aim: Vec3;
  landing: Vec3;
  /** The throw's total (each target's damage compares it with its Defense). */
  total: number;
  /** Everyone caught (standing, in either area), in id order. */
  caught: string[];
  /** Those still to be asked, head first (each has an AP and may react). */
  queue: string[];
  /** Those who chose to Dodge. */
  dodging: string[];
}

/** The whole battle. */
export interface RpgState {
  ruleset: 'rpg-attacks';
  table: { width: number; depth: number };
  /** 'start': round 1's initiative is still to be rolled (`begin`). */
  phase: 'start' | 'battle' | 'over';
  round: number;
  maxRounds: number;
  /** This round's initiative order, highest first, and each total. */
  order: string[];
  initiative: Record<string, number>;
  turn: RpgTurn | null;
  squads: Record<Player, { id: string; name: string }>;
  weapons: Record<string, Weapon>;
  chars: Record<string, RpgChar>;
  /** Suppressive fire standing until each shooter's next turn. */
  zones: SuppressionZone[];
  pending: PendingBlast | null;
  /** A melee hit waiting on its target's parry (parry.ts); absent or null when none. */
  parry?: PendingParry | null;
  result: { reason: string } | null;
}

/** Set-up options: the squads file and the two squads (by id), and the number of rounds. */
export interface RpgOptions {
  data: SquadsData;
  squads: [string, string];
  maxRounds?: number;
  /** Where the squads stand (default `lines`). */
  deployment?: Deployment;
}

/** The sample squads. */
export const SAMPLE: [string, string] = ['kestrel-security', 'drowned-choir'];

/** Base centres spread evenly across the table, `n` of them, on the line `z` (rounded to 0.01"). */
export function spread(n: number, width: number, z: number): Vec3[] {
  return Array.from({ length: n }, (_, i) => [Math.round(((width * (i + 1)) / (n + 1)) * 100) / 100, 0, z]);
}

/** The starting state: both squads deployed, round 1 waiting on its initiative. Throws on an unknown squad. */
export function setupState(table: { width: number; depth: number }, o: RpgOptions): RpgState {
  const squads = o.squads.map((id) => {
    const found = o.data.squads.find((x) => x.id === id);
    if (!found) throw new Error(`no squad "${id}" (have: ${o.data.squads.map((x) => x.id).join(', ')})`);
    return found;
  });
  const chars: Record<string, RpgChar> = {};
  squads.forEach((sq, i) => {
    const side = PLAYERS[i]!;
    const line = DEPLOYMENTS[o.deployment ?? 'lines'];
    const spots = spread(sq.characters.length, table.width, side === 'A' ? table.depth - line : line);
    sq.characters.forEach((c, j) => {
      const { id: cid, name, weapons, mesh, offhand, ...stats } = c;
      const id = `${side}.${cid}`;
      const ammo: Record<string, number> = {};
      for (const w of weapons) {
        const n = weaponById(o.data, w).ammo;
        if (n !== undefined) ammo[w] = n;
      }
      chars[id] = {
        id,
        side,
        name,
        stats,
        weapons: [...weapons],
        ammo,
        pos: spots[j]!,
        condition: HEALTHY,
        ap: c.ap,
        ...(offhand === undefined ? {} : { offhand }),
        ...(mesh === undefined ? {} : { mesh }),
      };
    });
  });
  const used = new Set(Object.values(chars).flatMap((c) => c.weapons));
  return {
    ruleset: 'rpg-attacks',
    table: { ...table },
    phase: 'start',
    round: 1,
    maxRounds: o.maxRounds ?? MAX_ROUNDS,
    order: [],
    initiative: {},
    turn: null,
    squads: { A: { id: squads[0]!.id, name: squads[0]!.name }, B: { id: squads[1]!.id, name: squads[1]!.name } },
    weapons: Object.fromEntries([...used].sort().map((w) => [w, weaponById(o.data, w)])),
    chars,
    zones: [],
    pending: null,
    result: null,
  };
}

/** Standing: not down (nor unconscious). */
export const isStanding = (c: RpgChar): boolean => !isDown(c.condition);

/** A side's standing characters, in id order. */
export const standing = (s: RpgState, side?: Player): RpgChar[] =>
  Object.values(s.chars)
    .filter((c) => (side === undefined || c.side === side) && isStanding(c))
    .sort((a, b) => a.id.localeCompare(b.id));

/** Every character's condition by id (the grapple rules read grapples from them). */
export const conditionsOf = (s: RpgState): Conditions =>
  Object.fromEntries(Object.values(s.chars).map((c) => [c.id, c.condition]));

/** The state with the conditions written back. */
export function withConditions(s: RpgState, cs: Conditions): RpgState {
  const chars = { ...s.chars };
  for (const [id, c] of Object.entries(cs))
    if (chars[id] && chars[id].condition !== c) chars[id] = { ...chars[id], condition: c };
  return { ...s, chars };
}

/** Everyone's Strength by id (mayMove reads it). */
export const strengths = (s: RpgState): Record<string, number> =>
  Object.fromEntries(Object.values(s.chars).map((c) => [c.id, c.stats.strength]));

/** The table as the geometry sees it: every character, the down and the prone lying (0.2"). */
export function layoutOf(s: RpgState): Layout {
  const l = figureLayout(
    Object.values(s.chars) as (RpgChar & { pos: [number, number, number] })[],
    () => true,
    BASE_MM,
    HEIGHT,
  );
  for (const c of Object.values(s.chars))
    if (!isStanding(c) || c.condition.prone) l.models[c.id] = { ...pieceOf(l.models, c.id), height: LYING_HEIGHT };
  return l;
}

/** A new state with one character replaced. */
export const setChar = (s: RpgState, c: RpgChar): RpgState => ({ ...s, chars: { ...s.chars, [c.id]: c } });

/**
 * Cover (or concealment) from the share of the target hidden (the shared README's reading): none below
 * a quarter; moderate from 0.25 up to 0.75, both ends included; heavy above 0.75.
 */
export function coverOf(hiddenShare: number): Cover {
  if (hiddenShare > 0.75) return 'heavy';
  if (hiddenShare >= 0.25) return 'moderate';
  return 'none';
}

/**
 * A target the eye sees none of may still be attacked: the battle asks only that some line from the
 * attacker's body reach it (its sight rule; the chapter asks only range) and the chapter's heavy cover
 * is anything over three quarters hidden, so it is attacked at ⊖⊖; the note says so instead of a bare
 * "100 % hidden".
 */
const obstruction = (share: number): Obstruction | undefined => {
  const level = coverOf(share);
  if (level === 'none') return undefined;
  const p = Math.round(share * 100);
  return { level, note: p >= 100 ? msg('rpg-attacks:note.hiddenAll') : msg('rpg-attacks:note.hidden', { p }) };
};

/**
 * Concealment from area terrain that hides without blocking (foliage, crop rows: `Queries.concealment`):
 * a target standing in one, or a line through one neither model stands in, is moderately concealed;
 * both at once, heavily.
 */
function areaConcealment(f: { inside: string | null; through: string | null }): Obstruction | undefined {
  const { inside, through } = f;
  if (inside && through) return { level: 'heavy', note: msg('rpg-attacks:note.inThrough', { inside, through }) };
  if (inside) return { level: 'moderate', note: msg('rpg-attacks:note.in', { inside }) };
  if (through) return { level: 'moderate', note: msg('rpg-attacks:note.through', { through }) };
  return undefined;
}

/**
 * The line of fire as the chapter reads smoke ("Conditions such as darkness, smoke or heavy foliage may
 * obstruct sight on a target ... ⊖ or ⊖⊖ for moderate or heavy concealment"): smoke is concealment, not a
 * wall. The facts are drawn looking through every smoke token (line of fire, cover, what is seen); their
 * `hidden.smoke` is the share the smoke hides (all of it when only a line through smoke reaches the
 * target), and `inSmoke` says the target stands in smoke.
 */
export function fireLine(q: Queries, viewer: string, target: string): SightFacts & { inSmoke: boolean } {
  const smokes = q.layout.smoke.map((t) => t.id);
  if (smokes.length === 0) return { ...q.sight(viewer, target), inSmoke: false };
  const through = q.sight(viewer, target, [], smokes);
  if (!through.hasLos) return { ...through, hidden: { ...through.hidden, smoke: 0 }, inSmoke: false };
  const plain = q.sight(viewer, target);
  const share = plain.hasLos ? plain.hidden.smoke : 1;
  return { ...through, hidden: { ...through.hidden, smoke: share }, inSmoke: plain.baseInSmoke.target > 0 };
}

/**
 * An attack's cover and concealment from the line of fire (`fireLine`): cover from the share hidden by
 * terrain; concealment from smoke (the share it hides, each with its "80 % hidden" note, and standing in
 * it: moderate, both heavy, as area terrain) or from area terrain (`areaConcealment`), the heavier.
 */
export function obstructions(
  f: Pick<SightFacts, 'hidden'> & { inSmoke?: boolean },
  areas: { inside: string | null; through: string | null } = { inside: null, through: null },
): { cover?: Obstruction; concealment?: Obstruction } {
  const cover = obstruction(f.hidden.terrain);
  const seenThrough = obstruction(f.hidden.smoke);
  const smoke = !f.inSmoke
    ? seenThrough
    : seenThrough
      ? { level: 'heavy' as const, note: msg('rpg-attacks:note.inSmoke') }
      : { level: 'moderate' as const, note: msg('rpg-attacks:note.inSmoke') };
  const area = areaConcealment(areas);
  const concealment = !area ? smoke : !smoke ? area : coverWeight(area.level) > coverWeight(smoke.level) ? area : smoke;
  return { ...(cover ? { cover } : {}), ...(concealment ? { concealment } : {}) };
}

/** Flat distance between base edges, inches (0 when they touch or overlap). */
export const flatGap = (a: Vec3, b: Vec3): number =>
  Math.max(0, Math.hypot(a[0] - b[0], a[2] - b[2]) - 2 * BASE_RADIUS);

/** Standing enemies within ENGAGED_WITHIN of a character: it is engaged in melee with them. */
export const engagedWith = (s: RpgState, c: RpgChar): RpgChar[] =>
  standing(s).filter((e) => e.side !== c.side && flatGap(e.pos, c.pos) <= ENGAGED_WITHIN + 1e-9);

/** What one action's steps share. */
/** Whose decision it is: A at the start, the head of a Dodge window, else the side of the character whose turn it is (null when over). */
export function deciderOf(s: RpgState): Player | null {
  if (s.phase === 'over') return null;
  if (s.phase === 'start') return 'A';
  const head = s.pending?.queue[0];
  if (head) return pieceOf(s.chars, head, 'character').side;
  if (s.parry) return pieceOf(s.chars, s.parry.target, 'character').side;
  return s.turn ? pieceOf(s.chars, s.turn.model, 'character').side : null;
}

export type RpgContext = ApplyContext<RpgState, RpgAction> & {
  /** The player whose decision the action is: the engine lists the rolls a ruleset leaves unlogged under them. */
  readonly actor: Player;
};
/** A step's result: the next state, or a refusal. */
export type Applied = RpgState | RuleError;
/** One action type's handler. */
export type Handler<K extends RpgActionType> = (ctx: RpgContext, s: RpgState, action: ActionOf<K>) => Applied;

/**
 * The weapon a Disarm knocks away: the one the character holds in hand, read as its physical weapon of
 * the highest damage that is not its bare hands (a mental power or fists cannot be dropped); null when none.
 */
export function heldWeapon(s: RpgState, c: RpgChar): string | null {
  const droppable = c.weapons
    .map((id) => pieceOf(s.weapons, id, 'weapon'))
    .filter((w) => w.targets === 'defense' && w.skill !== 'unarmed');
  droppable.sort((a, b) => b.damage - a.damage || a.id.localeCompare(b.id));
  return droppable[0]?.id ?? null;
}
