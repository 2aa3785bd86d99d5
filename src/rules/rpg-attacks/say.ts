/**
 * An illegal action with its reason as a message (engine/kit's `illegal` takes a plain string), and a
 * grapple rule's message (which knows only ids) with each character id among its arguments named.
 */
import { inch, msg, type Arg, type Msg, type Text } from '../engine/message';
import { ruleError, type RuleError } from '../engine/types';

/** An illegal action, with why. */
export const illegal = (message: Text): RuleError => ruleError('illegal-action', message);

/** `m` with every argument that is a character id (or a list of them) replaced by the character's name. */
export function withNames(chars: Readonly<Record<string, { name: string }>>, m: Msg): Msg {
  const swap = (a: Arg): Arg =>
    typeof a === 'string' ? (chars[a]?.name ?? a) : Array.isArray(a) ? (a as readonly Arg[]).map(swap) : a;
  return m.args ? msg(m.id, Object.fromEntries(Object.entries(m.args).map(([k, v]) => [k, swap(v)]))) : m;
}

/**
 * A distance the chapter measures in metres, as the table shows it: inches, with the text's metres in
 * brackets (`15" (15 m)`). The scale is 1 metre to the inch (game.ts), so both are the same number.
 */
export const metres = (m: number): Msg => msg('rpg-attacks:metres', { d: inch(m), n: Math.round(m * 10) / 10 });
