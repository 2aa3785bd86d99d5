/**
 * Counterblast's words that several files share: a refusal as a message, and the names of the
 * conditions (the log, the tokens, the cards). Every sentence is a message id in the `counterblast`
 * catalogue (src/i18n/locales/<lang>/counterblast.json).
 */
import { msg, type Msg } from '../engine/message';
import { ruleError, type RuleError } from '../engine/types';
import type { Inflicted } from './data';

/** An action refused as illegal, in words. */
export const refuse = (m: Msg): RuleError => ruleError('illegal-action', m);

/** The conditions' names in the log and on the tokens. */
export const CONDITION_NAMES: Record<Inflicted, Msg> = {
  blind: msg('counterblast:cond.blind'),
  burning: msg('counterblast:cond.burning'),
  'half-blind': msg('counterblast:cond.halfBlind'),
  marked: msg('counterblast:cond.marked'),
  pinned: msg('counterblast:cond.pinned'),
};

/** The check a pool rolls, by name. */
export const CHECK = {
  zap: msg('counterblast:check.zap'),
  grit: msg('counterblast:check.grit'),
  knack: msg('counterblast:check.knack'),
  psi: msg('counterblast:check.psi'),
} as const;

/** A length as the log has always printed it: inches to at most two decimals (`3.25"`). */
export const inches2 = (x: number): Msg => msg('engine:inches', { n: Math.round(x * 100) / 100 });

/** Names joined with "and" (`A and B and C`). */
export const andList = (items: readonly (string | Msg)[]): string | Msg =>
  items.slice(1).reduce<string | Msg>((a, b) => msg('counterblast:list.and', { a, b }), items[0] ?? '');

/** What stopped a jump or a throw: the table's words for an edge or no room, else a model's or a piece's id. */
export const stopper = (by: string): string | Msg =>
  by === 'table edge' ? msg('counterblast:stop.edge') : by === 'no room to land' ? msg('counterblast:stop.noRoom') : by;

/** Every action's name as the log has always written it (its type), by type. */
const ACTION_IDS: Record<string, string> = {
  move: 'counterblast:act.move',
  'move-roll': 'counterblast:act.moveRoll',
  'stand-up': 'counterblast:act.standUp',
  rush: 'counterblast:act.rush',
  jump: 'counterblast:act.jump',
  throw: 'counterblast:act.throw',
  shoot: 'counterblast:act.shoot',
  strike: 'counterblast:act.strike',
  aim: 'counterblast:act.aim',
  rally: 'counterblast:act.rally',
  recover: 'counterblast:act.recover',
  treat: 'counterblast:act.treat',
  engineer: 'counterblast:act.engineer',
  hack: 'counterblast:act.hack',
  boost: 'counterblast:act.boost',
  'psi-strike': 'counterblast:act.psiStrike',
  'psi-craft': 'counterblast:act.psiCraft',
  'do-nothing': 'counterblast:act.doNothing',
  'aim-assist': 'counterblast:act.aimAssist',
  'dog-pile': 'counterblast:act.dogPile',
  'return-fire': 'counterblast:act.returnFire',
  counterstrike: 'counterblast:act.counterstrike',
  parry: 'counterblast:act.parry',
  'action-roll': 'counterblast:act.actionRoll',
  snapshot: 'counterblast:act.snapshot',
  pursuit: 'counterblast:act.pursuit',
  disperse: 'counterblast:act.disperse',
  skill: 'counterblast:act.skill',
};

/** An action's name ("aim-assist"), in words; an unknown type as written. */
export const actionName = (type: string): string | Msg => {
  const id = ACTION_IDS[type];
  return id ? msg(id) : type;
};

/** The degrees of victory, by the name the result keeps. */
export const DEGREE_NAMES: Record<string, Msg> = {
  'Heroic Victory': msg('counterblast:degree.heroic'),
  'Major Victory': msg('counterblast:degree.major'),
  'Minor Victory': msg('counterblast:degree.minor'),
};
