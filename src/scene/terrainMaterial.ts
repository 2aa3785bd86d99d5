/**
 * Terrain surfaces without texture files: a MeshStandardMaterial whose colour, roughness and
 * metalness are shaded procedurally from the world position (shaders/terrain-material.glsl), chosen
 * per piece (its `material`, or by kind: area terrain is foliage, the rest concrete).
 */
import type { MeshStandardMaterial } from 'three';
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

const INDEX: Record<TerrainMaterial, number> = { concrete: 0, metal: 1, foliage: 2 };

/**
 * Injects the surface into a standard material (an onBeforeCompile hook): world position and normal
 * go to the fragment shader, which scales the diffuse colour and sets roughness (and, for metal,
 * metalness) after three's own chunks.
 */
export function applySurface(material: MeshStandardMaterial, kind: TerrainMaterial): void {
  material.onBeforeCompile = (shader) => {
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nvarying vec3 vTerrainWorld;\nvarying vec3 vTerrainNormal;')
      .replace(
        '#include <begin_vertex>',
        '#include <begin_vertex>\nvTerrainWorld = (modelMatrix * vec4(transformed, 1.0)).xyz;\nvTerrainNormal = normalize(mat3(modelMatrix) * objectNormal);',
      );
    const apply =
      kind === 'metal'
        ? 'float tMetal = metalness;\ndiffuseColor.rgb *= metalSurface(vTerrainWorld, normalize(vTerrainNormal), tRough, tMetal);'
        : kind === 'foliage'
          ? 'diffuseColor.rgb *= foliageSurface(vTerrainWorld, tRough);'
          : 'diffuseColor.rgb *= concreteSurface(vTerrainWorld, normalize(vTerrainNormal), tRough);';
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', `#include <common>\n${valueNoise}\n${surfaces}`)
      .replace('#include <color_fragment>', `#include <color_fragment>\nfloat tRough = roughness;\n${apply}`)
      .replace('#include <roughnessmap_fragment>', '#include <roughnessmap_fragment>\nroughnessFactor = tRough;')
      .replace(
        '#include <metalnessmap_fragment>',
        kind === 'metal'
          ? '#include <metalnessmap_fragment>\nmetalnessFactor = tMetal;'
          : '#include <metalnessmap_fragment>',
      );
  };
  material.customProgramCacheKey = () => `terrain-${INDEX[kind]}`;
  material.needsUpdate = true;
}
