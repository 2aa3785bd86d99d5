/**
 * Random legal action sequences, fast-check seed 22: from each ruleset's battle as the battle CLI sets it
 * up (its default table, forces and options), fast-check picks indices into the decider's legal moves;
 * after every accepted move the ruleset's invariants hold, the state stays JSON, a copy started from the
 * JSON of the initial state keeps the same hash and events, and the whole log replays to the same hash.
 * `npm run soak -- --cases N` runs the same walk for N moves per ruleset.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { battleTable } from '../../../src/cli/soakGames';
import { walk } from '../../../src/rules/engine/walk';
import { PLAYABLE } from '../../support/startStates';

/** Walks per ruleset and moves per walk (a few hundred moves per ruleset in all). */
const RUNS = 3;
const MOVES = 80;

describe.each(PLAYABLE.map((e) => [e.id, e] as const))('%s: random legal moves (fc seed 22)', (_id, entry) => {
  it(`holds its invariants over ${RUNS} walks of up to ${MOVES} moves`, async () => {
    const t = await battleTable(entry);
    let moves = 0;
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: MOVES, maxLength: MOVES }),
        fc.integer({ min: 1, max: 1000 }),
        (picks, seed) => {
          const r = walk(entry.engine, entry.invariants, t.initial, seed, t.queries(), picks);
          moves += r.moves;
          expect(r.violations).toEqual([]);
        },
      ),
      { seed: 22, numRuns: RUNS, endOnFailure: true },
    );
    // The walks did play: a property over no moves would hold vacuously.
    expect(moves).toBeGreaterThan(RUNS * 10);
  });
});
