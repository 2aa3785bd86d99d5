/**
 * What a move costs (five-parsecs.en.txt, "Moving"): the measured route, plus "Difficult terrain
 * cost +1" per 2" moved", read (with ../shared/rules/README.md) as +1" per full 2" of the route that
 * lies over difficult terrain: 1.99" adds nothing, 2" adds 1", 4" adds 2".
 */
import type { Queries } from '../engine/queries';

/** "+1" per 2" moved": the inches of difficult ground that cost one more inch. */
export const DIFFICULT_EVERY = 2;

/**
 * The cost of a model's move to `to`: the cheapest route's length plus its difficult-ground extra (a
 * route round a patch competes with the route through it: `Queries.routeCost`); Infinity when it cannot
 * get there, or (with `within`) when the route alone is already longer than that.
 */
export function moveCost(q: Queries, id: string, to: readonly [number, number, number], within?: number): number {
  return q.routeCost(id, to, DIFFICULT_EVERY, within);
}
