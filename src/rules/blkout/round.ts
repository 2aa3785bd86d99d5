/**
 * Rounds: Operations (markers and tokens cleared, smoke rolled, initiative) and the order of
 * Execution (alternate activations, the choices right after one: chained, Controller, Handler,
 * Rewind, Extras!), and the end of the game after the last round's scoring.
 */
import { ruleError } from '../engine/types';
import { msg } from '../engine/message';
import { smokeName } from './say';
import { rollOff } from '../dice/mechanics';
import { logRolls } from '../engine/diceLog';
import { other, pieceOf } from '../engine/kit';
import type { BlkoutAction } from './actions';
import { ok, type Ctx, type Out } from './context';
import { holds, mayHold } from './burn';
import { drillsOf, PLAYABLE_DRILLS, SMOKE_DRILLS } from './drills';
import { endRoundScoring, finalScoring } from './score';
import { aliveModels, type BlkoutState, type Player } from './game';
import { setModel, setUnit } from './steps';

/** Rounds in a match-play game. */
export const ROUNDS = 5;

/** Operations: a new round begins. */
export function startRound(ctx: Ctx, s: BlkoutState): BlkoutState {
  const { dice, events } = ctx;
  const round = s.round + 1;
  events.push({ type: 'round', text: msg('blkout:event.round', { round }), round });
  // (1) Clear activation markers, Ready and Engaged tokens.
  const units = Object.fromEntries(Object.entries(s.units).map(([id, u]) => [id, { ...u, activated: false }]));
  const models = Object.fromEntries(
    Object.entries(s.models).map(([id, m]) => [id, { ...m, ready: false, engaged: false }]),
  );
  // (2) Smoke: light smoke goes; each smoke token rolls a D10, 6+ removed, else it becomes light smoke in place.
  const smoke: BlkoutState['smoke'] = [];
  for (const t of s.smoke) {
    if (t.light) {
      events.push({ type: 'smoke', text: msg('blkout:event.smokeClears', { smoke: smokeName(t) }), token: t.id });
      continue;
    }
    const r = dice.d(10);
    const needs = t.chaff ? 10 : 6;
    if (r >= needs)
      events.push({
        type: 'smoke',
        text: msg('blkout:event.smokeRemoved', { smoke: smokeName(t), roll: r, needs }),
        token: t.id,
      });
    else {
      events.push({
        type: 'smoke',
        text: msg('blkout:event.smokeThins', { smoke: smokeName(t), roll: r, needs }),
        token: t.id,
      });
      smoke.push({ ...t, light: true });
    }
    logRolls(events, dice, t.owner);
  }
  // (3) Initiative: round 1 goes to the first deployer; later rounds roll off (ties re-rolled).
  let initiative = s.firstDeployer ?? 'A';
  if (round > 1) {
    const r = rollOff(dice, 10);
    initiative = r.winner === 'a' ? 'A' : 'B';
    events.push({
      type: 'initiative',
      text: msg('blkout:event.initiative', { rolls: r.rounds.map(([a, b]) => `${a}-${b}`), player: initiative }),
      player: initiative,
    });
    logRolls(events, dice, ['A', 'B']);
  } else {
    events.push({
      type: 'initiative',
      text: msg('blkout:event.initiativeFirst', { player: initiative }),
      player: initiative,
    });
  }
  const used = { A: { chained: false, handler: false }, B: { chained: false, handler: false } };
  return {
    ...s,
    round,
    units,
    models,
    smoke,
    initiative,
    turn: initiative,
    used,
    activation: null,
    phase: 'execution',
  };
}

