/**
 * The thrower (dice3d/thrower.ts): with no Web Worker (Node, as in a page without workers) a throw runs
 * on the calling thread, and the recording is the same as throw.ts's for the same dice and seed (seed 41):
 * the worker adds nothing but the thread.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { beforeAll, describe, expect, it } from 'vitest';
import { throwDice } from '../../../src/dice3d/throw';
import { throwDiceAway, throwHere } from '../../../src/dice3d/thrower';

beforeAll(async () => {
  await RAPIER.init();
});

describe('the dice thrower', () => {
  it('without workers it throws here, frame for frame the recording throw.ts makes (seed 41)', async () => {
    const dice = [
      { kind: 'd6' as const, value: 4 },
      { kind: 'd10' as const, value: 9 },
    ];
    expect(typeof Worker).toBe('undefined');
    const away = await throwDiceAway(dice, 41);
    const here = await throwHere(dice, 41);
    const direct = throwDice(RAPIER, dice, 41);
    expect(Array.from(away.recording.frames)).toEqual(Array.from(direct.frames));
    expect(away.recording.dice).toEqual(direct.dice);
    expect(here.recording.dice.map((d) => d.value)).toEqual([4, 9]);
    expect(away.simulateMs).toBeGreaterThanOrEqual(0);
  });
});
