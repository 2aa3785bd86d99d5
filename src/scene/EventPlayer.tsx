/**
 * Plays the head of the event queue: its table effect (engine/effects.ts), every kind drawn, exhaustively
 * (sizes that change every frame go on the meshes' scale, so no geometry is rebuilt while an effect plays):
 * a tracer and muzzle flash for a shot (an impact flash when it hits), a blast or template coming down, a
 * strike's flash, a move's path, a fall's streak, a smoke token billowing, a rising damage number, a jam's
 * puff and label, a red pulse for a model going down or removed. When the event's
 * time is up (scaled by the speed setting) it tells the store, and the next one starts.
 */
import { Html, Line } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { unknownEffect } from '../rules/engine/effects';
import { animationMs } from '../state/eventQueue';
import { effectOf, motionKind, mover, type TimedEvent } from '../state/motionTiming';
import type { TabletopStore } from '../state/store';
import type { Model } from '../geometry/sceneTypes';
import { aimOf, displayPoses, routeLength, TURN_SHARE, type Playhead, type RouteOf } from './motion';
import { render } from '../i18n/i18n';
import { msg } from '../rules/engine/message';

type V3 = [number, number, number];

function centre(m: Model | undefined, at = 0.6): V3 | null {
  return m ? [m.position[0], m.position[1] + m.height * at, m.position[2]] : null;
}

function ShotEffect({ from, to, hit, t }: { from: V3; to: V3; hit: boolean; t: number }) {
  const head = Math.min(1, t / 0.6);
  const tip: V3 = [
    from[0] + (to[0] - from[0]) * head,
    from[1] + (to[1] - from[1]) * head,
    from[2] + (to[2] - from[2]) * head,
  ];
  const tail = Math.max(0, head - 0.35);
  const start: V3 = [
    from[0] + (to[0] - from[0]) * tail,
    from[1] + (to[1] - from[1]) * tail,
    from[2] + (to[2] - from[2]) * tail,
  ];
  return (
    <group>
      {t < 0.25 && (
        <mesh position={from} scale={Math.max(0.001, 0.25 * (1 - t * 3))}>
          <sphereGeometry args={[1, 12, 12]} />
          <meshBasicMaterial color="#ffe9a8" />
        </mesh>
      )}
      {t < 0.8 && <Line points={[start, tip]} color="#fff1b0" lineWidth={4} />}
      {hit && t >= 0.6 && (
        <mesh position={to} scale={0.2 + (t - 0.6) * 1.2}>
          <sphereGeometry args={[1, 16, 16]} />
          <meshBasicMaterial color="#ff7b3a" transparent opacity={Math.max(0, 1 - (t - 0.6) * 2.5)} />
        </mesh>
      )}
    </group>
  );
}

