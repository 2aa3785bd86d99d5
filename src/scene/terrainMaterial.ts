/**
 * Terrain surfaces without texture files: a MeshStandardMaterial whose colour, roughness and
 * metalness are shaded procedurally from the world position (shaders/terrain-material.glsl), chosen
 * per piece (its `material`, or by kind: area terrain is foliage, the rest concrete).
 */
import { DoubleSide, MeshStandardMaterial } from 'three';
import surfaces from '../../shaders/terrain-material.glsl?raw';
import valueNoise from '../../shaders/value-noise.glsl?raw';
import type { TerrainMaterial, TerrainPiece } from '../geometry/sceneTypes';

/** The material a piece is drawn with: its own, or foliage for area terrain and concrete otherwise. */
export function terrainMaterialOf(piece: Pick<TerrainPiece, 'kind' | 'material'>): TerrainMaterial {
  return piece.material ?? (piece.kind === 'area' ? 'foliage' : 'concrete');
}

/** Base colour, roughness and metalness a surface starts from (the shader varies them). */
export const SURFACE_LOOK: Record<TerrainMaterial, { colour: string | null; roughness: number; metalness: number }> = {
  // null: the kind's colour (palette TERRAIN_LOOK), so walls, ruins and structures still differ.
  concrete: { colour: null, roughness: 0.9, metalness: 0 },
  metal: { colour: '#8a96a2', roughness: 0.45, metalness: 0.35 },
  foliage: { colour: null, roughness: 0.95, metalness: 0 },
};

/** The surface's number in the shader's `terrainSurface` uniform. */
export const SURFACE_INDEX: Record<TerrainMaterial, number> = { concrete: 0, metal: 1, foliage: 2 };

/** The fragment lines that shade a surface, chosen by the `terrainSurface` uniform (all three surfaces are one program). */
const APPLY = [
  'float tRough = roughness;',
  'float tMetal = metalness;',
  // A flat batch has no normals: the triangle's own, from the world position's derivatives (the surfaces
  // read only its components' sizes, so the side it points to does not matter).
  '#ifdef FLAT_SHADED',
  'vec3 tNormal = normalize(cross(dFdx(vTerrainWorld), dFdy(vTerrainWorld)));',
  '#else',
  'vec3 tNormal = normalize(vTerrainNormal);',
  '#endif',
  'if (terrainSurface == 1) diffuseColor.rgb *= metalSurface(vTerrainWorld, tNormal, tRough, tMetal);',
  'else if (terrainSurface == 2) diffuseColor.rgb *= foliageSurface(vTerrainWorld, tRough);',
  'else diffuseColor.rgb *= concreteSurface(vTerrainWorld, tNormal, tRough);',
].join('\n');

/**
 * Injects the surface into a standard material (an onBeforeCompile hook): world position and normal
 * go to the fragment shader, which scales the diffuse colour and sets roughness and metalness after
 * three's own chunks. The surface is a uniform, not a define, so concrete, metal and foliage share one
 * shader program: a table that brings a new surface in play compiles nothing (one compile blocked the
 * page for 0.2-1 s with software WebGL).
 */
export function applySurface(material: MeshStandardMaterial, kind: TerrainMaterial): void {
  const surface = { value: SURFACE_INDEX[kind] };
  material.onBeforeCompile = (shader) => {
    shader.uniforms.terrainSurface = surface;
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nvarying vec3 vTerrainWorld;\nvarying vec3 vTerrainNormal;')
      .replace(
        '#include <begin_vertex>',
        '#include <begin_vertex>\nvTerrainWorld = (modelMatrix * vec4(transformed, 1.0)).xyz;\n#ifndef FLAT_SHADED\nvTerrainNormal = normalize(mat3(modelMatrix) * objectNormal);\n#endif',
      );
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', `#include <common>\nuniform int terrainSurface;\n${valueNoise}\n${surfaces}`)
      .replace('#include <color_fragment>', `#include <color_fragment>\n${APPLY}`)
      .replace('#include <roughnessmap_fragment>', '#include <roughnessmap_fragment>\nroughnessFactor = tRough;')
      .replace('#include <metalnessmap_fragment>', '#include <metalnessmap_fragment>\nmetalnessFactor = tMetal;');
  };
  material.customProgramCacheKey = () => 'terrain';
  material.needsUpdate = true;
}

/** A merged batch's look: its surface, colour, opacity and whether both sides are drawn (terrainBatches.ts). */
export interface BatchLook {
  surface: TerrainMaterial;
  colour: string;
  opacity: number;
  doubleSided: boolean;
  /** Drawn with flat shading, from a geometry without normals (terrainBatches.ts). */
  flat?: boolean;
}

/** The material a batch of terrain is drawn with (see-through batches do not write depth). */
export function terrainBatchMaterial(b: BatchLook): MeshStandardMaterial {
  const seeThrough = b.opacity < 1;
  const m = new MeshStandardMaterial({
    color: b.colour,
    roughness: SURFACE_LOOK[b.surface].roughness,
    metalness: SURFACE_LOOK[b.surface].metalness,
    transparent: seeThrough,
    opacity: b.opacity,
    depthWrite: !seeThrough,
    ...(b.doubleSided ? { side: DoubleSide } : {}),
    flatShading: b.flat === true,
  });
  applySurface(m, b.surface);
  return m;
}
