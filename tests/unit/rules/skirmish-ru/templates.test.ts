/** Templates: a hit centres on the target, a miss scatters by the artillery die, misfire, detonation, grenades. */
import { describe, expect, it } from 'vitest';
import { rngState } from '../../../../src/rules/dice/rng';
import { scriptedDice, seededDice } from '../../../../src/rules/dice/source';
import {
  artilleryFace,
  baseRadiusInches,
  coveredBy,
  detonationBand,
  directionOf,
  grenadeInRange,
  grenadeReach,
  resolveTemplate,
  scatterFace,
  TEMPLATE_RADIUS,
  templateHits,
  type BaseDisc,
} from '../../../../src/rules/skirmish-ru/templates';
import { en } from '../../../support/words';
import type { Text } from '../../../../src/rules/engine/message';

/** A result with its event words in English. */
const said = <R extends { events: readonly Text[] }>(r: R) => ({ ...r, events: r.events.map(en) });

const shooter = { x: 10, z: 10 };
const target = { x: 20, z: 10 };
const shot = { hit: false, target, shooter, grenade: false };
const r25 = baseRadiusInches(25.4); // a 1"-across base: radius 0.5"

describe('skirmish-ru template footprint: every base under the template is hit', () => {
  const bases: BaseDisc[] = [
    { id: 'centre', x: 20, z: 10, radius: r25 },
    { id: 'touching', x: 22, z: 10, radius: r25 }, // 2" away: 1.5 + 0.5 exactly
    { id: 'just-out', x: 22.01, z: 10, radius: r25 },
    { id: 'diagonal-in', x: 21.4, z: 11.4, radius: r25 }, // 1.98" away
    { id: 'far', x: 30, z: 30, radius: r25 },
  ];
  it('the sizes read: small 3" across, large 5" across; a 25.4 mm base is 0.5" in radius', () => {
    expect(TEMPLATE_RADIUS).toEqual({ small: 1.5, large: 2.5 });
    expect(r25).toBeCloseTo(0.5, 12);
  });
  it('a small template covers overlapping bases, a touch at the edge included, 0.01" past not', () => {
    expect(coveredBy(target, TEMPLATE_RADIUS.small, bases)).toEqual(['centre', 'touching', 'diagonal-in']);
  });
  it('a large template reaches 1" further', () => {
    expect(coveredBy(target, TEMPLATE_RADIUS.large, bases)).toEqual(['centre', 'touching', 'just-out', 'diagonal-in']);
  });
  it('a hit: no dice, the template centres on the target, and the target and every covered model are hit', () => {
    const dice = scriptedDice([]);
    const r = resolveTemplate(dice, { ...shot, hit: true });
    expect(said(r)).toEqual({
      outcome: 'hit',
      centre: target,
      scatter: null,
      detonation: null,
      distance: 0,
      directionDeg: null,
      events: ['hit: the template centres on the target'],
    });
    expect(dice.rolled).toEqual([]);
    expect(templateHits(r, TEMPLATE_RADIUS.small, bases, 'centre')).toEqual(['centre', 'touching', 'diagonal-in']);
    expect(templateHits(r, TEMPLATE_RADIUS.small, bases.slice(1), 'centre')[0]).toBe('centre');
  });
});

describe('skirmish-ru scatter and artillery dice: their exact faces', () => {
  it.each([
    [1, 'hit'],
    [2, 'hit'],
    [3, 'arrow'],
    [6, 'arrow'],
  ] as const)('scatter die %s: %s', (d, f) => expect(scatterFace(d)).toBe(f));
  it.each([
    [1, 2],
    [2, 4],
    [3, 6],
    [4, 8],
    [5, 10],
    [6, 'misfire'],
  ] as const)('artillery die %s: %s', (d, f) => expect(artilleryFace(d)).toBe(f));
  it('the artillery die has no seventh face', () => expect(() => artilleryFace(7)).toThrow(RangeError));
  it.each([
    [1, 0],
    [4, 90],
    [7, 180],
    [12, 330],
  ] as const)('direction d12 %s: %s degrees from +x towards +z', (d, deg) => expect(directionOf(d)).toBe(deg));
});

describe('skirmish-ru template misses', () => {
  it('a miss with an arrow and a 6 scatters 6" along the arrow (d12 4: 90 degrees, towards +z)', () => {
    const dice = scriptedDice([4, 3, 4]);
    const r = resolveTemplate(dice, shot);
    expect(said(r)).toEqual({
      outcome: 'scatter',
      centre: { x: 20, z: 16 },
      scatter: { scatterDie: 4, face: 'arrow', artilleryDie: 3, artillery: 6 },
      detonation: null,
      distance: 6,
      directionDeg: 90,
      events: ['miss: scatter die arrow, artillery die 6', 'the template scatters 6" towards 90 degrees'],
    });
    expect(dice.rolled).toEqual([
      [6, 4],
      [6, 3],
      [12, 4],
    ]);
  });
  it('the HIT face carries an arrow too: HIT and a 10 on a miss still scatters 10" (d12 7: back along -x)', () => {
    const r = resolveTemplate(scriptedDice([1, 5, 7]), shot);
    expect(r.outcome).toBe('scatter');
    expect(r.centre).toEqual({ x: 10, z: 10 });
    expect(r.distance).toBe(10);
  });
  it('an arrow and a misfire: the shot is lost, no more dice', () => {
    const dice = scriptedDice([3, 6]);
    const r = resolveTemplate(dice, shot);
    expect(r).toMatchObject({ outcome: 'lost', centre: null, distance: 0, directionDeg: null, detonation: null });
    expect(r.events.map(en)).toEqual([
      'miss: scatter die arrow, artillery die MISFIRE',
      'misfire: the template is lost',
    ]);
    expect(dice.remaining).toBe(0);
  });
});

