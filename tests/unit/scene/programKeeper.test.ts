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
    // The effect ends and three releases its material's use: the program is still used once (kept), and the
    // keeper takes no second use of it; a new program is kept.
    flash.usedTimes--;
    const blast = { usedTimes: 1 };
    expect(keepPrograms([flash, dice, blast], kept)).toBe(1);
    expect([flash.usedTimes, dice.usedTimes, blast.usedTimes]).toEqual([1, 3, 2]);
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
  it('anchors each shader source once, with a copy compiled on the same object and never disposed', () => {
    const root = new Group();
    const source = { vertexShader: 'void main() {}', fragmentShader: 'void main() { gl_FragColor = vec4(1.0); }' };
    const dashed = new ShaderMaterial({ ...source, defines: { USE_DASH: '' } });
    const line = new Mesh(new BufferGeometry(), dashed);
    // The same source again (a line without dashes): its number is already held.
    const plainLine = new Mesh(new BufferGeometry(), new ShaderMaterial({ ...source }));
    const other = new Mesh(new BufferGeometry(), new ShaderMaterial({ vertexShader: 'void main() { }' }));
    const plain = new Mesh(new BufferGeometry(), new MeshBasicMaterial());
    root.add(line, plainLine, other, plain);
    const seen: { object: Object3D; material: ShaderMaterial }[] = [];
    const renderer = {
      compile: (object: Object3D) => seen.push({ object, material: (object as Mesh).material as ShaderMaterial }),
    };
    const camera = new PerspectiveCamera();
    const scene = new Scene();
    expect(anchorShaders(renderer, root, camera, scene)).toBe(2);
    // Compiled on the line itself, with a copy of its material (same source and defines)...
    expect(seen.map((s) => s.object)).toEqual([line, other]);
    const copy = seen[0]!.material;
    expect(copy).not.toBe(dashed);
    expect(copy.vertexShader).toBe(source.vertexShader);
    expect(copy.fragmentShader).toBe(source.fragmentShader);
    expect(copy.defines).toEqual({ USE_DASH: '' });
    // ...and each object has its own material back.
    expect(line.material).toBe(dashed);
    expect(other.material).not.toBe(seen[1]!.material);
    expect(plain.material).toBeInstanceOf(MeshBasicMaterial);
    // A second warm-up pass over the same sources anchors nothing more.
    expect(anchorShaders(renderer, root, camera, scene)).toBe(0);
    expect(seen).toHaveLength(2);
  });

  it('leaves out of the copy a define the line material adds in its own compile hook (after three took the key)', () => {
    const root = new Group();
    // A see-through line after its first compile: three-stdlib's hook has added USE_LINE_COLOR_ALPHA.
    const seeThrough = new ShaderMaterial({ vertexShader: 'void main() {}', defines: { USE_LINE_COLOR_ALPHA: 1 } });
    root.add(new Mesh(new BufferGeometry(), seeThrough));
    const copies: ShaderMaterial[] = [];
    const renderer = { compile: (object: Object3D) => copies.push((object as Mesh).material as ShaderMaterial) };
    anchorShaders(renderer, root, new PerspectiveCamera(), new Scene());
    expect(copies[0]!.defines).toEqual({});
    expect(seeThrough.defines).toEqual({ USE_LINE_COLOR_ALPHA: 1 });
  });
});
