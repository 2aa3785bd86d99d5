/** The skirmish-ru bot's choices on small fake tables: targets, cover, arcs, reserves, jams, close combat, unknown actions. */
import { describe, expect, it } from 'vitest';
import { choose, DECENT, skirmishRuMove } from '../../../../../src/rules/skirmish-ru/ai';
import { Look } from '../../../../../src/rules/skirmish-ru/ai/look';
import { here, NEXT, scoreOf, standing } from '../../../../../src/rules/skirmish-ru/ai/score';
import { volleyValue } from '../../../../../src/rules/skirmish-ru/ai/odds';
import { act, decider, type Match, type Move } from '../../../../../src/rules/engine/match';
import { isError } from '../../../../../src/rules/engine/types';
import { ruleset, type SkAction, type SkState } from '../../../../../src/rules/skirmish-ru';
import { inFrontArc } from '../../../../../src/rules/skirmish-ru/facing';
import { BASE_RADIUS, contacts, inContact, layoutOf } from '../../../../../src/rules/skirmish-ru/game';
import { matchOf, placed, play, set } from '../fixture';
import { covered, type Zone } from './table';
import { en } from '../../../../support/words';

type M = Match<SkState, SkAction>;
const GROM = 'A.vozhak-grom'; // Shooting 4, an assault gun 24" (2 shots), a pistol 8", a knife
const SEMA = 'A.sema-klyk'; // Shooting 4, a rifle 30"
const SHILO = 'B.shilo'; // Shooting 5, a rifle 30", a pistol; T3, Armour 1, 2 wounds
const VORONA = 'B.vorona'; // Shooting 4, a rifle 30"; T3, Armour 1, 2 wounds
const BATYA = 'B.batya'; // Shooting 4, an assault gun 24", Technician 3

/** The state with `id`'s activation open after a normal move (only its attack is left). */
const moved =
  (id: string) =>
  (s: SkState): SkState => ({
    ...set(id, { lastMove: 'move' })(s),
    activation: { fighter: id, moved: 'move', left: false, pinned: false },
  });

/** A move's end spot. */
const spotOf = (a: Move<SkAction> | null): [number, number, number] => {
  if (a?.type !== 'move') throw new Error(`expected a move, got ${JSON.stringify(a)}`);
  return [a.x, a.y, a.z];
};

describe('skirmish-ru bot: shooting', () => {
  it.each([
    [SHILO, VORONA],
    [VORONA, SHILO],
  ])(
    'two like targets 16" away, %s 50 %% hidden: it shoots the one in the open (%s), with the assault gun',
    (hid, open) => {
      const zone: Zone = { ...(hid === SHILO ? { x: 20 } : { x: 28 }), z: 14, r: 1, hidden: 0.5 };
      const s = moved(GROM)(placed({ [GROM]: [24, 30], [SHILO]: [20, 14], [VORONA]: [28, 14] }));
      expect(skirmishRuMove(matchOf(s), 'A', covered([zone]))).toEqual({
        type: 'shoot',
        fighter: GROM,
        weapon: 'avtomat',
        target: open,
      });
    },
  );

  it('with like chances it shoots the target it can take out (1 wound left) over a fresh one', () => {
    const s = set(VORONA, { wounds: { wounds: 1, excess: 0, condition: 'active' } })(
      moved(GROM)(placed({ [GROM]: [24, 30], [SHILO]: [20, 14], [VORONA]: [28, 14] })),
    );
    expect(skirmishRuMove(matchOf(s), 'A', covered())).toMatchObject({ type: 'shoot', target: VORONA });
  });
});

