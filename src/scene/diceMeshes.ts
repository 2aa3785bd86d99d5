/**
 * The 3D dice as three.js meshes: one flat-shaded geometry per die kind whose faces are mapped into
 * a canvas atlas (one cell per face) carrying the face's label, so a die is one draw call. Labels are
 * drawn with canvas paths and system fonts (the machines are offline): pips on the d6, an arrow or
 * HIT on the scatter die, inches or MISFIRE on the artillery die, numerals on the rest (6 and 9
 * underlined).
 */
import { BufferGeometry, CanvasTexture, Float32BufferAttribute, MeshStandardMaterial, SRGBColorSpace } from 'three';
import { centroid, cross, dot, norm, solidOf, sub, type DieKind, type Solid, type Vec3 } from '../dice3d/solids';
import { CANVAS_FONT_STACK } from './labelTexture';

/** Face colour and ink of each die kind. */
const LOOK: Record<DieKind, { face: string; ink: string }> = {
  d6: { face: '#f3ecd9', ink: '#1c1c1c' },
  d8: { face: '#3a7bd5', ink: '#ffffff' },
  d10: { face: '#1f8a70', ink: '#ffffff' },
  d12: { face: '#c0572b', ink: '#ffffff' },
  d20: { face: '#5b3fa6', ink: '#ffffff' },
  scatter: { face: '#f4f4f4', ink: '#c81e1e' },
  artillery: { face: '#1d1d1f', ink: '#ffd23f' },
};

const CELL = 128;

/** The direction a face's label reads upwards: towards its farthest vertex, or an edge's middle on a square. */
function faceUp(solid: Solid, verts: number[], mid: Vec3): Vec3 {
  const d = verts.map((i) => Math.hypot(...sub(solid.vertices[i]!, mid)));
  const far = Math.max(...d);
  if (verts.length === 4 && d.every((x) => Math.abs(x - far) < 1e-6)) {
    const a = solid.vertices[verts[0]!]!,
      b = solid.vertices[verts[1]!]!;
    return norm(sub([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2], mid));
  }
  return norm(sub(solid.vertices[verts[d.indexOf(far)]!]!, mid));
}

