/**
 * The roster (state/roster.ts): whose models it lists, which can still act (the same models Tab visits,
 * state/actionKeys.ts nextActor), each model's pose and tokens as the view knows them, and BLKOUT's units
 * from a mid-game (seed 5) with a pinned unit.
 */
import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/geometry/sceneTypes';
import type { BlkoutState } from '../../../src/rules/blkout/game';
import { ruleset } from '../../../src/rules/blkout';
import { newMatch } from '../../../src/rules/engine/match';
import { actingModels, nextActor } from '../../../src/state/actionKeys';
import { rosterOf, rosterSide, type RosterView } from '../../../src/state/roster';
import { playSession } from '../../support/playSetup';
import { en } from '../../support/words';
import { midGame } from '../rules/blkout/fixture';

const model = (id: string, side: string, x: number, name?: string): Model => ({
  id,
  side,
  position: [x, 0, 5],
  base: { shape: 'round', diameterMm: 25 },
  height: 1,
  ...(name ? { name } : {}),
});

const models = [model('a1', 'A', 1, 'Gunner'), model('b1', 'B', 2), model('a2', 'A', 3), model('a3', 'A', 4)];

const base: RosterView = {
  seats: { A: 'human', B: 'ai' },
  decider: 'A',
  picks: [{ type: 'move', model: 'a2', label: 'Move a2', allowance: 4 }],
  choices: [
    { label: 'a1 shoots', move: { type: 'shoot' }, models: ['a1'], targets: ['b1'], fold: null },
    { label: 'end', move: { type: 'end-turn' }, models: [], targets: [], fold: null },
  ],
  actors: ['a2'],
  poses: { a3: 'down' },
  markers: [
    { id: 'tokens-a1', kind: 'token', label: 'R', at: [1, 0, 5], side: 'A' },
    { id: 'zone-A', kind: 'zone', label: 'deploys', at: [3, 0, 5], side: 'A' },
    { id: 'tokens-b1', kind: 'token', label: 'P', at: [2, 0, 5], side: 'B' },
  ],
};

describe('the roster', () => {
  it("lists the human side's models in table order, each with whether it can act, acts now, lies down, and its token", () => {
    const groups = rosterOf(base, models);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.unit).toBeNull();
    expect(groups[0]!.entries).toEqual([
      { id: 'a1', name: 'Gunner', side: 'A', canAct: true, acting: false, pose: null, tokens: 'R' },
      { id: 'a2', name: 'a2', side: 'A', canAct: true, acting: true, pose: null, tokens: null },
      { id: 'a3', name: 'a3', side: 'A', canAct: false, acting: false, pose: 'down', tokens: null },
    ]);
  });

  it('marks as able to act exactly the models Tab visits', () => {
    const order = models.map((m) => m.id);
    const visited = new Set<string>();
    let at: string | null = null;
    for (let i = 0; i < 5; i++) {
      at = nextActor(base, order, at);
      if (at) visited.add(at);
    }
    const marked = rosterOf(base, models)
      .flatMap((g) => g.entries)
      .filter((e) => e.canAct)
      .map((e) => e.id);
    expect(new Set(marked)).toEqual(visited);
    expect(new Set(marked)).toEqual(actingModels(base));
  });

  it("whose: the one human's side; two humans: the decider's (A when nobody decides); two AIs: nobody's", () => {
    expect(rosterSide({ seats: { A: 'ai', B: 'human' }, decider: 'A' })).toBe('B');
    expect(rosterSide({ seats: { A: 'human', B: 'human' }, decider: 'B' })).toBe('B');
    expect(rosterSide({ seats: { A: 'human', B: 'human' }, decider: null })).toBe('A');
    expect(rosterSide({ seats: { A: 'ai', B: 'ai' }, decider: 'A' })).toBeNull();
    expect(rosterOf({ ...base, seats: { A: 'ai', B: 'ai' } }, models)).toEqual([]);
    const theirs = rosterOf({ ...base, seats: { A: 'ai', B: 'human' } }, models);
    expect(theirs.flatMap((g) => g.entries).map((e) => [e.id, e.canAct, e.tokens])).toEqual([['b1', false, 'P']]);
  });

  it('groups models by unit, in the order the units first stand on the table', () => {
    const units = { a1: 'Team 1', a2: 'Team 2', a3: 'Team 1' };
    const groups = rosterOf({ ...base, units }, models);
    expect(groups.map((g) => [g.unit, g.entries.map((e) => e.id)])).toEqual([
      ['Team 1', ['a1', 'a3']],
      ['Team 2', ['a2']],
    ]);
  });

  it('BLKOUT mid-game (seed 5): the units by name, the pinned unit pinned with its tokens, and only the units that can activate marked', async () => {
    const { store, play, view } = playSession<BlkoutState>('blkout');
    const start = midGame({ 'A1.0': [6, 33], 'B1.0': [16, 33], 'A2.0': [1, 1], 'B2.0': [35, 35] }, (s) => ({
      ...s,
      units: { ...s.units, A2: { ...s.units.A2!, pinned: true } },
    }));
    expect(await play.resume({ initial: newMatch(ruleset, start, 5).initial }, { A: 'human', B: 'ai' })).toEqual({
      ok: true,
    });
    const v = view();
    const groups = rosterOf(v, store.getState().scene.models ?? []);
    expect(groups.map((g) => g.unit)).toEqual([start.units.A1!.name, start.units.A2!.name]);
    const entries = groups.flatMap((g) => g.entries);
    expect(entries.map((e) => e.id)).toEqual(['A1.0', 'A2.0']);
    const pinned = entries.find((e) => e.id === 'A2.0')!;
    expect(pinned.pose).toBe('pinned');
    expect(pinned.tokens && en(pinned.tokens)).toMatch(/P/);
    expect(entries.some((e) => e.canAct)).toBe(true);
    expect(entries.filter((e) => e.canAct).map((e) => e.id)).toEqual(
      [...actingModels(v)].filter((id) => id.startsWith('A')).sort(),
    );
    play.stop();
  });
});