describe('skirmish-ru detonation: HIT and misfire together, then a d6', () => {
  it.each([
    [1, 'on-shooter'],
    [2, 'on-shooter'],
    [3, 'short'],
    [4, 'short'],
    [5, 'long'],
    [6, 'long'],
  ] as const)('band die %s: %s', (d, band) => expect(detonationBand(d)).toBe(band));
  it.each([1, 2])('band %s: the template bursts on the shooter, no distance dice', (band) => {
    const dice = scriptedDice([2, 6, band]);
    const r = resolveTemplate(dice, shot);
    expect(r).toMatchObject({
      outcome: 'detonation',
      centre: shooter,
      distance: 0,
      directionDeg: null,
      detonation: { die: band, band: 'on-shooter', distanceDice: [] },
    });
    expect(r.events.map(en)).toEqual([
      'miss: scatter die HIT, artillery die MISFIRE',
      `detonation: band roll ${band}`,
      'the template bursts on the shooter',
    ]);
    expect(dice.remaining).toBe(0);
  });
  it.each([
    [3, 1, 1, { x: 11, z: 10 }],
    [4, 6, 10, { x: 10, z: 4 }],
  ] as const)('band %s: d6 %s" from the shooter, d12 %s', (band, d, d12, at) => {
    const dice = scriptedDice([1, 6, band, d, d12]);
    const r = resolveTemplate(dice, shot);
    expect(r).toMatchObject({ outcome: 'detonation', centre: at, distance: d, directionDeg: directionOf(d12) });
    expect(r.detonation).toEqual({ die: band, band: 'short', distanceDice: [d] });
    expect(dice.remaining).toBe(0);
  });
  it.each([
    [5, [1, 1], 1, { x: 12, z: 10 }],
    [6, [6, 6], 4, { x: 10, z: 22 }],
  ] as const)('band %s: 2d6 %j from the shooter, d12 %s', (band, two, d12, at) => {
    const dice = scriptedDice([2, 6, band, ...two, d12]);
    const r = resolveTemplate(dice, shot);
    expect(r).toMatchObject({ outcome: 'detonation', centre: at, distance: two[0] + two[1] });
    expect(r.detonation).toEqual({ die: band, band: 'long', distanceDice: [...two] });
    expect(dice.remaining).toBe(0);
  });
  it('a detonation on the shooter hits the shooter and whoever stands by it', () => {
    const r = resolveTemplate(scriptedDice([1, 6, 1]), shot);
    const bases = [
      { id: 'shooter', x: 10, z: 10, radius: 0.5 },
      { id: 'target', x: 20, z: 10, radius: 0.5 },
    ];
    expect(templateHits(r, TEMPLATE_RADIUS.small, bases, 'target')).toEqual(['shooter']);
  });
});

describe('skirmish-ru grenades: up to twice Strength, half the artillery die', () => {
  it('Strength 3 reaches 6": exactly 6" is in range, 6.01" is not', () => {
    expect(grenadeReach(3)).toBe(6);
    expect(grenadeInRange(6, 3)).toBe(true);
    expect(grenadeInRange(6.01, 3)).toBe(false);
  });
  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 5],
  ] as const)('artillery die %s: a grenade scatters %s"', (die, inches) => {
    const r = resolveTemplate(scriptedDice([3, die, 1]), { ...shot, grenade: true });
    expect(r).toMatchObject({ outcome: 'scatter', distance: inches, centre: { x: 20 + inches, z: 10 } });
    expect(en(r.events[1]!)).toBe(`the grenade scatters ${inches}" towards 0 degrees`);
  });
  it('a grenade detonation keeps its d6" (halving is of the artillery die only)', () => {
    const r = resolveTemplate(scriptedDice([1, 6, 3, 5, 1]), { ...shot, grenade: true });
    expect(r).toMatchObject({ outcome: 'detonation', distance: 5, centre: { x: 15, z: 10 } });
  });
});

describe('skirmish-ru template dice come from the seeded RNG', () => {
  it('the same seed gives the same landing; the dice are a d6, a d6 and (when it moves) a d12 or more d6', () => {
    const outcomes = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const a = seededDice(rngState(seed));
      const b = seededDice(rngState(seed));
      const ra = resolveTemplate(a, shot);
      outcomes.add(ra.outcome);
      expect(resolveTemplate(b, shot)).toEqual(ra);
      expect(a.rolled.slice(0, 2).map(([sides]) => sides)).toEqual([6, 6]);
      if (ra.outcome === 'scatter') expect(a.rolled.map(([sides]) => sides)).toEqual([6, 6, 12]);
      if (ra.outcome === 'lost') expect(a.rolled).toHaveLength(2);
    }
    // The 40 seeds reach both conditional checks above.
    expect(outcomes).toContain('scatter');
    expect(outcomes).toContain('lost');
  });
});