/** The effect an event shows, drawn at time `t` (0..1) of its play: every kind of TableEffect, exhaustively. */
function Effect({
  event,
  models,
  t: time,
  route,
}: {
  event: TimedEvent;
  models: readonly Model[];
  t: number;
  /** The measured route a glide follows (the line is drawn along it), or null. */
  route: readonly (readonly [number, number, number])[] | null;
}) {
  const x = effectOf(event);
  if (!x) return null;
  const byId = (id: string) => models.find((m) => m.id === id);
  // An aimed effect's actor turns to its target first (motion.ts): the effect plays in the time after the turn.
  const aimed = aimOf(event) !== null;
  if (aimed && time < TURN_SHARE) return null;
  const t = aimed ? (time - TURN_SHARE) / (1 - TURN_SHARE) : time;
  switch (x.kind) {
    case 'shot': {
      const from = centre(byId(x.from), 0.85);
      const to = centre(byId(x.to));
      return from && to ? <ShotEffect from={from} to={to} hit={x.hit} t={t} /> : null;
    }
    case 'status':
      return <StatusEffect model={byId(x.model)} change={x.change} amount={x.amount} t={t} />;
    case 'blast': {
      // The round flies in an arc from its firer for the first half, then the blast grows to its radius.
      const from = x.from ? centre(byId(x.from), 0.85) : null;
      const at = x.at;
      const radius = x.radius;
      const fly = Math.min(1, t / 0.45);
      const arc: V3 | null = from
        ? [
            from[0] + (at[0] - from[0]) * fly,
            from[1] + (at[1] - from[1]) * fly + Math.sin(Math.PI * fly) * 3,
            from[2] + (at[2] - from[2]) * fly,
          ]
        : null;
      const boom = Math.max(0, (t - 0.45) / 0.55);
      return (
        <group>
          {arc && t < 0.45 && (
            <mesh position={arc}>
              <sphereGeometry args={[0.15, 10, 10]} />
              <meshBasicMaterial color="#ffe9a8" />
            </mesh>
          )}
          {boom > 0 && (
            <>
              <mesh position={[at[0], at[1] + 0.3, at[2]]} scale={0.3 + boom * (radius + 0.5)}>
                <sphereGeometry args={[1, 20, 16]} />
                <meshBasicMaterial color="#ff7b3a" transparent opacity={Math.max(0, 0.85 - boom)} depthWrite={false} />
              </mesh>
              <mesh position={[at[0], at[1] + 0.03, at[2]]} rotation={[-Math.PI / 2, 0, 0]}>
                <ringGeometry args={[radius + 0.45, radius + 0.55, 48]} />
                <meshBasicMaterial color="#ffb23f" transparent opacity={1 - boom * 0.6} depthWrite={false} />
              </mesh>
            </>
          )}
        </group>
      );
    }
    case 'move': {
      // The path taken: a line from where the model stood to where it goes (the model itself moves along it).
      if (!x.from) return null;
      return (
        <group>
          <Line
            points={(route && route.length > 2 ? route : [x.from, x.to]).map((p): V3 => [p[0], p[1] + 0.05, p[2]])}
            color="#7fe0ff"
            lineWidth={3}
            dashed
            dashSize={0.4}
            gapSize={0.25}
            transparent
            opacity={1 - t * 0.7}
          />
        </group>
      );
    }
    case 'fall': {
      // A fall: a red streak from where it went over the edge straight down to where it lands.
      const { to, height: h } = x;
      const y = to[1] + h * (1 - Math.min(1, t / 0.6));
      return (
        <group>
          <Line
            points={[
              [to[0], to[1] + h + 0.5, to[2]],
              [to[0], to[1] + 0.05, to[2]],
            ]}
            color="#ff8a5c"
            lineWidth={3}
            dashed
            dashSize={0.3}
            gapSize={0.2}
            transparent
            opacity={1 - t * 0.7}
          />
          <mesh position={[to[0], y + 0.05, to[2]]} rotation={[-Math.PI / 2, 0, 0]}>
            <ringGeometry args={[0.45, 0.6, 32]} />
            <meshBasicMaterial color="#ff8a5c" transparent opacity={1 - t * 0.5} depthWrite={false} />
          </mesh>
        </group>
      );
    }
    case 'strike': {
      // Close quarters: a flash that pulses between the two bases.
      const a = centre(byId(x.a), 0.6),
        b = centre(byId(x.b), 0.6);
      if (!a || !b) return null;
      const mid: V3 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
      const pulse = 0.25 + 0.35 * Math.abs(Math.sin(t * Math.PI * 3));
      return (
        <group>
          <Line points={[a, b]} color="#ff5a36" lineWidth={5} transparent opacity={1 - t * 0.6} />
          <mesh position={mid} scale={pulse}>
            <sphereGeometry args={[1, 16, 16]} />
            <meshBasicMaterial color="#ffd23f" transparent opacity={1 - t * 0.8} depthWrite={false} />
          </mesh>
        </group>
      );
    }
    case 'marker': {
      // A smoke token billows out to its 3" cloud.
      const at = x.at;
      return (
        <mesh position={[at[0], at[1] + 0.8 + t, at[2]]} scale={0.4 + t * 2.6}>
          <sphereGeometry args={[1, 20, 16]} />
          <meshBasicMaterial color="#cfd6dc" transparent opacity={0.55 * (1 - t)} depthWrite={false} />
        </mesh>
      );
    }
    case 'dice':
    case 'window':
      // The dice tray shows the dice, the panel the reaction prompt: the table only pauses for them.
      return null;
    default:
      return unknownEffect(x);
  }
}

