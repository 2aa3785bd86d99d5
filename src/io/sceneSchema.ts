/**
 * Scene file v1 (see src/ARCHITECTURE.md, "Scene file v1"): the zod schema and the types derived
 * from it. Objects are strict, so an unknown field is an error instead of being dropped silently.
 * Optional fields stay absent after parsing (no defaults are written into the data), which keeps
 * load → save → load byte-for-byte stable; defaults live in src/geometry/defaults.ts.
 */
import { z } from 'zod';
import {
  MODEL_KINDS,
  SCENE_FORMAT_V1,
  TERRAIN_KINDS,
  TERRAIN_MATERIALS,
  type Base,
  type Model,
  type Scene,
  type Smoke,
  type TerrainPiece,
} from '../geometry/sceneTypes';

/** The scene's types and vocabularies live in geometry/sceneTypes.ts (shared); re-exported for the file code. */
export { MODEL_KINDS, SCENE_FORMAT_V1, TERRAIN_KINDS, TERRAIN_MATERIALS };
export type {
  Base,
  Model,
  ModelKind,
  Scene,
  Smoke,
  TerrainKind,
  TerrainMaterial,
  TerrainPiece,
} from '../geometry/sceneTypes';

const finite = z.number();
const positive = z.number().positive();
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'use letters, digits, and _ . : -');
const vec3 = z.tuple([finite, finite, finite]);
const degrees = finite;

const terrainCommon = {
  id,
  kind: z.enum(TERRAIN_KINDS),
  /** Whether the piece blocks line of sight (area terrain such as woods often does not). */
  blocksLos: z.boolean().optional(),
  /** Whether moving through the piece counts as difficult ground. */
  difficult: z.boolean().optional(),
  /** A readable name for overlays and logs. */
  name: z.string().max(80).optional(),
  /** The surface it is drawn with (concrete, metal, foliage); only drawn. */
  material: z.enum(TERRAIN_MATERIALS).optional(),
};

const boxTerrain = z.strictObject({
  ...terrainCommon,
  shape: z.literal('box'),
  center: vec3,
  size: z.tuple([positive, positive, positive]),
  rotationY: degrees.optional(),
});

const cylinderTerrain = z.strictObject({
  ...terrainCommon,
  shape: z.literal('cylinder'),
  center: vec3,
  radius: positive,
  height: positive,
});

/** A mesh file's path: a .glb, .gltf or .stl file, relative to the page (or a URL). */
export const meshPath = z
  .string()
  .min(1)
  .max(300)
  .regex(/\.(glb|gltf|stl)$/i, 'must name a .glb, .gltf or .stl file');

const meshTerrain = z.strictObject({
  ...terrainCommon,
  shape: z.literal('mesh'),
  src: meshPath,
  position: vec3,
  rotationY: degrees.optional(),
  scale: positive.optional(),
});

/** One terrain piece: a box, a vertical cylinder, or a mesh loaded from a glTF or STL file. */
export const terrainSchema = z.discriminatedUnion('shape', [boxTerrain, cylinderTerrain, meshTerrain]);

const roundBase = z.strictObject({ shape: z.literal('round'), diameterMm: positive });
const ovalBase = z.strictObject({ shape: z.literal('oval'), lengthMm: positive, widthMm: positive });

/** A model's base: round (diameter) or oval (length along its facing x width), in millimetres. */
export const baseSchema = z.discriminatedUnion('shape', [roundBase, ovalBase]);

/** One model: a base plus a prism body `height` inches tall; position is the base underside centre. */
export const modelSchema = z.strictObject({
  id,
  side: z.string().min(1).max(32),
  name: z.string().max(80).optional(),
  position: vec3,
  base: baseSchema,
  height: positive,
  eyeHeight: positive.optional(),
  facingDeg: degrees.optional(),
  kind: z.enum(MODEL_KINDS).optional(),
  prone: z.boolean().optional(),
  /** Position of the model's 25 mm lean-out marker (base underside centre), or null when none. */
  leanOut: vec3.nullable().optional(),
  /** A glTF or STL file drawn as the model's figure (only drawn: line of sight keeps the prism). */
  mesh: meshPath.optional(),
});

/** A smoke volume: a vertical cylinder; `height: null` means unlimited height. */
export const smokeSchema = z.strictObject({
  id,
  position: vec3,
  radius: positive.optional(),
  height: positive.nullable().optional(),
  light: z.boolean().optional(),
});

/** The whole scene file. */
export const sceneSchema = z.strictObject({
  format: z.literal(SCENE_FORMAT_V1),
  name: z.string().max(120).optional(),
  table: z.strictObject({ width: positive, depth: positive }),
  terrain: z.array(terrainSchema).optional(),
  models: z.array(modelSchema).optional(),
  smoke: z.array(smokeSchema).optional(),
});

/** True when two types are the same both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time: the schema reads exactly the shared scene types (a change to one fails type-checking until the other follows). */
export const SCHEMA_MATCHES_TYPES: [
  Same<z.infer<typeof sceneSchema>, Scene>,
  Same<z.infer<typeof terrainSchema>, TerrainPiece>,
  Same<z.infer<typeof modelSchema>, Model>,
  Same<z.infer<typeof baseSchema>, Base>,
  Same<z.infer<typeof smokeSchema>, Smoke>,
] = [true, true, true, true, true];
