/**
 * What the table shows of a rule event: a closed set of effects with typed payloads. A ruleset maps each
 * of its events onto one effect, or none (a line in the log only), with `effectOf` in its definition
 * (engine/define.ts); the shared vocabulary below (`moved`, `shot`, `damage`, `removed`...) maps itself, so
 * a ruleset that speaks it animates with nothing more to write. The scene and the spectator's camera switch
 * over `TableEffect['kind']` exhaustively: a new kind fails to compile until both draw it.
 */
import type { EventFields } from './types';

/** What an effect is read from: an event's type and payload (its words are not needed). */
export type EventLike = EventFields & { type: string };

/** A point on the table, inches. */
export type V3 = readonly [number, number, number];

/** What the table shows. */
export type TableEffect =
  /** A model goes from one place to another: it walks (glides along its route), jumps (arcs) or is pushed (slides). */
  | { kind: 'move'; model: string; from: V3 | null; to: V3; how: 'walk' | 'jump' | 'push' }
  /** A model falls from a height and lands at `to`. */
  | { kind: 'fall'; model: string; to: V3; height: number }
  /** A shot (or a psychic attack) from one model at another: a tracer, a flash where it hits. */
  | { kind: 'shot'; from: string; to: string; hit: boolean }
  /** A blast or a template comes down at a spot, from a model when one fired it. */
  | { kind: 'blast'; from: string | null; at: V3; radius: number }
  /** Two models strike at each other in close combat. */
  | { kind: 'strike'; a: string; b: string }
  /** A model's state changes: it takes damage, goes down, leaves the table, its weapon jams. */
  | { kind: 'status'; model: string; change: 'damage' | 'down' | 'removed' | 'jammed'; amount: number | null }
  /** A marker is put on the table (a smoke token billows out). */
  | { kind: 'marker'; marker: 'smoke'; at: V3 }
  /** Dice are rolled (the dice tray shows them; the table pauses for them). */
  | { kind: 'dice'; dice: readonly (readonly [number, number])[] }
  /** A reaction window opens for a player (the table pauses for the prompt). */
  | { kind: 'window'; player: string | null };

/** Every effect kind. */
export const EFFECT_KINDS = [
  'move',
  'fall',
  'shot',
  'blast',
  'strike',
  'status',
  'marker',
  'dice',
  'window',
] as const satisfies readonly TableEffect['kind'][];

/** A plain [x, y, z] from event JSON, or null. */
export function point(v: unknown): V3 | null {
  return Array.isArray(v) && v.length === 3 && v.every((c) => typeof c === 'number') ? (v as unknown as V3) : null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * The effect of an event of the shared vocabulary, or null (logged only):
 * `moved` {model, from?, to, how?: 'jump' | 'push'}, `jump` {model, from?, to}, `fall` {model, to, height?},
 * `shot` {shooter, target, hit}, `blast` {shooter?, at, radius?}, `strike` {shooter | attacker, target},
 * `damage` {target, amount}, `model-down` and `removed` {model}, `token-placed` {token: 'smoke', at},
 * `dice-rolled` {dice}, `reaction-window` {player?}.
 */
export function commonEffect(e: EventLike): TableEffect | null {
  switch (e.type) {
    case 'moved':
    case 'jump': {
      const to = point(e.to);
      const model = str(e.model);
      if (!to || !model) return null;
      const how = e.type === 'jump' || e.how === 'jump' ? 'jump' : e.how === 'push' ? 'push' : 'walk';
      return { kind: 'move', model, from: point(e.from), to, how };
    }
    case 'fall': {
      const to = point(e.to);
      const model = str(e.model);
      return to && model ? { kind: 'fall', model, to, height: typeof e.height === 'number' ? e.height : 0 } : null;
    }
    case 'shot': {
      const [from, to] = [str(e.shooter), str(e.target)];
      return from && to ? { kind: 'shot', from, to, hit: e.hit === true } : null;
    }
    case 'blast': {
      const at = point(e.at);
      return at
        ? { kind: 'blast', from: str(e.shooter), at, radius: typeof e.radius === 'number' ? e.radius : 1 }
        : null;
    }
    case 'strike': {
      const [a, b] = [str(e.shooter) ?? str(e.attacker), str(e.target)];
      return a && b ? { kind: 'strike', a, b } : null;
    }
    case 'damage': {
      const model = str(e.target);
      return model
        ? { kind: 'status', model, change: 'damage', amount: typeof e.amount === 'number' ? e.amount : 1 }
        : null;
    }
    case 'model-down':
    case 'removed': {
      const model = str(e.model);
      return model ? { kind: 'status', model, change: e.type === 'removed' ? 'removed' : 'down', amount: null } : null;
    }
    case 'token-placed': {
      const at = point(e.at);
      return e.token === 'smoke' && at ? { kind: 'marker', marker: 'smoke', at } : null;
    }
    case 'dice-rolled':
      return Array.isArray(e.dice) ? { kind: 'dice', dice: e.dice } : null;
    case 'reaction-window':
      return { kind: 'window', player: str(e.player) };
    default:
      return null;
  }
}

/**
 * The two ends of an attack effect, attacker first: a shot's shooter and target, a strike's two models, a
 * blast's firer (null when none fired it) and its spot; null for every other effect. The scene turns the
 * attacker to face the far end, and the spectator's camera frames both.
 */
export function attackOf(x: TableEffect | null): { from: string | null; to: string | V3 } | null {
  if (!x) return null;
  switch (x.kind) {
    case 'shot':
      return { from: x.from, to: x.to };
    case 'strike':
      return { from: x.a, to: x.b };
    case 'blast':
      return { from: x.from, to: x.at };
    case 'move':
    case 'fall':
    case 'status':
    case 'marker':
    case 'dice':
    case 'window':
      return null;
    default:
      return unknownEffect(x);
  }
}

/** Unreachable: makes a switch over effect kinds exhaustive at compile time. */
export function unknownEffect(x: never): never {
  throw new Error(`an effect the table does not draw: ${JSON.stringify(x)}`);
}
