/** The checked walk (src/rules/engine/walk.ts) on toy rulesets that break the engine's own rules: each break is found. */
import { describe, expect, it } from 'vitest';
import { allOf, staysJson, type Invariant } from '../../../src/rules/engine/invariants';
import type { Ruleset } from '../../../src/rules/engine/types';
import { walk } from '../../../src/rules/engine/walk';
import { fakeTable } from '../../support/fakeTable';

interface Toy {
  n: number;
  note?: string;
}
type Inc = { type: 'inc' };

/** A counter to 5 with one legal move; `apply` is replaced per test. */
function toy(apply: (s: Toy) => Toy | null, legal: (s: Toy) => Inc[] = () => [{ type: 'inc' }]): Ruleset<Toy, Inc> {
  return {
    id: 'toy',
    players: () => ['A'],
    currentPlayer: (s) => (s.n < 5 ? 'A' : null),
    legalActions: (s) => legal(s),
    apply: (s) => {
      const next = apply(s);
      return next
        ? { state: next, events: [{ type: 'inc', text: `n is ${next.n}` }] }
        : { error: 'illegal-action', message: 'no' };
    },
    reactionWindow: () => null,
    outcome: (s) => (s.n >= 5 ? { winner: 'A', score: {} } : null),
  };
}
const ok: Invariant<Toy> = allOf<Toy>(staysJson);
const q = fakeTable();

describe('the checked walk', () => {
  it('a sound ruleset walks to its end with no violation', () => {
    const r = walk(
      toy((s) => ({ n: s.n + 1 })),
      ok,
      { n: 0 },
      1,
      q,
      [0, 0, 0, 0, 0, 0, 0],
    );
    expect(r).toMatchObject({ moves: 5, violations: [] });
  });

  it('an apply with hidden state (not in the match) is caught by the reloaded copy', () => {
    let calls = 0;
    const r = walk(
      toy((s) => ({ n: s.n + 1, note: String(++calls) })),
      ok,
      { n: 0 },
      1,
      q,
      [0, 0],
    );
    expect(r.violations[0]).toMatchObject({ move: 1, player: 'A', action: 'inc' });
    expect(r.violations[0]!.problem).toMatch(/^the reloaded copy's state hash is [0-9a-f]{8}, not [0-9a-f]{8}$/);
  });

  it('a state that holds undefined is caught', () => {
    const r = walk(
      toy((s) => ({ n: s.n + 1, note: undefined })),
      ok,
      { n: 0 },
      1,
      q,
      [0],
    );
    expect(r.violations.map((v) => v.problem)).toEqual([
      'state.note is undefined, which JSON drops (a reloaded save would hash differently)',
    ]);
  });

  it('a legal move refused, and a dead end, are caught', () => {
    expect(
      walk(
        toy(() => null),
        ok,
        { n: 0 },
        1,
        q,
        [0],
      ).violations.map((v) => v.problem),
    ).toEqual(['a legal move was refused: no']);
    const dead = walk(
      toy(
        (s) => ({ n: s.n + 1 }),
        (s) => (s.n < 2 ? [{ type: 'inc' }] : []),
      ),
      ok,
      { n: 0 },
      1,
      q,
      [0, 0, 0],
    );
    expect(dead.violations.map((v) => v.problem)).toEqual(['A decides but has no legal move (a dead end)']);
  });

  it('a ruleset that throws on a legal move is reported, not thrown', () => {
    const boom = (s: Toy): Toy => {
      if (s.n >= 1) throw new Error('boom');
      return { n: 1 };
    };
    expect(walk(toy(boom), ok, { n: 0 }, 1, q, [0, 0]).violations).toEqual([
      { move: 2, player: 'A', action: 'inc', problem: 'the ruleset threw on a legal move: boom' },
    ]);
  });

  it('a ruleset invariant that fails is reported with the move it came after', () => {
    const small: Invariant<Toy> = ({ after }) => (after.n > 2 ? [`n is ${after.n}`] : []);
    const r = walk(
      toy((s) => ({ n: s.n + 1 })),
      small,
      { n: 0 },
      1,
      q,
      [0, 0, 0, 0],
    );
    expect(r.violations).toEqual([{ move: 3, player: 'A', action: 'inc', problem: 'n is 3' }]);
  });
});
