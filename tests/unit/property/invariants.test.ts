/**
 * Each ruleset's invariants (src/rules/<id>/invariants.ts) fed bad steps: a pool below 0, a model acting
 * twice, a model leaving the table without an event, a state that is not JSON. Each must be caught, and
 * the same step made good must pass, so no check is vacuous.
 */
import { describe, expect, it } from 'vitest';
import { jsonProblems, negativePools, silentLeavers, twice, type Step } from '../../../src/rules/engine/invariants';
import type { BlkoutState } from '../../../src/rules/blkout/game';
import type { CbState } from '../../../src/rules/counterblast/game';
import type { FpState } from '../../../src/rules/fiveparsecs/game';
import type { SkState } from '../../../src/rules/skirmish-ru/game';
import type { RpgState } from '../../../src/rules/rpg-attacks/game';
import { playableEntry, startState } from '../../support/startStates';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const step = <S>(before: S, after: S, events: Step<S>['events'] = []): Step<S> => ({
  before,
  player: 'A',
  action: { type: 'test' },
  after,
  events,
});
const check = <S>(id: string, s: Step<S>): string[] => playableEntry(id).invariants(s);

describe('the generic checks', () => {
  it('jsonProblems names undefined, NaN, infinities, functions, class instances and shared objects by path', () => {
    const shared = { a: 1 };
    expect(
      jsonProblems({ a: undefined, b: [NaN], c: { d: Infinity }, e: () => 1, f: new Map(), g: [shared, shared] }),
    ).toEqual([
      'state.a is undefined, which JSON drops (a reloaded save would hash differently)',
      'state.b[0] is NaN, which JSON writes as null',
      'state.c.d is Infinity, which JSON writes as null',
      'state.e is a function, not JSON',
      'state.f is a class instance, not a plain object',
    ]);
    expect(jsonProblems({ a: [1, 'x', null, true, { b: [] }] })).toEqual([]);
    const loop: Record<string, unknown> = { n: 1 };
    loop.self = loop;
    expect(jsonProblems(loop)).toEqual(['state.self contains itself (a cycle)']);
  });

  it('negativePools and twice find only what is wrong', () => {
    expect(
      negativePools([
        ['ap', -1],
        ['ammo', 0],
        ['unused', null],
      ]),
    ).toEqual(['ap is -1: a pool went negative']);
    expect(twice(['a', 'b', 'a', 'a'], 'acted')).toEqual(['a is listed twice in acted']);
    expect(twice(['a', 'b'], 'acted')).toEqual([]);
  });

  it('silentLeavers accepts a removal that an event names, and refuses one that none does', () => {
    const before = { m: [1, 0, 1] as const, n: [2, 0, 2] as const };
    const table = { width: 10, depth: 10 };
    expect(silentLeavers(before, { m: null, n: [2, 0, 2] }, table, [])).toEqual([
      'm left the table without an event naming it',
    ]);
    expect(
      silentLeavers(before, { m: null, n: [2, 0, 2] }, table, [{ type: 'removed', text: 'm is removed', model: 'm' }]),
    ).toEqual([]);
    // The text alone does not count: the event must carry the id in a field.
    expect(silentLeavers(before, { m: null, n: [2, 0, 2] }, table, [{ type: 'note', text: 'm' }])).toHaveLength(1);
    expect(silentLeavers(before, { m: [11, 0, 1], n: [2, 0, 2] }, table, [])).toEqual([
      "m went past the table's edge to (11, 0, 1) without an event naming it",
    ]);
    expect(silentLeavers(before, { n: [2, 0, 2] }, table, [])).toEqual(['m vanished from the state without an event']);
  });
});