/** A model's change of state: a rising damage number, a jammed weapon's puff and label, a red pulse when it goes down or leaves. */
function StatusEffect({
  model,
  change,
  amount,
  t,
}: {
  model: Model | undefined;
  change: 'damage' | 'down' | 'removed' | 'jammed';
  amount: number | null;
  t: number;
}) {
  if (!model) return null;
  switch (change) {
    case 'damage': {
      const at = centre(model, 1)!;
      return (
        <Html
          pointerEvents="none"
          position={[at[0], at[1] + 0.4 + t * 1.2, at[2]]}
          center
          className="label"
          zIndexRange={[40, 30]}
        >
          <span className="damage-number" style={{ opacity: 1 - t * 0.8 }}>
            -{String(amount ?? 1)}
          </span>
        </Html>
      );
    }
    case 'jammed': {
      const at = centre(model, 0.8)!;
      const shake = Math.sin(t * Math.PI * 10) * 0.08 * (1 - t);
      return (
        <group>
          <mesh position={at} scale={0.2 + t * 0.5}>
            <sphereGeometry args={[1, 12, 12]} />
            <meshBasicMaterial color="#9aa3ab" transparent opacity={0.7 * (1 - t)} depthWrite={false} />
          </mesh>
          <Html
            pointerEvents="none"
            position={[at[0] + shake, at[1] + 0.6 + t * 0.5, at[2]]}
            center
            className="label"
            zIndexRange={[40, 30]}
          >
            <span className="damage-number jam-label" style={{ opacity: 1 - t * 0.6 }}>
              {render(msg('ui:scene.jammed'))}
            </span>
          </Html>
        </group>
      );
    }
    case 'down':
    case 'removed':
      return (
        <mesh
          position={[model.position[0], model.position[1] + 0.03, model.position[2]]}
          rotation={[-Math.PI / 2, 0, 0]}
          scale={1 + t * 4}
        >
          <ringGeometry args={[0.3, 0.45, 40]} />
          <meshBasicMaterial color="#ff3b3b" transparent opacity={1 - t} depthWrite={false} />
        </mesh>
      );
  }
}

/**
 * Props: the store (queue, speed), the models on the table, and the playhead it fills each frame with
 * the poses the models are drawn at (motion.ts). While the queue holds events it asks for frames (the
 * canvas renders on demand); with the queue empty it asks for none.
 */
export function EventPlayer({
  store,
  models,
  playhead,
  routeOf,
}: {
  store: TabletopStore;
  models: readonly Model[];
  playhead?: Playhead;
  /** The measured route of a glide (asked once per event), or none: moves glide straight. */
  routeOf?: RouteOf;
}) {
  const head = useStore(store, (s) => s.eventQueue[0] ?? null);
  const speed = useStore(store, (s) => s.animationSpeed);
  const invalidate = useThree((s) => s.invalidate);
  const started = useRef<{ event: TimedEvent; at: number } | null>(null);
  const [t, setT] = useState(0);
  // A new head (or Skip emptying the queue) needs a frame even when nothing else asks for one.
  useEffect(() => invalidate(), [head, invalidate]);
  // Before the models' frame callbacks (priority -1), so they draw this frame's poses.
  useFrame((state) => {
    if (!head) {
      started.current = null;
      if (playhead && playhead.poses.size > 0) playhead.poses = new Map();
      return;
    }
    state.invalidate();
    const now = state.clock.elapsedTime * 1000;
    if (started.current?.event !== head) started.current = { event: head, at: now };
    // A glide along a measured route takes the route's length at the glide's pace, not the straight line's.
    const route = motionKind(head) === 'glide' && mover(head) ? (routeOf?.(head) ?? null) : null;
    const ms = animationMs(head, speed, route && route.length > 2 ? routeLength(route) : undefined);
    const progress = ms > 0 ? (now - started.current.at) / ms : 1;
    if (playhead) playhead.poses = displayPoses(store.getState().eventQueue, Math.min(progress, 1), models, routeOf);
    if (progress >= 1) {
      started.current = null;
      store.getState().finishEvent();
      setT(0);
    } else {
      setT(progress);
    }
  }, -1);
  const route = head && motionKind(head) === 'glide' && mover(head) ? (routeOf?.(head) ?? null) : null;
  return head ? <Effect event={head} models={models} t={t} route={route} /> : null;
}