function drawPips(ctx: CanvasRenderingContext2D, n: number, cx: number, cy: number, size: number): void {
  const o = size * 0.27;
  const spots: Record<number, [number, number][]> = {
    1: [[0, 0]],
    2: [
      [-1, -1],
      [1, 1],
    ],
    3: [
      [-1, -1],
      [0, 0],
      [1, 1],
    ],
    4: [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ],
    5: [
      [-1, -1],
      [1, -1],
      [0, 0],
      [-1, 1],
      [1, 1],
    ],
    6: [
      [-1, -1],
      [1, -1],
      [-1, 0],
      [1, 0],
      [-1, 1],
      [1, 1],
    ],
  };
  for (const [x, y] of spots[n] ?? []) {
    ctx.beginPath();
    ctx.arc(cx + x * o, cy + y * o, size * (n === 1 ? 0.13 : 0.09), 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawArrow(ctx: CanvasRenderingContext2D, cx: number, cy: number, size: number): void {
  const s = size * 0.34;
  ctx.beginPath();
  ctx.moveTo(cx, cy - s);
  ctx.lineTo(cx + s * 0.62, cy - s * 0.1);
  ctx.lineTo(cx + s * 0.22, cy - s * 0.1);
  ctx.lineTo(cx + s * 0.22, cy + s);
  ctx.lineTo(cx - s * 0.22, cy + s);
  ctx.lineTo(cx - s * 0.22, cy - s * 0.1);
  ctx.lineTo(cx - s * 0.62, cy - s * 0.1);
  ctx.closePath();
  ctx.fill();
}

/** Draws one face's label centred at (cx, cy) in a cell; `room` is the share of the cell the face's incircle spans. */
function drawLabel(
  ctx: CanvasRenderingContext2D,
  kind: DieKind,
  value: number,
  label: string,
  cx: number,
  cy: number,
  room: number,
) {
  const size = CELL * room;
  if (kind === 'd6') return drawPips(ctx, value, cx, cy, size);
  if (kind === 'scatter' && label !== 'HIT') return drawArrow(ctx, cx, cy, size);
  const long = label.length > 3;
  const px = Math.round(size * (long ? 0.2 : label.length > 1 ? 0.48 : 0.6));
  ctx.font = `bold ${px}px ${CANVAS_FONT_STACK}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, cx, cy + px * 0.04);
  if ((label === '6' || label === '9') && kind !== 'artillery')
    ctx.fillRect(cx - px * 0.25, cy + px * 0.45, px * 0.5, px * 0.08);
}

/** Geometry and material of a die kind; the caller disposes both. */
export function dieMesh(kind: DieKind): { geometry: BufferGeometry; material: MeshStandardMaterial } {
  const solid = solidOf(kind);
  const n = solid.faces.length;
  const cols = Math.ceil(Math.sqrt(n));
  const rows = Math.ceil(n / cols);
  const canvas = document.createElement('canvas');
  canvas.width = cols * CELL;
  canvas.height = rows * CELL;
  const ctx = canvas.getContext('2d');
  const look = LOOK[kind];
  if (ctx) {
    ctx.fillStyle = look.face;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  const positions: number[] = [];
  const uvs: number[] = [];
  solid.faces.forEach((face, i) => {
    const col = i % cols,
      row = Math.floor(i / cols);
    const mid = centroid(solid.vertices, face.vertices);
    const up = faceUp(solid, face.vertices, mid);
    const right = cross(up, face.normal);
    const local = face.vertices.map((v) => {
      const d = sub(solid.vertices[v]!, mid);
      return [dot(d, right), dot(d, up)] as const;
    });
    const reach = Math.max(...local.map(([x, y]) => Math.hypot(x, y)));
    // The incircle's radius (nearest edge to the centre), as a share of the cell, sizes the label.
    let inner = Infinity;
    local.forEach(([x0, y0], k) => {
      const [x1, y1] = local[(k + 1) % local.length]!;
      const len = Math.hypot(x1 - x0, y1 - y0);
      inner = Math.min(inner, Math.abs(x0 * y1 - x1 * y0) / len);
    });
    const k = 0.48 / reach;
    const uv = local.map(([x, y]) => [(col + 0.5 + x * k) / cols, 1 - (row + 0.5 - y * k) / rows] as const);
    for (let t = 1; t + 1 < face.vertices.length; t++)
      for (const j of [0, t, t + 1]) {
        positions.push(...solid.vertices[face.vertices[j]!]!);
        uvs.push(...uv[j]!);
      }
    if (ctx) {
      ctx.fillStyle = look.ink;
      drawLabel(ctx, kind, face.value, face.label, (col + 0.5) * CELL, (row + 0.5) * CELL, 2 * inner * k);
    }
  });
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.setAttribute('uv', new Float32BufferAttribute(uvs, 2));
  geometry.computeVertexNormals();
  const map = new CanvasTexture(canvas);
  map.colorSpace = SRGBColorSpace;
  map.anisotropy = 4;
  const material = new MeshStandardMaterial({ map, roughness: 0.45, metalness: 0.05, flatShading: true });
  return { geometry, material };
}

const shared = new Map<DieKind, { geometry: BufferGeometry; material: MeshStandardMaterial }>();

/**
 * A die kind's geometry and face atlas for the page's life, drawn once (there are seven kinds): the
 * tray throws these, and the shader warm-up draws every kind while the table loads. Drawing a kind's
 * faces took up to 0.4 s (the first text drawn on a canvas), at the first roll of a game.
 */
export function sharedDieMesh(kind: DieKind): { geometry: BufferGeometry; material: MeshStandardMaterial } {
  let mesh = shared.get(kind);
  if (!mesh) shared.set(kind, (mesh = dieMesh(kind)));
  return mesh;
}
