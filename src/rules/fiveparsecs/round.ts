/**
 * The round (five-parsecs.en.txt, "The Round Sequence"): Seize the Initiative before round 1, then
 * each round the Reaction Roll (the player assigns the dice), the Quick Actions, Enemy Actions and
 * Slow Actions phases, and the end of the round: morale, then whether the battle is over (all enemies
 * slain or Bailed, Held the Field; all crew casualties or off the table, not), then, once the
 * mission's objective is won, the give-up roll (`ending.ts`).
 */
import { logRolls } from '../engine/diceLog';
import { msg, type Msg } from '../engine/message';
import { edgeName, inch1, namesOrNobody, refuse } from './say';
import { assignReactions, rollReactionDice, rollSeize } from './initiative';
import { battleOverWords, crewGoneReason, ENEMY_GONE, giveUp } from './ending';
import { rollMorale } from './morale';
import { setFigure, standing, type Applied, type FpContext, type FpFigure, type FpState, type Handler } from './game';
import { atRoundStart } from './game';

/** Whether a figure may start its activation in the phase now (on the table, not acted, its phase). */
export function mayActNow(s: FpState, f: FpFigure): boolean {
  if (f.out !== null || f.acted) return false;
  switch (s.phase) {
    case 'seized':
      return f.side === 'A';
    case 'quick':
    case 'slow':
      return f.side === 'A' && f.phase === s.phase;
    case 'enemy':
      return f.side === 'B';
    default:
      return false;
  }
}

/** The figures that may still act in this phase, in id order. */
export const waiting = (s: FpState): FpFigure[] =>
  Object.values(s.figures)
    .filter((f) => mayActNow(s, f))
    .sort((a, b) => a.id.localeCompare(b.id));

/** The battle's end, if it has come: all crew gone, casualties or off the table (not Held), or all enemies gone (Held the Field). */
export function checkEnd(ctx: FpContext, s: FpState): FpState {
  if (s.phase === 'over') return s;
  const result =
    standing(s, 'A').length === 0
      ? { heldField: false, reason: crewGoneReason(s) }
      : standing(s, 'B').length === 0
        ? { heldField: true, reason: ENEMY_GONE }
        : null;
  if (!result) return s;
  ctx.events.push({
    type: 'battle-over',
    text: battleOverWords(s, result.heldField, result.reason),
  });
  return { ...s, phase: 'over', activation: null, result };
}

/** A new round: flags cleared, the Reaction Roll's dice rolled (one per crew figure on the table). */
export function startRound(ctx: FpContext, s: FpState): FpState {
  const round = s.round + 1;
  const figures = Object.fromEntries(Object.entries(s.figures).map(([id, f]) => [id, atRoundStart(f)]));
  const dice = rollReactionDice(ctx.dice, standing(s, 'A').length);
  ctx.events.push({ type: 'round', text: msg('fiveparsecs:event.round', { round, dice }) });
  logRolls(ctx.events, ctx.dice, 'A');
  return { ...s, round, figures, phase: 'reaction', reaction: { dice, assigned: {} }, activation: null, casualties: 0 };
}

/**
 * Morale at the end of the round: one die per enemy casualty this round; each in the Panic range
 * makes one non-Fearless enemy Bail. Who Bails (README reading): the figures nearest their own
 * (north) edge, ties by id; they leave the table at once.
 */
export function morale(ctx: FpContext, s: FpState): FpState {
  const mayBail = standing(s, 'B').filter((f) => !f.fearless);
  const m = rollMorale(ctx.dice, { casualties: s.casualties, panic: s.enemy.panic, mayBail: mayBail.length });
  if (m.rolls.length === 0) return s;
  ctx.events.push({
    type: 'morale',
    text: msg('fiveparsecs:event.morale', { rolls: m.rolls, panic: s.enemy.panic, bail: m.bail }),
  });
  logRolls(ctx.events, ctx.dice, 'B');
  const leaving = [...mayBail].sort((a, b) => a.pos[2] - b.pos[2] || a.id.localeCompare(b.id)).slice(0, m.bail);
  let next = s;
  for (const f of leaving) {
    next = setFigure(next, { ...f, out: 'bailed' });
    const way = shortestWayOff(s.table, f.pos);
    ctx.events.push({
      type: 'removed',
      text: msg('fiveparsecs:event.bails', { name: f.name, edge: edgeName(way.edge), inches: inch1(way.inches) }),
      model: f.id,
    });
  }
  return next;
}

/** The table edge nearest a spot ("leaving by the shortest way") and how far it is, inches; ties north, east, south, west. */
export function shortestWayOff(
  table: { width: number; depth: number },
  pos: readonly number[],
): { edge: 'north' | 'east' | 'south' | 'west'; inches: number } {
  const ways = [
    { edge: 'north', inches: pos[2]! },
    { edge: 'east', inches: table.width - pos[0]! },
    { edge: 'south', inches: table.depth - pos[2]! },
    { edge: 'west', inches: pos[0]! },
  ] as const;
  return ways.reduce((a, b) => (b.inches < a.inches ? b : a));
}

/** The end of the round: morale, the battle's end, the give-up roll once the objective is won, else the next round. */
export function endRound(ctx: FpContext, s: FpState): FpState {
  const next = giveUp(ctx, checkEnd(ctx, morale(ctx, s)));
  return next.phase === 'over' ? next : startRound(ctx, next);
}

