/**
 * A bot thread: chooses the AI's moves for the rooms of the game server, off its event loop (botPool.ts).
 * Each request names the room's set-up (its table is set up once per set-up, as the battle CLI sets it
 * up) and carries the whole match; the answer is the move of the side deciding, or why there is none.
 */
import { parentPort } from 'node:worker_threads';
import { battleTable } from '../cli/soakGames';
import { botMove, isRulesFailure } from '../rules/engine/contain';
import { decider, type Match } from '../rules/engine/match';
import { botAt, DEFAULT_LEVEL } from '../rules/engine/strength';
import type { Table } from '../rules/engine/queries';
import type { Action } from '../rules/engine/types';
import type { AnyRuleset } from '../rulesetsLoaded';
import { rulesOf, optionsText } from './referee';
import type { BotAnswer, BotAsk } from './botPool';

const tables = new Map<string, Promise<{ entry: AnyRuleset; q: Table }>>();

function tableFor(ask: BotAsk): Promise<{ entry: AnyRuleset; q: Table }> {
  const key = JSON.stringify([ask.rules, ask.forces, ask.options]);
  let t = tables.get(key);
  if (!t) {
    t = battleTable(rulesOf(ask.rules), ask.forces, optionsText(ask.options)).then((b) => ({
      entry: b.entry,
      q: b.queries(),
    }));
    tables.set(key, t);
  }
  return t;
}

parentPort!.on('message', (ask: BotAsk) => {
  void tableFor(ask)
    .then(({ entry, q }): BotAnswer => {
      const match = ask.match as Match<unknown, Action>;
      const who = decider(entry.engine, match);
      if (!who) return { id: ask.id, move: null };
      const move = botMove(botAt(entry, DEFAULT_LEVEL), match, who, q);
      if (isRulesFailure(move)) return { id: ask.id, error: `the ${entry.id} bot failed: ${move.message}` };
      return { id: ask.id, move };
    })
    .catch((e: unknown): BotAnswer => ({ id: ask.id, error: (e as Error).message }))
    .then((answer) => parentPort!.postMessage(answer));
});
