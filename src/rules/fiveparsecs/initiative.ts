/**
 * Before and at the start of each round (five-parsecs.en.txt, "Seizing the Initiative" and
 * "Reaction Roll"): the one Seize the Initiative roll, and the Reaction Roll whose dice the player
 * assigns to crew figures, sorting them into the Quick and Slow Actions phases.
 */
import { err, ok, type Result } from '../../result';
import type { DiceSource } from '../dice/source';

/** "On a total of 10+": the Seize the Initiative total that succeeds. */
export const SEIZE_TARGET = 10;

/** What goes into the Seize the Initiative roll. */
export interface SeizeInput {
  /** "Add the highest Savvy score of any crew member." */
  highestSavvy: number;
  /** "Add +1 if you are outnumbered." */
  outnumbered: boolean;
  /** "Many opponent types will add a bonus or penalty to the roll." */
  opponentModifier: number;
  /** "When fighting opponents from the Hired Muscle encounter tables, modify by -1." */
  hiredMuscle?: boolean;
  /** "If your crew includes any Feral, you may ignore any penalties the opponents would have imposed." */
  feral?: boolean;
}

/** The roll's modifier: Savvy, +1 outnumbered, the opponent's modifier and Hired Muscle's -1 (penalties dropped with a Feral). */
export function seizeModifier(i: SeizeInput): number {
  const opponent = i.opponentModifier + (i.hiredMuscle ? -1 : 0);
  return i.highestSavvy + (i.outnumbered ? 1 : 0) + (i.feral ? Math.max(0, i.opponentModifier) : opponent);
}

/** The Seize the Initiative roll: 2D6 + the modifier; 10+ lets every crew figure Move or fire before round 1. */
export function rollSeize(
  dice: DiceSource,
  i: SeizeInput,
): { rolls: [number, number]; total: number; seized: boolean } {
  const rolls: [number, number] = [dice.d(6), dice.d(6)];
  const total = rolls[0] + rolls[1] + seizeModifier(i);
  return { rolls, total, seized: total >= SEIZE_TARGET };
}

/** The phase a crew figure acts in. */
export type CrewPhase = 'quick' | 'slow';

/** "If the result was equal to or below Reactions, the figure acts in the Quick Actions phase", over it Slow. */
export const phaseFor = (die: number, reactions: number): CrewPhase => (die <= reactions ? 'quick' : 'slow');

/** "Roll number of D6 matching crew size." */
export function rollReactionDice(dice: DiceSource, crewSize: number): number[] {
  return Array.from({ length: crewSize }, () => dice.d(6));
}

/** A crew figure as the Reaction Roll sees it. */
export interface ReactingFigure {
  id: string;
  reactions: number;
  feral?: boolean;
}

/** One figure's assigned die and the phase it gives. */
export interface ReactionAssignment {
  die: number;
  phase: CrewPhase;
}

/**
 * Checks the player's assignment (figure id -> index of a rolled die) and gives each figure its
 * phase. Every figure takes exactly one die and no die goes to two figures. Feral Impetuous
 * Actions: when exactly one die shows a 1 and the crew has a Feral, that 1 goes to a Feral.
 */
export function assignReactions(
  figures: readonly ReactingFigure[],
  rolled: readonly number[],
  assignment: Readonly<Record<string, number>>,
): Result<Record<string, ReactionAssignment>, string> {
  if (rolled.length !== figures.length) return err(`${rolled.length} dice for ${figures.length} figures`);
  const used = new Set<number>();
  const out: Record<string, ReactionAssignment> = {};
  for (const f of figures) {
    const i = assignment[f.id];
    if (i === undefined) return err(`${f.id} has no die`);
    const die = rolled[i];
    if (die === undefined) return err(`${f.id} is given die #${i}, and only ${rolled.length} were rolled`);
    if (used.has(i)) return err(`die #${i} is given to two figures`);
    used.add(i);
    out[f.id] = { die, phase: phaseFor(die, f.reactions) };
  }
  const extra = Object.keys(assignment).find((k) => !figures.some((f) => f.id === k));
  if (extra !== undefined) return err(`${extra} is not a figure of this crew`);
  const ones = rolled.filter((d) => d === 1).length;
  if (ones === 1 && figures.some((f) => f.feral)) {
    const holder = figures.find((f) => rolled[assignment[f.id]!] === 1)!;
    if (!holder.feral) return err(`the single 1 must go to a Feral, not ${holder.id}`);
  }
  return ok(out);
}
