/**
 * The turn order (README "Readings: the battle"): alternating activations by default. Each round
 * every standing fighter activates once; the gangs take turns, one fighter each, and a gang with
 * nobody left to activate passes the rest of the round to the other. The set-up option
 * `turnOrder: 'sides'` plays whole-side turns instead: a gang activates all its fighters, then the other. The gang that began a round lets the other
 * begin the next (A begins round 1). The battle ends when a gang has no fighter standing, or after
 * the last round (`maxRounds`, 8 by default).
 */
import { other } from '../engine/kit';
import { msg, type Msg } from '../engine/message';
import { standing, waiting, type SkContext, type SkFighter, type SkState } from './game';

/** The battle's end, if it has come: a gang with nobody standing. */
export function ended(s: SkState): string | null {
  for (const side of ['A', 'B'] as const)
    if (standing(s, side).length === 0) return `${s.gangs[side].name} has no fighter standing`;
  return null;
}

/**
 * Why a battle that is over ended, in words: a gang with nobody standing, else the last round played (the
 * same reasons as the state's `result.reason`, which stays the English line it always was).
 */
export function endWords(s: SkState): Msg {
  for (const side of ['A', 'B'] as const)
    if (standing(s, side).length === 0) return msg('skirmish-ru:end.noneStanding', { gang: s.gangs[side].name });
  return msg('skirmish-ru:end.rounds', { n: s.maxRounds });
}

/** The state over, with why. */
export function over(ctx: SkContext, s: SkState, reason: string): SkState {
  const done: SkState = { ...s, phase: 'over', activation: null, result: { reason } };
  ctx.events.push({ type: 'battle-over', text: msg('skirmish-ru:event.over', { why: endWords(done) }) });
  return done;
}

/**
 * After a reserved action's window that fell between activations (the mover's activation had ended): if
 * the gang due to activate has nobody left to activate (the shot took its last waiting fighter down), the
 * turn passes on as after an activation: to the other gang, a new round, or the end.
 */
export function resume(ctx: SkContext, s: SkState): SkState {
  if (s.activation || s.phase === 'over' || waiting(s, s.turn).length) return s;
  return advance(ctx, { ...s, turn: other(s.turn) });
}

/**
 * After an activation: alternating, the other gang's next fighter, else this gang's; whole-side turns,
 * this gang's next fighter, else the other's; else a new round (or the end).
 */
export function advance(ctx: SkContext, s: SkState): SkState {
  const why = ended(s);
  if (why) return over(ctx, s, why);
  const next = other(s.turn);
  if (s.turnOrder === 'sides' && waiting(s, s.turn).length) return s;
  if (waiting(s, next).length) return { ...s, turn: next };
  if (waiting(s, s.turn).length) return s;
  if (s.round >= s.maxRounds) return over(ctx, s, `${s.maxRounds} rounds have been played`);
  const first = other(s.first);
  const fighters = Object.fromEntries(
    Object.entries(s.fighters).map(([id, f]): [string, SkFighter] => [id, { ...f, activated: false }]),
  );
  const fresh: SkState = { ...s, round: s.round + 1, first, fighters };
  const turn = waiting(fresh, first).length ? first : other(first);
  ctx.events.push({
    type: 'round',
    text: msg('skirmish-ru:event.round', { round: fresh.round, gang: s.gangs[turn].name }),
  });
  return { ...fresh, turn };
}
