import { describe, expect, it } from 'vitest';
import type { LeverStep } from '../../../../src/rules/engine/levers';
import type { FpState } from '../../../../src/rules/fiveparsecs/game';
import { fiveparsecsLevers as levers } from '../../../../src/rules/fiveparsecs/levers';

function step(
  action: { type: string } & Record<string, unknown>,
  o: { before?: Partial<FpState>; events?: ({ type: string } & Record<string, unknown>)[]; legal?: object[] } = {},
): LeverStep<FpState> {
  const before = { phase: 'quick', activation: null, ...o.before } as FpState;
  return {
    before,
    after: before,
    player: 'A',
    action,
    events: (o.events ?? []).map((e) => ({ text: '', ...e })),
    legal: (o.legal ?? []) as { type: string }[],
  };
}

const activation = { figure: 'f', stunAtStart: 0 } as FpState['activation'];

describe('Five Parsecs levers', () => {
  it('names a dash, a charge (a move that starts a brawl: Brawling too), an item picked up and a seized activation', () => {
    const to = { figure: 'f', x: 1, y: 0, z: 1 };
    expect(levers.used(step({ type: 'move', ...to, dash: true }))).toEqual(['dash']);
    expect(
      levers.used(step({ type: 'move', ...to }, { events: [{ type: 'brawl', attacker: 'f', target: 'e' }] })),
    ).toEqual(['move', 'charge', 'brawl']);
    expect(levers.used(step({ type: 'brawl', figure: 'f', target: 'e' }))).toEqual(['brawl']);
    // A brawl someone else started is not this move's charge.
    expect(
      levers.used(step({ type: 'move', ...to }, { events: [{ type: 'brawl', attacker: 'e', target: 'f' }] })),
    ).toEqual(['move']);
    expect(levers.used(step({ type: 'move', ...to }, { events: [{ type: 'item-taken', model: 'f' }] }))).toEqual([
      'move',
      'pick-up-item',
    ]);
    expect(
      levers.used(step({ type: 'shoot', figure: 'f', weapon: 'w', target: 'e' }, { before: { phase: 'seized' } })),
    ).toEqual(['shoot', 'seized-activation']);
    expect(levers.used(step({ type: 'leave', figure: 'f', edge: 'north' }))).toEqual(['leave-table']);
  });

  it('calls done idle at an activation’s start with anything legal, and after a move only with a shot or brawl', () => {
    const done = { type: 'done', figure: 'f' };
    expect(levers.idle(step(done, { legal: [{ type: 'move', figure: 'f' }, done] }))).toBe(true);
    expect(levers.idle(step(done, { legal: [{ type: 'move', figure: 'g' }, done] }))).toBe(false);
    expect(levers.idle(step(done, { before: { activation }, legal: [{ type: 'move', figure: 'f' }, done] }))).toBe(
      false,
    );
    expect(levers.idle(step(done, { before: { activation }, legal: [{ type: 'shoot', figure: 'f' }, done] }))).toBe(
      true,
    );
    expect(levers.idle(step({ type: 'skip-seize' }))).toBe(true);
    expect(levers.idle(step({ type: 'hold', figure: 'f' }, { legal: [{ type: 'shoot', figure: 'f' }] }))).toBe(false);
  });

  it('counts a seized activation ended before it began as wasted, and nothing else', () => {
    const done = { type: 'done', figure: 'f' };
    expect(levers.wasted(step(done, { before: { phase: 'seized' } }))).toEqual({ 'seized-activation': 1 });
    expect(levers.wasted(step(done, { before: { phase: 'seized', activation } }))).toEqual({});
    expect(levers.wasted(step(done, { before: { phase: 'quick' } }))).toEqual({});
  });
});
