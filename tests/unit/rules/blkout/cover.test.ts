import { describe, expect, it } from 'vitest';
import { coverDice, coverVerdict, type CoverContext } from '../../../../src/rules/blkout/cover';
import { openSight } from '../../../support/fakeTable';
import { en } from '../../../support/words';
import type { Text } from '../../../../src/rules/engine/message';

/** A cover verdict as {cover, reason}, once its words say the reason in English. */
const plain = (v: { cover: string; reason: string; words: Text }) => {
  expect(en(v.words)).toBe(v.reason);
  return { cover: v.cover, reason: v.reason };
};

const ctx: CoverContext = {
  bothInfantry: true,
  coverModels: [],
  blockingTerrainDistance: Infinity,
  specialRuleCover: false,
};
const wall = (share: number, distance: number) =>
  openSight({
    visibleFraction: 1 - share,
    hidden: { terrain: share, vehicles: 0, models: 0, smoke: 0 },
    coverPieces: [{ id: 'wall', kind: 'obstacle', share, distance }],
  });

describe('blkout cover verdict (match play)', () => {
  it('less than half hidden: no cover (+1D10)', () => {
    expect(coverVerdict(wall(0.4, 0.5), ctx).cover).toBe('none');
    expect(coverDice('none', false)).toBe(1);
  });
  it('half or more hidden, more than 1" from that terrain: partial (no change)', () => {
    expect(coverVerdict(wall(0.5, 3), ctx).cover).toBe('partial');
    expect(coverVerdict(wall(0.495, 3), ctx).cover).toBe('partial');
    expect(coverDice('partial', false)).toBe(0);
  });
  it('half or more hidden and within 1" of it: full (-1D10; Seeking and Melee ignore the -1)', () => {
    const v = coverVerdict(wall(0.7, 0.8), ctx);
    expect(v.cover).toBe('full');
    expect(v.reason).toMatch(/within 1" of wall/);
    expect(coverDice('full', false)).toBe(-1);
    expect(coverDice('full', true)).toBe(0);
  });
  it('vehicles hide like terrain; other models (and Dusters, left out of coverModels) do not', () => {
    const f = openSight({
      visibleFraction: 0.4,
      hidden: { terrain: 0, vehicles: 0.6, models: 0, smoke: 0 },
      hidingModels: [{ id: 'truck', share: 0.6 }],
    });
    expect(coverVerdict(f, { ...ctx, coverModels: ['truck'] }).cover).toBe('partial');
    expect(coverVerdict(f, ctx).cover).toBe('none');
  });
  it('seen only through its lean-out marker: partial, full within 1" of sight-blocking terrain', () => {
    const f = openSight({ targetOnlyViaMarker: true });
    expect(coverVerdict(f, { ...ctx, blockingTerrainDistance: 2 }).cover).toBe('partial');
    expect(coverVerdict(f, { ...ctx, blockingTerrainDistance: 0.5 }).cover).toBe('full');
  });
  it('inside a structure against a model outside it: full; both inside the same one: the usual rules', () => {
    expect(coverVerdict(openSight({ targetInStructure: 'bunker' }), ctx).cover).toBe('full');
    expect(coverVerdict(openSight({ targetInStructure: 'bunker', viewerInStructure: 'bunker' }), ctx).cover).toBe(
      'none',
    );
  });
  it.each([
    ['the target base 30% inside', { viewer: 0, target: 0.3 }, 'partial'],
    ['the target base inside', { viewer: 0, target: 1 }, 'full'],
    ['the shooter inside', { viewer: 1, target: 0 }, 'full'],
  ] as const)(
    'smoke: a base partly inside is partial, entirely inside full; a shooter in smoke sees its target so too (%s)',
    (_what, baseInSmoke, cover) => {
      expect(coverVerdict(openSight({ baseInSmoke }), ctx).cover).toBe(cover);
    },
  );
  it.each([
    ['the shooter 3" above, partial cover', { ...wall(0.6, 3), heightDifference: -3 }, ctx, 'none'],
    ['the shooter 3" above, full cover', { ...wall(0.6, 0.5), heightDifference: -3 }, ctx, 'full'],
    ['the target 3.2" above', openSight({ heightDifference: 3.2 }), ctx, 'partial'],
    ['the target 2.9" above', openSight({ heightDifference: 2.9 }), ctx, 'none'],
    [
      'the target 3.2" above, not both infantry',
      openSight({ heightDifference: 3.2 }),
      { ...ctx, bothInfantry: false },
      'none',
    ],
  ] as const)(
    '3" height rule: a shooter 3" above ignores partial cover; a target 3" above gains partial; only between infantry (%s)',
    (_what, facts, context, cover) => {
      expect(coverVerdict(facts, context).cover).toBe(cover);
    },
  );
  it("sight only from the base's edge while the eye sees nothing: the reason says so, not '100% hidden'", () => {
    const hidden = (distance: number) => ({ ...wall(1, distance), visibleFraction: 0 });
    expect(plain(coverVerdict(hidden(3), ctx))).toEqual({
      cover: 'partial',
      reason: 'hidden from the eye, seen from the base\'s edge, more than 1" from the terrain that hides it',
    });
    expect(plain(coverVerdict(hidden(0.5), ctx))).toEqual({
      cover: 'full',
      reason: 'hidden from the eye, seen from the base\'s edge, within 1" of wall',
    });
    // Other models hide it from the eye (they give no cover): still no cover, and the reason says why.
    const bodies = openSight({ visibleFraction: 0, hidden: { terrain: 0.2, vehicles: 0, models: 0.8, smoke: 0 } });
    expect(plain(coverVerdict(bodies, ctx))).toEqual({
      cover: 'none',
      reason:
        "hidden by terrain and other models from the eye, seen from the base's edge; terrain and vehicles hide less than half",
    });
    // The eye sees a sliver (1%) but the share hidden would print as 100%: said in the same words, not "100% hidden".
    expect(coverVerdict({ ...wall(0.996, 3), visibleFraction: 0.01 }, ctx).reason).toBe(
      'hidden from the eye, seen from the base\'s edge, more than 1" from the terrain that hides it',
    );
    // Seen at all by the eye: the share hidden, as before.
    expect(coverVerdict(wall(0.9, 3), ctx).reason).toBe('90% hidden, more than 1" from the terrain that hides it');
  });
  it('cover from a special rule is always partial and never stacks to full', () => {
    expect(coverVerdict(openSight(), { ...ctx, specialRuleCover: true }).cover).toBe('partial');
    expect(coverVerdict(wall(0.6, 3), { ...ctx, specialRuleCover: true }).cover).toBe('partial');
  });
});