describe('blkout invariants', () => {
  const base = () => {
    const s = clone(startState(playableEntry('blkout'))) as BlkoutState;
    for (const m of Object.values(s.models)) m.pos = [10, 0, 10];
    return s;
  };
  it('a good step passes', () => expect(check('blkout', step(base(), base()))).toEqual([]));
  it('command points below 0', () => {
    const after = base();
    after.cp.A = -1;
    expect(check('blkout', step(base(), after))).toEqual(['cp.A is -1: a pool went negative']);
  });
  it('damage beyond the track', () => {
    const after = base();
    const m = Object.values(after.models)[0]!;
    m.damage = m.track + 1;
    expect(check('blkout', step(base(), after))).toEqual([`models.${m.id}.track - damage is -1: a pool went negative`]);
  });
  it('a unit that activated activates again in the same round, unless by Rewind', () => {
    const before = base();
    const u = Object.values(before.units)[0]!;
    before.units[u.id]!.activated = true;
    const after = clone(before);
    after.activation = {
      unit: u.id,
      player: u.player,
      stage: 'reposition',
      moved: {},
      repositioned: [],
      acted: [],
      cyclic: null,
      via: 'turn',
    };
    expect(check('blkout', step(before, after))).toEqual([
      `${u.id} activates again in round ${before.round} (it had activated, and no Rewind was played)`,
    ]);
    after.activation.via = 'rewind';
    expect(check('blkout', step(before, after))).toEqual([]);
    after.activation.acted = ['x', 'x'];
    expect(check('blkout', step(before, after))).toEqual([`x is listed twice in the activation of ${u.id} (acted)`]);
  });
  it('a model destroyed without an event', () => {
    const after = base();
    const m = Object.values(after.models)[0]!;
    m.destroyed = true;
    expect(check('blkout', step(base(), after))).toEqual([`${m.id} left the table without an event naming it`]);
    expect(check('blkout', step(base(), after, [{ type: 'removed', text: '', model: m.id }]))).toEqual([]);
  });
  it('a state that is not JSON', () => {
    const after = base() as BlkoutState & { extra?: number };
    after.extra = NaN;
    expect(check('blkout', step(base(), after))).toEqual(['state.extra is NaN, which JSON writes as null']);
  });
});

describe('counterblast invariants', () => {
  const base = () => {
    const s = clone(startState(playableEntry('counterblast'))) as CbState;
    for (const m of Object.values(s.models)) m.pos = [10, 0, 10];
    return s;
  };
  const ids = Object.keys(base().models);
  it('a good step passes', () => expect(check('counterblast', step(base(), base()))).toEqual([]));
  it('Moxie, dread and actions left below 0', () => {
    const after = base();
    after.moxie.B = -2;
    after.activation = { player: 'A', models: [ids[0]!], actions: { [ids[0]!]: { left: -1, used: [] } }, aim: {} };
    expect(check('counterblast', step(base(), after))).toEqual([
      'moxie.B is -2: a pool went negative',
      `activation.actions.${ids[0]}.left is -1: a pool went negative`,
    ]);
  });
  it('a Spent model joins a new activation in the same turn', () => {
    const before = base();
    before.models[ids[0]!]!.spent = true;
    const after = clone(before);
    after.activation = { player: 'A', models: [ids[0]!], actions: { [ids[0]!]: { left: 2, used: [] } }, aim: {} };
    expect(check('counterblast', step(before, after))).toEqual([
      `${ids[0]} joins an activation in turn ${before.turn} while Spent`,
    ]);
    after.turn = before.turn + 1;
    expect(check('counterblast', step(before, after))).toEqual([]);
  });
  it('a casualty without an event', () => {
    const after = base();
    after.models[ids[1]!]!.casualty = true;
    expect(check('counterblast', step(base(), after))).toEqual([`${ids[1]} left the table without an event naming it`]);
  });
  it('a state that is not JSON', () => {
    const after = base();
    after.electTurn = undefined;
    expect(check('counterblast', step(base(), after))).toEqual([
      'state.electTurn is undefined, which JSON drops (a reloaded save would hash differently)',
    ]);
  });
});

describe('fiveparsecs invariants', () => {
  const base = () => clone(startState(playableEntry('fiveparsecs'))) as FpState;
  const ids = Object.keys(base().figures);
  it('a good step passes', () => expect(check('fiveparsecs', step(base(), base()))).toEqual([]));
  it('Stun markers below 0', () => {
    const after = base();
    after.figures[ids[0]!]!.stun = -1;
    expect(check('fiveparsecs', step(base(), after))).toEqual([`figures.${ids[0]}.stun is -1: a pool went negative`]);
  });
  it('a figure that acted begins a second activation in the round', () => {
    const before = base();
    before.figures[ids[0]!]!.acted = true;
    const after = clone(before);
    after.activation = { figure: ids[0]!, stunAtStart: 0 };
    expect(check('fiveparsecs', step(before, after))).toEqual([
      `${ids[0]} begins a second activation in round ${before.round}`,
    ]);
  });
  it('a figure taken out, or walked off the edge, without an event', () => {
    const after = base();
    after.figures[ids[0]!]!.out = 'slain';
    after.figures[ids[1]!]!.pos = [-1, 0, 5];
    expect(check('fiveparsecs', step(base(), after))).toEqual([
      `${ids[0]} left the table without an event naming it`,
      `${ids[1]} went past the table's edge to (-1, 0, 5) without an event naming it`,
    ]);
  });
  it('a state that is not JSON', () => {
    const after = base();
    after.enemy.panic = Infinity;
    expect(check('fiveparsecs', step(base(), after))).toEqual([
      'state.enemy.panic is Infinity, which JSON writes as null',
    ]);
  });
});

