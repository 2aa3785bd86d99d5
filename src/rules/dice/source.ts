/**
 * Where dice come from: the seeded PRNG in the game state, or a script (so a rule test states the
 * exact outcome). Mechanics take a DiceSource and never touch Math.random.
 */
import { rollDie, type RngState } from './rng';

/** Something that rolls one die at a time. */
export interface DiceSource {
  /** One roll of a die with `sides` faces (1..sides). */
  d(sides: number): number;
  /** Every roll made so far, in order: [sides, value]. */
  readonly rolled: [number, number][];
  /**
   * The dice log's bookkeeping for this source (engine/diceLog.ts), kept on the source so that nothing
   * hides it: how many of `rolled` a dice line already shows, and the names a ruleset gave to rolls
   * (index in `rolled` -> name, e.g. a scatter die). A source lives for one apply.
   */
  readonly log: DiceLogMarks;
}

/** What the dice log has noted of a source's rolls (see DiceSource.log). */
export interface DiceLogMarks {
  shown: number;
  readonly names: Map<number, string>;
}

/** Fresh marks: nothing shown, nothing named. */
export const diceLogMarks = (): DiceLogMarks => ({ shown: 0, names: new Map() });

/** A source over the seeded PRNG; read `state` afterwards to store it back in the game state. */
export interface SeededSource extends DiceSource {
  readonly state: RngState;
}

/** Dice from the game's PRNG state. */
export function seededDice(start: RngState): SeededSource {
  let state = start;
  const rolled: [number, number][] = [];
  return {
    d(sides) {
      const [v, next] = rollDie(state, sides);
      state = next;
      rolled.push([sides, v]);
      return v;
    },
    get state() {
      return state;
    },
    rolled,
    log: diceLogMarks(),
  };
}

/** Thrown when a script runs out or holds a value a die cannot show: a broken test, not a game error. */
export class ScriptError extends Error {}

/** Dice that come out as scripted, in order; each value must fit the die it is used for. */
export function scriptedDice(values: readonly number[]): DiceSource & { readonly remaining: number } {
  let i = 0;
  const rolled: [number, number][] = [];
  return {
    d(sides) {
      if (i >= values.length)
        throw new ScriptError(`scripted dice ran out after ${values.length} rolls (next die: d${sides})`);
      const v = values[i++]!;
      if (!Number.isInteger(v) || v < 1 || v > sides)
        throw new ScriptError(`scripted roll #${i} is ${v}, which a d${sides} cannot show`);
      rolled.push([sides, v]);
      return v;
    },
    get remaining() {
      return values.length - i;
    },
    rolled,
    log: diceLogMarks(),
  };
}

/**
 * Dice that come from a prefix first, then from a live source: forced rolls (`battle --dice`) or the
 * rolls an action made before it paused (a replay). A prefix entry is a value, or [sides, value] when
 * the die it was rolled on must match; a value the die cannot show, or a die that does not match, is
 * refused through `fail`. `used` says how many prefix entries were taken.
 */
export function prefixedDice(
  prefix: readonly (number | readonly [number, number])[],
  live: DiceSource,
  fail: (message: string) => Error = (m) => new ScriptError(m),
): DiceSource & { readonly used: number } {
  let i = 0;
  const rolled: [number, number][] = [];
  return {
    d(sides) {
      let v: number;
      if (i < prefix.length) {
        const p = prefix[i++]!;
        if (typeof p !== 'number' && p[0] !== sides)
          throw fail(`replayed roll #${i} was a d${p[0]}, now a d${sides} is rolled (the replay diverged)`);
        v = typeof p === 'number' ? p : p[1];
        if (!Number.isInteger(v) || v < 1 || v > sides) throw fail(`${v} cannot be rolled on a d${sides}`);
      } else v = live.d(sides);
      rolled.push([sides, v]);
      return v;
    },
    get used() {
      return i;
    },
    rolled,
    log: diceLogMarks(),
  };
}
