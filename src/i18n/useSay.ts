/**
 * The React binding of the words (react-i18next over the one instance of i18n.ts): `useSay()` renders rule
 * words (a `Msg` or a name) in the shown language, `useUi()` the app's own words. Both
 * re-render their component when the language changes.
 */
import { setI18n, useTranslation } from 'react-i18next';
import { i18n, render } from './i18n';
import { isLanguage, type Language } from './catalogues';
import { msg, type Arg, type Text } from '../rules/engine/message';

setI18n(i18n);

/** Renders words in the shown language (and re-renders the component when it changes). */
export function useSay(): (text: Text) => string {
  const lang = useLanguage();
  return (text) => render(text, lang);
}

/** The language shown now (re-renders the component when it changes). */
export function useLanguage(): Language {
  const { i18n: shown } = useTranslation();
  return isLanguage(shown.language) ? shown.language : 'en';
}

/**
 * The app's own words: `ui('ui:toolbar.open')`, `ui('ui:log.lines', { n: 3 })` in the shown language (ids
 * written in full, so the catalogue test finds them); arguments as for `msg` (numbers stay numbers).
 */
export function useUi(): (id: string, args?: Readonly<Record<string, Arg>>) => string {
  const lang = useLanguage();
  return (id, args) => render(msg(id, args), lang);
}
