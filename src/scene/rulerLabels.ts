/**
 * The rulers' numbers and the compass letters as one geometry: a quad per label standing on the table
 * frame, leaning back to face the player's seat (the south edge), each quad showing its cell of one label
 * atlas (`labelAtlas`), so every label of the rulers draws in a single call.
 */
import { BufferAttribute, BufferGeometry } from 'three';
import { atlasCell } from './labelTexture';

/** A label printed on the frame: its text and its centre (x, y, z), inches. */
export interface RulerText {
  text: string;
  at: [number, number, number];
}

/** A label's size on the frame, inches (across, along the view), the atlas cell's 2:1 shape. */
export const RULER_LABEL_SIZE = { w: 1.6, d: 0.8 } as const;

/** The numbers every 6" along the south (x) and west (z) edges, and N, S, W and E, `out` inches off the mat. */
export function rulerTexts(width: number, depth: number, out: number, y: number): RulerText[] {
  const along = (n: number) => Array.from({ length: Math.floor(n / 6) + 1 }, (_, i) => i * 6);
  return [
    ...along(width).map((x): RulerText => ({ text: `${x}"`, at: [x, y, depth + out] })),
    ...along(depth).map((z): RulerText => ({ text: `${z}"`, at: [-out, y, z] })),
    // The compass the rules speak in: north is the far edge (z = 0), south the near one, east to the right.
    { text: 'N', at: [width / 2, y, -out] },
    { text: 'S', at: [width / 2 + 3, y, depth + out] },
    { text: 'W', at: [-out, y, depth / 2 + 3] },
    { text: 'E', at: [width + out, y, depth / 2] },
  ];
}

/**
 * How far each label stands up from the frame, radians: it leans back from the south edge so it faces
 * the player's seat (the camera 50 degrees up), and reads as the billboards it replaces did.
 */
export const RULER_LABEL_TILT = (40 * Math.PI) / 180;

/**
 * One quad per label, its bottom edge on the frame at `at`'s height and its top leaning back towards the
 * far (north) edge by `RULER_LABEL_TILT`; uv: label i's atlas cell.
 */
export function rulerLabelGeometry(labels: readonly RulerText[]): BufferGeometry {
  const { w, d } = RULER_LABEL_SIZE;
  const up = Math.sin(RULER_LABEL_TILT) * d;
  const back = Math.cos(RULER_LABEL_TILT) * d;
  const pos = new Float32Array(labels.length * 4 * 3);
  const uv = new Float32Array(labels.length * 4 * 2);
  const index: number[] = [];
  labels.forEach(({ at: [x, y, z] }, i) => {
    const c = atlasCell(i, labels.length);
    // Corners: bottom-left, bottom-right, top-right, top-left as read from the south.
    const corners: [number, number, number, number, number][] = [
      [x - w / 2, y, z + back / 2, c.u0, c.v0],
      [x + w / 2, y, z + back / 2, c.u1, c.v0],
      [x + w / 2, y + up, z - back / 2, c.u1, c.v1],
      [x - w / 2, y + up, z - back / 2, c.u0, c.v1],
    ];
    corners.forEach(([cx, cy, cz, u, v], k) => {
      pos.set([cx, cy, cz], (i * 4 + k) * 3);
      uv.set([u, v], (i * 4 + k) * 2);
    });
    const o = i * 4;
    // Counter-clockwise seen from above, so the face points up (and south).
    index.push(o, o + 1, o + 2, o, o + 2, o + 3);
  });
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(pos, 3));
  g.setAttribute('uv', new BufferAttribute(uv, 2));
  g.setIndex(index);
  g.computeVertexNormals();
  return g;
}
