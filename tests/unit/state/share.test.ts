import { describe, expect, it } from 'vitest';
import { shareEqual } from '../../../src/state/share';

describe('shareEqual (an engine answer keeps the identity of every part that did not change)', () => {
  it('an equal answer is the previous one, whole', () => {
    const previous = { match: { log: [{ player: 'A', rolled: 2 }], state: { hp: [3, 4] } }, decider: 'B' };
    const next = structuredClone(previous);
    expect(shareEqual(previous, next)).toBe(previous);
  });

  it('a changed part is new, and so is each object above it; its siblings keep their identity', () => {
    const previous = {
      match: { initial: { state: { hp: [3, 4] } }, log: [{ player: 'A', rolled: 2 }], state: { hp: [3, 4] } },
      sides: ['A', 'B'],
    };
    const next = structuredClone(previous);
    next.match.state.hp[1] = 3;
    next.match.log.push({ player: 'B', rolled: 1 });
    const shared = shareEqual(previous, next);
    expect(shared).toEqual(next);
    expect(shared).not.toBe(previous);
    expect(shared.match).not.toBe(previous.match);
    expect(shared.match.state).not.toBe(previous.match.state);
    expect(shared.match.log).not.toBe(previous.match.log);
    expect(shared.sides).toBe(previous.sides);
    expect(shared.match.initial).toBe(previous.match.initial);
    expect(shared.match.log[0]).toBe(previous.match.log[0]);
  });

  it('a key added, a key removed, an array shortened: new objects, never the previous one', () => {
    const a = { x: 1, y: 2 };
    expect(shareEqual(a, { x: 1 })).toEqual({ x: 1 });
    expect(shareEqual(a, { x: 1 })).not.toBe(a);
    expect(shareEqual(a, { x: 1, y: 2, z: 3 })).not.toBe(a);
    // A key present with undefined is not the same as no key.
    const withY = { x: 1, y: undefined };
    const withZ = shareEqual(withY, { x: 1, z: undefined });
    expect(withZ).not.toBe(withY);
    expect(withZ).toStrictEqual({ x: 1, z: undefined });
    const list = [1, 2, 3];
    expect(shareEqual(list, [1, 2])).toEqual([1, 2]);
    expect(shareEqual(list, [1, 2])).not.toBe(list);
    expect(shareEqual(list, [1, 2, 3])).toBe(list);
  });

  it('a value that changes kind is the new value; primitives compare as Object.is', () => {
    expect(shareEqual({ a: [1] }, { a: { 0: 1 } })).toEqual({ a: { 0: 1 } });
    expect(shareEqual([{ a: 1 }], [[1]])).toEqual([[1]]);
    expect(shareEqual(null, { a: 1 })).toEqual({ a: 1 });
    const previous = { n: NaN, z: 0 };
    expect(shareEqual(previous, { n: NaN, z: 0 })).toBe(previous);
    expect(shareEqual(previous, { n: NaN, z: -0 })).not.toBe(previous);
  });
});
