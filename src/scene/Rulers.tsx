/**
 * Inch rulers printed on the table frame along the front and left edges: a tick every inch, a long
 * tick every 6" with its number, so distances can be read off the screen like a tape on the table.
 */
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry } from 'three';
import { TABLE_COLOURS } from './palette';
import { FRAME_WIDTH } from './Table';
import { RulerLabel } from './RulerLabel';

const Y = 0.02;

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
  const along = (n: number) => Array.from({ length: Math.floor(n / 6) + 1 }, (_, i) => i * 6);
  const labelOffset = FRAME_WIDTH - 0.35;
  return (
    <group>
      <lineSegments geometry={geometry}>
        <lineBasicMaterial color={TABLE_COLOURS.ruler} />
      </lineSegments>
      {along(width).map((x) => (
        <RulerLabel key={`x${x}`} text={`${x}"`} position={[x, 0.45, depth + labelOffset]} />
      ))}
      {along(depth).map((z) => (
        <RulerLabel key={`z${z}`} text={`${z}"`} position={[-labelOffset, 0.45, z]} />
      ))}
      {/* The compass the rules speak in: north is the far edge (z = 0), south the near one, east to the right. */}
      <RulerLabel text="N" position={[width / 2, 0.45, -labelOffset]} />
      <RulerLabel text="S" position={[width / 2 + 3, 0.45, depth + labelOffset]} />
      <RulerLabel text="W" position={[-labelOffset, 0.45, depth / 2 + 3]} />
      <RulerLabel text="E" position={[width + labelOffset, 0.45, depth / 2]} />
    </group>
  );
}