/** The phase after this one once nobody is left to act in it. */
const NEXT_PHASE = { seized: 'round', quick: 'enemy', enemy: 'slow', slow: 'end' } as const;

/** After an activation: the battle's end, else the next phase (and round) once nobody is left to act in this one. */
export function advance(ctx: FpContext, s0: FpState): FpState {
  let s = checkEnd(ctx, s0);
  while (s.phase !== 'over' && !s.activation && waiting(s).length === 0) {
    if (s.phase !== 'seized' && s.phase !== 'quick' && s.phase !== 'enemy' && s.phase !== 'slow') return s;
    const next = NEXT_PHASE[s.phase];
    if (next === 'round') return startRound(ctx, s);
    if (next === 'end') return endRound(ctx, s);
    s = { ...s, phase: next };
  }
  return s;
}

/** The crew's Seize the Initiative modifiers from the state. */
export function seizeInput(s: FpState) {
  const crew = standing(s, 'A');
  return {
    highestSavvy: Math.max(0, ...crew.map((f) => f.savvy)),
    outnumbered: standing(s, 'B').length > crew.length,
    opponentModifier: s.enemy.seize,
    hiredMuscle: s.hiredMuscle,
    feral: crew.some((f) => f.feral),
  };
}

/** Roll to Seize the Initiative: on 10+ every crew figure may Move or fire before round 1. */
export const seize: Handler<'seize'> = (ctx, s) => {
  if (s.phase !== 'seize') return refuse(msg('fiveparsecs:refuse.seizeOnce'));
  const r = rollSeize(ctx.dice, seizeInput(s));
  const mod = r.total - r.rolls[0] - r.rolls[1];
  ctx.events.push({
    type: 'seize',
    text: msg(r.seized ? 'fiveparsecs:event.seized' : 'fiveparsecs:event.notSeized', {
      roll: `${r.rolls.join(' + ')} ${mod < 0 ? '-' : '+'} ${Math.abs(mod)} = ${r.total}`,
    }),
  });
  logRolls(ctx.events, ctx.dice, 'A');
  const next = { ...s, seize: r };
  return r.seized ? { ...next, phase: 'seized' } : startRound(ctx, next);
};

/** Do not try to Seize the Initiative: round 1 starts. */
export const skipSeize: Handler<'skip-seize'> = (ctx, s) => {
  if (s.phase !== 'seize') return refuse(msg('fiveparsecs:refuse.seizeDecided'));
  ctx.events.push({ type: 'seize', text: msg('fiveparsecs:event.noSeize') });
  return startRound(ctx, s);
};

/** The die at `die` may go to `figure` now (the single-1 Feral rule kept reachable); the reason if not. */
export function assignRefusal(s: FpState, figure: string, die: number): Msg | null {
  const r = s.reaction;
  if (s.phase !== 'reaction' || !r) return msg('fiveparsecs:refuse.noReaction');
  const f = s.figures[figure];
  if (!f || f.side !== 'A' || f.out !== null) return msg('fiveparsecs:refuse.notCrew', { figure });
  if (figure in r.assigned) return msg('fiveparsecs:refuse.hasDie', { name: f.name });
  if (r.dice[die] === undefined) return msg('fiveparsecs:refuse.noDie', { die });
  if (Object.values(r.assigned).includes(die)) return msg('fiveparsecs:refuse.dieGiven', { die });
  const crew = standing(s, 'A');
  const ones = r.dice.filter((d) => d === 1).length;
  if (ones !== 1 || !crew.some((c) => c.feral)) return null;
  const oneIndex = r.dice.indexOf(1);
  if (die === oneIndex && !f.feral) return msg('fiveparsecs:refuse.oneToFeral', { name: f.name });
  const oneFree = !Object.values(r.assigned).includes(oneIndex);
  const otherFerals = crew.filter((c) => c.feral && c.id !== figure && !(c.id in r.assigned));
  if (die !== oneIndex && f.feral && oneFree && otherFerals.length === 0)
    return msg('fiveparsecs:refuse.lastFeral', { name: f.name });
  return null;
}

/** One die to one crew figure; the last one sorts the crew into Quick and Slow and the Quick Actions phase starts. */
export const assign: Handler<'assign'> = (ctx, s, a) => {
  const why = assignRefusal(s, a.figure, a.die);
  if (why) return refuse(why);
  const r = s.reaction!;
  const assigned = { ...r.assigned, [a.figure]: a.die };
  const crew = standing(s, 'A');
  const next: FpState = { ...s, reaction: { ...r, assigned } };
  if (crew.some((f) => !(f.id in assigned))) return next;
  const sorted = assignReactions(
    crew.map((f) => ({ id: f.id, reactions: f.reactions ?? 0, feral: f.feral })),
    r.dice,
    assigned,
  );
  if (!sorted.ok) return refuse(msg('fiveparsecs:refuse.assign', { why: sorted.error }));
  let out: Applied = { ...next, phase: 'quick' };
  for (const f of crew) out = setFigure(out, { ...f, phase: sorted.value[f.id]!.phase });
  ctx.events.push({
    type: 'reaction',
    text: msg('fiveparsecs:event.reaction', {
      quick: namesOrNobody(crew.filter((f) => sorted.value[f.id]!.phase === 'quick').map((f) => f.name)),
      slow: namesOrNobody(crew.filter((f) => sorted.value[f.id]!.phase === 'slow').map((f) => f.name)),
    }),
  });
  return advance(ctx, out);
};
