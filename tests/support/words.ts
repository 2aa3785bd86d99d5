/**
 * Words in English for assertions: a rule message rendered with the English catalogue (a string as it is),
 * every ruleset's words loaded (the browser tests' process has no unit-test setup).
 */
import { render } from '../../src/i18n/i18n';
import '../../src/rulesetsLoaded';
import type { Text } from '../../src/rules/engine/message';

/** Words rendered in English. */
export const en = (text: Text): string => render(text, 'en');

/** A result with its `reason` (when it has one) rendered in English, for `toEqual`. */
export function english<R extends object>(r: R): R {
  return 'reason' in r ? { ...r, reason: en(r.reason as Text) } : r;
}
