import { describe, expect, it } from 'vitest';
import type { LeverStep } from '../../../../src/rules/engine/levers';
import type { BlkoutState } from '../../../../src/rules/blkout/game';
import { blkoutLevers as levers } from '../../../../src/rules/blkout/levers';

function step(
  action: { type: string } & Record<string, unknown>,
  o: {
    before?: Partial<BlkoutState>;
    after?: Partial<BlkoutState>;
    events?: ({ type: string } & Record<string, unknown>)[];
    legal?: object[];
  } = {},
): LeverStep<BlkoutState> {
  const base = {
    phase: 'execution',
    activation: null,
    models: { 'A1.0': { pos: [1, 0, 1] }, 'A2.0': { pos: null } },
    units: { B1: {} },
    cp: { A: 0, B: 0 },
    burn: { hands: { A: [], B: [] }, primed: null },
  } as unknown as Partial<BlkoutState>;
  return {
    before: { ...base, ...o.before } as BlkoutState,
    after: { ...base, ...o.after } as BlkoutState,
    player: 'A',
    action,
    events: (o.events ?? []).map((e) => ({ text: '', ...e })),
    legal: (o.legal ?? []) as { type: string }[],
  };
}

describe('BLKOUT levers', () => {
  it('tells a move from an entry, a mobility or early shot from a shot, and names each BURN card and drill', () => {
    expect(levers.used(step({ type: 'move', model: 'A1.0', x: 2, y: 0, z: 2 }))).toEqual(['move']);
    expect(levers.used(step({ type: 'move', model: 'A2.0', x: 0, y: 0, z: 2 }))).toEqual(['enter']);
    expect(levers.used(step({ type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0', track: 'mobility' }))).toEqual([
      'mobility-shot',
    ]);
    const reposition = { activation: { stage: 'reposition' } as BlkoutState['activation'] };
    expect(
      levers.used(step({ type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, { before: reposition })),
    ).toEqual(['early-shot']);
    expect(levers.used(step({ type: 'data-attack', model: 'A1.0', target: 'B1' }))).toEqual(['data-spike']);
    expect(levers.used(step({ type: 'data-attack', model: 'A1.0', target: 'B1.0' }))).toEqual(['data-knife']);
    expect(levers.used(step({ type: 'drill', unit: 'A1', drill: 'stims' }))).toEqual(['drill-stims']);
    // A card played as a window's answer is named by its event; a close combat by its own.
    expect(
      levers.used(step({ type: 'pass' }, { events: [{ type: 'burn', player: 'B', card: 'juiced' }, { type: 'cqc' }] })),
    ).toEqual(['burn-juiced', 'cqc']);
    expect(levers.used(step({ type: 'return-fire', model: 'A1.0', weapon: 0, item: 'frag' }))).toEqual([
      'return-fire',
      'armoury',
    ]);
    expect(levers.mechanics).toContain('handler-activation');
  });

  it('calls holding idle with that model’s shot legal, and declining a free activation or a free Counter-EWAR', () => {
    const hold = { type: 'hold', model: 'A1.0' };
    expect(levers.idle(step(hold, { legal: [{ type: 'shoot', model: 'A1.0' }, hold] }))).toBe(true);
    expect(levers.idle(step(hold, { legal: [{ type: 'shoot', model: 'A3.0' }, hold] }))).toBe(false);
    expect(
      levers.idle(step({ type: 'end-turn' }, { legal: [{ type: 'controller', unit: 'A0' }, { type: 'end-turn' }] })),
    ).toBe(true);
    expect(levers.idle(step({ type: 'end-turn' }, { legal: [{ type: 'end-turn' }] }))).toBe(false);
    expect(
      levers.idle(step({ type: 'pass' }, { legal: [{ type: 'counter-ewar', model: 'A1.0' }, { type: 'pass' }] })),
    ).toBe(true);
    expect(
      levers.idle(step({ type: 'pass' }, { legal: [{ type: 'overwatch', model: 'A1.0' }, { type: 'pass' }] })),
    ).toBe(false);
  });

  it('counts the CP and BURN cards left when the game ends, once', () => {
    const end = {
      phase: 'over' as const,
      cp: { A: 1, B: 2 },
      burn: { hands: { A: ['amped' as const], B: [] }, primed: null },
    };
    expect(levers.wasted(step({ type: 'end-turn' }, { after: end }))).toEqual({ cp: 3, 'burn-cards': 1 });
    expect(levers.wasted(step({ type: 'end-turn' }, { before: end, after: end }))).toEqual({});
    expect(levers.wasted(step({ type: 'end-turn' }, { after: { cp: { A: 3, B: 3 } } }))).toEqual({});
  });
});
