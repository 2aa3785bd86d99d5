/**
 * Table-tool overlays: the dragged model's path and ghost, the reach heat map, live distances and
 * LOS badges, sight rays, and the tape. Labels are DOM (drei Html) so they stay sharp on stream.
 */
import { Html, Line } from '@react-three/drei';
import { useEffect, useMemo } from 'react';
import { CanvasTexture, NearestFilter, SRGBColorSpace } from 'three';
import type { LosBadgeFacts } from '../state/geometryService';
import { badgeText, shieldFor } from '../state/losBadge';
import type { SightRay } from '../geometry/reference';
import type { Model } from '../geometry/sceneTypes';
import type { ReachGrid } from '../movement/reach';
import type { MovePath } from '../movement/path';
import { baseRadius } from '../geometry/units';
import { useSay, useUi } from '../i18n/useSay';
import { inchesText } from '../i18n/i18n';
import { msg } from '../rules/engine/message';

/** A fall from the dragged model's level at the cursor: its height and landing spot. */
export interface FallPreview {
  at: [number, number, number];
  height: number;
  landing: [number, number, number] | null;
}

function FallMarker({ fall, radius }: { fall: FallPreview; radius: number }) {
  const ui = useUi();
  const [x, y, z] = fall.at;
  return (
    <group>
      {fall.landing && (
        <>
          <Line
            points={[
              [x, y, z],
              [fall.landing[0], fall.landing[1] + 0.05, fall.landing[2]],
            ]}
            color="#ff9b3d"
            lineWidth={2}
            dashed
            dashSize={0.3}
            gapSize={0.2}
          />
          <mesh position={[fall.landing[0], fall.landing[1] + 0.03, fall.landing[2]]} rotation={[-Math.PI / 2, 0, 0]}>
            <ringGeometry args={[radius * 0.8, radius, 40]} />
            <meshBasicMaterial color="#ff9b3d" transparent opacity={0.9} depthWrite={false} />
          </mesh>
        </>
      )}
      <Html pointerEvents="none" position={[x, y + 0.9, z]} center className="label" zIndexRange={[25, 15]}>
        <span className="fall-label" data-testid="fall-label">
          {fall.landing
            ? ui('ui:scene.fall', { d: ui('ui:scene.inches', { n: fall.height }) })
            : ui('ui:scene.fall.nowhere')}
        </span>
      </Html>
    </group>
  );
}

/** The measured path of a drag, its ghost at the end, and the length (or why not). */
export function DragPreview({
  model,
  path,
  allowance,
  fall,
}: {
  model: Model;
  path: MovePath | null;
  allowance: number;
  fall?: FallPreview | null;
}) {
  const ui = useUi();
  const say = useSay();
  if (fall) return <FallMarker fall={fall} radius={baseRadius(model.base)} />;
  if (!path || path.points.length === 0) return null;
  const ok = path.reachable && path.length <= allowance + 1e-9;
  const end = path.points[path.points.length - 1]!;
  const r = baseRadius(model.base);
  const colour = ok ? '#ffe066' : '#ff5d4d';
  const inches = (n: number) => ui('ui:scene.inches', { n });
  const text = !path.reachable
    ? say(path.reason ?? msg('ui:scene.cannot-move'))
    : `${inches(path.length)}${path.climb > 0 ? ui('ui:scene.climb', { d: inches(path.climb) }) : ''}${ok ? '' : ` > ${inchesText(allowance)}`}`;
  return (
    <group>
      <Line
        points={path.points.map(([x, y, z]) => [x, y + 0.06, z] as [number, number, number])}
        color={colour}
        lineWidth={3}
      />
      <mesh position={[end[0], end[1] + model.height / 2, end[2]]}>
        <cylinderGeometry args={[r, r, model.height, 32]} />
        <meshBasicMaterial color={colour} transparent opacity={0.35} depthWrite={false} />
      </mesh>
      <Html
        pointerEvents="none"
        position={[end[0], end[1] + model.height + 0.6, end[2]]}
        center
        className="label drag-label"
        zIndexRange={[20, 10]}
      >
        <span data-testid="drag-length" className={ok ? 'ok' : 'bad'}>
          {text}
        </span>
      </Html>
    </group>
  );
}

