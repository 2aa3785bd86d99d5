/**
 * Every language's app words loaded before anything that imports this module runs (a top-level await):
 * for the command-line tools (`battle --lang ko`) and the tests. The page never imports it (ESLint): it
 * loads a language when it first shows it.
 */
import { LANGUAGES } from './catalogues';
import { loadLanguage } from './i18n';

await Promise.all(LANGUAGES.map(loadLanguage));
