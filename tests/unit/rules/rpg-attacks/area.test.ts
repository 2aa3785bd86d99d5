/** Grenades and area effects: the throw, deviation and its cap, Blast 1/3, damage per target, Dodge. */
import { describe, expect, it } from 'vitest';
import { scriptedDice as scripted } from '../../../../src/rules/dice/source';
import {
  areaDamage,
  areaOf,
  baseEdgeDistance,
  deviationMetres,
  headingFromD12,
  resolveArea,
  throwGrenade,
  type AreaTarget,
  type GrenadeThrow,
  type Vec3,
} from '../../../../src/rules/rpg-attacks/area';

const ORIGIN: Vec3 = [0, 0, 0];
const AIM: Vec3 = [20, 0, 0];
const laszlo: GrenadeThrow = { from: ORIGIN, aim: AIM, projectiles: 2, rangeBanes: 1, thrown: true, strength: 8 };

const near = (p: Vec3, q: Vec3) => p.forEach((v, i) => expect(v).toBeCloseTo(q[i]!, 9));

/** A target at `pos` (Defense 6, no cover, 1 AP) that dodges with Defense 4 when it can; `coverAvailable`: cover to dive for. */
const dodger = (pos: [number, number, number], coverAvailable: boolean): AreaTarget => ({
  id: 'x',
  pos,
  defense: 6,
  cover: 'none',
  ap: 1,
  dodge: { defense: 4, coverAvailable },
});

describe('rpg-attacks grenades: the throw', () => {
  it('László: ⊖ for range, total 9 is a failure with Margin 1 and deviates 1 m in the d12 direction', () => {
    const dice = scripted([7, 15, 3]);
    const g = throwGrenade(dice, laszlo);
    expect(g.edge).toEqual({ boons: 0, banes: 1 });
    expect(g.strengthBane).toBe(false);
    expect(g.test).toMatchObject({ dice: [7, 15], kept: 7, total: 9, tn: 10, success: false, margin: 1 });
    expect(g).toMatchObject({ targetDistance: 20, deviation: 1, directionDie: 3, headingDeg: 90 });
    near(g.landing, [20, 0, 1]);
    expect(dice.remaining).toBe(0);
  });

  it('a success lands on the aimed spot and rolls no direction die; total 10 is the threshold', () => {
    const dice = scripted([8]);
    const g = throwGrenade(dice, { ...laszlo, rangeBanes: 0 });
    expect(g).toMatchObject({ deviation: 0, directionDie: null, headingDeg: null, landing: AIM });
    expect(g.test).toMatchObject({ total: 10, success: true });
    expect(dice.remaining).toBe(0);
    expect(throwGrenade(scripted([9]), { ...laszlo, rangeBanes: 0 }).deviation).toBe(0);
    expect(throwGrenade(scripted([7, 12]), { ...laszlo, rangeBanes: 0 }).deviation).toBe(1);
  });

  it('thrown grenades require Strength 3: Strength 2 adds a bane, 3 and launched grenades do not', () => {
    expect(throwGrenade(scripted([20, 20, 20]), { ...laszlo, strength: 2 }).edge).toEqual({ boons: 0, banes: 2 });
    expect(throwGrenade(scripted([20, 20]), { ...laszlo, strength: 3 }).strengthBane).toBe(false);
    expect(throwGrenade(scripted([20, 20]), { ...laszlo, strength: 1, thrown: false }).strengthBane).toBe(false);
    const g = throwGrenade(scripted([20, 20]), { ...laszlo, rangeBanes: 0, strength: 2, edge: { boons: 1, banes: 0 } });
    expect(g.edge).toEqual({ boons: 1, banes: 1 });
    expect(g.test.dice).toHaveLength(1);
  });

  it('deviation is the margin capped at half the target distance: at 20 m, 1 -> 1, 9 -> 9, 10 -> 10, 11 and 14 -> 10', () => {
    expect(deviationMetres(1, 20)).toBe(1);
    expect(deviationMetres(9, 20)).toBe(9);
    expect(deviationMetres(10, 20)).toBe(10);
    expect(deviationMetres(11, 20)).toBe(10);
    expect(deviationMetres(14, 20)).toBe(10);
    expect(deviationMetres(3, 5)).toBe(2.5);
  });

  it('a throw failing with margin 14 at 20 m lands 10 m off; margin 11 too; margin 10 lands 10 m off', () => {
    const bad = { ...laszlo, rangeBanes: 0, projectiles: -6 };
    const g14 = throwGrenade(scripted([2, 12]), bad);
    expect(g14.test).toMatchObject({ total: -4, margin: 14 });
    expect(g14.deviation).toBe(10);
    near(g14.landing, [30, 0, 0]);
    expect(throwGrenade(scripted([5, 6]), bad)).toMatchObject({ test: { margin: 11 }, deviation: 10 });
    expect(throwGrenade(scripted([6, 6]), bad)).toMatchObject({ test: { margin: 10 }, deviation: 10 });
    expect(throwGrenade(scripted([7, 6]), bad)).toMatchObject({ test: { margin: 9 }, deviation: 9 });
  });

  it('d12 headings: 1 -> 30°, 3 -> 90°, 6 -> 180°, 12 -> 0°; the deviated spot keeps the aim height', () => {
    expect([1, 3, 6, 9, 12].map(headingFromD12)).toEqual([30, 90, 180, 270, 0]);
    const g = throwGrenade(scripted([7, 15, 6]), { ...laszlo, aim: [20, 2, 0] });
    near(g.landing, [19, 2, 0]);
  });

  it('a critical failure whose total reaches 10 has margin 0 and stays on the spot', () => {
    const g = throwGrenade(scripted([1]), { ...laszlo, rangeBanes: 0, projectiles: 12 });
    expect(g.test).toMatchObject({ criticalFailure: true, success: false, margin: 0 });
    expect(g).toMatchObject({ deviation: 0, directionDie: null, landing: AIM });
  });
});

