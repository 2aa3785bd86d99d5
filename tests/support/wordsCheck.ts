/**
 * The words a ruleset shows over whole games, checked in every language: every rule event, and every word
 * of the play view (status, choices, picks, greyed actions, markers, score board, secrets, cards), of the
 * set-up (blurb, tables, options, forces) and of the help. A message must render in English, Korean and
 * Russian with every argument it uses; a string where words belong (anything but a name or a number) is
 * English written inline, and is reported.
 */
import { randomMove } from '../../src/ai/randomBot';
import { renderStrict, splitId } from '../../src/i18n/i18n';
import { LANGUAGES } from '../../src/i18n/catalogues';
import { rngState } from '../../src/rules/dice/rng';
import { act, decider, newMatch, type Match, type Move } from '../../src/rules/engine/match';
import { isMsg, type Msg, type Text } from '../../src/rules/engine/message';
import type { Table } from '../../src/rules/engine/queries';
import { isError, type Action } from '../../src/rules/engine/types';
import type { AnyRuleset } from '../../src/rulesets';
import { viewOf, type PlayView } from '../../src/state/playView';
import { battleTable } from '../../src/cli/soakGames';

/** Words found, by where they were found. */
export interface FoundWords {
  /** Every message, with where it was seen. */
  messages: { where: string; msg: Msg }[];
  /** Strings where words belong (not a message, not a name or a number). */
  inline: { where: string; text: string }[];
  /** The event types seen. */
  eventTypes: Set<string>;
}

