import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { randomMove } from '../../../../src/ai/randomBot';
import { blkoutMove } from '../../../../src/rules/blkout/ai';
import { rngState } from '../../../../src/rules/dice/rng';
import { act, decider, newMatch, replay, stateHash, type Match } from '../../../../src/rules/engine/match';
import { isError } from '../../../../src/rules/engine/types';
import { ruleset, type BlkoutAction, type BlkoutState } from '../../../../src/rules/blkout';
import { fresh, matchOf, midGame, play } from './fixture';
import { randomGame as randomBattleOf } from '../../../support/rulesPlay';
import { en } from '../../../support/words';

type M = Match<BlkoutState, BlkoutAction>;

/** A whole game between random-move bots on open ground (game seed, bot seed); every 25 moves the match is plain JSON. */
function randomGame(seed: number, botSeed: number): M {
  return randomBattleOf(ruleset, fresh(), seed, botSeed, fakeTable(), (m, i) => {
    if (i % 25 === 0) expect(JSON.parse(JSON.stringify(m))).toEqual(m);
  });
}

describe('blkout whole games', () => {
  it('random legal moves play to the end of round 5 (game seed 7, bot seed 70); same seeds, same state hash; replay equals live play', () => {
    const a = randomGame(7, 70);
    expect(a.state.phase).toBe('over');
    expect(a.state.round).toBe(5);
    expect(ruleset.outcome(a.state)).not.toBeNull();
    const b = randomGame(7, 70);
    expect(stateHash(b)).toBe(stateHash(a));
    const again = replay(ruleset, a, a.log, fakeTable());
    expect(stateHash(again)).toBe(stateHash(a));
    expect(stateHash(randomGame(8, 70))).not.toBe(stateHash(a));
  });

  it('the AI plays a whole game on open ground to a result (game seed 11)', () => {
    const q = fakeTable();
    let m: M = newMatch(ruleset, fresh(), 11);
    for (let i = 0; i < 5000 && decider(ruleset, m); i++) {
      const who = decider(ruleset, m)!;
      const move = blkoutMove(m, who, q);
      if (!move) throw new Error('no move');
      const r = act(ruleset, m, who, move, q);
      if (isError(r)) throw new Error(`${who} ${JSON.stringify(move)}: ${r.message}`);
      m = r.match;
    }
    expect(m.state.phase).toBe('over');
    // The seeded game's exact result (it moves when the rules or the bot change: say why in the commit).
    expect(m.state.score).toEqual({ A: 4, B: 14 });
  });
});

describe('blkout AI strength', () => {
  it.each([
    [21, 'A'],
    [22, 'B'],
    [23, 'A'],
  ] as const)('beats random legal moves on open ground (game seed %i; the AI plays %s)', (seed, aiSide) => {
    const q = fakeTable();
    let m: M = newMatch(ruleset, fresh(), seed);
    let rng = rngState(seed * 10);
    for (let i = 0; i < 5000 && decider(ruleset, m); i++) {
      const who = decider(ruleset, m)!;
      let move;
      if (who === aiSide) move = blkoutMove(m, who, q);
      else {
        const pick = randomMove(ruleset, m, who, rng, q);
        rng = pick.rng;
        move = pick.move;
      }
      const r = act(ruleset, m, who, move!, q);
      if (isError(r)) throw new Error(en(r.message));
      m = r.match;
    }
    expect(ruleset.outcome(m.state)?.winner).toBe(aiSide);
  });
});

