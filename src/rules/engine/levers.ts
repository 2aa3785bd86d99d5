/**
 * A ruleset's levers: the rule mechanics a player can choose, and how to tell from one accepted step
 * which it used, whether it idled (did nothing while something useful was legal), and which resources
 * it let go unspent. The battle bench tallies them over AI-vs-AI games, so a bot that never uses a
 * rule, passes with points left or stands still under fire shows in figures, not only in a reader's
 * impression of a game.
 */
import type { Step } from './invariants';

/** A step as the levers read it: the invariants' step, and every move the player could have made instead. */
export interface LeverStep<S> extends Step<S> {
  legal: readonly { type: string }[];
}

/** What a ruleset declares of its levers (every member pure). */
export interface Levers<S> {
  /** Every mechanic a player can choose, by the name the bench reports (kebab-case). */
  mechanics: readonly string[];
  /** The resources a player can let go unspent, by the name the bench reports. */
  resources: readonly string[];
  /** The mechanics this step used (names from `mechanics`; none for a plain pass). */
  used(step: LeverStep<S>): readonly string[];
  /** Whether the step did nothing while something useful was legal. */
  idle(step: LeverStep<S>): boolean;
  /** What this step let go unspent (names from `resources`; absent: none). */
  wasted(step: LeverStep<S>): Readonly<Record<string, number>>;
}

/** A ruleset that declares no levers: nothing is counted. */
export const NO_LEVERS: Levers<unknown> = {
  mechanics: [],
  resources: [],
  used: () => [],
  idle: () => false,
  wasted: () => ({}),
};

/** The bench's figures of a bot's decisions. */
export interface LeverFigures {
  /** How often each mechanic was used (every declared one, 0 when never). */
  mechanics: Record<string, number>;
  /** The share of decisions that did nothing while something useful was legal. */
  idleShare: number;
  /** Each resource's amount let go unspent (every declared one). */
  wasted: Record<string, number>;
  /** Decisions counted. */
  decisions: number;
}

/** Counts the levers over many steps; a name a ruleset did not declare is its bug and throws. */
export class LeverTally<S> {
  private readonly mechanics: Record<string, number>;
  private readonly wasted: Record<string, number>;
  private decisions = 0;
  private idles = 0;

  constructor(
    private readonly levers: Levers<S>,
    private readonly rules: string,
  ) {
    this.mechanics = Object.fromEntries(levers.mechanics.map((m) => [m, 0]));
    this.wasted = Object.fromEntries(levers.resources.map((r) => [r, 0]));
  }

  add(step: LeverStep<S>): void {
    this.decisions++;
    if (this.levers.idle(step)) this.idles++;
    for (const m of this.levers.used(step)) {
      if (!(m in this.mechanics)) throw new Error(`${this.rules}: levers.used named "${m}", not in its mechanics`);
      this.mechanics[m]!++;
    }
    for (const [r, n] of Object.entries(this.levers.wasted(step))) {
      if (!(r in this.wasted)) throw new Error(`${this.rules}: levers.wasted named "${r}", not in its resources`);
      this.wasted[r]! += n;
    }
  }

  figures(): LeverFigures {
    return {
      mechanics: { ...this.mechanics },
      idleShare: this.decisions === 0 ? 0 : this.idles / this.decisions,
      wasted: { ...this.wasted },
      decisions: this.decisions,
    };
  }
}

/** The piece an action names in its `key` field (`model`, `figure`, `fighter`: each ruleset's word), or null. */
export function actorOf(a: { type: string }, key = 'model'): string | null {
  const v = (a as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : null;
}
