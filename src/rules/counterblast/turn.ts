/**
 * The turn: the Moxie phase (each crew's pool, a new leader for a crew that lost its own), each
 * Activation phase's Moxie checks for the Active crew, the activation going on or ending, and the
 * end of the turn: Upkeep (conditions, Down models, Moxie spent on dread), the Panic phase, then
 * the next turn or the end of the battle.
 */
import { rollOff, rollPool } from '../dice/mechanics';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import { msg, type Msg } from '../engine/message';
import { ruleError } from '../engine/types';
import { upkeepConditions } from './conditions';
import {
  crewOnTable,
  DIFFICULTY,
  leaveActivation,
  onTable,
  PLAYERS,
  type CbContext,
  type CbModel,
  type CbState,
  type Handler,
  type Player,
} from './game';
import { panicTests } from './panic';
import { refuse } from './say';
import { endBattle } from './scoring';
import { pieceOf } from '../engine/kit';

/** Turns in a battle. */
export const TURNS = 6;

/** Models that may be activated: on the table, not Down, not Spent. */
export const activatable = (s: CbState, p: Player): CbModel[] => crewOnTable(s, p).filter((m) => !m.down && !m.spent);

/**
 * Whether the battle is over before its six turns: "until only one crew has models remaining on the
 * table". Down models are on the table (the end's Battle Score counts "models that are still on the
 * table and now down"), so a crew whose models are all Down plays on, unable to act, until Upkeep
 * removes them as casualties; the other crew keeps its turns meanwhile.
 */
export const crewGone = (s: CbState): boolean => PLAYERS.some((p) => crewOnTable(s, p).length === 0);

/** The battle ends now: no activation, no window. */
const overNow = (ctx: CbContext, s: CbState): CbState =>
  endBattle(ctx, { ...s, active: null, activation: null, window: null, pending: null });

/** Whether a crew may still take part in this turn's Activation phases. */
const canAct = (s: CbState, p: Player) => !s.passed[p] && s.moxie[p] >= 1 && activatable(s, p).length > 0;

// ------------------------------------------------------------------ the Moxie phase

/** Moxie phase: each crew's pool is its models on the table; then the first Activation phase. */
export function startTurn(ctx: CbContext, s: CbState): CbState {
  const turn = s.turn + 1;
  const moxie = { A: crewOnTable(s, 'A').length, B: crewOnTable(s, 'B').length };
  ctx.events.push({
    type: 'turn',
    text: msg('counterblast:event.turn', { turn, a: moxie.A, b: moxie.B }),
    turn,
    moxie,
  });
  return electChoice(ctx, { ...s, phase: 'activation', turn, moxie, passed: { A: false, B: false }, fallen: [] }, 'A');
}

/** A crew whose leader is gone may elect a new one for 1 Moxie at the beginning of the turn. */
export function mayElect(s: CbState, p: Player): boolean {
  const id = s.leader?.[p];
  const lead = id ? s.models[id] : undefined;
  return (!lead || !onTable(lead)) && s.moxie[p] >= 1 && crewOnTable(s, p).length > 0;
}

/**
 * The state with a finished phase's turn marker taken off (the key dropped, not set to undefined: JSON
 * drops an undefined key, so a state holding one would hash differently once saved and read back).
 */
function without(s: CbState, key: 'electTurn' | 'upkeepTurn'): CbState {
  const rest = { ...s };
  delete rest[key];
  return rest;
}

/** The Moxie phase's elections (A, then B), then the first Activation phase. */
function electChoice(ctx: CbContext, s: CbState, from: Player): CbState {
  for (const p of from === 'A' ? (['A', 'B'] as const) : (['B'] as const)) {
    if (mayElect(s, p)) return { ...s, phase: 'moxie', electTurn: p };
  }
  return startActivationPhase(ctx, { ...without(s, 'electTurn'), phase: 'activation' });
}

