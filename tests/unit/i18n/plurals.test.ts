/**
 * English counts agree with their number (issue 34: "1 shots"): every plural in the English catalogues
 * has a `one` form, and a single shot, hit, round or wound is said in the singular.
 */
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../src/i18n/catalogues';
import { msg } from '../../../src/rules/engine/message';
import { en } from '../../support/words';

describe('English plurals', () => {
  it('every English plural that counts something ("# shots") says one of it in the singular (a `one` or `=1` form)', () => {
    type El = { type: number; value?: string; pluralType?: string; options?: Record<string, { value: El[] }> };
    const text = (els: El[]): string => els.map((e) => (e.type === 7 ? '#' : e.type === 0 ? e.value : '')).join('');
    const missing: string[] = [];
    const walk = (els: El[], where: string) => {
      for (const e of els) {
        const o = e.options ?? {};
        // A plural (6) whose `other` form counts ("# shots") needs a form for one.
        if (
          e.type === 6 &&
          e.pluralType !== 'ordinal' &&
          /#\s*\p{L}/u.test(text(o.other?.value ?? [])) &&
          !o.one &&
          !o['=1']
        )
          missing.push(where);
        for (const x of Object.values(o)) walk(x.value, where);
      }
    };
    for (const [ns, words] of Object.entries(CATALOGUES.en))
      for (const [key, source] of Object.entries(words ?? {}))
        walk(new IntlMessageFormat(source, 'en').getAst() as unknown as El[], `${ns}:${key}: ${source}`);
    expect(missing).toEqual([]);
  });

  it('skirmish-ru: "1 shot … 1 hit", "1 wound left"; rpg-attacks "needs 1 round"', () => {
    const shot = en(
      msg('skirmish-ru:event.shot', {
        name: 'Лёха',
        weapon: 'flamer',
        target: 'Боря',
        distance: '6"',
        shots: 1,
        dice: '3',
        need: 4,
        mods: '',
        hits: 1,
      }),
    );
    expect(shot).toBe('Лёха fires flamer at Боря (6"): 1 shot [3] needing 4 or less: 1 hit');
    expect(en(msg('fiveparsecs:event.through', { name: 'Ada', n: 4 }))).toMatch(/^Ada is the 4th crew figure/);
    expect(en(msg('fiveparsecs:event.through', { name: 'Ada', n: 22 }))).toMatch(/^Ada is the 22nd crew figure/);
    expect(en(msg('skirmish-ru:wound.damage', { name: 'Боря', roll: 5, needs: 4, save: '', damage: 1, left: 1 }))).toBe(
      'Боря: wound 5 needing 4+: 1 damage, 1 wound left',
    );
    expect(en(msg('rpg-attacks:refuse.noAmmo', { weapon: 'Carbine', shots: 1, left: 0 }))).toBe(
      'Carbine needs 1 round, 0 left',
    );
  });
});