describe('rpg-attacks Blast 1/3, measured from the landing spot to the nearest point of a base', () => {
  it('exactly 1 m is primary, just beyond is secondary; exactly 3 m is secondary, just beyond is out', () => {
    expect(areaOf(ORIGIN, [1, 0, 0])).toBe('primary');
    expect(areaOf(ORIGIN, [1.001, 0, 0])).toBe('secondary');
    expect(areaOf(ORIGIN, [0, 0, 3])).toBe('secondary');
    expect(areaOf(ORIGIN, [0, 0, 3.001])).toBeNull();
    expect(areaOf(ORIGIN, [0.999, 0, 0])).toBe('primary');
  });

  it('the base radius counts: a 0.5 m base centred 1.5 m away touches the primary area', () => {
    expect(baseEdgeDistance(ORIGIN, [1.5, 0, 0], 0.5)).toBeCloseTo(1, 12);
    expect(areaOf(ORIGIN, [1.5, 0, 0], 0.5)).toBe('primary');
    expect(areaOf(ORIGIN, [1.51, 0, 0], 0.5)).toBe('secondary');
    expect(areaOf(ORIGIN, [3.5, 0, 0], 0.5)).toBe('secondary');
    expect(areaOf(ORIGIN, [3.51, 0, 0], 0.5)).toBeNull();
    expect(baseEdgeDistance(ORIGIN, [0.2, 0, 0], 0.5)).toBe(0);
  });

  it('height counts: a base 2 m above the spot and 0 m off it flat is 2 m away (secondary)', () => {
    expect(baseEdgeDistance(ORIGIN, [0, 2, 0], 0.5)).toBe(2);
    expect(areaOf(ORIGIN, [0.5, 2, 0], 0.5)).toBe('secondary');
  });

  it('a custom blast: Blast 2/4', () => {
    expect(areaOf(ORIGIN, [2, 0, 0], 0, { primary: 2, secondary: 4 })).toBe('primary');
    expect(areaOf(ORIGIN, [4.01, 0, 0], 0, { primary: 2, secondary: 4 })).toBeNull();
  });
});

describe('rpg-attacks area damage: the total against each TN', () => {
  it('László: total 9 against TN 11 in cover deals 3 (8 - 2 = 6, halved); against TN 6 deals 11 (8 + 3)', () => {
    expect(areaDamage(9, 11, 8, 'primary', true)).toBe(3);
    expect(areaDamage(9, 6, 8, 'primary', false)).toBe(11);
  });

  it('the secondary area halves, rounding down; cover halves again; not below 0; armour last', () => {
    expect(areaDamage(9, 6, 8, 'secondary', false)).toBe(5);
    expect(areaDamage(9, 6, 8, 'secondary', true)).toBe(2);
    expect(areaDamage(9, 11, 8, 'primary', true, 2)).toBe(1);
    expect(areaDamage(9, 11, 8, 'primary', true, 4)).toBe(0);
    expect(areaDamage(1, 9, 8, 'primary', false)).toBe(0);
    expect(areaDamage(1, 10, 8, 'primary', false)).toBe(0);
    expect(areaDamage(2, 9, 8, 'primary', false)).toBe(1);
  });
});

