/**
 * Inch rulers printed on the table frame along the front and left edges: a tick every inch, a long
 * tick every 6" with its number, so distances can be read off the screen like a tape on the table.
 * The ticks are one line draw and every number (with the compass letters) one mesh over one atlas.
 */
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry } from 'three';
import { labelAtlas } from './labelTexture';
import { TABLE_COLOURS } from './palette';
import { rulerLabelGeometry, rulerTexts } from './rulerLabels';
import { FRAME_WIDTH } from './Table';

const Y = 0.02;

/** The frame's top face sits just below the mat's (Table.tsx): the numbers are printed a hair above it. */
const PRINT_Y = -0.04;

function ticks(width: number, depth: number): BufferGeometry {
  const pts: number[] = [];
  for (let x = 0; x <= width + 1e-9; x++) {
    const len = x % 6 === 0 ? 0.9 : 0.4;
    pts.push(x, Y, depth + 0.05, x, Y, depth + 0.05 + len);
  }
  for (let z = 0; z <= depth + 1e-9; z++) {
    const len = z % 6 === 0 ? 0.9 : 0.4;
    pts.push(-0.05, Y, z, -0.05 - len, Y, z);
  }
  return new BufferGeometry().setAttribute('position', new BufferAttribute(new Float32Array(pts), 3));
}

/** Props: table size in inches. */
export function Rulers({ width, depth }: { width: number; depth: number }) {
  const geometry = useMemo(() => ticks(width, depth), [width, depth]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const labels = useMemo(() => {
    const texts = rulerTexts(width, depth, FRAME_WIDTH - 0.55, PRINT_Y);
    return {
      geometry: rulerLabelGeometry(texts),
      atlas: labelAtlas(
        texts.map((t) => t.text),
        TABLE_COLOURS.ruler,
      ),
    };
  }, [width, depth]);
  useEffect(
    () => () => {
      labels.geometry.dispose();
      labels.atlas.dispose();
    },
    [labels],
  );
  return (
    <group>
      <lineSegments geometry={geometry}>
        <lineBasicMaterial color={TABLE_COLOURS.ruler} />
      </lineSegments>
      <mesh geometry={labels.geometry} renderOrder={1} name="ruler-labels">
        <meshBasicMaterial map={labels.atlas} transparent depthWrite={false} />
      </mesh>
    </group>
  );
}
