/**
 * The scene's types (ARCHITECTURE.md, "Scene file v1"): what is on the table, in inches. Geometry, the
 * store, the scene and the file reader all share these; `io/sceneSchema.ts` validates files against
 * them (and a compile-time check keeps its schema and these types the same), so the geometry core
 * does not depend on the file reader.
 */

/** The format tag every v1 scene file carries. */
export const SCENE_FORMAT_V1 = 'tabletop-scene/1' as const;

/** Closed vocabulary of terrain kinds; rulesets map these to their own terrain types. */
export const TERRAIN_KINDS = ['obstacle', 'area', 'structure', 'ruin', 'hill'] as const;
/** A terrain kind. */
export type TerrainKind = (typeof TERRAIN_KINDS)[number];

/** How a terrain piece is drawn (only drawn: sight and movement never read it). */
export const TERRAIN_MATERIALS = ['concrete', 'metal', 'foliage'] as const;
/** A terrain surface material. */
export type TerrainMaterial = (typeof TERRAIN_MATERIALS)[number];

/** Closed vocabulary of model kinds (vehicles are occluders of their own kind for cover rules). */
export const MODEL_KINDS = ['infantry', 'vehicle', 'beast', 'monster', 'drone'] as const;
/** A model kind. */
export type ModelKind = (typeof MODEL_KINDS)[number];

/** A point or a size in inches: [x, y, z], y up. */
export type Vec3 = [number, number, number];

/** What every terrain piece has, whatever its shape. */
interface TerrainCommon {
  id: string;
  kind: TerrainKind;
  /** Whether the piece blocks line of sight (area terrain such as woods often does not). */
  blocksLos?: boolean;
  /** Whether moving through the piece counts as difficult ground. */
  difficult?: boolean;
  /** A readable name for overlays and logs. */
  name?: string;
  /** The surface it is drawn with; by default foliage for area terrain, concrete otherwise. */
  material?: TerrainMaterial;
}

/** One terrain piece: a box, a vertical cylinder, or a mesh loaded from a glTF or STL file. */
export type TerrainPiece =
  | (TerrainCommon & { shape: 'box'; center: Vec3; size: Vec3; rotationY?: number })
  | (TerrainCommon & { shape: 'cylinder'; center: Vec3; radius: number; height: number })
  | (TerrainCommon & { shape: 'mesh'; src: string; position: Vec3; rotationY?: number; scale?: number });

/** A model's base: round (diameter) or oval (length along its facing x width), in millimetres. */
export type Base = { shape: 'round'; diameterMm: number } | { shape: 'oval'; lengthMm: number; widthMm: number };

/** One model: a base plus a prism body `height` inches tall; position is the base underside centre. */
export interface Model {
  id: string;
  side: string;
  name?: string;
  position: Vec3;
  base: Base;
  height: number;
  eyeHeight?: number;
  facingDeg?: number;
  kind?: ModelKind;
  prone?: boolean;
  /** Position of the model's 25 mm lean-out marker (base underside centre), or null when none. */
  leanOut?: Vec3 | null;
  /**
   * A glTF or STL file drawn as the model's figure (a player's own miniature scan), fitted into its base
   * and height. Only drawn: line of sight keeps the prism above.
   */
  mesh?: string;
}

/** A smoke volume: a vertical cylinder; `height: null` means unlimited height. */
export interface Smoke {
  id: string;
  position: Vec3;
  radius?: number;
  height?: number | null;
  light?: boolean;
}

/** A scene: the table, its terrain, the models and the smoke on it. */
export interface Scene {
  format: typeof SCENE_FORMAT_V1;
  name?: string;
  table: { width: number; depth: number };
  terrain?: TerrainPiece[];
  models?: Model[];
  smoke?: Smoke[];
}
