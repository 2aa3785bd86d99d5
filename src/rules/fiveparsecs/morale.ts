/**
 * The end of a round for the enemy (five-parsecs.en.txt, "Morale", "Fearless" and "Ending the
 * Battle"): the morale dice that make figures Bail, and the give-up roll once the crew has won its
 * objective. Which figure Bails, and its way off the table, belong to the round and movement layers.
 */
import type { DiceSource } from '../dice/source';
import { AI_TYPES, type AiType } from './data';

/** The enemy at the end of a round. */
export interface MoraleInput {
  /** "roll 1D6 per casualty this round": the enemy's casualties this round. */
  casualties: number;
  /** The top of the Panic range (1-N); 0 has none. */
  panic: number;
  /** Enemy figures still on the table that are not Fearless ("They will never Bail"). */
  mayBail: number;
}

/** "Dice that are equal to or below Panic range cause 1 figure to Bail." */
export const panics = (die: number, panic: number): boolean => die <= panic;

/**
 * The morale roll: one D6 per casualty; each die in the Panic range makes one figure Bail, never
 * more than there are figures that may Bail. No dice are rolled when nothing could Bail (no
 * casualties, Panic 0, or only Fearless figures left): the roll could not change anything.
 */
export function rollMorale(dice: DiceSource, m: MoraleInput): { rolls: number[]; bail: number } {
  if (m.casualties <= 0 || m.panic <= 0 || m.mayBail <= 0) return { rolls: [], bail: 0 };
  const rolls = Array.from({ length: m.casualties }, () => dice.d(6));
  const panicked = rolls.filter((d) => panics(d, m.panic)).length;
  return { rolls, bail: Math.min(panicked, m.mayBail) };
}

/**
 * How many dice the give-up roll takes by the main AI type: 2D6 Cautious, Defensive, Tactical;
 * 1D6 Aggressive; 0 (never gives up) Rampaging and Beast, which "fight until either side has
 * completely left the table". Guardian is not in the text: it rolls 2D6 like the other holding
 * types (README reading).
 */
export function giveUpDice(ai: AiType): 0 | 1 | 2 {
  switch (ai) {
    case 'cautious':
    case 'defensive':
    case 'tactical':
    case 'guardian':
      return 2;
    case 'aggressive':
      return 1;
    case 'rampaging':
    case 'beast':
      return 0;
  }
}

/** The give-up roll at the end of a round once the objective is won: "If either die is a natural 1, the enemy withdraws." */
export function rollGiveUp(dice: DiceSource, ai: AiType): { rolls: number[]; withdraws: boolean } {
  const rolls = Array.from({ length: giveUpDice(ai) }, () => dice.d(6));
  return { rolls, withdraws: rolls.includes(1) };
}

/**
 * "Based on the main AI type present": the AI type of the most enemy figures on the table; a tie
 * goes to the type that comes first in AI_TYPES (README reading). Null when none are left.
 */
export function mainAiType(present: readonly AiType[]): AiType | null {
  let best: AiType | null = null;
  let bestCount = 0;
  for (const ai of AI_TYPES) {
    const n = present.filter((p) => p === ai).length;
    if (n > bestCount) [best, bestCount] = [ai, n];
  }
  return best;
}
