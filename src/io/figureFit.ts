/**
 * Where a drawn figure goes on its base: pure maths, so it is tested without a renderer. The figure is
 * only drawn; line of sight keeps the geometry contract's prism (src/geometry), whatever is drawn.
 */

/** [x, y, z]. */
export type Triple = [number, number, number];

/** An axis-aligned box. */
export interface Bounds {
  min: Triple;
  max: Triple;
}

/** How a model stands on the table, as the rules report it (absent: standing). */
export const MODEL_POSES = ['down', 'prone', 'pinned'] as const;
/** A pose other than standing. */
export type ModelPose = (typeof MODEL_POSES)[number];

/**
 * A figure's placement in the model's frame (facing +x, base underside at the origin): scale the
 * figure, then turn it about z, then move it. `p' = R_z(rotationZ) (p * scale) + position`.
 */
export interface FigurePlacement {
  scale: Triple;
  rotationZ: number;
  position: Triple;
}

/** Applies a placement to one point (for tests and bounds). */
export function placePoint(t: FigurePlacement, p: Triple): Triple {
  const x = p[0] * t.scale[0];
  const y = p[1] * t.scale[1];
  const z = p[2] * t.scale[2];
  const c = Math.cos(t.rotationZ);
  const s = Math.sin(t.rotationZ);
  return [x * c - y * s + t.position[0], x * s + y * c + t.position[1], z + t.position[2]];
}

/** The box around a placed box (its eight corners placed). */
export function placedBounds(t: FigurePlacement, b: Bounds): Bounds {
  const min: Triple = [Infinity, Infinity, Infinity];
  const max: Triple = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < 8; i++) {
    const corner: Triple = [(i & 1 ? b.max : b.min)[0], (i & 2 ? b.max : b.min)[1], (i & 4 ? b.max : b.min)[2]];
    const q = placePoint(t, corner);
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a]!, q[a]!);
      max[a] = Math.max(max[a]!, q[a]!);
    }
  }
  return { min, max };
}

/** A lying figure's thickness, as a share of its base's length. */
export const LYING_THICKNESS = 0.28;

/** Share of a standing figure's height a crouched (pinned) one keeps. */
export const CROUCH = 0.7;

/**
 * The project's figures are authored in a unit box (x, z in [-0.5, 0.5], y in [0, 1], facing +x):
 * standing, the box is stretched to the base (half extents `rx` along the facing, `rz` across) and to
 * `height` above `baseTop`. Prone, an infantry figure lies face down, head forward, and down it lies on
 * its back, both along the base (95 % of its length, LYING_THICKNESS of it thick); pinned, it crouches. A
 * vehicle or a drone does not lie down: down, it sinks and tilts; pinned or prone, it stands.
 */
export function figurePlacement(
  rx: number,
  rz: number,
  height: number,
  baseTop: number,
  pose: ModelPose | null,
  lies: boolean,
): FigurePlacement {
  const standing: FigurePlacement = { scale: [2 * rx, height, 2 * rz], rotationZ: 0, position: [0, baseTop, 0] };
  if (pose === null) return standing;
  if (!lies) {
    if (pose !== 'down') return standing;
    return { scale: [2 * rx, height * 0.6, 2 * rz], rotationZ: 0.25, position: [0, baseTop, 0] };
  }
  if (pose === 'pinned') return { ...standing, scale: [2 * rx, height * CROUCH, 2 * rz] };
  // Lying: the figure's height runs along the base, its depth becomes its thickness. Both follow the
  // base, not the height: a ruleset may give a prone model a low body (Counterblast's prone height).
  const length = 2 * rx * 0.95;
  const thickness = 2 * rx * LYING_THICKNESS;
  const faceDown = pose === 'prone';
  // Face down: +y turns to +x (head forward) and +x to -y; on the back: +y to -x and +x to +y.
  return {
    scale: [thickness, length, 2 * rz * 0.8],
    rotationZ: faceDown ? -Math.PI / 2 : Math.PI / 2,
    position: [faceDown ? -length / 2 : length / 2, baseTop + thickness / 2, 0],
  };
}

/**
 * A player's own mesh fitted into the model's base and height without distortion: one scale for all
 * axes (the smallest of footprint and height ratios), centred on the base, its lowest point on the base
 * top. A flat or empty axis does not limit the scale.
 */
export function uniformFit(b: Bounds, rx: number, rz: number, height: number, baseTop: number): FigurePlacement {
  const size = [b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]];
  const limits = [2 * rx, height, 2 * rz];
  let s = Infinity;
  for (let a = 0; a < 3; a++) if ((size[a] ?? 0) > 1e-9) s = Math.min(s, limits[a]! / size[a]!);
  if (!Number.isFinite(s)) s = 1;
  const cx = (b.min[0] + b.max[0]) / 2;
  const cz = (b.min[2] + b.max[2]) / 2;
  return { scale: [s, s, s], rotationZ: 0, position: [-cx * s, baseTop - b.min[1] * s, -cz * s] };
}

function mixHex(hex: string, toward: string, t: number): string {
  const parse = (h: string): number[] => {
    const v = h.replace('#', '');
    return [0, 2, 4].map((i) => parseInt(v.slice(i, i + 2), 16));
  };
  const a = parse(hex);
  const b = parse(toward);
  if (a.some((v) => !Number.isFinite(v)) || b.some((v) => !Number.isFinite(v))) return hex;
  return `#${a
    .map((v, i) => Math.round(v + ((b[i] ?? v) - v) * t))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Grey a down figure is drawn towards, and the amber a pinned one is tinted with. */
export const POSE_TINTS = { down: '#6b6b6b', pinned: '#e0a020' } as const;

/** A part's colour in a pose: down greys every part; pinned tints the team colour amber; prone keeps it. */
export function poseColour(hex: string, pose: ModelPose | null, team: boolean): string {
  if (pose === 'down') return mixHex(hex, POSE_TINTS.down, 0.75);
  if (pose === 'pinned' && team) return mixHex(hex, POSE_TINTS.pinned, 0.45);
  return hex;
}
