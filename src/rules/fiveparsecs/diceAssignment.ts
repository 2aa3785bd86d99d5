/**
 * The Reaction Roll in one press: a way to give the rolled dice to the crew that makes as many figures
 * Quick as the dice allow (a die at or under a figure's Reactions makes it Quick), and keeps the
 * single-1 Feral rule (round.ts `assignRefusal` is asked of every step, in order). The panel offers it as
 * one button beside the die-by-die choices, which stay for a player who wants another split.
 */
import { msg } from '../engine/message';
import type { Move } from '../engine/match';
import type { Shortcut } from '../engine/play';
import type { FpAction } from './actions';
import { standing, type FpState } from './game';
import { phaseFor } from './initiative';
import { assignRefusal } from './round';
import { namesOrNobody } from './say';

type Assign = Extract<FpAction, { type: 'assign' }>;

/** The dice still to give, as [die index, value], lowest value first. */
const freeDice = (s: FpState): [number, number][] => {
  const r = s.reaction!;
  const given = new Set(Object.values(r.assigned));
  return r.dice
    .map((d, i): [number, number] => [i, d])
    .filter(([i]) => !given.has(i))
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
};

/** Plays an assignment on the state's reaction (no other field changes): for checking the next step. */
const given = (s: FpState, a: Assign): FpState => ({
  ...s,
  reaction: { ...s.reaction!, assigned: { ...s.reaction!.assigned, [a.figure]: a.die } },
});

/**
 * The assignment: of every order of the dice among the crew figures still without one that the rules
 * accept step by step (`assignRefusal`, so a single 1 still goes to a Feral), one that makes the most
 * figures Quick; the first found, trying figures by rising Reactions and dice by rising value. A crew
 * has at most a handful of figures, so every order is tried. Null outside the Reaction Roll or when no
 * order passes.
 */
export function diceAssignment(s: FpState): Assign[] | null {
  if (s.phase !== 'reaction' || !s.reaction) return null;
  const open = standing(s, 'A')
    .filter((f) => !(f.id in s.reaction!.assigned))
    .sort((a, b) => (a.reactions ?? 0) - (b.reactions ?? 0) || a.id.localeCompare(b.id));
  let best: { plan: Assign[]; quick: number } | null = null;
  const walk = (at: FpState, i: number, plan: Assign[], quick: number) => {
    if (best && best.quick >= quick + (open.length - i)) return;
    if (i === open.length) {
      best = { plan, quick };
      return;
    }
    const f = open[i]!;
    for (const [die, d] of freeDice(at)) {
      if (assignRefusal(at, f.id, die)) continue;
      const a: Assign = { type: 'assign', figure: f.id, die };
      walk(given(at, a), i + 1, [...plan, a], quick + (phaseFor(d, f.reactions ?? 0) === 'quick' ? 1 : 0));
    }
  };
  walk(s, 0, [], 0);
  return (best as { plan: Assign[] } | null)?.plan ?? null;
}

/** The one-press Reaction Roll, when the legal moves are the die-by-die assignments. */
export function reactionShortcuts(s: FpState, legal: readonly Move<FpAction>[]): Shortcut<FpAction>[] {
  if (!legal.some((m) => m.type === 'assign')) return [];
  const plan = diceAssignment(s);
  if (!plan || plan.length === 0) return [];
  const quick: string[] = [];
  const slow: string[] = [];
  for (const a of plan) {
    const f = s.figures[a.figure]!;
    (phaseFor(s.reaction!.dice[a.die]!, f.reactions ?? 0) === 'quick' ? quick : slow).push(f.name);
  }
  return [
    {
      label: msg('fiveparsecs:shortcut.assign', { quick: namesOrNobody(quick), slow: namesOrNobody(slow) }),
      moves: plan,
    },
  ];
}