/** A string that needs no translation: numbers, signs and units only. */
const NEUTRAL = /^[\d\s.,:;/+\-–—×x%()"'·=<>≥≤#]*$/;

function found(): FoundWords {
  return { messages: [], inline: [], eventTypes: new Set() };
}

/** Adds words: a message (and the messages in its arguments), or a string that must be neutral. */
function add(out: FoundWords, where: string, t: Text | undefined | null): void {
  if (t === undefined || t === null) return;
  if (isMsg(t)) out.messages.push({ where, msg: t });
  else if (!NEUTRAL.test(t)) out.inline.push({ where, text: t });
}

/** The words of a play view. `names` are shown as written (unit, weapon and place names). */
function viewWords(out: FoundWords, v: PlayView): void {
  add(out, 'status', v.status);
  add(out, 'outcomeNote', v.outcomeNote || null);
  for (const c of v.choices) add(out, 'choice', c.label);
  for (const p of v.picks) add(out, 'pick', p.label);
  for (const b of v.blocked) {
    add(out, 'blocked.label', b.label);
    add(out, 'blocked.reason', b.reason);
  }
  for (const m of v.markers) add(out, `marker ${m.kind}`, m.label);
  for (const side of ['A', 'B'] as const) {
    for (const c of v.board.rows[side]) {
      add(out, 'board cell', c.text);
      add(out, 'board cell title', c.title);
    }
    for (const s of v.secrets[side]) {
      add(out, 'secret.label', s.label);
      add(out, 'secret.shown', s.shown);
      add(out, 'secret.hidden', s.hidden);
    }
  }
  for (const l of v.board.lines) add(out, 'board line', l.text);
  if (v.board.result) {
    for (const c of v.board.result.columns) add(out, 'result column', c);
    for (const side of ['A', 'B'] as const) for (const c of v.board.result.rows[side]) add(out, 'result cell', c);
    add(out, 'result footer', v.board.result.footer);
  }
}

/** The words of a card (its title is a name). */
function cardWords(out: FoundWords, where: string, c: ReturnType<AnyRuleset['play']['card']>): void {
  if (!c) return;
  add(out, `${where}.subtitle`, c.subtitle);
  add(out, `${where}.stats`, c.stats);
  for (const w of c.weapons) {
    add(out, `${where}.weapon.range`, w.range);
    add(out, `${where}.weapon.damage`, w.damage);
    add(out, `${where}.weapon.notes`, w.notes || null);
  }
  for (const n of c.notes) add(out, `${where}.note`, n);
  for (const n of c.back ?? []) add(out, `${where}.back`, n);
}

/** The words of the set-up and the help: blurb, tables, options, forces (presets, cards, points, problems). */
export function setupWords(entry: AnyRuleset): FoundWords {
  const out = found();
  for (const h of entry.howToPlay) add(out, 'howToPlay', h);
  const p = entry.play;
  add(out, 'blurb', p.blurb);
  for (const t of p.tables) add(out, 'table', t.label);
  for (const o of p.options) {
    add(out, 'option', o.label);
    for (const c of o.choices) add(out, 'option choice', c.label);
  }
  const b = p.forces;
  add(out, 'forces.noun', b.noun);
  add(out, 'forces.fileLabel', b.fileLabel);
  const data = b.defaultData();
  for (const side of ['A', 'B'] as const) {
    const force = b.preset(data, b.defaults[side]);
    add(out, 'forces.points', b.points(data, force));
    add(out, 'forces.problem', b.problem(data, force));
    for (const c of b.members(data, force)) cardWords(out, 'member', c);
    for (const c of b.addable(data, force)) cardWords(out, 'addable', c);
  }
  return out;
}

/**
 * Plays game `seed` of a ruleset on its default table (the side's own AI against random moves, so odd
 * corners come up) and gathers its words: every event, and the play view every `every` moves with the
 * cards of every model.
 */
export async function gameWords(entry: AnyRuleset, seed: number, every = 3): Promise<FoundWords> {
  const t = await battleTable(entry);
  const q: Table = t.queries();
  const out = found();
  const setup = { rules: entry.id, forces: t.forces, options: t.options };
  let m: Match<unknown, Action> = newMatch(entry.engine, t.initial, seed);
  let rng = rngState(seed * 31 + 7);
  for (let i = 0; i < 3000; i++) {
    const who = decider(entry.engine, m);
    if (i % every === 0 || !who) {
      viewWords(out, viewOf(entry, setup, m, { A: 'human', B: 'human' }, q, null));
      for (const id of Object.keys(entry.play.table(m.state).names))
        cardWords(out, 'card', entry.play.card(m.state, id));
    }
    if (!who) break;
    let move: Move<Action> | null;
    if ((who === 'A') === (seed % 2 === 0)) move = entry.bot(m, who, q);
    else {
      const r = randomMove(entry.engine, m, who, rng, q);
      rng = r.rng;
      move = r.move;
    }
    if (!move) throw new Error(`${who} has no move`);
    const r = act(entry.engine, m, who, move, q);
    if (isError(r)) throw new Error(`refused: ${JSON.stringify(r.message)}`);
    for (const e of r.events) {
      out.eventTypes.add(e.type);
      add(out, `event ${e.type}`, e.text);
    }
    m = r.match;
  }
  return out;
}

/** Every message that does not render in some language (a missing key, a missing argument, an object or `undefined` shown), one line each. */
export function unrenderable(words: FoundWords): string[] {
  const problems = new Set<string>();
  for (const { where, msg } of words.messages) {
    if (!splitId(msg.id)) problems.add(`${where}: "${msg.id}" names no namespace`);
    for (const lang of LANGUAGES) {
      try {
        const text = renderStrict(msg, lang);
        const odd = /\[object Object\]|\bundefined\b|\bNaN\b/.exec(text);
        if (odd) problems.add(`${where}: "${msg.id}" in ${lang} shows "${odd[0]}": ${text}`);
      } catch (e) {
        problems.add(`${where}: ${(e as Error).message}`);
      }
    }
  }
  return [...problems];
}

/** The inline strings, one line each with where they were (duplicates once). */
export function inlineWords(words: FoundWords): string[] {
  return [...new Set(words.inline.map((w) => `${w.where}: ${JSON.stringify(w.text)}`))];
}
