import { describe, expect, it } from 'vitest';
import { playGame } from '../../../src/cli/headless';
import { battleTable } from '../../../src/cli/soakGames';
import { seatEvents, seatMatch } from '../../../src/rules/engine/secrecy';
import type { BlkoutState } from '../../../src/rules/blkout/game';
import { HIDDEN_CARD } from '../../../src/rules/blkout/game';
import type { Match } from '../../../src/rules/engine/match';
import { rulesetOf } from '../../../src/rulesetsLoaded';

// Every view a BLKOUT client is sent in whole AI games (seeds 1 and 2: each has paused damage moments and
// reaction windows): no card another side holds, anywhere in it (the state, a paused action's state, a
// window's options, a damage question, the events), and no seed.
describe('what a BLKOUT client is sent names no card another side holds', () => {
  it.each([1, 2])('seed %i: every step, both players and a spectator', async (seed) => {
    const entry = rulesetOf('blkout');
    const table = await battleTable(entry);
    let steps = 0;
    let paused = 0;
    const { match } = playGame(entry, table.initial, table.queries(), {
      seed,
      players: ['ai', 'ai'],
      onEvents: () => undefined,
      onStep: (step) => {
        steps += 1;
        const s = step.after as BlkoutState;
        if (s.paused) paused += 1;
        // The match after this step, as the server holds it (the log is not needed for what is checked here).
        const m = {
          rulesetId: 'blkout',
          initial: { state: s, rng: { seed, n: 0 } },
          state: s,
          rng: { seed, n: 9 },
          window: null,
          log: [],
          undone: [],
          casualUndo: false,
        } as Match<BlkoutState, never>;
        for (const seat of ['A', 'B', null] as const) {
          const sent = JSON.stringify([seatMatch(entry.play, m, seat), seatEvents(entry.play, step.events, seat)]);
          for (const p of ['A', 'B'] as const) {
            if (p === seat) continue;
            // A card already played as an answer to a damage moment is on the table (it leaves the hand when the paused action ends).
            const held = s.burn.hands[p].filter((c) => !(s.paused?.answers ?? []).includes(c as never));
            for (const card of held)
              expect(sent, `${p}'s ${card} in ${seat ?? 'the spectator'}'s view at step ${steps}`).not.toContain(
                `"${card}"`,
              );
          }
          expect(sent).not.toContain('"shuffled"');
          const seen = seatMatch(entry.play, m, seat);
          expect([seen.rng.seed, seen.initial.rng.seed]).toEqual([0, 0]);
        }
      },
    });
    expect(match.log.length).toBeGreaterThan(100);
    // The games reach the places where a hand hides: a paused action, a hand held while the other decides.
    expect(paused).toBeGreaterThan(0);
    const last = match.state as BlkoutState;
    const mine = seatMatch(entry.play, match, 'A').state as BlkoutState;
    expect(mine.burn.hands.A).toEqual(last.burn.hands.A);
    expect(mine.burn.hands.B).toEqual(last.burn.hands.B.map(() => HIDDEN_CARD));
  });
});
