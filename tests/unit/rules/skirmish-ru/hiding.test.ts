/** Skirmish-ru stealth in play, with scripted dice: hiding at the battle's start, not a target, the tests a move calls. */
import { describe, expect, it } from 'vitest';
import { replay, stateHash } from '../../../../src/rules/engine/match';
import type { Layout } from '../../../../src/rules/engine/queries';
import { ruleset } from '../../../../src/rules/skirmish-ru';
import { BASE_RADIUS, type SkState } from '../../../../src/rules/skirmish-ru/game';
import { legalActions } from '../../../../src/rules/skirmish-ru/legal';
import { randomGame } from '../../../support/rulesPlay';
import { fresh, matchOf, placed, play, refuse, set, table } from './fixture';
import { en } from '../../../support/words';

// Вожак Гром (A: Stealth 2, Movement 4, Shooting 4, an assault gun firing 2 shots); Ворона (B: a rifle), facing south (+z).
const V = 'A.vozhak-grom';
const W = 'B.vorona';
const hide = { type: 'hide', fighter: V } as const;
const zOf = (l: Layout, id: string) => l.models[id]!.position[2];
/** Ворона sees Вожак (visible share `visible`) only once he stands north of z = 18. */
const watcher = (visible: number) =>
  table({
    sight: (v, t, l) => (v === W && t === V ? (zOf(l, V) < 18 ? { visibleFraction: visible } : { hasLos: false }) : {}),
  });
const hiddenAt = (z: number, turn: 'A' | 'B' = 'A'): SkState =>
  set(V, { hidden: true })(placed({ [V]: [20, z], [W]: [20, 10] }, turn));

describe("skirmish-ru hiding at the battle's start (round 1, before the move, unseen by every enemy)", () => {
  it('seen by an enemy (line of sight, in its front): hiding is refused and not offered', () => {
    const q = table();
    const s = placed({ [V]: [20, 20], [W]: [20, 10] });
    expect(en(refuse(matchOf(s), 'A', hide, q, 'skirmish-ru:refuse.hide.seen').message)).toBe(
      'Вожак Гром is seen by Ворона: it cannot hide',
    );
    expect(legalActions(s, 'A', q)).not.toContainEqual(hide);
  });

  it.each([
    ['no line of sight', 90, { hasLos: false }],
    ['behind its front', 270, {}],
  ] as const)('unseen (%s): offered; hiding keeps the activation open for the move', (_w, facing, sight) => {
    const q = table({ sight: (v, t) => (v === W && t === V ? sight : {}) });
    const s = placed({ [V]: [20, 20], [W]: [20, 10, facing] });
    expect(legalActions(s, 'A', q)[0]).toEqual(hide);
    const r = play(matchOf(s), 'A', hide, q);
    expect(r.match.state.fighters[V]!.hidden).toBe(true);
    expect(r.match.state.activation).toEqual({ fighter: V, moved: 'none', left: false, pinned: false });
    expect(r.events[0]).toMatchObject({ type: 'hide', model: V });
    expect(en(r.events[0]!.text)).toBe('Вожак Гром hides: no enemy sees it');
    refuse(r.match, 'A', hide, q, 'skirmish-ru:refuse.hide.already');
  });

  // Ворона sees Вожак (at z = 20) only from north of z = 12, past which she walks in B's first activation.
  const seesFromPast12 = table({
    sight: (v, t, l) => (v === W && t === V ? (zOf(l, W) > 12 ? {} : { hasLos: false }) : {}),
  });
  const walk = (toZ: number) =>
    [
      { type: 'move', fighter: W, mode: 'move', x: 20, y: 0, z: toZ },
      { type: 'done', fighter: W },
    ] as const;

  it.each([
    ['unseen at the start, seen once Ворона has walked in: it may still hide', 10, 12.5, true],
    ['seen at the start, unseen once Ворона has walked out: it may not', 14, 11.5, false],
  ] as const)('%s', (_w, fromZ, toZ, may) => {
    const q = seesFromPast12;
    let m = matchOf(placed({ [V]: [20, 20], [W]: [20, fromZ] }, 'B'));
    for (const a of walk(toZ)) m = play(m, 'B', a, q).match;
    expect(m.state.turn).toBe('A');
    if (may) {
      expect(legalActions(m.state, 'A', q)).toContainEqual(hide);
      expect(play(m, 'A', hide, q).match.state.fighters[V]!.hidden).toBe(true);
    } else {
      expect(legalActions(m.state, 'A', q)).not.toContainEqual(hide);
      expect(en(refuse(m, 'A', hide, q, 'skirmish-ru:refuse.hide.seen').message)).toBe(
        'Вожак Гром is seen by Ворона: it cannot hide',
      );
    }
  });

  it("the start's sight is recorded once, by the first action, and kept", () => {
    const q = seesFromPast12;
    const s = placed({ [V]: [20, 20], [W]: [20, 14] }, 'B');
    expect(s.startSight).toBeUndefined();
    const m = play(matchOf(s), 'B', walk(11.5)[0], q).match;
    expect(m.state.startSight).toEqual({ [V]: [W], [W]: [V] });
    expect(play(m, 'B', walk(11.5)[1], q).match.state.startSight).toEqual({ [V]: [W], [W]: [V] });
  });

  it('not after round 1, not after its move', () => {
    const q = table({ sight: () => ({ hasLos: false }) });
    const s = placed({ [V]: [20, 20], [W]: [20, 10] });
    expect(en(refuse(matchOf({ ...s, round: 2 }), 'A', hide, q, 'skirmish-ru:refuse.hide.round').message)).toContain(
      'only at the battle',
    );
    const moved = play(matchOf(s), 'A', { type: 'move', fighter: V, mode: 'move', x: 22, y: 0, z: 20 }, q).match;
    expect(en(refuse(moved, 'A', hide, q, 'skirmish-ru:refuse.hide.moved').message)).toContain('has moved');
  });
});