describe('skirmish-ru bot: cover and arcs', () => {
  // Сёма 27" south of Шило (a rifle reaching him): its full move to the north-east ends at (26.79, 37.21).
  const NE: Zone = { x: 26.79, z: 37.21, r: 0.5, hidden: 0.85 };
  const start = () => placed({ [SEMA]: [24, 40], [SHILO]: [24, 13] });

  it('it moves into cover (85 % hidden from Шило) rather than stand or move in the open; without the cover it does not go there', () => {
    const into = spotOf(skirmishRuMove(matchOf(start()), 'A', covered([NE])));
    expect(Math.hypot(into[0] - NE.x, into[2] - NE.z)).toBeLessThanOrEqual(NE.r);
    const open = spotOf(skirmishRuMove(matchOf(start()), 'A', covered()));
    expect(Math.hypot(open[0] - NE.x, open[2] - NE.z)).toBeGreaterThan(NE.r);
  });

  it('then shoots from the cover (Шило still in its front arc)', () => {
    const q = covered([NE]);
    const m = play(matchOf(start()), 'A', skirmishRuMove(matchOf(start()), 'A', q)! as SkAction, q).match;
    expect(skirmishRuMove(m, 'A', q)).toMatchObject({ type: 'shoot', fighter: SEMA, target: SHILO });
  });

  it('two like covers, one 4" towards Шило and one 4" away: it takes the one that keeps Шило in its front arc', () => {
    // Сёма's rifle is jammed (Technician 1): no shot or reserve from either cover; only the facing tells them apart.
    const toward: Zone = { x: 26.793, z: 27.207, r: 0.5, hidden: 0.85 };
    const away: Zone = { x: 24, z: 33.95, r: 0.5, hidden: 0.85 };
    const s = set(SEMA, { arms: { vintovka: { jammed: true, ammo: 8 }, granata: { jammed: false, ammo: 2 } } })(
      placed({ [SEMA]: [24, 30], [SHILO]: [24, 10] }),
    );
    const to = spotOf(skirmishRuMove(matchOf(s), 'A', covered([toward, away])));
    expect(Math.hypot(to[0] - toward.x, to[2] - toward.z)).toBeLessThanOrEqual(toward.r);
  });

  it('facing away from an enemy 14" behind it, it moves so the enemy is in its front arc, then shoots it', () => {
    const q = covered();
    const s = set(GROM, { facing: 90 })(placed({ [GROM]: [24, 30], [VORONA]: [24, 16] }));
    expect(inFrontArc([24, 0, 30], 90, [24, 0, 16], BASE_RADIUS)).toBe(false);
    const step = skirmishRuMove(matchOf(s), 'A', q)!;
    expect(step).toMatchObject({ type: 'move', mode: 'move' });
    const m = play(matchOf(s), 'A', step as SkAction, q).match;
    const g = m.state.fighters[GROM]!;
    expect(inFrontArc(g.pos, g.facing, m.state.fighters[VORONA]!.pos, BASE_RADIUS)).toBe(true);
    expect(skirmishRuMove(m, 'A', q)).toMatchObject({ type: 'shoot', fighter: GROM, target: VORONA });
  });
});

describe('skirmish-ru bot: reserved actions', () => {
  it('nothing in reach (Ворона 26" off, the assault gun reaches 24"), one move from it: it reserves; within reach it shoots', () => {
    const far = moved(GROM)(placed({ [GROM]: [24, 40], [VORONA]: [24, 13] }));
    expect(skirmishRuMove(matchOf(far), 'A', covered())).toEqual({ type: 'reserve', fighter: GROM });
    const near = moved(GROM)(placed({ [GROM]: [24, 40], [VORONA]: [24, 20] }));
    expect(skirmishRuMove(matchOf(near), 'A', covered())).toMatchObject({ type: 'shoot', target: VORONA });
  });

  // Гром (reserved, Shooting 4) watches Ворона step 4" south into the open, or into an 85 %-hidden spot.
  const watch = () => set(GROM, { reserved: true })(placed({ [GROM]: [20, 30], [VORONA]: [20, 10] }, 'B'));
  const step = { type: 'move', fighter: VORONA, mode: 'move', x: 20, y: 0, z: 14 } as const;
  /** The window before Ворона's step (her first action). */
  const windowBefore = (zones: Zone[]): M => play(matchOf(watch()), 'B', step, covered(zones)).match;
  /** The window after it (A passed on the one before). */
  const windowAfter = (zones: Zone[]): M => play(windowBefore(zones), 'A', { type: 'pass' }, covered(zones)).match;

  it('an enemy in the open about to act (the window before its first action): it fires then', () => {
    const m = windowBefore([{ x: 20, z: 14, r: 1, hidden: 0.85 }]);
    expect(m.window).toMatchObject({ timing: 'before', trigger: step });
    expect(skirmishRuMove(m, 'A', covered([{ x: 20, z: 14, r: 1, hidden: 0.85 }]))).toMatchObject({
      type: 'shoot',
      target: VORONA,
    });
  });

  it(`an enemy moves into the open: it fires the reserved shot (needs 3: a chance of 1/2 >= ${DECENT.toFixed(2)})`, () => {
    const m = windowAfter([]);
    expect(decider(ruleset, m)).toBe('A');
    expect(skirmishRuMove(m, 'A', covered())).toEqual({
      type: 'shoot',
      fighter: GROM,
      weapon: 'avtomat',
      target: VORONA,
    });
  });

  it('an enemy moves into 85 % cover: the reserved shot needs 1 (hidden -2, reserved -1), so it passes and keeps the reserve', () => {
    const zones = [{ x: 20, z: 14, r: 1, hidden: 0.85 }];
    const m = windowAfter(zones);
    expect(m.window?.options).toEqual([{ type: 'shoot', fighter: GROM, weapon: 'avtomat', target: VORONA }]);
    expect(skirmishRuMove(m, 'A', covered(zones))).toEqual({ type: 'pass' });
  });

  it('in the last round the reserve is spent or lost anyway: it fires even that poor shot', () => {
    const zones = [{ x: 20, z: 14, r: 1, hidden: 0.85 }];
    const last = (s: SkState): SkState => ({ ...s, round: s.maxRounds });
    const before = play(matchOf(last(watch())), 'B', step, covered(zones)).match;
    const m = play(before, 'A', { type: 'pass' }, covered(zones)).match;
    expect(m.window?.timing).toBe('after');
    expect(skirmishRuMove(m, 'A', covered(zones))).toMatchObject({ type: 'shoot', target: VORONA });
  });
});

