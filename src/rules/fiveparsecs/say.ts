/**
 * Five Parsecs' small word helpers: a refusal as a message, inches as the log has always written them
 * (to two decimals, or fixed to one), edges and phases as literal message ids.
 */
import { msg, type Msg } from '../engine/message';
import { ruleError, type RuleError } from '../engine/types';

/** An illegal action, with why (a message). */
export const refuse = (m: Msg): RuleError => ruleError('illegal-action', m);

/** Inches to at most two decimals (`5.75"`). */
export const inch2 = (x: number): Msg => msg('fiveparsecs:inches', { n: Math.round(x * 100) / 100 });

/** Inches fixed to one decimal (`9.0"`). */
export const inch1 = (x: number): Msg => msg('fiveparsecs:inches1', { n: x });

/** A number fixed to one decimal (`9.0`). */
export const fixed1 = (x: number): Msg => msg('fiveparsecs:fixed1', { n: x });

/** A signed modifier: +1, -1, +0 (a sign and digits, shown as written). */
export const signed = (v: number): string => (v < 0 ? `${v}` : `+${v}`);

const EDGE_IDS = {
  north: 'fiveparsecs:edge.north',
  south: 'fiveparsecs:edge.south',
  east: 'fiveparsecs:edge.east',
  west: 'fiveparsecs:edge.west',
} as const;

/** An edge's name (north, south, east, west). */
export const edgeName = (e: keyof typeof EDGE_IDS): Msg => msg(EDGE_IDS[e]);

const PHASE_IDS = { quick: 'fiveparsecs:phase.quick', slow: 'fiveparsecs:phase.slow' } as const;

/** Quick or Slow. */
export const crewPhaseName = (p: 'quick' | 'slow'): Msg => msg(PHASE_IDS[p]);

/** A list of names, or "nobody". */
export const namesOrNobody = (names: readonly string[]): Msg | readonly string[] =>
  names.length ? names : msg('fiveparsecs:nobody');

const AI_IDS = {
  cautious: 'fiveparsecs:ai.cautious',
  aggressive: 'fiveparsecs:ai.aggressive',
  tactical: 'fiveparsecs:ai.tactical',
  defensive: 'fiveparsecs:ai.defensive',
  rampaging: 'fiveparsecs:ai.rampaging',
  beast: 'fiveparsecs:ai.beast',
  guardian: 'fiveparsecs:ai.guardian',
} as const;

/** An AI type's name, as the log writes it (aggressive, cautious, …). */
export const aiName = (ai: keyof typeof AI_IDS): Msg => msg(AI_IDS[ai]);

/** Words joined by " · " (a message per pair, so a language may change the mark). */
export const dotted = (parts: readonly Msg[]): Msg =>
  parts.slice(1).reduce((a, b) => msg('fiveparsecs:dot', { a, b }), parts[0] ?? msg('fiveparsecs:nothing'));

const TRAIT_IDS = {
  area: 'fiveparsecs:trait.area',
  critical: 'fiveparsecs:trait.critical',
  focused: 'fiveparsecs:trait.focused',
  heavy: 'fiveparsecs:trait.heavy',
  melee: 'fiveparsecs:trait.melee',
  pistol: 'fiveparsecs:trait.pistol',
  piercing: 'fiveparsecs:trait.piercing',
  'snap-shot': 'fiveparsecs:trait.snap-shot',
  'single-use': 'fiveparsecs:trait.single-use',
} as const;

/** A weapon trait's name, as the card writes it (the id: snap-shot, single-use, …). */
export const traitName = (t: keyof typeof TRAIT_IDS): Msg => msg(TRAIT_IDS[t]);

const OUT_IDS = {
  slain: 'fiveparsecs:out.slain',
  'knocked-out': 'fiveparsecs:out.knocked-out',
  bailed: 'fiveparsecs:out.bailed',
  left: 'fiveparsecs:out.left',
} as const;

/** How a figure left the battle (slain, knocked-out, bailed, left). */
export const outName = (o: keyof typeof OUT_IDS): Msg => msg(OUT_IDS[o]);
