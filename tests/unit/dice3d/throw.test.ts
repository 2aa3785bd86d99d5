/**
 * The 3D dice show the seeded roll: 200 seeded rolls of each die (values from the rules' own seeded
 * RNG), thrown with rapier five dice to a world, the top face read from each settled body turned by
 * its mesh's symmetry turn. One rapier init for the file.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { beforeAll, describe, expect, test } from 'vitest';
import { shownFace, topFace } from '../../../src/dice3d/readTop';
import { solidOf, type DieKind } from '../../../src/dice3d/solids';
import { FLAT, MAX_STEPS, seedOf, throwDice, type ThrowRecording } from '../../../src/dice3d/throw';
import { rollDie, rngState, type RngState } from '../../../src/rules/dice/rng';

const KINDS: DieKind[] = ['d6', 'd10', 'd20', 'scatter', 'artillery'];
const SIDES: Record<string, number> = { d6: 6, d10: 10, d20: 20, scatter: 6, artillery: 6 };
const ROLLS = 200;

beforeAll(async () => {
  await RAPIER.init();
});

/** 200 throws of one die of each kind, values from the rules' PRNG seeded with `seed`. */
function throws(seed: number): { recording: ThrowRecording }[] {
  let rng: RngState = rngState(seed);
  const out: { recording: ThrowRecording }[] = [];
  for (let i = 0; i < ROLLS; i++) {
    const dice = KINDS.map((kind) => {
      const [value, next] = rollDie(rng, SIDES[kind]!);
      rng = next;
      return { kind, value };
    });
    const recording = throwDice(RAPIER, dice, seedOf([i, ...dice.map((d) => d.value)]));
    out.push({ recording });
  }
  return out;
}

describe('3D dice throws (rapier)', () => {
  let all: { recording: ThrowRecording }[] = [];
  // A harness limit, not a speed check (the machines are shared): 1000 dice take a few seconds alone.
  beforeAll(() => {
    all = throws(2121);
  }, 300_000);

  test('seed 2121: 200 rolls of each of d6, d10, d20, scatter and artillery land showing the rolled value', () => {
    const seen = new Map<DieKind, Set<number>>(KINDS.map((k) => [k, new Set()]));
    let checked = 0,
      landedAsRolled = 0,
      flat = 0;
    for (const { recording } of all)
      recording.dice.forEach((d) => {
        const solid = solidOf(d.kind);
        // The settled body's own orientation composed with the mesh's symmetry turn.
        const shown = shownFace(solid, d.rotation, d.turn);
        expect(solid.faces[shown.face]!.value).toBe(d.value);
        expect(shown.up).toBeCloseTo(d.up, 6);
        // The turn is a symmetry: it moves the face that landed, not the solid's shape.
        expect(solid.rotations).toContain(d.turn);
        if (solid.faces[topFace(solid, d.rotation).face]!.value === d.value) landedAsRolled++;
        if (d.up >= FLAT) flat++;
        seen.get(d.kind)!.add(d.value);
        checked++;
      });
    expect(checked).toBe(ROLLS * KINDS.length);
    // Every face value was rolled (and shown) at least once for every kind.
    for (const k of KINDS) expect(seen.get(k)!.size).toBe(SIDES[k]);
    // The physics is not steered: without the turn the landed face is the rolled one only by chance.
    expect(landedAsRolled / checked).toBeLessThan(0.35);
    // Dice come to rest flat (a leaning die is thrown again, the flattest attempt kept).
    expect(flat / checked).toBeGreaterThan(0.97);
    console.log(
      `dice3d: ${checked} dice checked in ${ROLLS} throws; flat ${flat}; landed as rolled by chance ${landedAsRolled}; ` +
        `mean ${(all.reduce((a, t) => a + t.recording.steps, 0) / all.length).toFixed(0)} steps a throw`,
    );
  });

  test('seed 2121: the recording ends on the settled body pose, and every throw comes to rest within the cap', () => {
    for (const { recording: r } of all) {
      expect(r.settled).toBe(true);
      expect(r.steps).toBeLessThanOrEqual(MAX_STEPS);
      expect(r.frames).toHaveLength(r.steps * r.dice.length * 7);
      const n = r.dice.length;
      r.dice.forEach((d, i) => {
        const o = ((r.steps - 1) * n + i) * 7;
        const frame = Array.from(r.frames.slice(o, o + 7));
        [...d.position, ...d.rotation].forEach((v, k) => expect(frame[k]).toBeCloseTo(v, 5));
        // The recording moves: the first frame is far from the last.
        const o0 = i * 7;
        expect(Math.hypot(r.frames[o0]! - frame[0]!, r.frames[o0 + 2]! - frame[2]!)).toBeGreaterThan(0.5);
      });
    }
  });

  test('seed 7: the same roll gives the same throw; another batch another throw', () => {
    const dice = [
      { kind: 'd20' as const, value: 7 },
      { kind: 'scatter' as const, value: 2 },
    ];
    const a = throwDice(RAPIER, dice, seedOf([7, 20, 7, 6, 2]));
    const b = throwDice(RAPIER, dice, seedOf([7, 20, 7, 6, 2]));
    const c = throwDice(RAPIER, dice, seedOf([8, 20, 7, 6, 2]));
    expect(b.steps).toBe(a.steps);
    expect(Array.from(b.frames)).toEqual(Array.from(a.frames));
    expect(Array.from(c.frames.slice(0, 14))).not.toEqual(Array.from(a.frames.slice(0, 14)));
  });
});
