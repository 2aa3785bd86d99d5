/**
 * The one i18next instance (ICU MessageFormat through i18next-icu, Intl for numbers and plurals) and
 * the renderer of rule words: a `Msg` from the rules becomes a sentence in the chosen language. No
 * React here: the UI binds it with react-i18next (src/i18n/useSay.ts), the battle CLI renders with it.
 */
import i18next, { type i18n as I18n } from 'i18next';
import ICU from 'i18next-icu';
import IntlMessageFormat from 'intl-messageformat';
import { inch, isMsg, type Arg, type Text } from '../rules/engine/message';
import { onLoaded } from '../rulesets';
import {
  addRulesetWords,
  APP_WORDS,
  CATALOGUES,
  type Catalogue,
  LANGUAGES,
  NAMESPACES,
  type Language,
  type Namespace,
} from './catalogues';

/** A catalogue lookup or format that failed (a strict render's error). */
export class WordsError extends Error {}

function createInstance(): I18n {
  const instance = i18next.createInstance();
  void instance.use(ICU).init({
    resources: { en: CATALOGUES.en },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'ui',
    keySeparator: false,
    nsSeparator: ':',
    initAsync: false,
    // A component bound through react-i18next re-renders when a ruleset's words arrive (they load with its code).
    react: { bindI18n: 'languageChanged', bindI18nStore: 'added' },
    returnNull: false,
    interpolation: { escapeValue: false },
    // A message that does not format shows as written (strict rendering, for the tests, throws instead).
    // Its compiled messages are kept per language and key, a fallback's too: words added later (a language
    // or a ruleset loading) clear them.
    i18nFormat: { parseErrorHandler: (_err: unknown, _key: string, res: string) => res, bindI18nStore: 'added' },
  });
  return instance;
}

/** The app's i18next instance (react-i18next binds the UI to it). */
export const i18n: I18n = createInstance();

/** Puts a ruleset's words (every language) into the catalogues and the instance; its id is the namespace. */
export function addWords(id: string, words: Readonly<Record<Language, Catalogue>>): void {
  addRulesetWords(id, words);
  for (const lang of LANGUAGES) i18n.addResourceBundle(lang, id, words[lang], true, true);
}

// A ruleset's words join the catalogues and the instance when its code arrives (src/rulesets.ts).
onLoaded((r) => addWords(r.id, r.words));

/** The language shown now. */
export function language(): Language {
  const l = i18n.language;
  return (LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'en';
}

const languageLoads = new Map<Language, Promise<void>>([['en', Promise.resolve()]]);

/**
 * The app's words in a language, fetched the first time (English is in the page from the start); a
 * fetch that fails may be tried again.
 */
export function loadLanguage(lang: Language): Promise<void> {
  let p = languageLoads.get(lang);
  if (!p) {
    p = APP_WORDS[lang]().then((words) => {
      for (const ns of ['ui', 'engine'] as const) {
        CATALOGUES[lang][ns] = words[ns];
        i18n.addResourceBundle(lang, ns, words[ns], true, true);
      }
    });
    p.catch(() => languageLoads.delete(lang));
    languageLoads.set(lang, p);
  }
  return p;
}

/** Shows words in another language from now on (its words loaded first). */
export async function setLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
}

/** An argument's value for the formatter: numbers stay numbers (ICU formats them), the rest is text. */
function argValue(a: Arg, lang: Language, strict: boolean): string | number {
  if (typeof a === 'number' || typeof a === 'string') return a;
  if (isMsg(a)) return strict ? renderStrict(a, lang) : render(a, lang);
  if (Array.isArray(a)) return (a as readonly Arg[]).map((x) => String(argValue(x, lang, strict))).join(', ');
  // Not an argument a rule would give (a value read back from a hand-edited file): shown as JSON.
  return JSON.stringify(a) ?? String(a);
}

function argValues(text: Exclude<Text, string>, lang: Language, strict: boolean): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(text.args ?? {})) out[k] = argValue(v, lang, strict);
  return out;
}

/** Words in a language (the shown one by default); a key missing there falls back to English, then to its id. */
export function render(text: Text, lang: Language = language()): string {
  if (!isMsg(text)) return text;
  return i18n.t(text.id, { ...argValues(text, lang, false), lng: lang }) as string;
}

/** A message id split into its namespace and key, or null when it names no namespace. */
export function splitId(id: string): { ns: Namespace; key: string } | null {
  const i = id.indexOf(':');
  if (i < 0) return null;
  const ns = id.slice(0, i);
  return (NAMESPACES as readonly string[]).includes(ns) ? { ns: ns as Namespace, key: id.slice(i + 1) } : null;
}

/**
 * Words in a language with no fallback: throws a `WordsError` naming the id and the language when the
 * key is missing there, an argument the message uses is missing, or the message does not parse.
 */
export function renderStrict(text: Text, lang: Language): string {
  if (!isMsg(text)) return text;
  const at = splitId(text.id);
  if (!at) throw new WordsError(`"${text.id}" names no namespace (${NAMESPACES.join(', ')})`);
  const source = CATALOGUES[lang][at.ns]?.[at.key];
  if (source === undefined) throw new WordsError(`"${text.id}" is missing from the ${lang} catalogue`);
  try {
    return String(
      new IntlMessageFormat(source, lang, undefined, { ignoreTag: true }).format(argValues(text, lang, true)),
    );
  } catch (e) {
    if (e instanceof WordsError) throw e;
    throw new WordsError(`"${text.id}" in ${lang}: ${(e as Error).message}`);
  }
}

/** A length in inches for the locale (`12.5"`, `12,5"`). */
export const inchesText = (x: number, lang: Language = language()): string => render(inch(x), lang);

/** A number for the locale (Intl). */
export const numberText = (x: number, lang: Language = language(), digits = 1): string =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(x);
