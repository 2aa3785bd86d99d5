/**
 * The message catalogues: one JSON file per language and namespace under locales/, flat keys, ICU
 * MessageFormat values (`{n, plural, one {# Hit} other {# Hits}}`, `{d, number}`). English is the source;
 * Korean BLKOUT and Russian skirmish-ru use their rulebooks' own terms (../shared/rules).
 */
import enBlkout from './locales/en/blkout.json';
import enCounterblast from './locales/en/counterblast.json';
import enEngine from './locales/en/engine.json';
import enFiveparsecs from './locales/en/fiveparsecs.json';
import enRpgAttacks from './locales/en/rpg-attacks.json';
import enSkirmishRu from './locales/en/skirmish-ru.json';
import enUi from './locales/en/ui.json';
import koBlkout from './locales/ko/blkout.json';
import koCounterblast from './locales/ko/counterblast.json';
import koEngine from './locales/ko/engine.json';
import koFiveparsecs from './locales/ko/fiveparsecs.json';
import koRpgAttacks from './locales/ko/rpg-attacks.json';
import koSkirmishRu from './locales/ko/skirmish-ru.json';
import koUi from './locales/ko/ui.json';
import ruBlkout from './locales/ru/blkout.json';
import ruCounterblast from './locales/ru/counterblast.json';
import ruEngine from './locales/ru/engine.json';
import ruFiveparsecs from './locales/ru/fiveparsecs.json';
import ruRpgAttacks from './locales/ru/rpg-attacks.json';
import ruSkirmishRu from './locales/ru/skirmish-ru.json';
import ruUi from './locales/ru/ui.json';

/** The languages the table speaks, English first (the fallback). */
export const LANGUAGES = ['en', 'ko', 'ru'] as const;
/** A language. */
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name (the language menu lists them so). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ko: '한국어', ru: 'Русский' };

/** The namespaces: the app's words, the engine's shared words, and one per ruleset. */
export const NAMESPACES = [
  'ui',
  'engine',
  'blkout',
  'counterblast',
  'fiveparsecs',
  'skirmish-ru',
  'rpg-attacks',
] as const;
/** A namespace. */
export type Namespace = (typeof NAMESPACES)[number];

/** A catalogue: key to ICU message. */
export type Catalogue = Readonly<Record<string, string>>;

/** Every catalogue, by language and namespace. */
export const CATALOGUES: Record<Language, Record<Namespace, Catalogue>> = {
  en: {
    ui: enUi,
    engine: enEngine,
    blkout: enBlkout,
    counterblast: enCounterblast,
    fiveparsecs: enFiveparsecs,
    'skirmish-ru': enSkirmishRu,
    'rpg-attacks': enRpgAttacks,
  },
  ko: {
    ui: koUi,
    engine: koEngine,
    blkout: koBlkout,
    counterblast: koCounterblast,
    fiveparsecs: koFiveparsecs,
    'skirmish-ru': koSkirmishRu,
    'rpg-attacks': koRpgAttacks,
  },
  ru: {
    ui: ruUi,
    engine: ruEngine,
    blkout: ruBlkout,
    counterblast: ruCounterblast,
    fiveparsecs: ruFiveparsecs,
    'skirmish-ru': ruSkirmishRu,
    'rpg-attacks': ruRpgAttacks,
  },
};

/** Whether a string names a language the table speaks. */
export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}