/** A new leader (1 Moxie), or none; then the other crew's election or the first Activation phase. */
export const elect: Handler<'elect'> = (ctx, s, action) => {
  const p = s.electTurn;
  if (s.phase !== 'moxie' || !p) return refuse(msg('counterblast:err.electPhase'));
  let next = s;
  if (action.model !== null) {
    const m = s.models[action.model];
    if (!m || m.player !== p || !onTable(m))
      return refuse(msg('counterblast:err.notOwnModel', { model: action.model, side: p }));
    next = {
      ...s,
      moxie: { ...s.moxie, [p]: s.moxie[p] - 1 },
      leader: { ...(s.leader ?? { A: null, B: null }), [p]: m.id },
    };
    ctx.events.push({
      type: 'leader',
      text: msg('counterblast:event.leader', { side: p, name: m.card.name }),
      player: p,
      model: m.id,
    });
  }
  return p === 'A'
    ? electChoice(ctx, next, 'B')
    : startActivationPhase(ctx, { ...without(next, 'electTurn'), phase: 'activation' });
};

// ------------------------------------------------------------------ Activation phases

/**
 * An Activation phase: both crews roll Moxie against 7 (a crew that passed, or has no Moxie or
 * models to activate, fails); most successes is Active; ties go to the larger pool, then to d10
 * roll-offs. With nobody left to act, the turn ends.
 */
export function startActivationPhase(ctx: CbContext, s: CbState): CbState {
  const { dice, events } = ctx;
  if (crewGone(s)) return overNow(ctx, s);
  const able = PLAYERS.filter((p) => canAct(s, p));
  if (able.length === 0) return endTurn(ctx, s);
  let active: Player;
  if (able.length === 1) {
    active = able[0]!;
    events.push({
      type: 'moxie-roll',
      text: msg('counterblast:event.activeAlone', { side: active }),
      player: active,
    });
  } else {
    const a = rollPool(dice, { dice: s.moxie.A, difficulty: DIFFICULTY });
    const b = rollPool(dice, { dice: s.moxie.B, difficulty: DIFFICULTY });
    let why: Msg;
    let offDice: Player[] = [];
    if (a.successes !== b.successes)
      [active, why] = [a.successes > b.successes ? 'A' : 'B', msg('counterblast:why.moreSuccesses')];
    else if (s.moxie.A !== s.moxie.B)
      [active, why] = [s.moxie.A > s.moxie.B ? 'A' : 'B', msg('counterblast:why.largerPool')];
    else {
      const off = rollOff(dice, 10);
      active = off.winner === 'a' ? 'A' : 'B';
      why = msg('counterblast:why.rollOff', { rolls: off.rounds.map(([x, y]) => `${x}-${y}`).join(', ') });
      offDice = off.rounds.flatMap((): Player[] => ['A', 'B']);
    }
    const pool = (p: Player, r: { rolls: number[] }) =>
      msg('counterblast:moxie.pool', { side: p, pool: poolWords({ rolls: r.rolls, difficulty: DIFFICULTY }) });
    events.push({
      type: 'moxie-roll',
      text: msg('counterblast:event.moxieRoll', { a: pool('A', a), b: pool('B', b), side: active, why }),
      player: active,
      rolls: { A: a.rolls, B: b.rolls },
    });
    // A's pool, B's pool, then the roll-off's pairs (A's die first).
    logRolls(events, dice, [...a.rolls.map((): Player => 'A'), ...b.rolls.map((): Player => 'B'), ...offDice]);
  }
  return { ...s, active, activation: null };
}

/**
 * The activation goes on while one of its models still standing may act: one with an action left
 * that has not acted in the group's step, or the crew has Moxie to buy one. Models Down or off the
 * table leave it first (the text: "the other models may continue the group activation as though the
 * Downed model was no longer part of the group"). Otherwise a new Activation phase.
 */
export function goOn(ctx: CbContext, s0: CbState): CbState {
  let s = s0;
  for (const id of s0.activation?.models ?? []) {
    const m = pieceOf(s.models, id);
    if (!onTable(m) || m.down) s = leaveActivation(s, id);
  }
  if (crewGone(s)) return overNow(ctx, s);
  const a = s.activation;
  const ready = (id: string) => pieceOf(a!.actions, id, 'activating model').left > 0 && !a!.group?.done.includes(id);
  if (!a || a.models.length === 0 || (!a.models.some(ready) && s.moxie[a.player] < 1))
    return startActivationPhase(ctx, { ...s, activation: null });
  return s;
}

