import { describe, expect, it } from 'vitest';
import type { LeverStep } from '../../../../src/rules/engine/levers';
import type { CbState } from '../../../../src/rules/counterblast/game';
import { counterblastLevers as levers } from '../../../../src/rules/counterblast/levers';

/** A step with only the fields the levers read (the rest of the state does not matter to them). */
function step(
  action: { type: string } & Record<string, unknown>,
  o: {
    before?: Partial<CbState>;
    after?: Partial<CbState>;
    events?: { type: string }[];
    legal?: object[];
    player?: string;
  } = {},
): LeverStep<CbState> {
  return {
    before: { phase: 'activation', moxie: { A: 0, B: 0 }, dread: { A: 0, B: 0 }, ...o.before } as CbState,
    after: { phase: 'activation', moxie: { A: 0, B: 0 }, ...o.after } as CbState,
    player: o.player ?? 'A',
    action,
    events: (o.events ?? []).map((e) => ({ text: '', ...e })),
    legal: (o.legal ?? []) as { type: string }[],
  };
}

describe('Counterblast levers', () => {
  it('names a split attack, a reaction, going prone and healing apart from their plain forms', () => {
    const split = [
      { target: 'b1', dice: 2 },
      { target: 'b2', dice: 2 },
    ];
    expect(levers.used(step({ type: 'shoot', model: 'a1', weapon: 0, target: 'b1', split }))).toEqual(['split-shoot']);
    expect(levers.used(step({ type: 'shoot', model: 'a1', weapon: 0, target: 'b1' }))).toEqual(['shoot']);
    expect(
      levers.used(step({ type: 'strike', model: 'a1', weapon: 0, target: 'b1', split: split.slice(0, 1) })),
    ).toEqual(['strike']);
    expect(levers.used(step({ type: 'snapshot', model: 'a1', weapon: 0, target: 'b1' }))).toEqual(['snapshot']);
    expect(levers.used(step({ type: 'move', model: 'a1', x: 1, y: 0, z: 1, prone: true }))).toEqual(['go-prone']);
    expect(levers.used(step({ type: 'treat', model: 'a1', target: 'a2', heal: true }))).toEqual(['heal']);
    expect(levers.used(step({ type: 'pass' }))).toEqual([]);
    expect(levers.used(step({ type: 'end-activation' }))).toEqual([]);
    for (const m of ['return-fire', 'parry', 'counterstrike', 'action-roll', 'rush', 'jump', 'throw', 'dog-pile'])
      expect(levers.mechanics).toContain(m);
  });

  it('calls Do Nothing idle only when that model had something useful to do', () => {
    const dn = { type: 'do-nothing', model: 'a1' };
    expect(levers.idle(step(dn, { legal: [{ type: 'shoot', model: 'a1' }, dn] }))).toBe(true);
    expect(levers.idle(step(dn, { legal: [{ type: 'shoot', model: 'a2' }, dn] }))).toBe(false);
    expect(levers.idle(step(dn, { legal: [{ type: 'buy-action', model: 'a1' }, dn] }))).toBe(false);
  });

  it('calls a pass idle with 1 Moxie and a model to activate, not with 0', () => {
    const legal = [{ type: 'activate', model: 'a1' }, { type: 'pass-turn' }];
    expect(levers.idle(step({ type: 'pass-turn' }, { before: { moxie: { A: 1, B: 0 } }, legal }))).toBe(true);
    expect(levers.idle(step({ type: 'pass-turn' }, { before: { moxie: { A: 0, B: 3 } }, legal }))).toBe(false);
    expect(
      levers.idle(step({ type: 'pass-turn' }, { before: { moxie: { A: 4, B: 0 } }, legal: [{ type: 'pass-turn' }] })),
    ).toBe(false);
  });

  it('does not call a pass idle when the Moxie kept is all for dread at Upkeep, and does at one more', () => {
    const legal = [{ type: 'activate', model: 'a1' }, { type: 'pass-turn' }];
    const pass = (moxie: number, dread: number) =>
      levers.idle(
        step({ type: 'pass-turn' }, { before: { moxie: { A: moxie, B: 0 }, dread: { A: dread, B: 0 } }, legal }),
      );
    expect(pass(3, 3)).toBe(false);
    expect(pass(3, 4)).toBe(false);
    expect(pass(4, 3)).toBe(true);
  });

  it('counts the Moxie both crews hold when a new turn sets the pools, less what the move itself spent', () => {
    const turn = [{ type: 'turn' }];
    // A calms 1 Dread with the step that ends the turn: A loses 3 - 1, B its 2.
    expect(
      levers.wasted(
        step(
          { type: 'calm', amount: 1 },
          { before: { moxie: { A: 3, B: 2 } }, after: { moxie: { A: 4, B: 4 } }, events: turn },
        ),
      ),
    ).toEqual({ moxie: 4 });
    // The first turn after deployment loses nothing; nor does a step that starts no turn.
    expect(
      levers.wasted(step({ type: 'deploy' }, { before: { phase: 'deploy', moxie: { A: 3, B: 3 } }, events: turn })),
    ).toEqual({});
    expect(levers.wasted(step({ type: 'shoot' }, { before: { moxie: { A: 3, B: 3 } } }))).toEqual({});
    // At the battle's end what is left is lost.
    expect(
      levers.wasted(
        step({ type: 'strike' }, { after: { phase: 'over', moxie: { A: 1, B: 2 } }, events: [{ type: 'game-over' }] }),
      ),
    ).toEqual({ moxie: 3 });
  });
});
