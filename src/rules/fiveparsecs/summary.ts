/**
 * What the CLIs print for Five Parsecs: the battle summary's keys (`rounds`, `score`, `heldField`,
 * `objective`, `mission`) and the `geo los --rules fiveparsecs` verdict for a viewer and a target
 * (`los`, `inRange`, `cover`, `targetNumber`), from the same shooting and cover rules the round uses.
 */
import type { Queries } from '../engine/queries';
import { isCovered } from './cover';
import { takenOut, type FpState } from './game';
import type { Edge } from './missions';
import { toHitTarget } from './shooting';
import { sightOf } from './sight';

/** The battle CLI's Five Parsecs keys. */
export interface FpSummary {
  /** The round the battle is in (0 before round 1). */
  rounds: number;
  /** Figures each side took out (A: enemies slain, knocked out or Bailed; B: crew out). */
  score: Record<'A' | 'B', number>;
  /** Held the Field once the battle is over; null while it is played. */
  heldField: boolean | null;
  /**
   * The mission's objective state: null for Fight Off (it has no objective: Holding the Field is the
   * win); for Acquire and Move Through `{ won, ... }` (see `FpObjective`).
   */
  objective: FpObjective | null;
  /** The mission id. */
  mission: string;
}

/**
 * An objective's state for the battle CLI. `won`: the objective was achieved (`round`: in which
 * round, null while not). Acquire adds `item` (where the item is: 'lying' on the table, 'carried',
 * or 'off' the table by `edge`), `carrier` (the crew figure holding it, or that took it off) and
 * `at` (where it lies, or null). Move Through adds `through` (crew figures off the far edge, in
 * order) and `need` (how many must get through).
 */
export type FpObjective =
  | {
      won: boolean;
      round: number | null;
      item: 'lying' | 'carried' | 'off';
      carrier: string | null;
      edge: Edge | null;
      at: [number, number, number] | null;
    }
  | { won: boolean; round: number | null; through: string[]; need: number };

/** The objective state of a battle (null for Fight Off). */
export function objectiveOf(s: FpState): FpObjective | null {
  const m = s.mission;
  const won = m.wonRound !== null;
  if (m.item)
    return {
      won,
      round: m.wonRound,
      item: m.item.off ? 'off' : m.item.carrier ? 'carried' : 'lying',
      carrier: m.item.carrier,
      edge: m.item.off,
      at: m.item.pos,
    };
  if (m.id === 'move-through') return { won, round: m.wonRound, through: [...m.exits.north], need: m.need };
  return null;
}

/** The summary keys of a battle state (crew figures that left the table are not in the score: they were not taken out). */
export function summary(s: FpState): FpSummary {
  const out = (side: 'A' | 'B') => Object.values(s.figures).filter((f) => f.side === side && takenOut(f)).length;
  return {
    rounds: s.round,
    score: { A: out('B'), B: out('A') },
    heldField: s.phase === 'over' && s.result ? s.result.heldField : null,
    objective: objectiveOf(s),
    mission: s.mission.id,
  };
}

/** The `geo los` options: the firer's Combat Skill and the weapon's range (inches). */
export interface VerdictOptions {
  skill?: number;
  range?: number;
}

/** The defaults: Combat Skill +0 and a 24" weapon. */
export const VERDICT_DEFAULTS = { skill: 0, range: 24 } as const;

/** The verdict for one pair. */
export interface FpVerdict {
  los: boolean;
  inRange: boolean;
  cover: boolean;
  /** What 1D6 + Combat Skill must reach: 3, 5 or 6; null out of sight or out of range. */
  targetNumber: 3 | 5 | 6 | null;
}

/**
 * The verdict of `viewer` shooting at `target` on the view of the table it is given: sight (the geometry's line of
 * sight, figures blocking), the edge-to-edge distance against the range, cover as the round reads
 * it, and the base number to hit. The number is what 1D6 + Combat Skill must reach, so the skill
 * does not change it (it is accepted for the CLI and checked to be a whole number from 0).
 */
export function verdict(q: Queries, viewer: string, target: string, o: VerdictOptions = {}): FpVerdict {
  const skill = o.skill ?? VERDICT_DEFAULTS.skill;
  const range = o.range ?? VERDICT_DEFAULTS.range;
  if (!Number.isInteger(skill) || skill < 0) throw new Error(`skill must be a whole number from 0 (got ${skill})`);
  if (!(range > 0)) throw new Error(`range must be a positive number of inches (got ${range})`);
  const facts = sightOf(q, viewer, target);
  const distance = q.distance(viewer, target);
  const cover = isCovered(q, viewer, target, facts, distance);
  const inRange = distance <= range;
  const hit = facts.hasLos ? toHitTarget(distance, range, cover) : null;
  return { los: facts.hasLos, inRange, cover, targetNumber: hit ? hit.target : null };
}
