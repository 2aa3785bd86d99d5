/**
 * Visible fraction by projecting occluders onto the target's silhouette: the public entry. The
 * stages live in `visibility/`, one file each:
 *
 * - `scratch.ts`: the one scratch object every stage reads and writes (buffers, camera, grid), and
 *   what is kept in it for speed.
 * - `camera.ts`: the eye looking at the target's centre; camera-space points.
 * - `silhouette.ts`: outlines of model bodies in the image (the target's silhouette, body occluders).
 * - `raster.ts`: scan conversion of a convex polygon into the silhouette mask or the depth buffer.
 * - `frustum.ts`: the frustum and its culling tests; the trace a caller keeps.
 * - `occluders.ts`: the model-body pass and the smoke pass.
 * - `walk.ts`: the terrain pass, a near-to-far walk of the occluder BVH.
 * - `credit.ts`: each blocked cell credited to its first occluder.
 * - `compute.ts`: one computation, the stages in order (`computeVisibility`, `countVisible`,
 *   `addBodyToMask`).
 *
 * From the viewer's eye, the target's prism projects to a convex polygon (its silhouette). A grid of
 * `rows` x 32 cells covers the polygon's bounding box in the image plane; each row is one 32-bit
 * word, so the silhouette and the blocked cells are bit masks. Model bodies in the frustum are
 * drawn first, near to far; then the occluder BVH is walked near to far (directly over its node
 * buffers), culling nodes outside the frustum or hidden by what is already drawn nearer; smoke is
 * tested per cell. Each occluding triangle or body is clipped, projected and scan-converted, and
 * every silhouette cell it covers keeps the nearest occluder depth (a small depth buffer), so each
 * blocked cell is credited to its first occluder. An occluder whose depth range reaches behind the
 * target's front is kept only in the cells where it is in front of the target along that cell's
 * ray. Once every cell is blocked, the walk stops at the farthest depth written: nothing beyond it
 * can be first anywhere. Counting only (`countOnly`, `countVisible`), depths do not matter at all.
 *
 * Cells have equal image-plane area, so counting cells is the area-weighted share the geometry
 * contract asks for. See README.md in this folder for the accuracy and cost figures.
 */
export { COLUMNS, DEFAULT_ROWS, MAX_ROWS, popcount } from './visibility/scratch';
export type { BlockedCells, OccluderKind } from './visibility/credit';
export { newTrace, sphereInTrace, type VisibilityTrace } from './visibility/frustum';
export {
  addBodyToMask,
  computeVisibility,
  countVisible,
  type Visibility,
  type VisibleCount,
} from './visibility/compute';
