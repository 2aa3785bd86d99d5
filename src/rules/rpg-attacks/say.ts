/** An illegal action with its reason as a message (engine/kit's `illegal` takes a plain string). */
import type { Text } from '../engine/message';
import { ruleError, type RuleError } from '../engine/types';

/** An illegal action, with why. */
export const illegal = (message: Text): RuleError => ruleError('illegal-action', message);