describe('rpg-attacks area effects resolved with Dodge', () => {
  const landing: Vec3 = [20, 0, 1];
  const cultists: AreaTarget[] = [
    {
      id: 'a',
      pos: [20, 0, 1.5],
      baseRadius: 0.5,
      defense: 11,
      cover: 'none',
      ap: 1,
      dodge: { defense: 3, coverAvailable: true },
    },
    {
      id: 'b',
      pos: [20.5, 0, 1.2],
      baseRadius: 0.5,
      defense: 6,
      cover: 'none',
      ap: 0,
      dodge: { defense: 2, coverAvailable: true },
    },
    { id: 'c', pos: [20, 0, -3], baseRadius: 0.5, defense: 8, cover: 'none', ap: 2 },
  ];

  it('László: two cultists caught; one Dodges with 13 and dives for cover (3 damage), one has no AP (11)', () => {
    const dice = scripted([10]);
    const hits = resolveArea(dice, { centre: landing, total: 9, baseDamage: 8 }, cultists);
    expect(hits).toHaveLength(2);
    expect(hits[0]).toMatchObject({
      id: 'a',
      caughtIn: 'primary',
      area: 'primary',
      inCover: true,
      apSpent: 1,
      damage: 3,
    });
    expect(hits[0]!.dodge).toMatchObject({ outcome: 'dived', test: { total: 13, success: true } });
    expect(hits[1]).toMatchObject({ id: 'b', area: 'primary', inCover: false, dodge: null, apSpent: 0, damage: 11 });
    expect(dice.remaining).toBe(0);
  });

  it('a Dodge total of 12 succeeds, 11 fails (and still spends the AP)', () => {
    const a = cultists[0]!;
    expect(resolveArea(scripted([9]), { centre: landing, total: 9, baseDamage: 8 }, [a])[0]).toMatchObject({
      damage: 3,
    });
    const failed = resolveArea(scripted([8]), { centre: landing, total: 9, baseDamage: 8 }, [a])[0]!;
    expect(failed).toMatchObject({ inCover: false, apSpent: 1, damage: 6, dodge: { outcome: 'failed' } });
  });

  it('a Dodge that takes the base out of the area: edge at 2.5 m moves to 3.5 m and takes nothing', () => {
    const t = dodger([2.5, 0, 0], true);
    const [h] = resolveArea(scripted([8]), { centre: ORIGIN, total: 9, baseDamage: 8 }, [t]);
    expect(h).toMatchObject({ caughtIn: 'secondary', area: null, damage: 0, dodge: { outcome: 'left' } });
    near(h!.dodge!.pos, [3.5, 0, 0]);
  });

  it('at exactly 2 m the metre lands on 3 m, still secondary: it dives for cover (11 / 2 / 2 = 2)', () => {
    const t = dodger([0, 0, 2], true);
    expect(resolveArea(scripted([8]), { centre: ORIGIN, total: 9, baseDamage: 8 }, [t])[0]).toMatchObject({
      caughtIn: 'secondary',
      area: 'secondary',
      inCover: true,
      damage: 2,
      dodge: { outcome: 'dived' },
    });
  });

  it('no cover to dive for (or already in cover): it moves 1 m away, primary becoming secondary', () => {
    const t = dodger([0.5, 0, 0], false);
    const [h] = resolveArea(scripted([8]), { centre: ORIGIN, total: 9, baseDamage: 8 }, [t]);
    expect(h).toMatchObject({
      caughtIn: 'primary',
      area: 'secondary',
      inCover: false,
      damage: 5,
      dodge: { outcome: 'moved' },
    });
    const covered = { ...t, cover: 'moderate' as const, dodge: { defense: 4, coverAvailable: true } };
    expect(resolveArea(scripted([8]), { centre: ORIGIN, total: 9, baseDamage: 8 }, [covered])[0]).toMatchObject({
      area: 'secondary',
      inCover: true,
      damage: 2,
      dodge: { outcome: 'moved' },
    });
  });

  it('standing on the centre it dodges along +x; one unable to react or without a wish rolls nothing', () => {
    const t = dodger([0, 0, 0], false);
    near(resolveArea(scripted([8]), { centre: ORIGIN, total: 9, baseDamage: 8 }, [t])[0]!.dodge!.pos, [1, 0, 0]);
    const dice = scripted([]);
    const hits = resolveArea(dice, { centre: ORIGIN, total: 9, baseDamage: 8 }, [
      { ...t, canReact: false },
      { ...t, id: 'y', dodge: undefined },
    ]);
    expect(hits.map((h) => [h.dodge, h.damage])).toEqual([
      [null, 11],
      [null, 11],
    ]);
  });

  it('a Dodge with a bane (a Wound) keeps the worse of two d20s', () => {
    const t: AreaTarget = {
      id: 'x',
      pos: [0, 0, 0],
      defense: 6,
      cover: 'none',
      ap: 1,
      dodge: { defense: 4, coverAvailable: true, edge: { boons: 0, banes: 1 } },
    };
    const [h] = resolveArea(scripted([18, 7]), { centre: ORIGIN, total: 9, baseDamage: 8 }, [t]);
    expect(h).toMatchObject({ damage: 11, dodge: { outcome: 'failed', test: { kept: 7 } } });
  });
});
