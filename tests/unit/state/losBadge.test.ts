import { describe, expect, it } from 'vitest';
import { en } from '../../support/words';
import { badgeText, EYE_SEES_NOTHING, FULLY_SEEN, shieldFor } from '../../../src/state/losBadge';

const f = (visibleFraction: number, hasLos = true) => ({ hasLos, visibleFraction, viaLeanOut: null });

describe('LOS badge words', () => {
  it('a target 100% hidden with no line at all shows "no LOS", never "0% ●"', () => {
    expect(en(badgeText(f(0, false)).text)).toBe('no LOS');
    expect(shieldFor(f(0, false))).toBe('hidden');
  });

  it('when only the base edge sees it, the badge says so', () => {
    expect(en(badgeText(f(0)).text)).toBe('no LOS');
    expect(en(badgeText(f(0)).note!)).toBe('base edge sees it');
    expect(badgeText(f(0, false)).note).toBeUndefined();
    expect(en(badgeText(f(0)).title)).toBe("hidden from the eye, seen from the base's edge");
  });

  it(`the eye-sees-nothing threshold (${EYE_SEES_NOTHING}) is exact: just under is "no LOS" with the edge note, at it is 1%`, () => {
    expect(shieldFor(f(EYE_SEES_NOTHING - 1e-4))).toBe('edge');
    expect(shieldFor(f(EYE_SEES_NOTHING))).toBe('full');
    expect(en(badgeText(f(EYE_SEES_NOTHING)).text)).toBe('1% ●');
  });

  it('half visible is the partial/full boundary: 0.5 is ◐, just under is ●', () => {
    expect(en(badgeText(f(0.5)).text)).toBe('50% ◐');
    expect(shieldFor(f(0.4999))).toBe('full');
    expect(shieldFor(f(0.5001))).toBe('partial');
  });

  it(`fully seen from ${FULLY_SEEN}: no shield; just under keeps the shield`, () => {
    expect(en(badgeText(f(FULLY_SEEN)).text)).toBe('100%');
    expect(shieldFor(f(FULLY_SEEN + 1e-4))).toBe('none');
    expect(shieldFor(f(FULLY_SEEN - 1e-4))).toBe('partial');
    expect(en(badgeText(f(0.7)).text)).toBe('70% ◐');
  });
});