describe('skirmish-ru bot: jams and close combat', () => {
  it('Батя (Technician 3): its assault gun jammed, an enemy in reach: its activation clears the jam; with the gun working it shoots', () => {
    const run = (jammed: boolean) => {
      const s = set(BATYA, {
        arms: {
          avtomat: { jammed, ammo: 10 },
          granata: { jammed: false, ammo: 2 },
          nozh: { jammed: false, ammo: null },
        },
      })(placed({ [BATYA]: [24, 16, 90], [SEMA]: [24, 30] }, 'B'));
      const q = covered();
      let m = matchOf(s);
      const taken: string[] = [];
      while (decider(ruleset, m) === 'B' && m.state.phase === 'battle' && taken.length < 3) {
        const a = skirmishRuMove(m, 'B', q)!;
        taken.push(a.type);
        const r = act(ruleset, m, 'B', a, q);
        if (isError(r)) throw new Error(en(r.message));
        m = r.match;
      }
      return taken;
    };
    expect(run(true)).toContain('clear-jam');
    expect(run(false)).toContain('shoot');
  });

  it('Лёха (its flamer empty, Melee 3) 3" from Шило (Melee 2, bare hands): it charges into base contact', () => {
    const q = covered();
    const s = set('A.leha-ogon', {
      arms: { ognemet: { jammed: false, ammo: 0 }, nozh: { jammed: false, ammo: null } },
    })(placed({ 'A.leha-ogon': [24, 30], [SHILO]: [24, 26] }));
    const to = spotOf(skirmishRuMove(matchOf(s), 'A', q));
    expect(inContact(to, s.fighters[SHILO]!.pos)).toBe(true);
  });

  it('Малой (1 wound, Melee 2) in base contact with Гвоздь (Attacks 2, Melee 4, a cleaver): it leaves the combat', () => {
    const q = covered();
    const s = placed({ 'A.maloy': [24, 30], 'B.gvozd': [24, 29] });
    expect(contacts(s, s.fighters['A.maloy']!)).toHaveLength(1);
    const to = spotOf(skirmishRuMove(matchOf(s), 'A', q));
    expect(inContact(to, s.fighters['B.gvozd']!.pos)).toBe(false);
  });
});

describe('skirmish-ru bot: unknown action types and determinism', () => {
  const s = placed({ [GROM]: [24, 30], [VORONA]: [24, 16] });

  it('an action type without a scorer is never chosen over a known one, and alone it is the safe fallback', () => {
    let q = covered();
    q = q.at(layoutOf(s));
    const odd = { type: 'parley', fighter: GROM } as unknown as SkAction;
    const done = { type: 'done', fighter: GROM } as const;
    expect(scoreOf(new Look(s, q), odd)).toBeNull();
    expect(choose(new Look(s, q), [odd, done])).toEqual(done);
    expect(choose(new Look(s, q), [odd])).toEqual(odd);
  });

  it('a fighter that may hide does it first (hiding is free and no enemy may target it)', () => {
    let q = covered();
    q = q.at(layoutOf(s));
    const hide = { type: 'hide', fighter: GROM } as const;
    const done = { type: 'done', fighter: GROM } as const;
    expect(choose(new Look(s, q), [done, hide])).toEqual(hide);
  });

  it('the same match gives the same move, and the table is left arranged as it was', () => {
    const q = covered();
    const a = skirmishRuMove(matchOf(s), 'A', q);
    const layout = JSON.stringify(q.layout);
    expect(skirmishRuMove(matchOf(s), 'A', q)).toEqual(a);
    expect(JSON.stringify(q.layout)).toBe(layout);
    expect(skirmishRuMove(matchOf(s), 'B', q)).toBeNull();
  });
});

