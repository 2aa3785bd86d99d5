/**
 * The terrain pass: the occluder BVH walked near to far, directly over its node buffers, each node
 * culled when it lies outside the frustum or everything it could touch is already hidden nearer,
 * and each leaf's triangles culled (back faces of closed surfaces, outside the grid's side planes),
 * clipped at the near plane, projected and rasterized as planes.
 */
import { backFaceCulling, insideClosedBox } from '../closedSurfaces';
import * as bvh from '../terrainIndex';
import { nodeBuffers, type NodeBuffers, type TerrainIndex } from '../terrainIndex';
import { occludersOf, type GeometryWorld } from '../world';
import * as camera from './camera';
import * as frustum from './frustum';
import * as raster from './raster';
import * as scratch from './scratch';
import type { VisibilityScratch } from './scratch';

// Bound once: read in the hot loops (see "imports read in hot loops" in scratch.ts).
const { isLeaf, leafCount, leafOffset, leftNode, rightNode } = bvh;
const { toCamera } = camera;
const { boxNearDepth, boxOccluded, boxOutside } = frustum;
const { clipAndProject, MODE_PLANE, rasterPolygon } = raster;
const { COLUMNS, doubled, NEAR } = scratch;

/** Walks the terrain near to far into the depth buffer (skipping what is already hidden nearer). */
export function walkTerrain(s: VisibilityScratch, w: GeometryWorld, maskOnly: boolean): void {
  const occ = occludersOf(w);
  s.terrain = occ;
  s.culling = backFaceCulling(occ);
  if (insideClosedBox(s.culling, s.ex, s.ey, s.ez)) s.culling = null;
  for (const root of nodeBuffers(occ)) walkRoot(s, root, maskOnly);
  s.culling = null;
}

/**
 * Walks one root of the occluder BVH near to far (three-mesh-bvh's node layout, as `MeshBVH.serialize`
 * gives it, read through the accessors of terrainIndex.ts): each node is culled when outside the
 * frustum or hidden, a leaf's triangles are rasterized, and the nearer child goes first. Direct,
 * where `shapecast` would allocate its views and callbacks on every call: a walk is made per sight line.
 */
function walkRoot(s: VisibilityScratch, root: NodeBuffers, maskOnly: boolean): void {
  const f = root.f32,
    u32 = root.u32,
    u16 = root.u16;
  let nodes = s.walkNodes,
    nears = s.walkNear;
  let sp = 0;
  nodes[sp] = 0;
  nears[sp++] = boxNearDepth(s, f, 0);
  while (sp > 0) {
    sp--;
    const n32 = nodes[sp]!,
      near = nears[sp]!;
    if (boxOutside(s, f, n32)) continue;
    const n16 = n32 * 2;
    if (isLeaf(n16, u16)) {
      terrainTriangles(s, leafOffset(n32, u32), leafCount(n16, u16), maskOnly);
      continue;
    }
    if (boxOccluded(s, f, n32, near, maskOnly)) continue;
    const left = leftNode(n32),
      right = rightNode(n32, u32);
    const nl = boxNearDepth(s, f, left),
      nr = boxNearDepth(s, f, right);
    if (sp + 2 > nodes.length) {
      nodes = s.walkNodes = doubled(nodes);
      nears = s.walkNear = doubled(nears);
    }
    // Pushed far first: the nearer child is walked first.
    const nearFirst = nr < nl;
    nodes[sp] = nearFirst ? left : right;
    nears[sp++] = nearFirst ? nl : nr;
    nodes[sp] = nearFirst ? right : left;
    nears[sp++] = nearFirst ? nr : nl;
  }
}

/** Rasterizes a leaf's triangles `offset .. offset + count` (BVH order) that can block sight. */
function terrainTriangles(s: VisibilityScratch, offset: number, count: number, maskOnly: boolean): void {
  const { positions, indices, pieceOfVertex, pieces } = s.terrain as TerrainIndex;
  const culling = s.culling;
  const { cx, cy, cz } = s;
  const ex = s.ex,
    ey = s.ey,
    ez = s.ez,
    x0 = s.x0,
    y0 = s.y0;
  const gx1 = x0 + COLUMNS * s.cellW,
    gy1 = y0 + s.rows * s.cellH;
  for (let t = offset, end = offset + count; t < end; t++) {
    const ia = indices[3 * t] as number;
    if (culling) {
      // Turned away from the eye, on a closed surface: never the first thing a sight line meets.
      const tri = (ia / 3) | 0;
      const sign = culling.sign[tri] as number;
      if (sign !== 0) {
        const nm = culling.normals;
        const facing =
          (nm[3 * tri] as number) * (ex - (positions[3 * ia] as number)) +
          (nm[3 * tri + 1] as number) * (ey - (positions[3 * ia + 1] as number)) +
          (nm[3 * tri + 2] as number) * (ez - (positions[3 * ia + 2] as number));
        if (sign * facing <= 0) continue;
      }
    }
    const piece = pieces[pieceOfVertex[ia] as number];
    if (!piece || !piece.blocksLos) continue;
    const ib = indices[3 * t + 1] as number,
      ic = indices[3 * t + 2] as number;
    toCamera(s, positions[3 * ia] as number, positions[3 * ia + 1] as number, positions[3 * ia + 2] as number, 0);
    toCamera(s, positions[3 * ib] as number, positions[3 * ib + 1] as number, positions[3 * ib + 2] as number, 1);
    toCamera(s, positions[3 * ic] as number, positions[3 * ic + 1] as number, positions[3 * ic + 2] as number, 2);
    const za = cz[0] as number,
      zb = cz[1] as number,
      zc = cz[2] as number;
    const zmin = Math.min(za, zb, zc),
      zmax = Math.max(za, zb, zc);
    if (zmax < NEAR || zmin >= s.zTargetMax || zmin > s.cutoff) continue;
    // Outside one side plane of the grid's frustum (x < x0 z, ...): cheap reject before clipping.
    const xa = cx[0] as number,
      xb = cx[1] as number,
      xc = cx[2] as number;
    const ya = cy[0] as number,
      yb = cy[1] as number,
      yc = cy[2] as number;
    if ((xa < x0 * za && xb < x0 * zb && xc < x0 * zc) || (xa > gx1 * za && xb > gx1 * zb && xc > gx1 * zc)) continue;
    if ((ya < y0 * za && yb < y0 * zb && yc < y0 * zc) || (ya > gy1 * za && yb > gy1 * zb && yc > gy1 * zc)) continue;
    const n = clipAndProject(s);
    if (n < 3) continue;
    // Plane through the triangle in camera space: n . p = k; a cell's ray is (xc, yc, 1).
    const ax = xb - xa,
      ay = yb - ya,
      az = zb - za;
    const bx = xc - xa,
      by = yc - ya,
      bz = zc - za;
    const pnx = ay * bz - az * by,
      pny = az * bx - ax * bz,
      pnz = ax * by - ay * bx;
    s.pnx = pnx;
    s.pny = pny;
    s.pnz = pnz;
    s.pk = pnx * xa + pny * ya + pnz * za;
    s.occOwner = piece.index; // terrain kind code is 0
    s.occNear = Math.max(zmin, NEAR);
    rasterPolygon(s, n, MODE_PLANE, maskOnly, zmax >= s.zTargetMin, false);
  }
}
