/** What the Counterblast bot counts for skill actions: a Hack's Mark, a heal, a stabilize; a Boost on a friend's skill action. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../../support/fakeTable';
import { skillWorth } from '../../../../../src/rules/counterblast/ai/skillWorth';
import { evaluate, MARKED } from '../../../../../src/rules/counterblast/ai/evaluate';
import { potential, POTENTIAL } from '../../../../../src/rules/counterblast/ai/lookahead';
import { layoutOf, radiusOf } from '../../../../../src/rules/counterblast/game';
import type { CbState } from '../../../../../src/rules/counterblast';
import type { ModelCard } from '../../../../../src/rules/counterblast/data';
import { both, matchOf, midBattle, play, set } from '../fixture';

const gear = (id: string, g: ModelCard['gear']) => set(id, (m) => ({ card: { ...m.card, gear: g } }));
const table = fakeTable({ size: 48 });
const view = (s: CbState) => table.at(layoutOf(s));
/** The chance of a success on Knack/7 with `n` dice. */
const any = (n: number) => 1 - 0.6 ** n;

describe('counterblast AI: skill worth', () => {
  it('a Hack is worth its chance times a Mark (0.05 of the enemy): with the thug at 12" edge to edge, not at 12.01"', () => {
    // The scout drone (Knack 3, small base) and thug-1 (Syndicate thug, 55 points, medium base).
    const at = (gap: number) => {
      const s = midBattle({ 'A.scout': [10, 10], 'B.thug-1': [10, 10] }, 4, gear('A.scout', ['scanner']));
      const r = radiusOf(s.models['A.scout']!) + radiusOf(s.models['B.thug-1']!);
      return set('B.thug-1', { pos: [10, 0, 10 + gap + r] })(s);
    };
    const near = at(12);
    expect(view(near).distance('A.scout', 'B.thug-1')).toBeCloseTo(12, 9);
    expect(skillWorth(near, view(near), 'A.scout', 3)).toBeCloseTo(any(3) * MARKED * 0.55, 12);
    expect(skillWorth(near, view(near), 'A.scout', 4)).toBeCloseTo(any(4) * MARKED * 0.55, 12);
    const far = at(12.01);
    expect(skillWorth(far, view(far), 'A.scout', 3)).toBe(0);
    // No scanner, no Hack; a thug already Marked is worth no second Mark.
    const plain = gear('A.scout', [])(near);
    expect(skillWorth(plain, view(plain), 'A.scout', 3)).toBe(0);
    const marked = set('B.thug-1', { conditions: ['marked'] })(near);
    expect(skillWorth(marked, view(marked), 'A.scout', 3)).toBe(0);
  });

  it('a heal takes off the expected successes (never below one token) at half the friend over its Mettle; a stabilize is its chance times a third of the friend', () => {
    // Doc Ruiz (Knack 6, medkit) beside a Salvager gunner (60 points, Mettle 3) with 3 tokens.
    const s = midBattle(
      { 'A.medic': [10, 10], 'A.gunner-1': [10.9, 10] },
      4,
      both(gear('A.medic', ['medkit']), set('A.gunner-1', { damage: 3 })),
    );
    expect(view(s).distance('A.medic', 'A.gunner-1')).toBeLessThanOrEqual(1);
    // Six dice expect 2.67 successes: capped at the 2 tokens above one.
    expect(skillWorth(s, view(s), 'A.medic', 6)).toBeCloseTo(2 * ((0.5 * 0.6) / 3), 12);
    // One die expects 0.44.
    expect(skillWorth(s, view(s), 'A.medic', 1)).toBeCloseTo(0.4 * (10 / 9) * ((0.5 * 0.6) / 3), 12);
    const down = set('A.gunner-1', { down: true, stable: false })(s);
    expect(skillWorth(down, view(down), 'A.medic', 6)).toBeCloseTo(any(6) * 0.33 * 0.6, 12);
  });

  it('a Marked model counts 0.05 of its worth less for its side', () => {
    const s = midBattle({ 'A.gunner-1': [10, 10], 'B.thug-1': [10, 30] });
    const marked = set('B.thug-1', { conditions: ['marked'] })(s);
    expect(evaluate(marked, 'A') - evaluate(s, 'A')).toBeCloseTo(MARKED * 0.55, 12);
  });

  it("the lookahead counts an active model's skill action at 0.85, and whole once a friend has Boosted it", () => {
    const s = midBattle(
      { 'A.scout': [10, 10], 'B.thug-1': [10, 20] },
      4,
      both(
        gear('A.scout', ['scanner']),
        set('A.scout', (m) => ({ card: { ...m.card, shooting: [] } })),
      ),
    );
    const m = play(matchOf(s), 'A', { type: 'activate', model: 'A.scout' }, table).match;
    const hack = skillWorth(m.state, view(m.state), 'A.scout', 3);
    expect(hack).toBeGreaterThan(0);
    expect(potential(m.state, 'A', table)).toBeCloseTo(POTENTIAL * hack, 12);
    const boosted: CbState = { ...m.state, activation: { ...m.state.activation!, boosted: { 'A.scout': 1 } } };
    expect(potential(boosted, 'A', table)).toBeCloseTo(skillWorth(boosted, view(boosted), 'A.scout', 4), 12);
  });
});
