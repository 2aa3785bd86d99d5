/**
 * Every test file starts with every ruleset's words and every language's app words in the catalogues, as
 * the CLIs have them (the page loads a ruleset's words with its code when it is chosen, and a language's
 * words when it is first shown), so rule tests render their words in any language. Only the words are
 * read here (the JSON files), not the rulesets' code: a test that needs a ruleset imports it, or
 * src/rulesetsLoaded.ts for all of them. Two files start bare: tests/unit/rulesets/toy.test.tsx, which
 * mocks the list itself (a module loaded here would be the unmocked one), and
 * tests/unit/i18n/lazyWords.test.ts, which checks the page's way.
 */
import { expect } from 'vitest';
import type { Catalogue, Language } from '../../src/i18n/catalogues';

const BARE = ['tests/unit/rulesets/toy.test.tsx', 'tests/unit/i18n/lazyWords.test.ts'];
const path = (expect.getState().testPath ?? '').replaceAll('\\', '/');
if (!BARE.some((f) => path.endsWith(f))) {
  await import('../../src/i18n/allLanguages');
  const { addWords } = await import('../../src/i18n/i18n');
  const files = import.meta.glob<Catalogue>('../../src/rules/*/words/*.json', { eager: true, import: 'default' });
  const byRuleset = new Map<string, Partial<Record<Language, Catalogue>>>();
  for (const [file, words] of Object.entries(files)) {
    const [, id, lang] = /rules\/([^/]+)\/words\/([a-z]+)\.json$/.exec(file)!;
    byRuleset.set(id!, { ...byRuleset.get(id!), [lang!]: words });
  }
  for (const [id, words] of byRuleset) addWords(id, words as Record<Language, Catalogue>);
}