describe('skirmish-ru invariants', () => {
  const base = () => clone(startState(playableEntry('skirmish-ru'))) as SkState;
  const ids = Object.keys(base().fighters);
  it('a good step passes', () => expect(check('skirmish-ru', step(base(), base()))).toEqual([]));
  it('ammunition and wounds below 0', () => {
    const after = base();
    const f = after.fighters[ids[0]!]!;
    const w = Object.keys(f.arms)[0]!;
    f.arms[w]!.ammo = -1;
    f.wounds.wounds = -1;
    expect(check('skirmish-ru', step(base(), after))).toEqual([
      `fighters.${ids[0]}.wounds.wounds is -1: a pool went negative`,
      `fighters.${ids[0]}.arms.${w}.ammo is -1: a pool went negative`,
    ]);
  });
  it('a fighter that activated activates again in the round', () => {
    const before = base();
    before.fighters[ids[0]!]!.activated = true;
    const after = clone(before);
    after.activation = { fighter: ids[0]!, moved: 'none', left: false, pinned: false } as SkState['activation'];
    expect(check('skirmish-ru', step(before, after))).toEqual([
      `${ids[0]} activates a second time in round ${before.round}`,
    ]);
  });
  it('a fighter killed without an event', () => {
    const after = base();
    after.fighters[ids[0]!]!.wounds.condition = 'dead';
    expect(check('skirmish-ru', step(base(), after))).toEqual([`${ids[0]} left the table without an event naming it`]);
    expect(check('skirmish-ru', step(base(), after, [{ type: 'dead', text: '', fighter: ids[0] }]))).toEqual([]);
  });
  it('a state that is not JSON', () => {
    const after = base() as SkState & { clock?: unknown };
    after.clock = new Date(0);
    expect(check('skirmish-ru', step(base(), after))).toEqual(['state.clock is a class instance, not a plain object']);
  });
});

describe('rpg-attacks invariants', () => {
  const base = () => {
    const s = clone(startState(playableEntry('rpg-attacks'))) as RpgState;
    s.phase = 'battle';
    s.round = 1;
    s.order = Object.keys(s.chars);
    return s;
  };
  const ids = Object.keys(base().chars);
  it('a good step passes', () => expect(check('rpg-attacks', step(base(), base()))).toEqual([]));
  it('action points below 0', () => {
    const after = base();
    after.chars[ids[0]!]!.ap = -1;
    expect(check('rpg-attacks', step(base(), after))).toEqual([`chars.${ids[0]}.ap is -1: a pool went negative`]);
  });
  it('action points that rise within a round, and a second turn in the round', () => {
    const before = base();
    before.turn = { model: ids[1]!, moved: false };
    const after = clone(before);
    after.chars[ids[0]!]!.ap += 1;
    after.turn = { model: ids[0]!, moved: false };
    expect(check('rpg-attacks', step(before, after))).toEqual([
      `${ids[0]}'s action points rose from ${before.chars[ids[0]!]!.ap} to ${before.chars[ids[0]!]!.ap + 1} within round 1`,
      `${ids[0]} takes a turn again in round 1 (order 0, after order 1)`,
    ]);
    after.round = 2;
    expect(check('rpg-attacks', step(before, after))).toEqual([]);
  });
  it('a character down without an event', () => {
    const after = base();
    after.chars[ids[2]!]!.condition.down = true;
    expect(check('rpg-attacks', step(base(), after))).toEqual([`${ids[2]} left the table without an event naming it`]);
  });
  it('a state that is not JSON', () => {
    const after = base() as RpgState & { f?: unknown };
    after.f = () => 0;
    expect(check('rpg-attacks', step(base(), after))).toEqual(['state.f is a function, not JSON']);
  });
});
