/**
 * Words as data: a rule emits a message id and its arguments, never a sentence, and the app renders it
 * in the player's language (src/i18n). Ids are written out in full where they are used (namespace, colon,
 * key: <ruleset>:shot.hit) so the catalogue test can find every one; a family of ids chosen at run time is a
 * table of literal ids.
 *
 * An argument is a name shown as written (a unit, a weapon, a place), a number (the catalogue formats it
 * for the locale, with ICU plurals), another message (rendered first), or a list of them (joined).
 */

/** A message argument. */
export type Arg = string | number | Msg | readonly Arg[];

/** A message: its id and its arguments (plain JSON). */
export interface Msg {
  id: string;
  args?: Readonly<Record<string, Arg>>;
}

/** Words shown to a player: a message, or a string shown exactly as written (a name from a card or a file). */
export type Text = string | Msg;

/** A message. */
export function msg(id: string, args?: Readonly<Record<string, Arg>>): Msg {
  return args ? { id, args } : { id };
}

/** Whether words are a message (else a string shown as written). */
export function isMsg(x: unknown): x is Msg {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && typeof (x as Msg).id === 'string';
}

/** A length in inches, to one decimal (`3.5"`, `12,5"` where the locale writes a decimal comma). */
export const inch = (x: number): Msg => msg('engine:inches', { n: Math.round(x * 10) / 10 });

/** A length in millimetres, whole (`32 mm`). */
export const mm = (x: number): Msg => msg('engine:mm', { n: Math.round(x) });

/** Words for a developer's diagnostic (a test failure, a soak report) where no catalogue is at hand: the id and its arguments. */
export function debugText(t: Text): string {
  return typeof t === 'string' ? t : `${t.id}${t.args ? ` ${JSON.stringify(t.args)}` : ''}`;
}
