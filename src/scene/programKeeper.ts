/**
 * Keeps every shader program the table has compiled for the page's life. The battle's effects (a
 * shot's flash, a blast, the dice) mount materials and dispose of them when they end; three.js then
 * releases a program no material uses, so the next shot compiled it again. With software WebGL
 * (SwiftShader) one compile blocks the main thread for 0.2-1 s: in a profile of 30 s of AI v AI play,
 * 7.7 s of the page's 10 s of work was recompiling these programs. Holding one extra use of each
 * program keeps it cached; they are few (one per material variant), so the memory is bounded.
 */

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