describe('skirmish-ru bot: templates', () => {
  // Малой: Shooting 3, a pistol 8" and grenades (S3, a 1.5" template, thrown to 2 x Strength = 6").
  const MALOY = 'A.maloy';
  const GVOZD = 'B.gvozd';
  it('a grenade at two enemies side by side, over a pistol shot at one', () => {
    const s = moved(MALOY)(placed({ [MALOY]: [24, 30], [SHILO]: [23.5, 25], [VORONA]: [24.5, 25] }));
    expect(skirmishRuMove(matchOf(s), 'A', covered())).toMatchObject({ type: 'shoot', weapon: 'granata' });
  });

  it('no grenade at an enemy in base contact with a friend: the pistol instead', () => {
    const s = moved(MALOY)(placed({ [MALOY]: [24, 30], [GVOZD]: [24, 25], [GROM]: [24, 24] }));
    expect(skirmishRuMove(matchOf(s), 'A', covered())).toMatchObject({
      type: 'shoot',
      weapon: 'pistolet',
      target: GVOZD,
    });
  });
});

describe('skirmish-ru bot: the rounds left and the shot a spot gives next activation', () => {
  const threatAt = (s: SkState) => here(new Look(s, covered().at(layoutOf(s))), s.fighters[GROM]!).threat;

  it('an enemy that has activated threatens at 0.7 (it acts next round); in the last round not at all, unless it holds a reserved action', () => {
    const s = placed({ [GROM]: [24, 30], [VORONA]: [24, 14] });
    const fresh = threatAt(s);
    expect(fresh).toBeGreaterThan(0);
    const done = set(VORONA, { activated: true })(s);
    expect(threatAt(done)).toBeCloseTo(0.7 * fresh, 12);
    expect(threatAt({ ...done, round: done.maxRounds - 1 })).toBeCloseTo(0.7 * fresh, 12);
    expect(threatAt({ ...done, round: done.maxRounds })).toBe(0);
    const reserved = set(VORONA, { activated: true, reserved: true })({ ...s, round: s.maxRounds });
    expect(threatAt(reserved)).toBeCloseTo(0.7 * fresh, 12);
  });

  it('a spot with an enemy in reach and sight is worth NEXT x its best volley from there (less at a half-hidden enemy); out of reach or sight, nothing', () => {
    const s = placed({ [GROM]: [24, 46], [VORONA]: [24, 14] });
    const grom = s.fighters[GROM]!,
      vorona = s.fighters[VORONA]!;
    const factsAt = (zones: Zone[], z: number) =>
      new Look(s, covered(zones).at(layoutOf(s))).at(grom, [24, 0, z], grom.facing, 'sprint', true, false);
    const volley = (hiddenShare: number) =>
      volleyValue(s, grom, 'avtomat', grom.arms['avtomat']!, vorona, { hiddenShare }).value;
    // 22" apart (the assault gun reaches 24"; the pistol 8"): the assault gun's volley.
    expect(factsAt([], 36).next).toBeCloseTo(volley(0), 12);
    expect(factsAt([{ x: 24, z: 14, r: 1, hidden: 0.5 }], 36).next).toBeCloseTo(volley(0.5), 12);
    expect(volley(0.5)).toBeLessThan(volley(0));
    expect(factsAt([{ x: 24, z: 14, r: 1, hidden: 1 }], 36).next).toBe(0);
    // 26" apart: out of reach.
    expect(factsAt([], 40).next).toBe(0);
    // It counts NEXT times in the worth of ending there.
    const look = new Look(s, covered().at(layoutOf(s)));
    const x = factsAt([], 36);
    expect(standing(look, grom, x) - standing(look, grom, { ...x, next: 0 })).toBeCloseTo(NEXT * x.next, 12);
  });
});