describe('blkout AI choices', () => {
  it('shoots the target in the open rather than the one in full cover', () => {
    const q = fakeTable({
      sight: (_v, t) =>
        t === 'B1.0'
          ? {
              visibleFraction: 0.3,
              hidden: { terrain: 0.7, vehicles: 0, models: 0, smoke: 0 },
              coverPieces: [{ id: 'wall', kind: 'obstacle', share: 0.7, distance: 0.2 }],
            }
          : {},
    });
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'B1.0': [10, 20], 'B1.1': [14, 20], 'B2.0': [34, 34] }));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    expect(blkoutMove(m, 'A', q)).toEqual({ type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.1' });
  });

  it('overwatches a model that ran across open ground in range, and passes when the shot is hopeless', () => {
    const q = fakeTable();
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'B1.0': [10, 22], 'A2.0': [2, 2], 'B2.0': [34, 34] }));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'move', model: 'A1.0', x: 15, y: 0, z: 10 }, q).match;
    expect(blkoutMove(m, 'B', q)).toEqual({ type: 'overwatch', model: 'B1.0', weapon: 0 });
    const covered = fakeTable({
      sight: (v) =>
        v === 'B1.0'
          ? {
              visibleFraction: 0.1,
              hidden: { terrain: 0.9, vehicles: 0, models: 0, smoke: 0 },
              coverPieces: [{ id: 'wall', kind: 'obstacle', share: 0.9, distance: 0.1 }],
            }
          : {},
    });
    // Against full cover one die at 4+ with the target's 1/6 armour: about 0.5 expected... still worth it; a 2-box target is not.
    const tough = {
      ...m,
      state: {
        ...m.state,
        models: {
          ...m.state.models,
          'A1.0': { ...m.state.models['A1.0']!, armour: [3, 4] as [number, number], track: 3 },
        },
      },
    };
    expect(blkoutMove(tough, 'B', covered)).toEqual({ type: 'pass' });
  });

  it('spends a CP on the drill a watched unit needs (Targeting Smoke on the line when it can shoot, else Thorax Shields), keeping its last CP until round 4', () => {
    const q = fakeTable();
    // B (Manticor Borz) to activate; A1.0 has not activated and sees B1.0.
    const s = midGame({ 'A1.0': [10, 10], 'B1.0': [10, 20], 'B2.0': [34, 34] }, (st) => ({
      ...st,
      turn: 'B',
      initiative: 'B',
    }));
    // B1.0 can shoot A1.0: its own smoke, halfway between them (it sees through it, A1.0 does not).
    expect(blkoutMove(matchOf(s), 'B', q)).toEqual({
      type: 'drill',
      unit: 'B1',
      drill: 'targeting-smoke',
      x: 10,
      z: 15,
    });
    // Nothing to shoot with: Thorax Shields against the answer.
    const unarmed = { ...s, models: { ...s.models, 'B1.0': { ...s.models['B1.0']!, weapons: [] } } };
    expect(blkoutMove(matchOf(unarmed), 'B', q)).toEqual({ type: 'drill', unit: 'B1', drill: 'thorax-shields' });
    // The last CP is kept for a chained activation until round 4 (from then it would go unspent).
    expect(blkoutMove(matchOf({ ...unarmed, cp: { A: 3, B: 1 } }), 'B', q)).toEqual({ type: 'activate', unit: 'B1' });
    expect(blkoutMove(matchOf({ ...unarmed, cp: { A: 3, B: 1 }, round: 3 }), 'B', q)).toEqual({
      type: 'activate',
      unit: 'B1',
    });
    expect(blkoutMove(matchOf({ ...unarmed, cp: { A: 3, B: 1 }, round: 4 }), 'B', q)).toEqual({
      type: 'drill',
      unit: 'B1',
      drill: 'thorax-shields',
    });
  });

  it('never spends Phase Out on the Handler: with nothing to shoot it activates it and keeps the card; a fighting unit gets it', () => {
    const q = fakeTable();
    const hand = (st: BlkoutState): BlkoutState => ({
      ...st,
      burn: { hands: { A: ['phase-out'], B: [] }, primed: null },
    });
    // B1.0 is 32" away: nothing to shoot. A0 (the Handler) comes first in the list.
    const m = matchOf(midGame({ 'A0.0': [10, 2], 'A1.0': [20, 2], 'B1.0': [10, 34] }, hand));
    expect(m.state.units['A0']!.role).toBe('handler');
    expect(blkoutMove(m, 'A', q)).toEqual({ type: 'activate', unit: 'A0' });
    // With the Handler activated, the fighting unit is next: Phase Out goes on it.
    const later = matchOf(
      midGame({ 'A0.0': [10, 2], 'A1.0': [20, 2], 'B1.0': [10, 34] }, (st) => {
        const s = hand(st);
        return { ...s, units: { ...s.units, A0: { ...s.units['A0']!, activated: true } } };
      }),
    );
    expect(blkoutMove(later, 'A', q)).toEqual({ type: 'burn', card: 'phase-out', unit: 'A1' });
  });

  it('plays Extras! after an activation that marked combat loads, and Blade Runner when the unit has nothing to shoot where it stands but somewhere better to go', () => {
    const q = fakeTable();
    const hands =
      (cards: ('extras' | 'blade-runner')[]) =>
      (st: BlkoutState): BlkoutState => ({ ...st, burn: { hands: { A: cards, B: [] }, primed: null } });
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'B1.0': [34, 34] }, hands(['extras'])));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'armoury', model: 'A1.0', item: 'boost-jump' }, q).match;
    m = play(m, 'A', { type: 'hold', model: 'A1.0' }, q).match;
    expect(blkoutMove(m, 'A', q)).toEqual({ type: 'burn', card: 'extras', unit: 'A1' });
    // B1.0 is 28" away: nothing to shoot, and a few inches forward it would have a shot: Blade Runner goes down before moving.
    let r = matchOf(midGame({ 'A1.0': [10, 2], 'B1.0': [10, 31] }, hands(['blade-runner'])));
    r = play(r, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(blkoutMove(r, 'A', q)).toEqual({ type: 'burn', card: 'blade-runner' });
  });
});