describe('skirmish-ru a hidden fighter is not a target', () => {
  it('no shot at it is offered, one is refused; noticed, it is a target again', () => {
    const q = table();
    const shot = { type: 'shoot', fighter: W, weapon: 'vintovka', target: V } as const;
    expect(legalActions(hiddenAt(20, 'B'), 'B', q)).not.toContainEqual(shot);
    expect(en(refuse(matchOf(hiddenAt(20, 'B')), 'B', shot, q, 'skirmish-ru:refuse.targetHidden').message)).toBe(
      'Вожак Гром is hidden: Ворона has not noticed it',
    );
    expect(legalActions(set(V, { hidden: false })(hiddenAt(20, 'B')), 'B', q)).toContainEqual(shot);
  });

  it('a hidden fighter that shoots is noticed once the shot is resolved (2 misses)', () => {
    const r = play(
      matchOf(hiddenAt(20)),
      'A',
      { type: 'shoot', fighter: V, weapon: 'avtomat', target: W },
      table(),
      [6, 6],
    );
    expect(r.match.state.fighters[V]!.hidden).toBe(false);
    expect(r.events.map((e) => e.type)).toContain('noticed');
  });
});

describe('skirmish-ru stealth tests in play: entering sight or coming within 6", +1 at 50 % hidden, -1 within 6"', () => {
  // From (20, 20), out of Ворона's sight and 9" away, Вожак moves to d" (edge to edge) in front of her.
  const zAt = (d: number) => 10 + d + 2 * BASE_RADIUS;
  it.each([
    [0.5, 6, 2, 2, true],
    [0.5, 6, 3, 2, false],
    [0.501, 6, 2, 1, false],
    [0.5, 6.01, 3, 3, true],
    [0.5, 6.01, 4, 3, false],
  ] as const)('visible %s at %s": die %s against %s: stays hidden %s', (visible, d, die, target, passed) => {
    const q = watcher(visible);
    const r = play(matchOf(hiddenAt(20)), 'A', { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: zAt(d) }, q, [
      die,
    ]);
    const e = r.events.find((x) => x.type === 'stealth');
    expect(e).toMatchObject({ model: V, by: W, roll: die, target, passed });
    expect(r.match.state.fighters[V]!.hidden).toBe(passed);
    expect(r.match.state.activation?.fighter).toBe(V);
  });

  it("the test's words: the roll, the modifiers, what the enemy sees and how far", () => {
    const r = play(
      matchOf(hiddenAt(20)),
      'A',
      { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: zAt(6) },
      watcher(0.5),
      [2],
    );
    expect(en(r.events.find((x) => x.type === 'stealth')!.text)).toBe(
      'Вожак Гром: stealth test: 2 against 2 (+1 at least half hidden, -1 within 6"): stays hidden (Ворона sees 50 % of it, 6" away)',
    );
  });

  it.each([
    [2, 0],
    [3, 1],
  ])('a reserved enemy fires only at a mover it noticed: die %i, %i reserved shots offered', (die, offered) => {
    const s = set(W, { reserved: true })(hiddenAt(20));
    const mv = { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: zAt(6) } as const;
    const m = play(matchOf(s), 'A', mv, watcher(0.5), [die]).match;
    expect(m.window?.options ?? []).toHaveLength(offered);
  });

  it('moving out of sight and beyond 6" calls no test (no dice)', () => {
    const r = play(
      matchOf(hiddenAt(20)),
      'A',
      { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 23 },
      watcher(0.5),
    );
    expect(r.match.state.fighters[V]!.hidden).toBe(true);
    expect(r.events.some((x) => x.type === 'stealth')).toBe(false);
  });

  it('an enemy whose move brings the hidden fighter into its sight calls the test (11" away: +1 only, 3): die 4 notices', () => {
    const q = table({
      sight: (v, t, l) => (v === W && t === V ? (zOf(l, W) > 6 ? { visibleFraction: 0.5 } : { hasLos: false }) : {}),
    });
    const s = set(W, { pos: [20, 0, 5] })(hiddenAt(20, 'B'));
    const r = play(matchOf(s), 'B', { type: 'move', fighter: W, mode: 'move', x: 20, y: 0, z: 8 }, q, [4]);
    expect(r.events.find((x) => x.type === 'stealth')).toMatchObject({
      model: V,
      by: W,
      roll: 4,
      target: 3,
      passed: false,
    });
    expect(r.match.state.fighters[V]!.hidden).toBe(false);
  });

  it('base contact with an enemy notices the hidden fighter without a test; the charge strikes (2 misses)', () => {
    const s = set(W, { facing: 270 })(hiddenAt(14));
    const to = 10 + 2 * BASE_RADIUS + 0.05;
    const r = play(matchOf(s), 'A', { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: to }, table(), [6, 6]);
    expect(r.events.map((e) => e.type).slice(0, 4)).toEqual(['moved', 'noticed', 'close-combat', 'strike']);
    expect(r.match.state.fighters[V]!.hidden).toBe(false);
  });
});

describe('skirmish-ru a whole battle in fog (no sight beyond 12" centre to centre)', () => {
  it('random legal moves (seeds 7, 70) hide, get noticed, and play to the end; replay equals live play', () => {
    const at = (l: Layout, id: string) => l.models[id]!.position;
    const fog = () =>
      table({
        sight: (v, t, l) =>
          Math.hypot(at(l, v)[0] - at(l, t)[0], at(l, v)[2] - at(l, t)[2]) > 12 ? { hasLos: false } : {},
      });
    let noticed = 0;
    let was = new Set<string>();
    const m = randomGame(ruleset, fresh(), 7, 70, fog(), (x) => {
      const now = new Set(
        Object.values(x.state.fighters)
          .filter((f) => f.hidden)
          .map((f) => f.id),
      );
      noticed += [...was].filter((id) => !now.has(id) && x.state.fighters[id]!.wounds.condition === 'active').length;
      was = now;
    });
    expect(m.state.phase).toBe('over');
    expect(m.log.filter((e) => e.action.type === 'hide').length).toBeGreaterThan(0);
    expect(noticed).toBeGreaterThan(0);
    expect(stateHash(replay(ruleset, m, m.log, fog()))).toBe(stateHash(m));
  });
});
