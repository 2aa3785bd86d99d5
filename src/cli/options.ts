/**
 * The battle CLI's `--options key=value,...`: a ruleset's set-up options (the `OptionField`s its play
 * descriptor declares, the same the app's set-up offers), each key declared and each value one of
 * its choices; the keys not given take their first choice, as in the app.
 */
import type { OptionField } from '../rules/engine/play';

/** The set-up options from `--options` text (undefined: all defaults); throws an Error naming what is wrong. */
export function setupOptions(
  text: string | undefined,
  fields: readonly OptionField[],
  rules: string,
): Record<string, string> {
  const given: Record<string, string> = {};
  for (const part of text === undefined ? [] : text.split(',')) {
    const m = /^([A-Za-z][\w-]*)=(.*)$/.exec(part.trim());
    if (!m) throw new Error(`--options takes key=value,... (got "${part}")`);
    const field = fields.find((f) => f.id === m[1]);
    if (!field)
      throw new Error(
        `--options: ${rules} has no option "${m[1]}" (has: ${fields.map((f) => f.id).join(', ') || 'none'})`,
      );
    if (!field.choices.some((c) => c.value === m[2]))
      throw new Error(
        `--options ${m[1]} must be one of ${field.choices.map((c) => c.value || '""').join(', ')} (got "${m[2]}")`,
      );
    given[m[1]!] = m[2]!;
  }
  return Object.fromEntries(fields.map((f) => [f.id, given[f.id] ?? f.choices[0]!.value]));
}
