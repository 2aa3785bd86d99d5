import { describe, expect, it } from 'vitest';
import { inBaseContact, pathToContact } from '../../../src/movement/contact';
import { jump } from '../../../src/movement/jump';
import { box, model, world } from '../../support/scenes';

const TABLE = { width: 48, depth: 36 };
const R25 = 25 / 25.4 / 2;
const R40 = 40 / 25.4 / 2;

describe('jumps', () => {
  const scene = () =>
    world({
      table: TABLE,
      terrain: [
        box('tall', [10, 1.5, 10], [0.5, 3, 6]),
        box('low', [10, 0.4, 20], [0.5, 0.8, 6]),
        box('ledge', [30, 2, 10], [4, 4, 4]),
      ],
      models: [
        model('m', 8, 10),
        model('n', 8, 20),
        model('small', 10, 26, { base: { shape: 'round', diameterMm: 25 } }),
        model('big', 10, 30, { base: { shape: 'round', diameterMm: 40 } }),
        model('j', 8, 26),
        model('k', 8, 30),
        model('top', 31.5, 10, { position: [31.5, 4, 10] }),
      ],
    });

  it('stops at a wall taller than 1" above the take-off ground', () => {
    const r = jump(scene(), 'm', 0, 5);
    expect(r.stoppedBy).toBe('tall');
    expect(r.travelled).toBeCloseTo(9.75 - R25 - 8, 1);
    expect(r.fall).toBeNull();
  });

  it('clears a wall no more than 1" high and jumps the full distance', () => {
    const r = jump(scene(), 'n', 0, 5);
    expect(r.stoppedBy).toBeNull();
    expect(r.travelled).toBeCloseTo(5, 9);
    expect(r.end[0]).toBeCloseTo(13, 9);
  });

  it('clears models of its own size or smaller, not bigger ones', () => {
    expect(jump(scene(), 'j', 0, 5).travelled).toBeCloseTo(5, 9);
    const r = jump(scene(), 'k', 0, 5);
    expect(r.stoppedBy).toBe('big');
    expect(r.travelled).toBeLessThan(10 - R40 - R25 - 8 + 0.03);
  });

  it('never lands on a model it cleared: it stops short', () => {
    const r = jump(scene(), 'j', 0, 2);
    expect(r.stoppedBy).toBe('no room to land');
    expect(Math.hypot(8 + r.travelled - 10, 0)).toBeGreaterThanOrEqual(2 * R25 - 1e-9);
  });

  it('a jump off a 4" ledge falls 4" and lands within 3"', () => {
    const r = jump(scene(), 'top', 0, 2);
    expect(r.fall).not.toBeNull();
    expect(r.fall!.height).toBeCloseTo(4, 6);
    const spot = r.fall!.landing!;
    expect(spot.offset).toBeLessThanOrEqual(3);
    expect(spot.position[1]).toBeCloseTo(0, 6);
  });

  it('rejects a negative distance', () => {
    expect(() => jump(scene(), 'm', 0, -1)).toThrow('jump distance must be a finite number >= 0 (got -1)');
  });
});

describe('base contact', () => {
  it('knows touching bases and finds the shortest move into contact', () => {
    const w = world({
      table: TABLE,
      models: [
        model('a', 10, 10),
        model('b', 16, 10, { base: { shape: 'round', diameterMm: 40 } }),
        model('c', 10 + 2 * R25, 14),
      ],
    });
    expect(inBaseContact(w, 'a', 'b')).toBe(false);
    const p = pathToContact(w, 'a', 'b');
    expect(p.reachable).toBe(true);
    expect(p.length).toBeCloseTo(6 - R25 - R40, 2);
    const [x, , z] = p.contactPoint!;
    expect(Math.hypot(x - 16, z - 10) - R25 - R40).toBeLessThan(0.02);
    const w2 = world({ table: TABLE, models: [model('a', 10, 10), model('c', 10 + 2 * R25 + 0.01, 10)] });
    expect(inBaseContact(w2, 'a', 'c')).toBe(true);
  });

  it('goes round a wall to reach contact', () => {
    const w = world({
      table: TABLE,
      terrain: [box('wall', [12, 1, 10], [0.5, 2, 8])],
      models: [model('a', 10, 10), model('b', 14, 10)],
    });
    const p = pathToContact(w, 'a', 'b');
    expect(p.reachable).toBe(true);
    expect(p.length).toBeGreaterThan(4);
    expect(p.length).toBeLessThan(12);
  });
});
