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
import type { FpContext, FpState } from './game';
import { giveUpDice, mainAiType, rollGiveUp } from './morale';

/** Whether the crew has won its mission's objective (Fight Off has none: never). */
export const objectiveWon = (s: FpState): boolean => s.mission.wonRound !== null;

/** Why the battle ends when no crew figure is left on the table (never Held). */
export function crewGoneReason(s: FpState): string {
  return objectiveWon(s)
    ? 'all crew figures have left the battlefield, having achieved the objective'
    : 'all crew figures are casualties or gone';
}

/** The battle is over: the event and the result. */
export function overWith(ctx: FpContext, s: FpState, heldField: boolean, reason: string): FpState {
  ctx.events.push({
    type: 'battle-over',
    text: `The battle is over: ${reason}; the crew ${heldField ? 'Held the Field' : 'did not Hold the Field'}`,
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
    ctx.events.push({ type: 'give-up', text: `${s.enemy.name} (${ai}) never give up: they fight on` });
    return s;
  }
  const r = rollGiveUp(ctx.dice, ai);
  ctx.events.push({
    type: 'give-up',
    text: `Give-up roll (${ai}, ${r.rolls.length}D6): ${r.rolls.join(', ')}: ${r.withdraws ? 'a natural 1, the enemy withdraws' : 'no 1, they fight on'}`,
    withdraws: r.withdraws,
  });
  logRolls(ctx.events, ctx.dice, 'B');
  return r.withdraws ? overWith(ctx, s, true, `${s.enemy.name} gave up and withdrew once the objective was won`) : s;
}
