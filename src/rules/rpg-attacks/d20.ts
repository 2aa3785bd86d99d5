/**
 * The attack test (rpg-attacks.en.txt, "Making an Attack"; the shared README's reading of tests):
 * d20 + skill against a Target Number (TN). The total reaching the TN is a success; the margin is the
 * difference (of success: total - TN; of failure: TN - total). A success whose total is at least twice
 * the TN is a critical hit ("If the attack's total is twice the opponent's Defense total"). Boons (⊕)
 * and banes (⊖) cancel one for one; each net boon rolls one more d20 and keeps the best, each net bane
 * one more and keeps the worst. A kept natural 1 is a critical failure: a failure whatever the total.
 */
import type { DiceSource } from '../dice/source';

/** Boons and banes on a test: how many of each (they cancel one for one). */
export interface Edge {
  boons: number;
  banes: number;
}

/** No boon and no bane. */
export const EVEN: Edge = { boons: 0, banes: 0 };

/** The net of boons over banes: positive rolls extra dice keeping the best, negative keeping the worst. */
export const netEdge = (e: Edge): number => e.boons - e.banes;

/** One rolled test. */
export interface TestResult {
  /** Every d20 rolled, in order. */
  dice: number[];
  /** The die kept (best with net boons, worst with net banes). */
  kept: number;
  skill: number;
  total: number;
  tn: number;
  success: boolean;
  /** Of success (total - TN) or of failure (TN - total); never negative. */
  margin: number;
  /** A success with a total of at least twice the TN. */
  critical: boolean;
  /** The kept die is a natural 1. */
  criticalFailure: boolean;
}

/** Judges a kept die: the total, success, margin, critical hit and critical failure. */
export function judge(kept: number, skill: number, tn: number, dice: readonly number[] = [kept]): TestResult {
  const total = kept + skill;
  const criticalFailure = kept === 1;
  const success = !criticalFailure && total >= tn;
  return {
    dice: [...dice],
    kept,
    skill,
    total,
    tn,
    success,
    margin: success ? total - tn : Math.max(0, tn - total),
    critical: success && total >= 2 * tn,
    criticalFailure,
  };
}

/** Rolls a test: 1 + |net edge| d20s, keeping the best (net boons) or the worst (net banes). */
export function rollTest(dice: DiceSource, skill: number, tn: number, edge: Edge = EVEN): TestResult {
  const net = netEdge(edge);
  const rolled = Array.from({ length: 1 + Math.abs(net) }, () => dice.d(20));
  // Stryker disable next-line EqualityOperator: equivalent (with no net edge one die is rolled: its max is its min)
  const kept = net >= 0 ? Math.max(...rolled) : Math.min(...rolled);
  return judge(kept, skill, tn, rolled);
}

/** "⊕⊕", "⊖", or "" for a net edge. */
export const edgeSymbols = (e: Edge): string => {
  const net = netEdge(e);
  // Stryker disable next-line EqualityOperator: equivalent (at a net 0 either symbol repeated 0 times is "")
  return net > 0 ? '⊕'.repeat(net) : '⊖'.repeat(-net);
};
