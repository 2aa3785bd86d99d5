/**
 * A ruleset's words arrive with its code. This file imports the list and the renderer as the page does
 * (the test setup leaves it bare: tests/support/allWords.ts), so Counterblast's words are missing until
 * it is loaded.
 */
import { describe, expect, it } from 'vitest';
import * as catalogues from '../../../src/i18n/catalogues';
import * as i18n from '../../../src/i18n/i18n';
import * as list from '../../../src/rulesets';
import { msg } from '../../../src/rules/engine/message';

const fresh = { catalogues, i18n, list };

describe("a ruleset's words", () => {
  it('join the catalogues, in every language, when the ruleset loads', async () => {
    const { CATALOGUES, NAMESPACES } = fresh.catalogues;
    const { render, renderStrict } = fresh.i18n;
    const { loadedRuleset, loadRuleset } = fresh.list;
    const text = msg('counterblast:event.leader', { side: 'A', name: 'Vex' });
    expect(NAMESPACES).toContain('counterblast');
    expect(loadedRuleset('counterblast')).toBeNull();
    expect(CATALOGUES.en.counterblast).toBeUndefined();
    // Not loaded: the key shows, and a strict render names what is missing.
    expect(render(text, 'en')).toBe('event.leader');
    expect(() => renderStrict(text, 'en')).toThrow('"counterblast:event.leader" is missing from the en catalogue');
    await loadRuleset('counterblast');
    expect(render(text, 'en')).toBe('A spends 1 Moxie: Vex is the new leader');
    expect(renderStrict(text, 'ru')).toBe(render(text, 'ru'));
    expect(render(text, 'ru')).not.toBe(render(text, 'en'));
    expect(Object.keys(CATALOGUES.ko.counterblast ?? {})).toContain('event.leader');
    // Another ruleset is still not loaded.
    expect(CATALOGUES.en.blkout).toBeUndefined();
  });
});

describe("a language's app words", () => {
  it('are fetched when the language is first shown; English is there from the start', async () => {
    const { CATALOGUES } = fresh.catalogues;
    const { i18n, loadLanguage, render, setLanguage } = fresh.i18n;
    const title = msg('ui:app.title');
    expect(CATALOGUES.en.ui).toBeDefined();
    expect(CATALOGUES.ru.ui).toBeUndefined();
    // Not loaded: Russian falls back to English.
    expect(render(title, 'ru')).toBe(render(title, 'en'));
    await setLanguage('ru');
    expect(i18n.language).toBe('ru');
    expect(CATALOGUES.ru.ui).toBeDefined();
    expect(render(title, 'ru')).not.toBe(render(title, 'en'));
    expect(CATALOGUES.ko.ui).toBeUndefined();
    await loadLanguage('ko');
    expect(Object.keys(CATALOGUES.ko.engine ?? {}).length).toBeGreaterThan(10);
    await setLanguage('en');
  });
});
