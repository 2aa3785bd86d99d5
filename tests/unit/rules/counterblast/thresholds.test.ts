/**
 * The numbers Counterblast's rules turn on, probed on both sides: a case exactly at each threshold
 * and one just past it either way, so that moving the number (or turning `>` into `>=`) fails a test.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { sufferDamage } from '../../../../src/rules/counterblast/damage';
import type { CbContext } from '../../../../src/rules/counterblast/game';
import { sightVerdict } from '../../../../src/rules/counterblast/sight';
import { scriptedDice } from '../../../../src/rules/dice/source';
import { fakeTable, openSight } from '../../../support/fakeTable';
import { fresh } from './fixture';

/** A target with `share` hidden by a wall (solid terrain: heavy cover) or by woods (area: light). */
const hiddenBy = (kind: 'obstacle' | 'area', share: number) =>
  openSight({
    visibleFraction: 1 - share,
    hidden: { terrain: share, vehicles: 0, models: 0, smoke: 0 },
    coverPieces: [{ id: kind, kind, share, distance: 1 }],
  });

describe('Counterblast cover: a third or more hidden by cover terrain', () => {
  it.each([
    ['0.25', 'none', 'none', 0.25],
    ['0.33', 'none', 'none', 0.33],
    ['1/3', 'heavy', 'light', 1 / 3],
    ['0.34', 'heavy', 'light', 0.34],
    ['0.4', 'heavy', 'light', 0.4],
    ['0.5', 'heavy', 'light', 0.5],
  ] as const)('%s hidden: %s behind a wall, %s in woods', (_, wall, woods, share) => {
    expect(sightVerdict(hiddenBy('obstacle', share)).cover).toBe(wall);
    expect(sightVerdict(hiddenBy('area', share)).cover).toBe(woods);
  });
  it('heavy when any piece hiding it is solid (woods and a wall together), light when all are area terrain', () => {
    const mixed = (kinds: string[]) =>
      sightVerdict(
        openSight({
          visibleFraction: 0.5,
          hidden: { terrain: 0.5, vehicles: 0, models: 0, smoke: 0 },
          coverPieces: kinds.map((kind, i) => ({ id: `p${i}`, kind, share: 0.5 / kinds.length, distance: 1 })),
        }),
      ).cover;
    expect(mixed(['area', 'obstacle'])).toBe('heavy');
    expect(mixed(['obstacle', 'area'])).toBe('heavy');
    expect(mixed(['area', 'area'])).toBe('light');
  });
  it.each([
    ['0.3', true, 0.3],
    ['0.33', true, 0.33],
    ['1/3', false, 1 / 3],
    ['0.34', false, 0.34],
  ] as const)('%s visible: Obscured %s (Unobscured is a third or more seen)', (_, obscured, visible) => {
    expect(sightVerdict(openSight({ visibleFraction: visible })).obscured).toBe(obscured);
  });
});

describe('Counterblast damage: Down at Mettle, a casualty beyond twice Mettle', () => {
  /** `raw` damage to a model of the test crews (Boss Kade unless named) with no Defense successes (every die a 1). */
  const hit = (raw: number, id = 'A.boss') => {
    const s = fresh();
    const t = { ...s.models[id]!, pos: [10, 0, 10] as [number, number, number] };
    const q = fakeTable();
    const dice = scriptedDice(Array.from({ length: t.card.defense }, () => 1));
    const ctx: CbContext = { dice, q, window: null, events: [], at: () => q };
    const next = sufferDamage(ctx, { ...s, models: { ...s.models, [id]: t } }, id, raw);
    expect(dice.remaining).toBe(0);
    return { mettle: t.card.mettle, after: next.models[id]!, fallen: next.fallen, events: ctx.events };
  };
  const mettle = hit(1).mettle;

  it('the model tested has Mettle 4', () => {
    expect(mettle).toBe(4);
  });
  it.each([
    [mettle - 1, 'standing'],
    [mettle, 'Down'],
    [2 * mettle - 1, 'Down'],
    [2 * mettle, 'Down'],
    [2 * mettle + 1, 'a casualty'],
  ] as const)('%s damage tokens: %s', (raw, outcome) => {
    const { after } = hit(raw);
    expect(after.damage).toBe(raw);
    expect(after.casualty).toBe(outcome === 'a casualty');
    expect(after.down).toBe(outcome === 'Down');
    expect(after.pos === null).toBe(outcome === 'a casualty');
  });
  it('a casualty is counted among the fallen, a Hero as a Hero; Down is said in words', () => {
    const boss = hit(9);
    expect(boss.fallen).toEqual([{ player: 'A', hero: true }]);
    expect(en(boss.events.find((e) => e.type === 'removed')!.text)).toBe('Boss Kade is a casualty');
    const gunner = hit(7, 'A.gunner-1');
    expect(gunner.after.casualty).toBe(true);
    expect(gunner.fallen).toEqual([{ player: 'A', hero: false }]);
    expect(en(hit(4).events.find((e) => e.type === 'model-down')!.text)).toBe('Boss Kade is Down (and Stable)');
    expect(hit(4).fallen).toEqual([]);
  });
});