/** Ends the current activation turn: the other player activates next if they can, else this one, else the round ends. */
export function advance(ctx: Ctx, s: BlkoutState): BlkoutState {
  const events = ctx.events;
  const p = s.activation?.player ?? s.turn;
  let next: BlkoutState = { ...s, activation: null };
  if (activatable(next, other(p)).length > 0) return { ...next, turn: other(p) };
  if (activatable(next, p).length > 0) return { ...next, turn: p };
  events.push({ type: 'round-end', text: msg('blkout:event.roundEnd', { round: s.round }), round: s.round });
  next = endRoundScoring(ctx, next);
  if (next.round >= ROUNDS) {
    next = finalScoring(ctx, next);
    const winner = next.score.A === next.score.B ? null : next.score.A > next.score.B ? 'A' : 'B';
    events.push({
      type: 'game-over',
      text: winner
        ? msg('blkout:event.gameOver', { a: next.score.A, b: next.score.B, winner })
        : msg('blkout:event.gameOverDraw', { a: next.score.A, b: next.score.B }),
      winner,
    });
    return { ...next, phase: 'over' };
  }
  next = startRound(ctx, next);
  // The player with the initiative may have nothing left to activate.
  if (activatable(next, next.turn).length === 0)
    return activatable(next, other(next.turn)).length > 0 ? { ...next, turn: other(next.turn) } : advance(ctx, next);
  return next;
}

/** Units a player may still activate this round. */
export function activatable(s: BlkoutState, p: Player): string[] {
  return s.unitOrder.filter((id) => {
    const u = pieceOf(s.units, id, 'unit');
    return u.player === p && !u.activated && aliveModels(s, id).length > 0;
  });
}

/** What the player may do right after an activation: chain (1 CP), reactivate a handler (1 CP), a Controller's free activation. */
export function afterChoices(s: BlkoutState): BlkoutAction[] {
  const a = s.activation;
  if (!a || a.stage !== 'after') return [];
  const p = a.player;
  const out: BlkoutAction[] = [];
  const others = activatable(s, p).filter((id) => id !== a.unit);
  if (s.cp[p] >= 1 && !s.used[p].chained && a.via !== 'chained')
    for (const u of others) out.push({ type: 'chain', unit: u });
  if (pieceOf(s.units, a.unit, 'unit').controller && a.via !== 'controller')
    for (const u of others) out.push({ type: 'controller', unit: u });
  if (pieceOf(s.units, a.unit, 'unit').role === 'handler' && s.cp[p] >= 1 && !s.used[p].handler)
    out.push({ type: 'handler-again' });
  if (holds(s, p, 'rewind')) {
    for (const u of others) {
      out.push({ type: 'burn', card: 'rewind', unit: u });
      for (const d of drillsOf(s, u))
        if (PLAYABLE_DRILLS.includes(d.id) && SMOKE_DRILLS[d.id] === undefined)
          out.push({ type: 'burn', card: 'rewind', unit: u, drill: d.id });
    }
  }
  const reloads = (pieceOf(s.units, a.unit, 'unit').loadsUsed ?? 0) > 0;
  if (holds(s, p, 'extras') && reloads) out.push({ type: 'burn', card: 'extras', unit: a.unit });
  // Where hands are secret: kept while public facts leave Rewind or Extras! possible in the player's hand.
  const secretMoment = (others.length > 0 && mayHold(s, p, 'rewind')) || (reloads && mayHold(s, p, 'extras'));
  return out.length || secretMoment ? [...out, { type: 'end-turn' }] : [];
}

/** A handler that just ended its activation activates again (1 CP, once per round). */
export function handlerAgain(ctx: Ctx, s: BlkoutState): Out {
  const a = s.activation;
  if (!afterChoices(s).some((c) => c.type === 'handler-again') || !a)
    return ruleError('illegal-action', msg('blkout:error.handlerAgain'));
  let next: BlkoutState = {
    ...s,
    cp: { ...s.cp, [a.player]: s.cp[a.player] - 1 },
    used: { ...s.used, [a.player]: { ...s.used[a.player], handler: true } },
  };
  next = setUnit(next, a.unit, { activated: false });
  for (const m of aliveModels(next, a.unit)) next = setModel(next, { ...m, ready: false, engaged: false });
  ctx.events.push({
    type: 'command',
    text: msg('blkout:event.handler', { player: a.player, unit: pieceOf(s.units, a.unit, 'unit').name }),
    player: a.player,
  });
  return ok(ctx, advance(ctx, { ...next, activation: null, turn: a.player }));
}

/** Nothing more after an activation: the turn passes. */
export function endTurn(ctx: Ctx, s: BlkoutState): Out {
  if (!s.activation || s.activation.stage !== 'after')
    return ruleError('illegal-action', msg('blkout:error.nothingToEnd'));
  return ok(ctx, advance(ctx, s));
}
