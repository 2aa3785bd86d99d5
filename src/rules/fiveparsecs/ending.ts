/**
 * The mission's part in "Ending the Battle" (five-parsecs.en.txt): once the crew has won its
 * objective, the give-up roll at the end of that round and every later one by the main AI type
 * present (2D6 Cautious, Defensive, Tactical and, by the README's reading, Guardian; 1D6 Aggressive;
 * Rampaging and Beast fight on); a natural 1 and the enemy withdraws, the crew Holding the Field.
 * And the crew's two ways of being gone: "All player figures left the battlefield, having achieved
 * your objectives" and "All player figures have become casualties or have left the battlefield",
 * neither of them Held.
 */
import { logRolls } from '../engine/diceLog';
import { msg, type Msg } from '../engine/message';
import type { FpContext, FpState } from './game';
import { giveUpDice, mainAiType, rollGiveUp } from './morale';
import { aiName } from './say';

/** Whether the crew has won its mission's objective (Fight Off has none: never). */
export const objectiveWon = (s: FpState): boolean => s.mission.wonRound !== null;

/** Why the battle ends when no crew figure is left on the table (never Held). */
export function crewGoneReason(s: FpState): string {
  return objectiveWon(s) ? CREW_LEFT : CREW_GONE;
}

const CREW_LEFT = 'all crew figures have left the battlefield, having achieved the objective';
const CREW_GONE = 'all crew figures are casualties or gone';
/** Why the battle ends when every enemy figure is gone (Held the Field). */
export const ENEMY_GONE = 'all enemy figures have been slain or have Bailed';
/** Why the battle ends when the enemy gives up (Held the Field). */
const gaveUpReason = (s: FpState): string => `${s.enemy.name} gave up and withdrew once the objective was won`;

/** The result's reason (kept in the state in English, as saved games have it) as a message. */
export function reasonWords(s: FpState, reason: string): Msg | string {
  if (reason === CREW_LEFT) return msg('fiveparsecs:reason.crewLeft');
  if (reason === CREW_GONE) return msg('fiveparsecs:reason.crewGone');
  if (reason === ENEMY_GONE) return msg('fiveparsecs:reason.enemyGone');
  if (reason === gaveUpReason(s)) return msg('fiveparsecs:reason.gaveUp', { enemy: s.enemy.name });
  return reason;
}

/** "The battle is over: …; the crew Held the Field" (or did not). */
export const battleOverWords = (s: FpState, heldField: boolean, reason: string): Msg =>
  msg(heldField ? 'fiveparsecs:event.overHeld' : 'fiveparsecs:event.overNotHeld', { reason: reasonWords(s, reason) });

/** The battle is over: the event and the result. */
export function overWith(ctx: FpContext, s: FpState, heldField: boolean, reason: string): FpState {
  ctx.events.push({
    type: 'battle-over',
    text: battleOverWords(s, heldField, reason),
  });
  return { ...s, phase: 'over', activation: null, result: { heldField, reason } };
}

/**
 * The give-up roll at the end of a round once the objective is won (from the round it was won in):
 * by the main AI type of the enemy figures on the table (the battle's one enemy type). Rampaging and
 * Beast roll nothing and fight on; any natural 1 ends the battle at once with the crew Holding the Field.
 */
export function giveUp(ctx: FpContext, s: FpState): FpState {
  if (s.phase === 'over' || !objectiveWon(s)) return s;
  const enemies = Object.values(s.figures).filter((f) => f.side === 'B' && f.out === null);
  const ai = mainAiType(enemies.map(() => s.enemy.ai));
  if (ai === null) return s;
  if (giveUpDice(ai) === 0) {
    ctx.events.push({
      type: 'give-up',
      text: msg('fiveparsecs:event.neverGiveUp', { enemy: s.enemy.name, ai: aiName(ai) }),
    });
    return s;
  }
  const r = rollGiveUp(ctx.dice, ai);
  ctx.events.push({
    type: 'give-up',
    text: msg(r.withdraws ? 'fiveparsecs:event.giveUpWithdraws' : 'fiveparsecs:event.giveUpFights', {
      ai: aiName(ai),
      n: r.rolls.length,
      rolls: r.rolls,
    }),
    withdraws: r.withdraws,
  });
  logRolls(ctx.events, ctx.dice, 'B');
  return r.withdraws ? overWith(ctx, s, true, gaveUpReason(s)) : s;
}
