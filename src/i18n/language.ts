/**
 * The language the table speaks to this player: on the first visit the browser's (Korean and Russian
 * by their prefix, else English), then the player's own choice, remembered in localStorage. The pure
 * functions take the storage and the browser's languages as parameters (the unit tests give their own).
 */
import { isLanguage, type Language } from './catalogues';
import { render, setLanguage } from './i18n';
import { msg } from '../rules/engine/message';

/** The localStorage key of the remembered choice. */
export const LANGUAGE_KEY = 'tabletop.language';

/** The part of Storage this needs. */
export type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The first of the browser's languages the table speaks (ko-KR → ko, ru → ru), else English. */
export function browserLanguage(languages: readonly string[]): Language {
  for (const tag of languages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (base === 'en') return 'en';
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The remembered choice, if one is stored and names a language the table speaks. */
export function rememberedLanguage(storage: LanguageStorage | undefined): Language | undefined {
  try {
    const stored = storage?.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined; // storage refused (a private window): the browser's language decides
  }
}

/** The language to start in: the remembered choice, else the browser's. */
export function startingLanguage(storage: LanguageStorage | undefined, languages: readonly string[]): Language {
  return rememberedLanguage(storage) ?? browserLanguage(languages);
}

/** Remembers a choice (a storage that refuses is ignored: the choice holds for this visit). */
export function rememberLanguage(storage: LanguageStorage | undefined, lang: Language): void {
  try {
    storage?.setItem(LANGUAGE_KEY, lang);
  } catch {
    // nothing to do: the next visit follows the browser again
  }
}

function pageStorage(): LanguageStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function browserLanguages(): readonly string[] {
  const nav = globalThis.navigator as Navigator | undefined;
  if (!nav) return [];
  return nav.languages?.length ? nav.languages : nav.language ? [nav.language] : [];
}

/**
 * Shows the page in a language: the words (fetched the first time), the title, and `<html lang>` (fonts,
 * screen readers, hyphenation). A language whose words cannot be fetched leaves the page as it is.
 */
export async function showLanguage(lang: Language): Promise<void> {
  try {
    await setLanguage(lang);
  } catch (e) {
    console.error(`the ${lang} words could not be loaded`, e);
    return;
  }
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.title = render(msg('ui:app.title'), lang);
}

/** At start-up: shows the remembered language, else the browser's (its words loaded before it resolves); returns it. */
export async function startLanguage(): Promise<Language> {
  const lang = startingLanguage(pageStorage(), browserLanguages());
  await showLanguage(lang);
  return lang;
}

/** The player's choice from the menu: shown as soon as its words are in, and remembered for the next visit. */
export function chooseLanguage(lang: Language): void {
  rememberLanguage(pageStorage(), lang);
  void showLanguage(lang);
}

/** Follows a choice made in another window of this page (the spectator window follows the host's menu). */
export function followStoredLanguage(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (e) => {
    if (e.key === LANGUAGE_KEY && isLanguage(e.newValue)) void showLanguage(e.newValue);
  });
}
