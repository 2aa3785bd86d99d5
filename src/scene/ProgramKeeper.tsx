/**
 * After each drawn frame (the canvas draws on demand), keeps the shader programs it compiled
 * (programKeeper.ts), and registers what `window.tabletop.renderStats()` reads: the programs compiled
 * so far, those compiled after the warm-up, and the last frame's draw calls and triangles.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { registerRenderProbe } from '../state/automation';
import { keepPrograms, keptPrograms, type Program } from './programKeeper';

/** A program as three lists it: the material type it was made for and its cache key (the variant). */
type NamedProgram = Program & { name?: string; cacheKey?: string };

/** A program compiled in play, for the benches: its material type and a short hash of its variant. */
function programLabel(p: NamedProgram): string {
  let h = 0;
  for (const c of p.cacheKey ?? '') h = (h * 31 + c.charCodeAt(0)) | 0;
  return `${p.name || 'program'}#${(h >>> 0).toString(36)}`;
}

export function ProgramKeeper({ warmedUp }: { warmedUp: boolean }): null {
  const gl = useThree((s) => s.gl);
  const last = useRef({ calls: 0, triangles: 0 });
  const atWarmup = useRef<Set<unknown> | null>(null);
  useFrame(() => {
    keepPrograms(gl.info.programs as unknown as Program[] | null, keptPrograms(gl));
    last.current = { calls: gl.info.render.calls, triangles: gl.info.render.triangles };
  });
  useEffect(() => {
    if (warmedUp && atWarmup.current === null) atWarmup.current = new Set(gl.info.programs ?? []);
  }, [warmedUp, gl]);
  useEffect(() => {
    registerRenderProbe(() => {
      const programs = (gl.info.programs ?? []) as unknown as NamedProgram[];
      const warm = atWarmup.current;
      const inPlay = warm === null ? [] : programs.filter((p) => !warm.has(p));
      return {
        programs: programs.length,
        compiledInPlay: warm === null ? null : inPlay.length,
        inPlay: inPlay.map(programLabel),
        drawCalls: last.current.calls,
        triangles: last.current.triangles,
      };
    });
    return () => registerRenderProbe(null);
  }, [gl]);
  return null;
}
