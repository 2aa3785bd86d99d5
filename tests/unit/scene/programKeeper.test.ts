import {
  BufferGeometry,
  Group,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Scene,
  ShaderMaterial,
  type Object3D,
} from 'three';
import { describe, expect, it } from 'vitest';
import { anchorShaders, checkShaderErrors, keepPrograms } from '../../../src/scene/programKeeper';

describe('keepPrograms (the table keeps every compiled shader program)', () => {
  it('takes one use of each program once, so a material disposed by an ended effect does not release it', () => {
    const kept = new WeakSet<{ usedTimes: number }>();
    const flash = { usedTimes: 1 };
    const dice = { usedTimes: 2 };
    expect(keepPrograms([flash, dice], kept)).toBe(2);
    expect([flash.usedTimes, dice.usedTimes]).toEqual([2, 3]);
    // Drawn again: nothing new to keep, no use taken twice.
    expect(keepPrograms([flash, dice], kept)).toBe(0);
    expect([flash.usedTimes, dice.usedTimes]).toEqual([2, 3]);
    // The effect ends and three releases its material's use: the program is still used once (kept).
    flash.usedTimes--;
    expect(flash.usedTimes).toBe(1);
    const blast = { usedTimes: 1 };
    expect(keepPrograms([flash, dice, blast], kept)).toBe(1);
    expect(blast.usedTimes).toBe(2);
  });

  it('does nothing before the renderer lists any program', () => {
    expect(keepPrograms(undefined, new WeakSet())).toBe(0);
    expect(keepPrograms(null, new WeakSet())).toBe(0);
  });
});

describe('checkShaderErrors (three waits on each program log only where a broken shader must be seen)', () => {
  it('on in development and under automation, off for players; the URL overrides either way', () => {
    expect(checkShaderErrors(false, false, '')).toBe(false);
    expect(checkShaderErrors(true, false, '')).toBe(true);
    expect(checkShaderErrors(false, true, '?rules=blkout')).toBe(true);
    expect(checkShaderErrors(false, true, '?shaderChecks=off')).toBe(false);
    expect(checkShaderErrors(false, false, '?shaderChecks=on')).toBe(true);
    expect(checkShaderErrors(true, false, '?shaderChecks=maybe')).toBe(true);
  });
});

describe('anchorShaders (the warm-up holds the number three gives each custom shader)', () => {
  it('anchors each shader material under the root with a copy compiled on the same object, never disposed', () => {
    const root = new Group();
    const line = new Mesh(
      new BufferGeometry(),
      new ShaderMaterial({ vertexShader: 'void main() {}', defines: { USE_DASH: '' } }),
    );
    const plain = new Mesh(new BufferGeometry(), new MeshBasicMaterial());
    root.add(line, plain);
    const seen: { object: Object3D; material: unknown }[] = [];
    const renderer = {
      compile: (object: Object3D) => seen.push({ object, material: (object as Mesh).material }),
    };
    const camera = new PerspectiveCamera();
    const scene = new Scene();
    expect(anchorShaders(renderer, root, camera, scene)).toBe(1);
    // Compiled once, on the line itself, with a copy of its material (same source and defines)...
    expect(seen).toHaveLength(1);
    expect(seen[0]!.object).toBe(line);
    const copy = seen[0]!.material as ShaderMaterial;
    expect(copy).not.toBe(line.material);
    expect(copy.vertexShader).toBe('void main() {}');
    expect(copy.defines).toEqual({ USE_DASH: '' });
    // ...and the line has its own material back.
    expect(line.material).toBeInstanceOf(ShaderMaterial);
    expect(line.material).not.toBe(copy);
    expect(plain.material).toBeInstanceOf(MeshBasicMaterial);
  });
});