// ------------------------------------------------------------------ the end of the turn

/** Upkeep begins: Burning models burn, Marked comes off (conditions.ts); then models un-Spend and the Down are seen to. */
function endTurn(ctx: CbContext, s0: CbState): CbState {
  const s = upkeepConditions(ctx, { ...s0, active: null, activation: null });
  return upkeep(ctx, s);
}

/** Upkeep (un-spend; unstable Down models are casualties; stable ones become unstable; Stunned clears), then Panic. */
function upkeep(ctx: CbContext, s0: CbState): CbState {
  let s: CbState = { ...s0, active: null, activation: null };
  const models = { ...s.models };
  const fallen = [...s.fallen];
  for (const m of Object.values(models)) {
    if (!onTable(m)) continue;
    let next: CbModel = { ...m, spent: false, stunned: false };
    if (m.down && !m.stable) {
      next = { ...next, casualty: true, pos: null };
      fallen.push({ player: m.player, hero: m.card.type === 'hero' });
      ctx.events.push({
        type: 'removed',
        text: msg('counterblast:event.bleedsOut', { name: m.card.name, side: m.player }),
        model: m.id,
      });
    } else if (m.down) next = { ...next, stable: false };
    models[m.id] = next;
  }
  s = { ...s, models, fallen };
  return upkeepChoice(ctx, s, 'A');
}

/** A leader on the table and not Down may spend Moxie to cut its crew's dread. */
export function canCalm(s: CbState, p: Player): boolean {
  const id = s.leader?.[p];
  const lead = id ? s.models[id] : undefined;
  return !!lead && onTable(lead) && !lead.down && s.moxie[p] >= 1 && s.dread[p] > 0;
}

/** Upkeep: each crew in turn (A, then B) may spend Moxie on dread; then the Panic phase. */
function upkeepChoice(ctx: CbContext, s: CbState, from: Player): CbState {
  for (const p of from === 'A' ? (['A', 'B'] as const) : (['B'] as const)) {
    if (canCalm(s, p)) return { ...s, phase: 'upkeep', upkeepTurn: p };
  }
  return panicPhase(ctx, { ...without(s, 'upkeepTurn'), phase: 'activation' });
}

/** The leader spends Moxie on dread; then the other crew's choice or the Panic phase. */
export const calm: Handler<'calm'> = (ctx, s, action) => {
  const p = s.upkeepTurn;
  if (s.phase !== 'upkeep' || !p) return refuse(msg('counterblast:err.calmPhase'));
  const amount = action.amount;
  if (!Number.isInteger(amount) || amount < 0 || amount > Math.min(s.moxie[p], s.dread[p]))
    return ruleError(
      'out-of-range',
      msg('counterblast:err.calmAmount', { side: p, most: Math.min(s.moxie[p], s.dread[p]), got: amount }),
    );
  if (amount > 0)
    ctx.events.push({
      type: 'dread',
      text: msg('counterblast:event.calm', { side: p, amount, from: s.dread[p], to: s.dread[p] - amount }),
      player: p,
    });
  const next: CbState = {
    ...s,
    moxie: { ...s.moxie, [p]: s.moxie[p] - amount },
    dread: { ...s.dread, [p]: s.dread[p] - amount },
  };
  return p === 'A'
    ? upkeepChoice(ctx, next, 'B')
    : panicPhase(ctx, { ...without(next, 'upkeepTurn'), phase: 'activation' });
};

/** The Panic phase, then the next turn or the end of the battle. */
function panicPhase(ctx: CbContext, s0: CbState): CbState {
  const s = panicTests(ctx, s0);
  if (s.turn >= TURNS || crewGone(s)) return endBattle(ctx, s);
  return startTurn(ctx, s);
}
