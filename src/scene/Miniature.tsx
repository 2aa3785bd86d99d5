/**
 * The figure drawn on a model's base: the project's infantry, drone or vehicle (assets/miniatures/,
 * chosen by kind), or the model's own mesh (`mesh` in its force data or scene file). It is only drawn:
 * line of sight keeps the geometry contract's prism. The `team` part takes the side's colour; a pose
 * lays the figure down (prone, down) or crouches it (pinned), and tints it.
 */
import { useThree } from '@react-three/fiber';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ModelKind } from '../geometry/sceneTypes';
import { figurePlacement, poseColour, uniformFit, type ModelPose } from '../io/figureFit';
import { mergeFigure, paintedFigure, parseFigure, type FigureMeshes } from '../io/figureImport';
import { cachedMesh, fetchBytes } from '../io/meshCache';
import { Placed } from './Placed';
import { PartMesh } from './PartMesh';

/** The shipped figure for each model kind (beasts and monsters borrow the infantry figure). */
export const FIGURE_FILES: Record<ModelKind, string> = {
  infantry: 'assets/miniatures/infantry.glb',
  beast: 'assets/miniatures/infantry.glb',
  monster: 'assets/miniatures/infantry.glb',
  drone: 'assets/miniatures/drone.glb',
  vehicle: 'assets/miniatures/vehicle.glb',
};

/** The shipped figures' material (shared with the instanced figures). */
export const FIGURE_LOOK = { metalness: 0.05, roughness: 0.6 } as const;

const loaded = new Map<string, FigureMeshes | Error>();
const pending = new Map<string, Promise<void>>();

function load(src: string): Promise<void> {
  let p = pending.get(src);
  if (!p) {
    p = fetchBytes(src)
      .then((bytes) => parseFigure(bytes, src))
      .then(
        (parts) => void loaded.set(src, mergeFigure(parts)),
        (e: unknown) => {
          const error = e instanceof Error ? e : new Error(String(e));
          // A shipped figure that fails to load leaves the plain body in its place; say why once.
          console.warn(`miniature ${src}: ${error.message}`);
          loaded.set(src, error);
        },
      );
    pending.set(src, p);
  }
  return p;
}

/** A shipped figure, loaded once for every model that uses it; null until loaded (or if it failed). */
export function useFigure(src: string): FigureMeshes | null {
  const [, rerender] = useState(0);
  const invalidate = useThree((s) => s.invalidate);
  const got = loaded.get(src);
  useEffect(() => {
    if (loaded.has(src)) return;
    let live = true;
    void load(src).then(() => {
      if (!live) return;
      rerender((n) => n + 1);
      invalidate();
    });
    return () => {
      live = false;
    };
  }, [src, invalidate]);
  return got instanceof Error ? null : (got ?? null);
}

/**
 * Props: the model's kind and own mesh, its side colour, its pose (null: standing), the base's half
 * extents (`rx` along the facing), the base top and the figure's height above it, and whether it is
 * dimmed (being dragged). Until a figure is loaded, `fallback` is drawn (the plain body).
 */
export function Miniature({
  kind,
  mesh,
  colour,
  pose,
  rx,
  rz,
  baseTop,
  height,
  dimmed,
  fallback,
  instanced = false,
}: {
  /** A shipped figure not dimmed is drawn by the instanced batches (ModelInstances.tsx): draw nothing here. */
  instanced?: boolean;
  kind: ModelKind;
  mesh: string | undefined;
  colour: string;
  pose: ModelPose | null;
  rx: number;
  rz: number;
  baseTop: number;
  height: number;
  dimmed: boolean;
  fallback: ReactNode;
}) {
  const own = mesh !== undefined ? cachedMesh(mesh) : undefined;
  const figure = useFigure(FIGURE_FILES[kind]);
  const lies = kind === 'infantry' || kind === 'beast' || kind === 'monster';
  const placement = useMemo(
    () =>
      own?.boundingBox
        ? uniformFit(
            { min: own.boundingBox.min.toArray(), max: own.boundingBox.max.toArray() },
            rx,
            rz,
            pose === 'pinned' ? height * 0.85 : height,
            baseTop,
          )
        : figurePlacement(rx, rz, height, baseTop, pose, lies),
    [own, rx, rz, height, baseTop, pose, lies],
  );
  // Keys: a model's own mesh arriving after the figure was drawn remounts the mesh, so its material is
  // compiled without the figure's vertex colours (three does not recompile on a changed `vertexColors`).
  if (own) {
    return (
      <Placed key="own" placement={placement}>
        <PartMesh
          geometry={own}
          colour={poseColour(colour, pose, true)}
          metalness={0.1}
          roughness={0.6}
          dimmed={dimmed}
        />
      </Placed>
    );
  }
  if (!figure) return <>{fallback}</>;
  if (instanced && !dimmed) return null;
  // One mesh for the whole figure (team part in the side's colour, fixed parts in theirs): one draw call.
  const painted = paintedFigure(figure, poseColour(colour, pose, true), poseColour('#ffffff', pose, false));
  if (!painted) return <>{fallback}</>;
  return (
    <Placed key="figure" placement={placement}>
      <PartMesh
        geometry={painted}
        colour="#ffffff"
        metalness={FIGURE_LOOK.metalness}
        roughness={FIGURE_LOOK.roughness}
        dimmed={dimmed}
        vertexColors
      />
    </Placed>
  );
}
