/**
 * Keeps every shader program the table has compiled for the page's life. The battle's effects (a
 * shot's flash, a blast, the dice) mount materials and dispose of them when they end; three.js then
 * releases a program no material uses, so the next shot compiled it again. With software WebGL
 * (SwiftShader) one compile blocks the main thread for 0.2-1 s: in a profile of 30 s of AI v AI play,
 * 7.7 s of the page's 10 s of work was recompiling these programs. Holding one extra use of each
 * program keeps it cached; they are few (one per material variant), so the memory is bounded.
 */

import type { Camera, Material, Object3D, Scene, ShaderMaterial } from 'three';

/** A program as three's renderer lists it (`renderer.info.programs`): its count of users. */
export type Program = { usedTimes: number };

/** Takes one use of every program not yet kept (a pure step, tested on its own). */
export function keepPrograms(programs: readonly Program[] | null | undefined, kept: WeakSet<Program>): number {
  let added = 0;
  for (const p of programs ?? []) {
    if (kept.has(p)) continue;
    kept.add(p);
    p.usedTimes++;
    added++;
  }
  return added;
}

const keptByRenderer = new WeakMap<object, WeakSet<Program>>();

/** The programs kept for a renderer (the keeper after each frame and the warm-up share one set, so no program is kept twice). */
export function keptPrograms(renderer: object): WeakSet<Program> {
  let kept = keptByRenderer.get(renderer);
  if (!kept) keptByRenderer.set(renderer, (kept = new WeakSet()));
  return kept;
}

/**
 * Whether three checks each program's compile and link logs when it is first used. That check waits
 * for the compile on the page's thread (`getProgramInfoLog`): on in development and under automation
 * (a test must see a broken shader), off for players, where the warm-up's programs finish compiling
 * off the thread. `?shaderChecks=on|off` overrides (the benches measure what players get).
 */
export function checkShaderErrors(dev: boolean, automated: boolean, search: string): boolean {
  const asked = new URLSearchParams(search).get('shaderChecks');
  if (asked === 'on' || asked === 'off') return asked === 'on';
  return dev || automated;
}

/** What anchoring needs of three's renderer: its compile over one object, with the scene's lights. */
interface Compiler {
  compile(object: Object3D, camera: Camera, scene: Scene): unknown;
}

/** What a renderer's anchors hold: the copies, and each shader source pair already anchored. */
const anchorsByRenderer = new WeakMap<object, { copies: Material[]; sources: Set<string> }>();

/**
 * Defines a material's own compile hook adds after three has taken the program's key: three-stdlib's
 * line material adds `USE_LINE_COLOR_ALPHA` to a see-through line's defines in its onBeforeCompile. A
 * copy taken afterwards would carry it into its key and compile a program of its own.
 */
const ADDED_AT_COMPILE = ['USE_LINE_COLOR_ALPHA'];

/**
 * Holds the number three gives each custom shader's source. three numbers the source of every
 * ShaderMaterial (drei's line material among them) while a material uses it, and the number is part
 * of the program's key. When the last material with that source is disposed (an effect ends, the
 * warm-up unmounts), the number is freed and the next material with the same source gets a new one:
 * a new key, so the kept program is not found and the same program compiles again in play (22 of
 * them in 40 s of one AI game). For each shader source under `root` not yet anchored, a copy of its
 * first material, compiled on the same object (so on the same program), is kept and never disposed:
 * the number stays taken. Returns how many sources were anchored.
 */
export function anchorShaders(renderer: Compiler, root: Object3D, camera: Camera, scene: Scene): number {
  let anchors = anchorsByRenderer.get(renderer);
  if (!anchors) anchorsByRenderer.set(renderer, (anchors = { copies: [], sources: new Set() }));
  const held = anchors;
  let added = 0;
  root.traverse((o) => {
    const object = o as Object3D & { material?: Material | Material[] };
    const material = object.material;
    if (!material || Array.isArray(material) || !(material as ShaderMaterial).isShaderMaterial) return;
    const shader = material as ShaderMaterial;
    const source = `${shader.vertexShader}\0${shader.fragmentShader}`;
    if (held.sources.has(source)) return;
    const copy = shader.clone();
    for (const name of ADDED_AT_COMPILE) delete copy.defines[name];
    object.material = copy;
    try {
      renderer.compile(object, camera, scene);
    } finally {
      object.material = material;
    }
    held.sources.add(source);
    held.copies.push(copy);
    added++;
  });
  return added;
}
