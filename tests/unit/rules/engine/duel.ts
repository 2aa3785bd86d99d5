/**
 * A test-only ruleset: two gunfighters. On your turn shoot (out of range past 24", not without LOS)
 * or wait. A shot opens a reaction window for the target before it resolves: dodge (d6, 5+ and the
 * shot misses) or pass; then the shot hits on a d6 4+, one damage. Two damage and you are out.
 * Each roll's dice line follows its event and names who rolled (the dodger, then the shooter).
 */
import { logRolls } from '../../../../src/rules/engine/diceLog';
import { ruleError, type RuleEvent, type Ruleset } from '../../../../src/rules/engine/types';

export interface DuelState {
  players: ['red', 'blue'];
  turn: 0 | 1;
  hp: { red: number; blue: number };
  pending: { shooter: 'red' | 'blue'; target: 'red' | 'blue' } | null;
}

export type DuelAction = { type: 'shoot' } | { type: 'wait' } | { type: 'dodge' };

/** A fresh duel. */
export function duelSetup(): DuelState {
  return { players: ['red', 'blue'], turn: 0, hp: { red: 2, blue: 2 }, pending: null };
}

const other = (p: 'red' | 'blue'): 'red' | 'blue' => (p === 'red' ? 'blue' : 'red');

export const duel: Ruleset<DuelState, DuelAction> = {
  id: 'duel',
  players: (s) => s.players,
  currentPlayer: (s) => s.players[s.turn],
  legalActions: (s, player, window) =>
    window
      ? window.player === player
        ? window.options
        : []
      : s.players[s.turn] === player
        ? [{ type: 'shoot' }, { type: 'wait' }]
        : [],
  apply(s, action, ctx) {
    const me = s.players[s.turn];
    if (!ctx.window) {
      if (action.type === 'wait')
        return { state: { ...s, turn: s.turn === 0 ? 1 : 0 }, events: [{ type: 'waited', text: `${me} waits` }] };
      if (action.type !== 'shoot') return ruleError('illegal-action', `${action.type} is not an action here`);
      const target = other(me);
      if (ctx.queries.distance(me, target) > 24) return ruleError('out-of-range', `${target} is beyond 24"`);
      if (!ctx.queries.sight(me, target).hasLos) return ruleError('no-los', `${me} cannot see ${target}`);
      return {
        state: { ...s, pending: { shooter: me, target } },
        events: [{ type: 'shot-declared', text: `${me} shoots at ${target}` }],
      };
    }
    const pending = s.pending;
    if (!pending) return ruleError('illegal-action', 'no shot to react to');
    const events: RuleEvent[] = [];
    let hit = true;
    if (action.type === 'dodge') {
      const d = ctx.dice.d(6);
      hit = d < 5;
      events.push({ type: 'dodge', text: `${pending.target} dodges (${d})`, roll: d });
      logRolls(events, ctx.dice, pending.target);
    }
    let hp = s.hp;
    if (hit) {
      const r = ctx.dice.d(6);
      if (r >= 4) {
        hp = { ...hp, [pending.target]: hp[pending.target] - 1 };
        events.push({ type: 'hit', text: `${pending.shooter} hits ${pending.target} (${r})`, roll: r });
      } else {
        events.push({ type: 'miss', text: `${pending.shooter} misses (${r})`, roll: r });
      }
      logRolls(events, ctx.dice, pending.shooter);
    }
    return { state: { ...s, hp, pending: null, turn: s.turn === 0 ? 1 : 0 }, events };
  },
  reactionWindow: (s, after, window) =>
    !window && after.type === 'shoot' && s.pending
      ? { player: s.pending.target, timing: 'before', options: [{ type: 'dodge' }], trigger: after as DuelAction }
      : null,
  outcome: (s) =>
    s.hp.red <= 0
      ? { winner: 'blue', score: { red: 0, blue: 1 } }
      : s.hp.blue <= 0
        ? { winner: 'red', score: { red: 1, blue: 0 } }
        : null,
};
