/** The reach heat map of the selected model's move allowance. */
import { useEffect, useMemo } from 'react';
import { CanvasTexture, NearestFilter, SRGBColorSpace } from 'three';
import type { ReachGrid } from '../movement/reach';

/** The reach heat map: cells the base can reach within the allowance, greener when nearer. */
export function ReachHeatMap({ grid }: { grid: ReachGrid }) {
  const texture = useMemo(() => {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, grid.cols);
    canvas.height = Math.max(1, grid.rows);
    const ctx = canvas.getContext('2d');
    if (ctx) {
      const img = ctx.createImageData(canvas.width, canvas.height);
      for (let j = 0; j < grid.rows; j++) {
        for (let i = 0; i < grid.cols; i++) {
          const c = grid.costs[j * grid.cols + i]!;
          const k = (j * grid.cols + i) * 4;
          if (c < 0) continue;
          const t = c / Math.max(grid.allowance, 1e-6);
          img.data[k] = Math.round(80 + 175 * t);
          img.data[k + 1] = Math.round(220 - 60 * t);
          img.data[k + 2] = Math.round(120 - 80 * t);
          img.data[k + 3] = 110;
        }
      }
      ctx.putImageData(img, 0, 0);
    }
    const tex = new CanvasTexture(canvas);
    tex.magFilter = NearestFilter;
    tex.colorSpace = SRGBColorSpace;
    tex.flipY = false;
    return tex;
  }, [grid]);
  useEffect(() => () => texture.dispose(), [texture]);
  const w = grid.cols * grid.cell,
    d = grid.rows * grid.cell;
  return (
    <mesh
      position={[grid.x0 + w / 2, grid.level + 0.02, grid.z0 + d / 2]}
      rotation={[Math.PI / 2, 0, 0]}
      renderOrder={1}
    >
      <planeGeometry args={[w, d]} />
      <meshBasicMaterial map={texture} transparent depthWrite={false} side={2} />
    </mesh>
  );
}
