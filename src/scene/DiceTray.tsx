/**
 * The 3D dice tray beside the table. When a roll arrives it throws the roll's dice once, in the dice
 * worker (dice3d/thrower.ts; rapier loads there the first time; throw.ts: simulate, read the landed faces, turn each mesh by a
 * symmetry of its solid so the rolled value is up) and plays the recording back frame by frame at
 * the speed setting; Skip jumps to the last frame. Frames are requested only while it plays. The dice
 * of one kind draw as one instanced mesh (a draw call per kind, not per die); each die keeps an empty
 * group pair (its place, and its face turn) that the probe reads its shown face from.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Group, Matrix4, Quaternion, Vector3, type InstancedMesh } from 'three';
import { useStore } from 'zustand';
import { topFace } from '../dice3d/readTop';
import { kindOf, solidOf, DIE_KINDS, type DieKind, type Quat } from '../dice3d/solids';
import { MAX_DICE, seedOf, TRAY, type ThrowRecording } from '../dice3d/throw';
import { prepareDice, throwDiceAway } from '../dice3d/thrower';
import { registerDiceProbe, type DieShown } from '../state/automation';
import { currentDice } from '../state/eventQueue';
import type { TabletopStore } from '../state/store';
import { sharedDieMesh } from './diceMeshes';
import { Walls } from './Walls';

/** Where the tray sits: just off the table's right edge, its long side along the table. */
export function trayPlacement(width: number, depth: number): { position: [number, number, number]; rotationY: number } {
  return { position: [width + 1.5 + TRAY.depth / 2, 0, depth / 2], rotationY: Math.PI / 2 };
}

/** Most recording time one frame advances (a stalled frame does not jump the dice to their end). */
const FRAME_CAP_S = 0.25;

const _q = new Quaternion();
const _q2 = new Quaternion();
const _p = new Vector3();
const _p2 = new Vector3();
const _m = new Matrix4();
const _turn = new Matrix4();

/** A throw on screen: which roll it shows, its recording, and the playback clock (seconds of recording). */
interface Playing {
  key: string;
  recording: ThrowRecording;
  /** Milliseconds from the roll's arrival to the recording (rapier's first load included), and the simulation alone. */
  readyMs: number;
  simulateMs: number;
  t: number;
  done: boolean;
  /** Skip jumped it to its last frame. */
  skipped: boolean;
}

