/**
 * The play view attaches each attack's odds to its choice (`viewOf`, the ruleset's `odds`), so the hover
 * hint over an enemy shows them under the attack's words; a choice that names no target gets none.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../../src/i18n/i18n';
import { newMatch } from '../../../src/rules/engine/match';
import { RULESETS } from '../../../src/rulesetsLoaded';
import { actionsOn, viewOf } from '../../../src/state/playView';
import { oddsWords } from '../../../src/state/oddsWords';
import { fakeTable } from '../../support/fakeTable';
import { midRound } from '../rules/fiveparsecs/fixture';

describe('the play view carries the odds', () => {
  it('Five Parsecs: the captain\'s shot at a ganger 7" away (edge to edge) in the open, 4+ on d6, and the hover line says so', () => {
    const entry = RULESETS.find((r) => r.id === 'fiveparsecs')!;
    const s = midRound({ 'A.captain': [18, 18], 'B.gangers-1': [18, 10] });
    const match = newMatch(entry.engine, s, 1);
    const setup = { rules: 'fiveparsecs', forces: { A: null, B: null }, options: {} };
    const view = viewOf(entry, setup, match, { A: 'human', B: 'ai' }, fakeTable(), null);
    const [shot] = actionsOn(view, 'A.captain', 'B.gangers-1');
    expect(shot?.odds?.need).toEqual({ score: 4, die: 6 });
    // Unmoved, the captain aims: 3 in 6, and a 1 rolled again (3/6 + 3/36 = 58 %).
    expect(render(oddsWords(shot!.odds)!, 'en')).toBe(
      '4+ on d6 · 58 % to hit · 1 die · open target in range · aimed (not moved): a 1 is rolled again',
    );
    expect(view.choices.filter((c) => c.targets.length === 0).every((c) => c.odds === undefined)).toBe(true);
  });
});
