/**
 * What the CLIs print for rpg-attacks: the battle summary's keys (`rounds`, `score`, and the ruleset's own
 * `down`, `wounds`, `graveWounds`) and the `geo los --rules rpg-attacks` verdict for a viewer and a target
 * (`lineOfFire`, `cover`, `concealment`, `banes`), from the same cover and concealment rules the attacks use.
 */
import type { Queries } from '../engine/queries';
import { coverWeight, type Cover } from './area';
import { fireLine, isStanding, obstructions, type Player, type RpgState } from './game';

/** The battle CLI's rpg-attacks keys. */
export interface RpgSummary {
  rounds: number;
  /** Enemy characters each squad put down. */
  score: Record<Player, number>;
  /** Each squad's characters down, and the Wounds and Grave Wounds its characters carry. */
  down: Record<Player, number>;
  wounds: Record<Player, number>;
  graveWounds: Record<Player, number>;
}

/** The summary keys of a battle state. */
export function summary(s: RpgState): RpgSummary {
  const of = (side: Player) => Object.values(s.chars).filter((c) => c.side === side);
  const sum = (side: Player, f: (c: RpgState['chars'][string]) => number) => of(side).reduce((n, c) => n + f(c), 0);
  const down = { A: sum('A', (c) => (isStanding(c) ? 0 : 1)), B: sum('B', (c) => (isStanding(c) ? 0 : 1)) };
  return {
    rounds: s.round,
    score: { A: down.B, B: down.A },
    down,
    wounds: { A: sum('A', (c) => c.condition.wounds), B: sum('B', (c) => c.condition.wounds) },
    graveWounds: { A: sum('A', (c) => c.condition.graveWounds), B: sum('B', (c) => c.condition.graveWounds) },
  };
}

/** The verdict for one pair. */
export interface RpgVerdict {
  /** The viewer has a line of fire (line of sight) to the target. */
  lineOfFire: boolean;
  cover: Cover;
  concealment: Cover;
  /** The banes they impose together: moderate ⊖, heavy ⊖⊖ each. */
  banes: number;
}

/** The verdict of `viewer` attacking `target` on the view of the table it is given (out of sight: no line of fire, heavy cover). */
export function verdict(q: Queries, viewer: string, target: string): RpgVerdict {
  const facts = fireLine(q, viewer, target);
  if (!facts.hasLos) return { lineOfFire: false, cover: 'heavy', concealment: 'none', banes: coverWeight('heavy') };
  const o = obstructions(facts, q.concealment(viewer, target));
  const cover = o.cover?.level ?? 'none';
  const concealment = o.concealment?.level ?? 'none';
  return { lineOfFire: true, cover, concealment, banes: coverWeight(cover) + coverWeight(concealment) };
}
