/**
 * Keeps every shader program the table has compiled for the page's life. The battle's effects (a
 * shot's flash, a blast, the dice) mount materials and dispose of them when they end; three.js then
 * releases a program no material uses, so the next shot compiled it again. With software WebGL
 * (SwiftShader) one compile blocks the main thread for 0.2-1 s: in a profile of 30 s of AI v AI play,
 * 7.7 s of the page's 10 s of work was recompiling these programs. Holding one extra use of each
 * program keeps it cached; they are few (one per material variant), so the memory is bounded.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useRef } from 'react';

/** A program as three's renderer lists it (`renderer.info.programs`): its count of users. */
type Program = { usedTimes: number };

/** Takes one use of every program not yet kept (a pure step, tested on its own). */
export function keepPrograms(programs: readonly Program[] | null | undefined, kept: WeakSet<Program>): number {
  let added = 0;
  for (const p of programs ?? []) {
    if (kept.has(p)) continue;
    kept.add(p);
    p.usedTimes++;
    added++;
  }
  return added;
}

/** Runs after each drawn frame (the canvas draws on demand) and keeps the programs it compiled. */
export function ProgramKeeper(): null {
  const gl = useThree((s) => s.gl);
  const kept = useRef(new WeakSet<Program>());
  useFrame(() => {
    keepPrograms(gl.info.programs as unknown as Program[] | null, kept.current);
  });
  return null;
}
