/**
 * After each drawn frame (the canvas draws on demand), keeps the shader programs it compiled
 * (programKeeper.ts), and registers what `window.tabletop.renderStats()` reads: the programs compiled
 * so far, those compiled after the warm-up, and the last frame's draw calls and triangles.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { registerRenderProbe } from '../state/automation';
import { keepPrograms, keptPrograms, type Program } from './programKeeper';

export function ProgramKeeper({ warmedUp }: { warmedUp: boolean }): null {
  const gl = useThree((s) => s.gl);
  const last = useRef({ calls: 0, triangles: 0 });
  const atWarmup = useRef<number | null>(null);
  useFrame(() => {
    keepPrograms(gl.info.programs as unknown as Program[] | null, keptPrograms(gl));
    last.current = { calls: gl.info.render.calls, triangles: gl.info.render.triangles };
  });
  useEffect(() => {
    if (warmedUp && atWarmup.current === null) atWarmup.current = gl.info.programs?.length ?? 0;
  }, [warmedUp, gl]);
  useEffect(() => {
    registerRenderProbe(() => {
      const programs = gl.info.programs?.length ?? 0;
      return {
        programs,
        compiledInPlay: atWarmup.current === null ? null : programs - atWarmup.current,
        drawCalls: last.current.calls,
        triangles: last.current.triangles,
      };
    });
    return () => registerRenderProbe(null);
  }, [gl]);
  return null;
}
