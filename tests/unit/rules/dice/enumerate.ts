/** Exact outcome distributions of a dice procedure, by walking every sequence of faces it can roll. */
import { diceLogMarks, type DiceSource } from '../../../../src/rules/dice/source';

class Need extends Error {
  constructor(readonly sides: number) {
    super('need');
  }
}

/**
 * Runs `run` on every face sequence (depth-first), returning value -> probability. Sequences longer
 * than `maxDice` are dropped (their mass is reported as `lost`), for procedures that can go on
 * forever (exploding dice).
 */
export function enumerate(run: (src: DiceSource) => number, maxDice = 12): { dist: Map<number, number>; lost: number } {
  const dist = new Map<number, number>();
  let lost = 0;
  const stack: { faces: number[]; p: number }[] = [{ faces: [], p: 1 }];
  while (stack.length) {
    const { faces, p } = stack.pop()!;
    let i = 0;
    const src: DiceSource = {
      d(sides) {
        if (i < faces.length) return faces[i++]!;
        throw new Need(sides);
      },
      rolled: [],
      log: diceLogMarks(),
    };
    try {
      const v = run(src);
      dist.set(v, (dist.get(v) ?? 0) + p);
    } catch (e) {
      if (!(e instanceof Need)) throw e;
      if (faces.length >= maxDice) {
        lost += p;
        continue;
      }
      for (let f = 1; f <= e.sides; f++) stack.push({ faces: [...faces, f], p: p / e.sides });
    }
  }
  return { dist, lost };
}
