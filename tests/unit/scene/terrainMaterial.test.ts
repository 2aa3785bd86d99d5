import { MeshStandardMaterial, ShaderLib, type WebGLProgramParametersWithUniforms } from 'three';
import { describe, expect, it } from 'vitest';
import { validateScene } from '../../../src/io/sceneFile';
import { applySurface, terrainMaterialOf } from '../../../src/scene/terrainMaterial';
import { TERRAIN_MATERIALS } from '../../../src/geometry/sceneTypes';

/** Runs the material's onBeforeCompile over three's own standard shader, as the renderer would. */
function compiled(kind: (typeof TERRAIN_MATERIALS)[number]): { vertex: string; fragment: string } {
  const m = new MeshStandardMaterial();
  applySurface(m, kind);
  const shader = {
    vertexShader: ShaderLib.standard.vertexShader,
    fragmentShader: ShaderLib.standard.fragmentShader,
    uniforms: {},
  } as unknown as WebGLProgramParametersWithUniforms;
  m.onBeforeCompile(shader, undefined as never);
  return { vertex: shader.vertexShader, fragment: shader.fragmentShader };
}

describe('terrain surfaces', () => {
  it('a piece’s own material wins; otherwise area terrain is foliage and the rest concrete', () => {
    expect(terrainMaterialOf({ kind: 'area' })).toBe('foliage');
    expect(terrainMaterialOf({ kind: 'obstacle' })).toBe('concrete');
    expect(terrainMaterialOf({ kind: 'ruin' })).toBe('concrete');
    expect(terrainMaterialOf({ kind: 'obstacle', material: 'metal' })).toBe('metal');
    expect(terrainMaterialOf({ kind: 'area', material: 'concrete' })).toBe('concrete');
  });

  it('injects into three’s standard shader: every hook it replaces is there, and each surface is applied', () => {
    const functions = { concrete: 'concreteSurface(', metal: 'metalSurface(', foliage: 'foliageSurface(' };
    for (const kind of TERRAIN_MATERIALS) {
      const { vertex, fragment } = compiled(kind);
      expect(vertex).toContain('vTerrainWorld = (modelMatrix * vec4(transformed, 1.0)).xyz;');
      expect(vertex).toContain('vTerrainNormal =');
      // The call sits in main() after three's colour chunk; the other surfaces' calls are absent.
      const at = fragment.indexOf(`${functions[kind]}vTerrainWorld`);
      expect(at).toBeGreaterThan(fragment.indexOf('float tRough = roughness;'));
      expect(at).toBeLessThan(fragment.indexOf('#include <roughnessmap_fragment>'));
      for (const other of TERRAIN_MATERIALS.filter((k) => k !== kind))
        expect(fragment).not.toContain(`${functions[other]}vTerrainWorld`);
      expect(fragment).toContain('roughnessFactor = tRough;');
      expect(fragment.includes('metalnessFactor = tMetal;')).toBe(kind === 'metal');
    }
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
