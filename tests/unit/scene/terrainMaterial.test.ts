import { MeshStandardMaterial, ShaderLib, type WebGLProgramParametersWithUniforms } from 'three';
import { describe, expect, it } from 'vitest';
import { validateScene } from '../../../src/io/sceneFile';
import { applySurface, SURFACE_INDEX, terrainMaterialOf } from '../../../src/scene/terrainMaterial';
import { TERRAIN_MATERIALS } from '../../../src/geometry/sceneTypes';

/** Runs the material's onBeforeCompile over three's own standard shader, as the renderer would. */
function compiled(kind: (typeof TERRAIN_MATERIALS)[number]): {
  vertex: string;
  fragment: string;
  surface: unknown;
  key: string;
} {
  const m = new MeshStandardMaterial();
  applySurface(m, kind);
  const shader = {
    vertexShader: ShaderLib.standard.vertexShader,
    fragmentShader: ShaderLib.standard.fragmentShader,
    uniforms: {} as Record<string, { value: unknown }>,
  };
  m.onBeforeCompile(shader as unknown as WebGLProgramParametersWithUniforms, undefined as never);
  return {
    vertex: shader.vertexShader,
    fragment: shader.fragmentShader,
    surface: shader.uniforms.terrainSurface?.value,
    key: m.customProgramCacheKey(),
  };
}

describe('terrain surfaces', () => {
  it('a piece’s own material wins; otherwise area terrain is foliage and the rest concrete', () => {
    expect(terrainMaterialOf({ kind: 'area' })).toBe('foliage');
    expect(terrainMaterialOf({ kind: 'obstacle' })).toBe('concrete');
    expect(terrainMaterialOf({ kind: 'ruin' })).toBe('concrete');
    expect(terrainMaterialOf({ kind: 'obstacle', material: 'metal' })).toBe('metal');
    expect(terrainMaterialOf({ kind: 'area', material: 'concrete' })).toBe('concrete');
  });

  it('injects into three’s standard shader: every hook it replaces is there, and the uniform picks the surface', () => {
    const shaders = TERRAIN_MATERIALS.map(compiled);
    const { vertex, fragment } = shaders[0]!;
    expect(vertex).toContain('vTerrainWorld = (modelMatrix * vec4(transformed, 1.0)).xyz;');
    expect(vertex).toContain('vTerrainNormal =');
    expect(fragment).toContain('uniform int terrainSurface;');
    // Each surface's call sits in main() after three's colour chunk and before the roughness chunk, under its number.
    const branches = {
      metal: 'if (terrainSurface == 1) diffuseColor.rgb *= metalSurface(vTerrainWorld',
      foliage: 'else if (terrainSurface == 2) diffuseColor.rgb *= foliageSurface(vTerrainWorld',
      concrete: 'else diffuseColor.rgb *= concreteSurface(vTerrainWorld',
    };
    for (const branch of Object.values(branches)) {
      const at = fragment.indexOf(branch);
      expect(at).toBeGreaterThan(fragment.indexOf('float tRough = roughness;'));
      expect(at).toBeLessThan(fragment.indexOf('#include <roughnessmap_fragment>'));
    }
    expect(fragment).toContain('roughnessFactor = tRough;');
    expect(fragment).toContain('metalnessFactor = tMetal;');
    // One program for all three: the same source and cache key; only the uniform's value differs.
    for (const s of shaders) {
      expect(s.vertex).toBe(vertex);
      expect(s.fragment).toBe(fragment);
      expect(s.key).toBe('terrain');
    }
    expect(shaders.map((s) => s.surface)).toEqual(TERRAIN_MATERIALS.map((k) => SURFACE_INDEX[k]));
    expect(SURFACE_INDEX).toEqual({ concrete: 0, metal: 1, foliage: 2 });
  });

  it('the scene file reads a terrain material and names a bad one by its path', () => {
    const scene = (material: string) => ({
      format: 'tabletop-scene/1',
      table: { width: 24, depth: 24 },
      terrain: [{ id: 'c', kind: 'obstacle', shape: 'box', center: [5, 1, 5], size: [2, 2, 2], material }],
    });
    expect(validateScene(scene('metal')).ok).toBe(true);
    const bad = validateScene(scene('marble'));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.issues[0]).toMatchObject({ path: 'terrain[0].material', value: '"marble"' });
  });
});