/** Props: the store (the current roll, speed, Skip) and the table size (the tray sits beside it). */
export function DiceTray({ store, width, depth }: { store: TabletopStore; width: number; depth: number }) {
  const log = useStore(store, (s) => s.eventLog);
  const batch = useStore(store, (s) => s.eventBatch);
  const skips = useStore(store, (s) => s.skipCount);
  const invalidate = useThree((s) => s.invalidate);
  const camera = useThree((s) => s.camera);
  const controls = useThree((s) => s.controls) as unknown as { target: Vector3; update: () => void } | null;
  const [playing, setPlaying] = useState<Playing | null>(null);
  const play = useRef<Playing | null>(null);
  // The frame loop and the effects below read the committed roll through the ref.
  useLayoutEffect(() => {
    play.current = playing;
  }, [playing]);
  const dieGroups = useRef<(Group | null)[]>([]);
  const meshGroups = useRef<(Group | null)[]>([]);
  /** Each kind's instanced mesh (the dice of that kind, in throw order). */
  const instanced = useRef(new Map<DieKind, InstancedMesh>());
  /** Copies each die's place and face turn into its kind's instanced mesh (tray coordinates). */
  const writeInstances = (r: ThrowRecording) => {
    const next = new Map<DieKind, number>();
    r.dice.forEach((d, i) => {
      const g = dieGroups.current[i];
      const turn = meshGroups.current[i];
      const mesh = instanced.current.get(d.kind);
      if (!g || !turn || !mesh) return;
      const k = next.get(d.kind) ?? 0;
      next.set(d.kind, k + 1);
      _m.compose(g.position, g.quaternion, g.scale);
      _turn.compose(turn.position, turn.quaternion, turn.scale);
      mesh.setMatrixAt(k, _m.multiply(_turn));
    });
    for (const [kind, mesh] of instanced.current) {
      mesh.count = next.get(kind) ?? 0;
      mesh.instanceMatrix.needsUpdate = true;
    }
  };
  const tray = useRef<Group>(null);
  const place = trayPlacement(width, depth);

  // The dice of the current roll that have a solid, at most MAX_DICE, and a key naming the roll.
  const dice = useMemo(() => {
    const out: { kind: DieKind; value: number; sides: number }[] = [];
    for (const d of currentDice(log, batch)) {
      const kind = kindOf(d.sides, d.name);
      if (kind && out.length < MAX_DICE) out.push({ kind, value: d.value, sides: d.sides });
    }
    return out;
  }, [log, batch]);
  const key = dice.length ? `${batch}:${dice.map((d) => `${d.kind}=${d.value}`).join(',')}` : '';

  // A match on the table will roll: the dice worker starts, and loads rapier, when the page is next idle.
  const inPlay = useStore(store, (s) => s.play !== null);
  useEffect(() => {
    if (!inPlay) return;
    const id = requestIdleCallback(prepareDice, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, [inPlay]);

  // A new roll: throw it once (after rapier loads), then play it from the start.
  useEffect(() => {
    if (!key) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a new roll clears the old throw before rapier throws the new one (a reset keyed on the roll)
      setPlaying(null);
      store.getState().setDiceRolling(false);
      invalidate();
      return;
    }
    store.getState().setDiceRolling(true);
    let cancelled = false;
    setPlaying(null);
    const arrived = performance.now();
    const seed = seedOf([batch, ...dice.flatMap((d) => [d.sides, d.value, DIE_KINDS.indexOf(d.kind)])]);
    // Simulated in the dice worker (rapier loads there on the first throw): the page keeps drawing.
    throwDiceAway(
      dice.map((d) => ({ kind: d.kind, value: d.value })),
      seed,
    )
      .then(({ recording, simulateMs }) => {
        if (cancelled) return;
        const readyMs = performance.now() - arrived;
        setPlaying({ key, recording, t: 0, done: false, skipped: false, readyMs, simulateMs });
        invalidate();
      })
      .catch((e: unknown) => console.error('the dice tray could not load rapier or throw the dice', e));
    return () => {
      cancelled = true;
      store.getState().setDiceRolling(false);
    };
    // `key` names the roll (`dice` and `batch` change with it).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberate: see the comment above
  }, [key]);

  // Skip: the throw jumps to its last frame.
  const lastSkips = useRef(skips);
  useEffect(() => {
    if (skips === lastSkips.current) return;
    lastSkips.current = skips;
    const p = play.current;
    if (p && !p.done) {
      p.t = p.recording.steps * p.recording.stepS;
      p.skipped = true;
      invalidate();
    }
  }, [skips, invalidate]);

  useFrame((state, delta) => {
    const p = play.current;
    if (!p) return;
    const r = p.recording;
    const end = (r.steps - 1) * r.stepS;
    if (!p.done) p.t += Math.min(delta, FRAME_CAP_S) * store.getState().animationSpeed;
    const at = Math.min(p.t, end) / r.stepS;
    const s0 = Math.floor(at),
      s1 = Math.min(s0 + 1, r.steps - 1),
      f = at - s0;
    const n = r.dice.length;
    r.dice.forEach((_, i) => {
      const g = dieGroups.current[i];
      if (!g) return;
      const a = (s0 * n + i) * 7,
        b = (s1 * n + i) * 7;
      const fr = r.frames;
      g.position.copy(_p.set(fr[a]!, fr[a + 1]!, fr[a + 2]!).lerp(_p2.set(fr[b]!, fr[b + 1]!, fr[b + 2]!), f));
      _q.set(fr[a + 3]!, fr[a + 4]!, fr[a + 5]!, fr[a + 6]!);
      _q2.set(fr[b + 3]!, fr[b + 4]!, fr[b + 5]!, fr[b + 6]!);
      g.quaternion.copy(_q).slerp(_q2, f);
    });
    writeInstances(r);
    if (p.t >= end) {
      if (!p.done) {
        p.done = true;
        store.getState().setDiceRolling(false);
        state.invalidate();
      }
    } else state.invalidate();
  });

  useEffect(() => {
    registerDiceProbe({
      status: () => {
        const p = play.current;
        if (!key) return { state: 'idle', dice: 0, steps: 0, readyMs: 0, simulateMs: 0, skipped: false };
        if (!p || p.key !== key)
          return { state: 'loading', dice: dice.length, steps: 0, readyMs: 0, simulateMs: 0, skipped: false };
        const { steps } = p.recording;
        return {
          state: p.done ? 'done' : 'playing',
          dice: dice.length,
          steps,
          readyMs: p.readyMs,
          simulateMs: p.simulateMs,
          skipped: p.skipped,
        };
      },
      shown: () => {
        const p = play.current;
        if (!p) return key ? null : [];
        if (!p.done || p.key !== key) return null;
        return p.recording.dice.map((d, i): DieShown => {
          const solid = solidOf(d.kind);
          const mesh = meshGroups.current[i];
          const q = mesh ? mesh.getWorldQuaternion(new Quaternion()) : new Quaternion(NaN, NaN, NaN, NaN);
          const top = topFace(solid, [q.x, q.y, q.z, q.w]);
          const face = solid.faces[top.face]!;
          return {
            kind: d.kind,
            sides: solid.sides,
            rolled: d.value,
            shown: face.label,
            shownValue: face.value,
            up: top.up,
          };
        });
      },
      view: () => {
        const c = tray.current?.getWorldPosition(new Vector3()) ?? new Vector3(...place.position);
        // From the tray's outer long side, 60 degrees up, the whole tray in view; aimed off its centre so
        // the tray sits right of the play panel and above the battle log.
        const aim = new Vector3(c.x + 2.6, c.y, c.z + 2.5);
        camera.position.set(aim.x + 8.5, aim.y + 15, aim.z);
        if (controls) {
          controls.target.copy(aim);
          controls.update();
        } else camera.lookAt(aim);
        invalidate();
      },
    });
    return () => registerDiceProbe(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the probe follows the roll (`key`) and the tray's place, read from those
  }, [key, camera, controls, invalidate, place.position[0], place.position[2]]);

  // The kinds the throw on screen uses, each drawn by one instanced mesh.
  const kinds = playing ? [...new Set(playing.recording.dice.map((d) => d.kind))] : [];
  return (
    <group ref={tray} position={place.position} rotation={[0, place.rotationY, 0]} name="dice-tray">
      <Walls />
      {playing?.recording.dice.map((d, i) => {
        const turn: Quat = d.turn;
        return (
          <group
            key={`${playing.key}:${i}`}
            ref={(g) => {
              dieGroups.current[i] = g;
            }}
          >
            <group
              ref={(g) => {
                meshGroups.current[i] = g;
              }}
              quaternion={turn}
            />
          </group>
        );
      })}
      {kinds.map((kind) => {
        const m = sharedDieMesh(kind);
        return (
          <instancedMesh
            key={`${playing!.key}:${kind}`}
            args={[m.geometry, m.material, MAX_DICE]}
            count={0}
            castShadow
            receiveShadow
            frustumCulled={false}
            name={`dice:${kind}`}
            ref={(mesh) => {
              if (mesh) instanced.current.set(kind, mesh);
              else instanced.current.delete(kind);
            }}
          />
        );
      })}
    </group>
  );
}
