/**
 * One throw of the 3D dice, simulated once with rapier and recorded: the dice fall into a walled tray
 * (convex-hull colliders, a floor, walls and a lid), the world steps until every die is at rest (or a
 * step cap), the face that landed up is read from each settled body, and each die's mesh is given a
 * symmetry turn of its solid that carries the rolled value's face onto the landed face. The physics
 * is left as it ran; the screen replays the recording, never a second simulation (which could drift).
 * Start positions, velocities and spins come from a small PRNG seeded by the roll itself.
 *
 * Rapier is passed in (loaded lazily by the caller): this module holds only a type import of it.
 */
import type RAPIER from '@dimforge/rapier3d-compat';
import { topFace } from './readTop';
import { faceWithValue, solidOf, type DieKind, type Quat, type Vec3 } from './solids';

/** The rapier module, as `await import('@dimforge/rapier3d-compat')` gives it after `init()`. */
export type Rapier = typeof RAPIER;

/** One die to throw: its kind and the value the seeded RNG rolled for it. */
export interface DieRequest {
  kind: DieKind;
  value: number;
}

/** The tray's inside in inches (floor at y = 0, centred on x = z = 0). */
export interface TraySize {
  width: number;
  depth: number;
}

/** The default tray: 11" by 8" inside. */
export const TRAY: TraySize = { width: 11, depth: 8 };
/** Height of the tray's visible walls (the physics walls go up to the lid, so nothing leaves). */
export const WALL_HEIGHT = 1.2;
/** Most dice thrown at once; the rest of a bigger roll is left to the 2D tray. */
export const MAX_DICE = 12;

/** Physics step: 120 per second; the recording holds every step. */
export const STEP_S = 1 / 120;
/** Step cap: 8 seconds of simulated time. */
export const MAX_STEPS = 960;
/** Gravity in inches per second squared. */
const GRAVITY = 386.1;
/** A die is at rest below these speeds (inches/s, radians/s) ... */
const REST_LINEAR = 0.6;
const REST_ANGULAR = 0.6;
/** ... for this many steps in a row (a quarter second). */
const REST_STEPS = 30;
/** Throws tried before the flattest is kept: a die leaning on a wall or another die is thrown again. */
const ATTEMPTS = 4;
/** A face is flat on the tray when its normal is within about 11 degrees of up. */
export const FLAT = 0.98;
const LID = 7;

/** A die of a recorded throw. */
export interface ThrownDie extends DieRequest {
  /** The face (index into the solid's faces) that landed up on the simulated body. */
  landedFace: number;
  /** How level that face lies (the y of its world normal). */
  up: number;
  /** The mesh's rotation relative to its body: a rotation of the solid onto itself. */
  turn: Quat;
  /** The body's settled pose. */
  position: Vec3;
  rotation: Quat;
}

/** A recorded throw: `frames[(step * dice + i) * 7 ..]` is die i's position xyz and quaternion xyzw. */
export interface ThrowRecording {
  dice: ThrownDie[];
  steps: number;
  stepS: number;
  frames: Float32Array;
  /** Whether every die came to rest before the step cap. */
  settled: boolean;
  /** Which attempt was kept (0: the first throw). */
  attempt: number;
  tray: TraySize;
}

/** A small seeded PRNG (mulberry32): the throw's only source of chance. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from a list of numbers (FNV-1a over their 32-bit words): a roll's batch and dice. */
export function seedOf(numbers: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const n of numbers) {
    let v = Math.trunc(n) >>> 0;
    for (let b = 0; b < 4; b++) {
      h ^= v & 0xff;
      h = Math.imul(h, 0x01000193) >>> 0;
      v >>>= 8;
    }
  }
  return h >>> 0;
}

/** A uniformly random rotation from three uniform numbers (Shoemake). */
function randomQuat(r: () => number): Quat {
  const u1 = r(),
    u2 = r() * 2 * Math.PI,
    u3 = r() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1),
    b = Math.sqrt(u1);
  return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
}

