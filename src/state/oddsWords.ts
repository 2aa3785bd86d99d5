/**
 * An attack's odds (the ruleset's plain facts, `Odds` in rules/engine/play.ts) in the app's words, the
 * line the hover hint shows under the attack: "5+ on d6 · 67 % to hit · 42 % hidden · 2 dice · light
 * cover". Facts the ruleset left out are not shown; nothing to show is null.
 */
import { msg, type Msg, type Text } from '../rules/engine/message';
import type { Odds } from '../rules/engine/play';

/** A share 0..1 as a whole percentage (0.4167 -> 42); a share above 0 never shows as 0, below 1 never as 100. */
export function percent(x: number): number {
  const p = Math.round(x * 100);
  if (x > 0 && p === 0) return 1;
  if (x < 1 && p === 100) return 99;
  return p;
}

/** The score a die must make, in words: "5+ on d6", "4 or less on d6", "any roll", "no roll of d6 is enough". */
export function needWords(n: NonNullable<Odds['need']>): Msg {
  const args = { score: n.score, die: n.die };
  if (n.atMost) {
    if (n.score >= n.die) return msg('ui:odds.need-any', args);
    if (n.score < 1) return msg('ui:odds.need-none', args);
    return msg('ui:odds.need-at-most', args);
  }
  if (n.score <= 1) return msg('ui:odds.need-any', args);
  if (n.score > n.die) return msg('ui:odds.need-none', args);
  return msg('ui:odds.need', args);
}

/** The odds' parts in words, in the hint's order. */
export function oddsParts(o: Odds): Text[] {
  const parts: Text[] = [];
  if (o.need) parts.push(needWords(o.need));
  if (o.chance !== undefined) parts.push(msg('ui:odds.chance', { pct: percent(o.chance) }));
  if (o.hidden !== undefined && o.hidden > 0) parts.push(msg('ui:odds.hidden', { pct: percent(o.hidden) }));
  if (o.dice !== undefined) parts.push(msg('ui:odds.dice', { n: o.dice }));
  if (o.cover !== undefined && o.cover !== '') parts.push(o.cover);
  for (const n of o.notes ?? []) if (n !== '') parts.push(n);
  return parts;
}

/** The odds in one line ("5+ on d6 · 67 % to hit · 2 dice"), or null when there is nothing to say. */
export function oddsWords(o: Odds | undefined): Msg | null {
  if (!o) return null;
  const parts = oddsParts(o);
  if (parts.length === 0) return null;
  return parts.slice(1).reduce<Msg>((a, b) => msg('ui:odds.dot', { a, b }), msg('ui:odds.one', { a: parts[0]! }));
}
