/**
 * The Reaction Roll in one press (diceAssignment.ts): the plan makes as many figures Quick as any
 * assignment of the dice could, every step passes the rules' own check, a single 1 still goes to a
 * Feral, and the app plays it as one shortcut (Space) into the Quick Actions phase.
 */
import { describe, expect, it } from 'vitest';
import { diceAssignment, reactionShortcuts } from '../../../../src/rules/fiveparsecs/diceAssignment';
import { assignRefusal } from '../../../../src/rules/fiveparsecs/round';
import { standing, type FpState } from '../../../../src/rules/fiveparsecs/game';
import { phaseFor } from '../../../../src/rules/fiveparsecs/initiative';
import { actionForKey } from '../../../../src/state/actionKeys';
import { playSession } from '../../../support/playSetup';
import { en } from '../../../support/words';

/** Every order of the dice among the crew that the rules accept, with its Quick count: the best. */
function bestQuick(s: FpState): number {
  const crew = standing(s, 'A');
  let best = -1;
  const walk = (at: FpState, i: number, quick: number) => {
    if (i === crew.length) {
      best = Math.max(best, quick);
      return;
    }
    const f = crew[i]!;
    at.reaction!.dice.forEach((d, die) => {
      if (assignRefusal(at, f.id, die)) return;
      const next = { ...at, reaction: { ...at.reaction!, assigned: { ...at.reaction!.assigned, [f.id]: die } } };
      walk(next, i + 1, quick + (phaseFor(d, f.reactions ?? 0) === 'quick' ? 1 : 0));
    });
  };
  walk(s, 0, 0);
  return best;
}

const withDice = (s: FpState, dice: number[], feral: string[] = []): FpState => ({
  ...s,
  reaction: { dice, assigned: {} },
  figures: Object.fromEntries(Object.entries(s.figures).map(([id, f]) => [id, { ...f, feral: feral.includes(id) }])),
});

describe('the Reaction Roll in one press', () => {
  it('solo (seed 3): one shortcut, as good as the best order; Space plays it and the Quick Actions phase starts', async () => {
    const { play, view, press } = playSession<FpState>('fiveparsecs');
    expect(await play.start({ rules: 'fiveparsecs', seed: 3 })).toEqual({ ok: true });
    await press(/^Do not try/);
    const s = view().match.state;
    expect(view().shortcuts).toHaveLength(1);
    const plan = diceAssignment(s)!;
    expect(plan).toHaveLength(standing(s, 'A').length);
    const quick = plan.filter(
      (a) => phaseFor(s.reaction!.dice[a.die]!, s.figures[a.figure]!.reactions ?? 0) === 'quick',
    ).length;
    expect(quick).toBe(bestQuick(s));
    expect(en(view().shortcuts[0]!.label)).toMatch(/^Assign the dice: Quick .*; Slow /);
    const key = actionForKey(view(), null, ' ');
    expect(key && 'shortcut' in key).toBe(true);
    expect(await play.submitAll(view().shortcuts[0]!.moves)).toEqual({ ok: true });
    expect(['quick', 'slow']).toContain(view().match.state.phase);
    expect(Object.keys(view().match.state.reaction?.assigned ?? {})).toHaveLength(plan.length);
    play.stop();
  });

  it('a single 1 goes to a Feral figure even where a non-Feral would be Quick with it', async () => {
    const { play, view, press } = playSession<FpState>('fiveparsecs');
    expect(await play.start({ rules: 'fiveparsecs', seed: 3 })).toEqual({ ok: true });
    await press(/^Do not try/);
    const base = view().match.state;
    const crew = standing(base, 'A');
    const feral = crew[crew.length - 1]!.id;
    const dice = crew.map((_, i) => (i === 0 ? 1 : 6));
    const s = withDice(base, dice, [feral]);
    const plan = diceAssignment(s)!;
    expect(plan.find((a) => a.figure === feral)?.die).toBe(0);
    let at = s;
    for (const a of plan) {
      expect(assignRefusal(at, a.figure, a.die)).toBeNull();
      at = { ...at, reaction: { ...at.reaction!, assigned: { ...at.reaction!.assigned, [a.figure]: a.die } } };
    }
    play.stop();
  });

  it('offers nothing outside the Reaction Roll', () => {
    expect(reactionShortcuts({ phase: 'quick', reaction: null } as unknown as FpState, [])).toEqual([]);
    expect(diceAssignment({ phase: 'quick', reaction: null } as unknown as FpState)).toBeNull();
  });
});
