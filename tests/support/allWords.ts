/**
 * Every test file starts with every ruleset loaded, its words and every language's app words in the
 * catalogues, as the CLIs have them (the page loads a ruleset's code and words when it is chosen, and a
 * language's words when it is first shown): rule tests render their words in
 * any language without loading the list first. Two files start bare: tests/unit/rulesets/toy.test.tsx,
 * which mocks the list itself (a module loaded here would be the unmocked one), and
 * tests/unit/i18n/lazyWords.test.ts, which checks the page's way.
 */
import { expect } from 'vitest';

const BARE = ['tests/unit/rulesets/toy.test.tsx', 'tests/unit/i18n/lazyWords.test.ts'];
const path = (expect.getState().testPath ?? '').replaceAll('\\', '/');
if (!BARE.some((f) => path.endsWith(f))) {
  await import('../../src/i18n/allLanguages');
  await import('../../src/rulesetsLoaded');
}