/** The reach heat map: cells the base can reach within the allowance, greener when nearer. */
export function ReachHeatMap({ grid }: { grid: ReachGrid }) {
  const texture = useMemo(() => {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, grid.cols);
    canvas.height = Math.max(1, grid.rows);
    const ctx = canvas.getContext('2d');
    if (ctx) {
      const img = ctx.createImageData(canvas.width, canvas.height);
      for (let j = 0; j < grid.rows; j++) {
        for (let i = 0; i < grid.cols; i++) {
          const c = grid.costs[j * grid.cols + i]!;
          const k = (j * grid.cols + i) * 4;
          if (c < 0) continue;
          const t = c / Math.max(grid.allowance, 1e-6);
          img.data[k] = Math.round(80 + 175 * t);
          img.data[k + 1] = Math.round(220 - 60 * t);
          img.data[k + 2] = Math.round(120 - 80 * t);
          img.data[k + 3] = 110;
        }
      }
      ctx.putImageData(img, 0, 0);
    }
    const tex = new CanvasTexture(canvas);
    tex.magFilter = NearestFilter;
    tex.colorSpace = SRGBColorSpace;
    tex.flipY = false;
    return tex;
  }, [grid]);
  useEffect(() => () => texture.dispose(), [texture]);
  const w = grid.cols * grid.cell,
    d = grid.rows * grid.cell;
  return (
    <mesh
      position={[grid.x0 + w / 2, grid.level + 0.02, grid.z0 + d / 2]}
      rotation={[Math.PI / 2, 0, 0]}
      renderOrder={1}
    >
      <planeGeometry args={[w, d]} />
      <meshBasicMaterial map={texture} transparent depthWrite={false} side={2} />
    </mesh>
  );
}

/** Distances (and, for enemies, LOS badges) over every other model while one is selected. */
export function ModelLabels({ labels }: { labels: { model: Model; distance: number; facts: LosBadgeFacts | null }[] }) {
  const ui = useUi();
  const say = useSay();
  return (
    <group>
      {labels.map(({ model, distance, facts }) => {
        const [x, y, z] = model.position;
        const shield = facts ? shieldFor(facts) : null;
        const badge = facts ? badgeText(facts) : null;
        return (
          <Html
            key={model.id}
            pointerEvents="none"
            position={[x, y + model.height + 0.5, z]}
            center
            className="label"
            zIndexRange={[10, 0]}
          >
            <div className="model-label" data-testid={`label-${model.id}`}>
              <span className="dist">{ui('ui:scene.inches', { n: distance })}</span>
              {facts && (
                <span className={`los shield-${shield}`} data-testid={`los-${model.id}`} title={say(badge!.title)}>
                  {say(badge!.text)}
                  {badge!.note && <span className="edge-note"> · {say(badge!.note)}</span>}
                </span>
              )}
              {facts?.viaLeanOut?.fromViewerMarker &&
                facts.viaLeanOut.fromViewerMarker.visibleFraction > facts.visibleFraction && (
                  <span className="los lean" data-testid={`lean-${model.id}`} title={ui('ui:los.lean.title')}>
                    {ui('ui:los.lean', {
                      p: Math.round(facts.viaLeanOut.fromViewerMarker.visibleFraction * 100) / 100,
                    })}
                  </span>
                )}
            </div>
          </Html>
        );
      })}
    </group>
  );
}

const RAY_COLOURS = { visible: '#7dff8a', terrain: '#ff8a3d', model: '#ff4fd8', smoke: '#b8c2cc' } as const;

/** Sight lines from the selected model's eye to the clicked target, coloured by what stops them. */
export function SightRays({ eye, rays }: { eye: [number, number, number]; rays: SightRay[] }) {
  return (
    <group>
      {rays.map((r, i) => (
        <Line
          key={i}
          points={[eye, r.end]}
          color={r.blockedBy ? RAY_COLOURS[r.blockedBy.kind] : RAY_COLOURS.visible}
          lineWidth={1.5}
          transparent
          opacity={0.85}
        />
      ))}
    </group>
  );
}

/** The tape between two points, with its length (`live`: the end still follows the cursor). */
export function TapeLine({
  from,
  to,
  length,
  live = false,
}: {
  from: [number, number, number];
  to: [number, number, number];
  length: number;
  live?: boolean;
}) {
  const ui = useUi();
  const mid: [number, number, number] = [(from[0] + to[0]) / 2, Math.max(from[1], to[1]) + 0.8, (from[2] + to[2]) / 2];
  return (
    <group>
      <Line points={[from, to]} color="#ffd23f" lineWidth={3} dashed dashSize={0.5} gapSize={0.25} />
      <Html pointerEvents="none" position={mid} center className="label" zIndexRange={[30, 20]}>
        <span className={`tape-label${live ? ' live' : ''}`} data-testid={live ? 'tape-live-length' : 'tape-length'}>
          {ui('ui:scene.tape', { n: length })}
        </span>
      </Html>
    </group>
  );
}
