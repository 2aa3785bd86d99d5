/**
 * Dice lines for the log: each roll is shown once, in a `dice-rolled` event that names the player
 * who rolled it and comes right after the event of the check that used it. A ruleset pushes the
 * line after that event (`logRolls`); the engine shows whatever a ruleset left unclaimed at the end.
 * What is shown and what is named is noted on the source itself (`DiceSource.log`).
 */
import { msg, type Msg } from './message';
import type { DiceSource } from '../dice/source';
import type { PlayerId, RuleEvent } from './types';

/**
 * Names the die just rolled from `src` (a d6 that a ruleset reads as a 'scatter' or 'artillery'
 * die): the dice line carries the name as plain data, so the 3D tray throws the right die.
 */
export function nameLastDie(src: DiceSource, name: string): void {
  const i = src.rolled.length - 1;
  if (i < 0) return;
  src.log.names.set(i, name);
}

/** The names of the source's rolls `from` up to `to` (null for a plain die), or undefined when none is named. */
export function dieNames(src: DiceSource, from: number, to: number): (string | null)[] | undefined {
  const names = src.log.names;
  if (names.size === 0) return undefined;
  const out = Array.from({ length: to - from }, (_, k) => names.get(from + k) ?? null);
  return out.some((n) => n !== null) ? out : undefined;
}

/** The rolls made since the last call for this source, each once. */
export function freshRolls(src: DiceSource): [number, number][] {
  const from = src.log.shown;
  src.log.shown = src.rolled.length;
  return src.rolled.slice(from);
}

/** "8, 3 (2d10)"; runs of different dice are listed one after another. */
function faces(dice: readonly [number, number][]): Msg[] {
  const runs: { sides: number; values: number[] }[] = [];
  for (const [sides, v] of dice) {
    const last = runs.at(-1);
    if (last && last.sides === sides) last.values.push(v);
    else runs.push({ sides, values: [v] });
  }
  return runs.map((r) => msg('engine:dice.run', { values: r.values, n: r.values.length, sides: r.sides }));
}

/**
 * The dice line for some rolls: `by[i]` rolled die i (one name stands for every die), e.g.
 * "B rolled 8, 3 (2d10)" or, for a roll-off, "A rolled 4, 2 (2d10); B rolled 4, 9 (2d10)". `names`
 * (from `dieNames`) goes into the event as `names` when a die is named.
 */
export function diceLine(
  by: PlayerId | readonly PlayerId[],
  dice: readonly [number, number][],
  names?: readonly (string | null)[],
): RuleEvent {
  const who = (i: number) => (typeof by === 'string' ? by : (by[i % by.length] ?? '?'));
  const order: PlayerId[] = [];
  const mine = new Map<PlayerId, [number, number][]>();
  dice.forEach((d, i) => {
    const p = who(i);
    if (!mine.has(p)) {
      order.push(p);
      mine.set(p, []);
    }
    mine.get(p)!.push(d);
  });
  const parts = order.map((p) => msg('engine:dice.rolled', { player: p, faces: faces(mine.get(p)!) }));
  // A roll-off: each roller's dice after the other's, "A rolled 4, 2 (2d10); B rolled 4, 9 (2d10)".
  const text = parts.slice(1).reduce<Msg>((a, b) => msg('engine:dice.roll-off', { a, b }), parts[0]!);
  return {
    type: 'dice-rolled',
    text,
    dice: dice.map(([s, v]) => [s, v]),
    player: order[0] ?? null,
    by: dice.map((_, i) => who(i)),
    ...(names ? { names: [...names] } : {}),
  };
}

/**
 * Pushes the line for the rolls not shown yet, naming who rolled them (a list alternates die by
 * die, as in a roll-off); nothing when there are none.
 */
export function logRolls(events: RuleEvent[], src: DiceSource, by: PlayerId | readonly PlayerId[]): void {
  const from = src.log.shown;
  const dice = freshRolls(src);
  if (dice.length) events.push(diceLine(by, dice, dieNames(src, from, from + dice.length)));
}

/** How many draws a list of events already accounts for: the dice of its dice lines and the draws of its shuffles. */
export function diceShown(events: readonly RuleEvent[]): number {
  return events.reduce(
    (n, e) =>
      n +
      (e.type === 'dice-rolled' && Array.isArray(e.dice) ? e.dice.length : 0) +
      (Array.isArray(e.shuffled) ? e.shuffled.length : 0),
    0,
  );
}