/** Simulates one attempt: the recording and each die's settled pose, before any relabelling. */
function simulate(R: Rapier, kinds: readonly DieKind[], seed: number, tray: TraySize) {
  const r = prng(seed);
  const world = new R.World({ x: 0, y: -GRAVITY, z: 0 });
  try {
    world.timestep = STEP_S;
    const hw = tray.width / 2,
      hd = tray.depth / 2,
      t = 1;
    const fixed = (x: number, y: number, z: number, hx: number, hy: number, hz: number, friction: number) =>
      world.createCollider(
        R.ColliderDesc.cuboid(hx, hy, hz).setTranslation(x, y, z).setFriction(friction).setRestitution(0.25),
      );
    fixed(0, -t, 0, hw + 2 * t, t, hd + 2 * t, 0.7); // felt floor
    fixed(0, LID + t, 0, hw + 2 * t, t, hd + 2 * t, 0.3); // lid
    fixed(-hw - t, LID / 2, 0, t, LID / 2, hd + 2 * t, 0.3);
    fixed(hw + t, LID / 2, 0, t, LID / 2, hd + 2 * t, 0.3);
    fixed(0, LID / 2, -hd - t, hw + 2 * t, LID / 2, t, 0.3);
    fixed(0, LID / 2, hd + t, hw + 2 * t, LID / 2, t, 0.3);

    // Dice start in a grid by the left wall, a little apart and stacked in height, thrown to the right.
    const rows = Math.max(1, Math.ceil(kinds.length / 3));
    const spacing = Math.min(1.6, (tray.depth - 1.6) / Math.max(rows - 1, 1));
    const bodies = kinds.map((kind, i) => {
      const solid = solidOf(kind);
      const col = i % 3,
        row = Math.floor(i / 3);
      const x = -hw + 1 + col * 1.5 + r() * 0.2;
      const z = (row - (rows - 1) / 2) * spacing + (r() - 0.5) * 0.2;
      const y = 2.2 + col * 0.4 + r() * 1.2;
      const q = randomQuat(r);
      const body = world.createRigidBody(
        R.RigidBodyDesc.dynamic()
          .setTranslation(x, y, z)
          .setRotation({ x: q[0], y: q[1], z: q[2], w: q[3] })
          .setLinvel(22 + r() * 22, 4 - r() * 10, (r() - 0.5) * 20)
          .setAngvel({ x: (r() - 0.5) * 50, y: (r() - 0.5) * 50, z: (r() - 0.5) * 50 })
          .setLinearDamping(0.15)
          .setAngularDamping(0.3)
          .setCcdEnabled(true),
      );
      const points = new Float32Array(solid.vertices.flat());
      const desc = R.ColliderDesc.convexHull(points);
      if (!desc) throw new Error(`rapier could not build the ${kind}'s hull`);
      world.createCollider(desc.setDensity(1).setFriction(0.45).setRestitution(0.35), body);
      return body;
    });

    const n = bodies.length;
    const chunks: Float32Array[] = [];
    let still = 0,
      steps = 0;
    while (steps < MAX_STEPS && still < REST_STEPS) {
      world.step();
      const frame = new Float32Array(n * 7);
      let resting = true;
      bodies.forEach((b, i) => {
        const p = b.translation(),
          q = b.rotation();
        frame.set([p.x, p.y, p.z, q.x, q.y, q.z, q.w], i * 7);
        if (b.isSleeping()) return;
        const v = b.linvel(),
          w = b.angvel();
        if (Math.hypot(v.x, v.y, v.z) > REST_LINEAR || Math.hypot(w.x, w.y, w.z) > REST_ANGULAR) resting = false;
      });
      chunks.push(frame);
      steps++;
      still = resting ? still + 1 : 0;
    }
    const frames = new Float32Array(steps * n * 7);
    chunks.forEach((c, s) => frames.set(c, s * n * 7));
    // The settled pose, read from the bodies themselves (the recording's last frame must match it).
    const poses = bodies.map((b) => {
      const p = b.translation(),
        q = b.rotation();
      return { position: [p.x, p.y, p.z] as Vec3, rotation: [q.x, q.y, q.z, q.w] as Quat };
    });
    return { frames, steps, settled: still >= REST_STEPS, poses };
  } finally {
    world.free();
  }
}

/**
 * Throws the dice (at most MAX_DICE; callers pass fewer) and relabels them so each shows its rolled
 * value. `seed` comes from the roll (see `seedOf`); the same roll gives the same throw.
 */
export function throwDice(R: Rapier, dice: readonly DieRequest[], seed: number, tray: TraySize = TRAY): ThrowRecording {
  if (dice.length > MAX_DICE) throw new RangeError(`at most ${MAX_DICE} dice are thrown at once`);
  const kinds = dice.map((d) => d.kind);
  let best: (ReturnType<typeof simulate> & { attempt: number; lowest: number }) | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const run = simulate(R, kinds, seedOf([seed, attempt]), tray);
    const lowest = Math.min(...run.poses.map((p, i) => topFace(solidOf(kinds[i]!), p.rotation).up));
    if (!best || lowest > best.lowest) best = { ...run, attempt, lowest };
    if (run.settled && lowest >= FLAT) break;
  }
  const run = best!;
  return {
    dice: dice.map((d, i) => {
      const solid = solidOf(d.kind);
      const pose = run.poses[i]!;
      const landed = topFace(solid, pose.rotation);
      const g = faceWithValue(solid, d.value);
      const turn = solid.rotations[solid.turn[g]![landed.face]!]!;
      return { ...d, landedFace: landed.face, up: landed.up, turn, position: pose.position, rotation: pose.rotation };
    }),
    steps: run.steps,
    stepS: STEP_S,
    frames: run.frames,
    settled: run.settled,
    attempt: run.attempt,
    tray,
  };
}
