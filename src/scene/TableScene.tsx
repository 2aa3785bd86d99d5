/**
 * The 3D table: one R3F Canvas with lights and shadows, the table, rulers, terrain, models, smoke
 * and the table tools' overlays. Thin by design: it reads the store, asks the geometry service,
 * and draws; moves and smoke go through the service, which decides whether they are allowed.
 */
import { Canvas, type ThreeEvent, useFrame, useThree } from '@react-three/fiber';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Object3D } from 'three';
import { useStore } from 'zustand';
import { baseDistance } from '../geometry/measure';
import { baseRadius } from '../geometry/units';
import { modelIndexOf } from '../geometry/world';
import type { MovePath } from '../movement/path';
import type { GeometryService, LosBadgeFacts } from '../state/geometryService';
import type { PlayController } from '../state/play';
import type { TabletopStore, TapeEnd } from '../state/store';
import { CAMERA_FOV, CameraRig, cameraPose } from './CameraRig';
import { DiceTray } from './DiceTray';
import { EventPlayer } from './EventPlayer';
import type { Playhead, RouteOf } from './motion';
import { Models } from './Models';
import { PlayCues } from './PlayCues';
import { ProgramKeeper } from './ProgramKeeper';
import { DragPreview, type FallPreview } from './DragPreview';
import { hoverModel, ModelLabels } from './ModelLabels';
import { LabelLayer } from './LabelLayer';
import { ReachHeatMap } from './ReachHeatMap';
import { SightRays } from './SightRays';
import { TapeLine } from './TapeLine';
import { TABLE_COLOURS } from './palette';
import { RangeRings } from './RangeRings';
import { Rulers } from './Rulers';
import { SmokeVolumes } from './Smoke';
import { Table } from './Table';
import { TableMarkers } from './TableMarkers';
import { TerrainPieces } from './TerrainPieces';
import { msg } from '../rules/engine/message';

/** Where the tape touches an end: the point itself, or the base's edge facing the other end. */
function tapeEndPoint(w: ReturnType<GeometryService['world']>, end: TapeEnd, other: TapeEnd): [number, number, number] {
  if (end.kind === 'point') return end.point;
  const b = w.bodies[modelIndexOf(w, end.id)]!;
  const o =
    other.kind === 'point'
      ? other.point
      : (() => {
          const ob = w.bodies[modelIndexOf(w, other.id)]!;
          return [ob.cx, ob.y0, ob.cz] as [number, number, number];
        })();
  const dx = o[0] - b.cx,
    dz = o[2] - b.cz;
  const len = Math.hypot(dx, dz) || 1;
  return [b.cx + (dx / len) * b.radius, b.y0 + 0.05, b.cz + (dz / len) * b.radius];
}

/** The tape from its first end to the cursor, with the length so far; the first end alone until the cursor is over the table. */
function TapeRubberBand({
  geo,
  first,
  register,
}: {
  geo: GeometryService;
  first: TapeEnd;
  register: { current: ((p: [number, number, number] | null) => void) | null };
}) {
  const [cursor, setCursor] = useState<[number, number, number] | null>(null);
  useEffect(() => {
    register.current = setCursor;
    return () => {
      register.current = null;
    };
  }, [register]);
  const w = geo.world();
  let from: [number, number, number];
  let length: number | null = null;
  try {
    const to: TapeEnd = cursor ? { kind: 'point', point: cursor } : first;
    from = tapeEndPoint(w, first, to);
    if (cursor) length = geo.tapeLength(first, to);
  } catch {
    return null;
  }
  return (
    <group>
      <mesh position={[from[0], from[1] + 0.04, from[2]]} rotation={[-Math.PI / 2, 0, 0]} renderOrder={3}>
        <ringGeometry args={[0.12, 0.22, 24]} />
        <meshBasicMaterial color="#ffd23f" depthTest={false} transparent />
      </mesh>
      {cursor && length !== null && (
        <TapeLine from={from} to={[cursor[0], cursor[1] + 0.05, cursor[2]]} length={length} live />
      )}
    </group>
  );
}

/** Calls `then` once the canvas has drawn `count` frames. */
function AfterFrames({ count, then }: { count: number; then: () => void }) {
  const frames = useRef(0);
  useFrame((state) => {
    frames.current += 1;
    if (frames.current === count) then();
    // The canvas renders on demand: ask for the frames still to count.
    else if (frames.current < count) state.invalidate();
  });
  return null;
}

/** The model id of a model's mesh (its group carries it), or null for anything else. */
function modelOf(object: Object3D | null): string | null {
  for (let o = object; o; o = o.parent) if (typeof o.userData.modelId === 'string') return o.userData.modelId as string;
  return null;
}

function Lights({ width, depth }: { width: number; depth: number }) {
  const span = Math.max(width, depth);
  const half = span * 0.75;
  const target = useMemo(() => new Object3D(), []);
  target.position.set(width / 2, 0, depth / 2);
  return (
    <>
      <primitive object={target} />
      <hemisphereLight args={['#dfe8ff', '#3a3226', 1.1]} />
      <directionalLight
        position={[width * 0.3, span * 1.1, depth * 0.15]}
        target={target}
        intensity={2.2}
        castShadow
        shadow-mapSize={[2048, 2048]}
        shadow-bias={-0.0004}
        shadow-normalBias={0.02}
        shadow-camera-left={-half}
        shadow-camera-right={half}
        shadow-camera-top={half}
        shadow-camera-bottom={-half}
        shadow-camera-near={1}
        shadow-camera-far={span * 3}
      />
      <directionalLight position={[width, span * 0.5, depth * 1.5]} intensity={0.45} />
    </>
  );
}

/**
 * Turns the orbit controls off while a model is being dragged. The controls see the pointer before
 * R3F's handlers do, so a press on a model also switches them off at once through `handle`.
 */
function ControlsLock({ locked, handle }: { locked: boolean; handle: { current: { enabled: boolean } | null } }) {
  const controls = useThree((s) => s.controls) as { enabled: boolean } | null;
  useEffect(() => {
    handle.current = controls;
    if (controls) controls.enabled = !locked;
  }, [controls, locked, handle]);
  return null;
}

/** How a spectator window draws the table: its own camera rig, and a key colour or a transparent background. */
export interface SpectatorLook {
  rig: ReactNode;
  /** A solid background colour (a chroma key), or null for the table's own. */
  background: string | null;
  /** Clear to alpha 0 (no background at all). */
  transparent: boolean;
}

/**
 * Props: the app store, the geometry service, and the play controller (clicks answer its picks during
 * a match); `spectator` replaces the camera rig and the background; `children` go inside the canvas.
 */
export function TableScene({
  store,
  geo,
  play,
  spectator,
  children,
}: {
  store: TabletopStore;
  geo: GeometryService;
  play: PlayController;
  spectator?: SpectatorLook;
  children?: ReactNode;
}) {
  const scene = useStore(store, (s) => s.scene);
  const sceneVersion = useStore(store, (s) => s.sceneVersion);
  const selectedId = useStore(store, (s) => s.selectedId);
  const cameraMode = useStore(store, (s) => s.cameraMode);
  const showGrid = useStore(store, (s) => s.showGrid);
  const showRulers = useStore(store, (s) => s.showRulers);
  const tool = useStore(store, (s) => s.tool);
  const allowance = useStore(store, (s) => s.allowance);
  const tape = useStore(store, (s) => s.tape);
  const rayTargetId = useStore(store, (s) => s.rayTargetId);
  const showRings = useStore(store, (s) => s.showRings);
  const playing = useStore(store, (s) => s.play !== null);
  const markers = useStore(store, (s) => s.play?.markers);
  const poses = useStore(store, (s) => s.play?.poses);
  const sides = useStore(store, (s) => s.play?.sides);
  const pickReach = useStore(store, (s) => (s.play?.pick?.allowance != null ? s.play.pick.model : null));
  const { width, depth } = scene.table;
  const initial = cameraPose('orbit', width, depth);
  // DOM labels (drei Html) wait until the canvas has drawn a few frames: made before its events are
  // connected (a canvas that mounts again, after the error guard's "Draw it again", with a model
  // selected) they have no element to join and never reach the page.
  const [ready, setReady] = useState(false);
  const models = useMemo(() => scene.models ?? [], [scene]);
  // The poses of models that rule events move while they play (EventPlayer writes, Models read).
  const playhead = useMemo<Playhead>(() => ({ poses: new Map() }), []);
  // A glide follows the route the move measured (asked once per event, when it starts to play).
  const routeOf = useMemo<RouteOf>(() => {
    const known = new WeakMap<object, [number, number, number][] | null>();
    const isPoint = (p: unknown): p is number[] => Array.isArray(p) && p.length === 3 && p.every(Number.isFinite);
    return (e) => {
      if (!known.has(e))
        known.set(
          e,
          typeof e.model === 'string' && isPoint(e.from) && isPoint(e.to) ? geo.routeFrom(e.model, e.from, e.to) : null,
        );
      return known.get(e) ?? null;
    };
  }, [geo]);
  const selected = models.find((m) => m.id === selectedId) ?? null;

  // Dragging: the model, the surface point under the pointer, and the measured path there.
  const [dragId, setDragId] = useState<string | null>(null);
  const [dragPath, setDragPath] = useState<MovePath | null>(null);
  const [fall, setFall] = useState<FallPreview | null>(null);
  const fallRef = useRef<FallPreview | null>(null);
  useLayoutEffect(() => {
    fallRef.current = fall;
  }, [fall]);
  const dragTarget = useRef<{ x: number; y: number; z: number } | null>(null);
  const controlsHandle = useRef<{ enabled: boolean } | null>(null);
  // LOS from the ghost while dragging, refreshed when the ghost moves more than 0.1".
  const [ghostLabels, setGhostLabels] = useState<
    { model: (typeof models)[number]; distance: number; facts: LosBadgeFacts | null }[]
  >([]);
  const ghostAt = useRef<[number, number, number] | null>(null);

  const reachGrid = useMemo(() => {
    if (!selected || tool !== 'select') return null;
    // In a match the rules own the moves: the reach shows only for the model being moved.
    if (playing && pickReach !== selected.id) return null;
    try {
      return geo.reach(selected.id, allowance);
    } catch {
      return null;
    }
    // The grid depends on every model and the terrain, hence `scene`.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberate: see the comment above
  }, [geo, selected, tool, allowance, scene, playing, pickReach]);

  const labels = useMemo(() => {
    if (!selected) return [];
    const w = geo.world();
    const me = w.bodies[modelIndexOf(w, selected.id)]!;
    return models
      .filter((m) => m.id !== selected.id)
      .map((m) => ({
        model: m,
        distance: baseDistance(me, w.bodies[modelIndexOf(w, m.id)]!),
        facts: m.side !== selected.side ? geo.facts(selected.id, m.id) : null,
      }));
    // `scene`, not just the models: smoke placed or removed, undo and redo change what is seen.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberate: see the comment above
  }, [geo, selected, models, scene]);

  // Models under a roof or an upper floor are drawn through it (not in the eye view: it shows what the eye sees).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `scene`: geo answers for the current scene (smoke, undo and redo change it)
  const underCover = useMemo(() => (cameraMode === 'eye' ? null : geo.modelsUnderCover()), [geo, scene, cameraMode]);

  const rays = useMemo(() => {
    if (!selected || !rayTargetId || !models.some((m) => m.id === rayTargetId)) return null;
    const w = geo.world();
    const eye = w.bodies[modelIndexOf(w, selected.id)]!.eye;
    return {
      eye,
      rays: geo.rays(selected.id, rayTargetId, 10),
      occluders: new Set(geo.facts(selected.id, rayTargetId).coverPieces.map((c) => c.id)),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `scene`: geo answers for the current scene (smoke, undo and redo change it)
  }, [geo, selected, rayTargetId, models, scene]);

  const tapeDraw = useMemo(() => {
    if (!tape?.b) return null;
    const w = geo.world();
    try {
      return {
        from: tapeEndPoint(w, tape.a, tape.b),
        to: tapeEndPoint(w, tape.b, tape.a),
        length: geo.tapeLength(tape.a, tape.b),
      };
    } catch {
      return null;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `scene`: geo answers for the current scene (smoke, undo and redo change it)
  }, [geo, tape, scene]);
  // The tape's second end follows the cursor until it is clicked (only the rubber band redraws).
  const tapeCursor = useRef<((p: [number, number, number] | null) => void) | null>(null);

  const endDrag = useCallback(() => {
    if (controlsHandle.current) controlsHandle.current.enabled = true;
    const id = dragId;
    const target = fallRef.current ? null : dragTarget.current;
    setDragId(null);
    setDragPath(null);
    setFall(null);
    setGhostLabels([]);
    ghostAt.current = null;
    dragTarget.current = null;
    if (!id || !target) return;
    const m = store.getState().scene.models?.find((x) => x.id === id);
    if (!m || Math.hypot(m.position[0] - target.x, m.position[2] - target.z) < 0.05) return;
    const r = geo.moveModel(id, target.x, target.z, target.y);
    if (!r.ok) store.getState().setNotice(msg('ui:notice.did-not-move', { id, reason: r.reason }));
  }, [dragId, geo, store]);

  useEffect(() => {
    if (!dragId) return;
    window.addEventListener('pointerup', endDrag);
    return () => window.removeEventListener('pointerup', endDrag);
  }, [dragId, endDrag]);

  const onSurfaceMove = (e: ThreeEvent<PointerEvent>) => {
    if (tapeCursor.current) tapeCursor.current([e.point.x, e.point.y, e.point.z]);
    if (!dragId) return;
    const p = e.point;
    dragTarget.current = { x: p.x, y: p.y + 0.05, z: p.z };
    const path = geo.path(dragId, p.x, p.z, p.y + 0.05);
    setDragPath(path);
    // Holding Alt shows what happens if the model steps off its level here: the fall and landing.
    const dropped = e.altKey ? geo.fallAt(dragId, p.x, p.z) : null;
    const lvl = models.find((m) => m.id === dragId)?.position[1] ?? 0;
    setFall(
      dropped ? { at: [p.x, lvl, p.z], height: dropped.height, landing: dropped.landing?.position ?? null } : null,
    );
    const end = path.points[path.points.length - 1];
    const dragged = models.find((m) => m.id === dragId);
    if (!end || !dragged || !path.reachable) return;
    const last = ghostAt.current;
    if (last && Math.hypot(last[0] - end[0], last[1] - end[1], last[2] - end[2]) < 0.1) return;
    ghostAt.current = end;
    const others = models.filter((m) => m.id !== dragId);
    const enemies = new Set(others.filter((m) => m.side !== dragged.side).map((m) => m.id));
    const seen = new Map(geo.ifMovedTo(dragId, end, [...enemies]).map((r) => [r.id, r]));
    const w = geo.world();
    setGhostLabels(
      others.map((m) => {
        const r = seen.get(m.id);
        const b = w.bodies[modelIndexOf(w, m.id)]!;
        const distance = r
          ? r.distance
          : Math.max(0, Math.hypot(b.cx - end[0], b.cz - end[2]) - b.radius - baseRadius(dragged.base));
        return { model: m, distance, facts: r ? r.facts : null };
      }),
    );
  };

  const onSurfaceClick = (e: ThreeEvent<MouseEvent>) => {
    // A model drawn through a roof is clicked through it: the click is the model's, not the roof's.
    if (underCover && e.intersections.some((hit) => underCover.has(modelOf(hit.object) ?? ''))) return;
    const s = store.getState();
    const p = e.point;
    if (s.play && s.tool !== 'tape') {
      // In a match a click answers the armed pick (a move, a deployment, a hardpoint) and nothing
      // else; with nothing armed it says what to press. The end of an orbit drag is not a click.
      if (e.delta > 4) return;
      e.stopPropagation();
      void play.clickTable(p.x, p.y, p.z);
      return;
    }
    if (s.tool === 'tape') {
      e.stopPropagation();
      const end: TapeEnd = { kind: 'point', point: [p.x, p.y, p.z] };
      s.setTape(!s.tape || s.tape.b ? { a: end, b: null } : { a: s.tape.a, b: end });
    } else if (s.tool === 'smoke') {
      e.stopPropagation();
      const r = geo.placeSmoke(p.x, p.z);
      if (!r.ok) s.setNotice(r.reason);
    } else if (s.tool === 'lean') {
      e.stopPropagation();
      if (!s.selectedId) {
        s.setNotice(msg('ui:notice.lean-select'));
        return;
      }
      const r = geo.placeLeanOut(s.selectedId, p.x, p.z);
      if (!r.ok) s.setNotice(r.reason);
    }
  };

  const onModelDown = (id: string, e: ThreeEvent<PointerEvent>) => {
    const s = store.getState();
    e.stopPropagation();
    if (s.tool === 'tape') {
      const end: TapeEnd = { kind: 'model', id };
      s.setTape(!s.tape || s.tape.b ? { a: end, b: null } : { a: s.tape.a, b: end });
      return;
    }
    if (s.tool !== 'select') return;
    const current = s.scene.models?.find((m) => m.id === s.selectedId);
    const clicked = s.scene.models?.find((m) => m.id === id);
    if (current && clicked && clicked.side !== current.side && !e.shiftKey) {
      // An enemy of the selected model: show the sight rays to it (click again to hide).
      s.setRayTarget(s.rayTargetId === id ? null : id);
      return;
    }
    s.select(id);
    if (s.play) return; // no dragging in a match: moves go through the rules
    if (controlsHandle.current) controlsHandle.current.enabled = false;
    setDragId(id);
  };

  return (
    <Canvas
      frameloop="demand"
      shadows="percentage"
      dpr={[1, 2]}
      gl={{ preserveDrawingBuffer: true, antialias: true, alpha: true }}
      onCreated={({ gl }) => {
        if (spectator?.transparent) gl.setClearColor(0x000000, 0);
      }}
      camera={{ position: initial.position, fov: CAMERA_FOV, near: 0.1, far: 600 }}
      onPointerMissed={() => {
        const s = store.getState();
        if (s.tool === 'select') {
          s.select(null);
          s.setRayTarget(null);
        }
      }}
      data-testid="table-canvas"
    >
      {!spectator?.transparent && (
        <color attach="background" args={[spectator?.background ?? TABLE_COLOURS.background]} />
      )}
      <Lights width={width} depth={depth} />
      <group onPointerMove={onSurfaceMove} onClick={onSurfaceClick} name="surfaces">
        <Table width={width} depth={depth} showGrid={showGrid} />
        <TerrainPieces terrain={scene.terrain ?? []} highlight={rays?.occluders} />
      </group>
      {showRulers && <Rulers width={width} depth={depth} />}
      <Models
        models={models}
        selectedId={selectedId}
        onPointerDown={onModelDown}
        onHover={(id, over) => hoverModel(store, id, over)}
        dragging={dragId}
        sides={sides}
        seeThrough={underCover}
        playhead={playhead}
        poses={poses}
      />
      <SmokeVolumes smoke={scene.smoke ?? []} onClick={tool === 'smoke' ? (id) => geo.removeSmoke(id) : undefined} />
      {reachGrid && !dragId && <ReachHeatMap grid={reachGrid} />}
      {showRings && selected && <RangeRings position={selected.position} radius={baseRadius(selected.base)} />}
      {dragId && selected && <DragPreview model={selected} path={dragPath} allowance={allowance} fall={fall} />}
      {!dragId && labels.length > 0 && ready && <ModelLabels labels={labels} store={store} />}
      {dragId && ghostLabels.length > 0 && <ModelLabels labels={ghostLabels} store={store} />}
      {rays && <SightRays eye={rays.eye} rays={rays.rays} />}
      {tapeDraw && <TapeLine from={tapeDraw.from} to={tapeDraw.to} length={tapeDraw.length} />}
      {tool === 'tape' && tape && !tape.b && <TapeRubberBand geo={geo} first={tape.a} register={tapeCursor} />}
      {markers && <TableMarkers markers={markers} sides={sides ?? ['A', 'B']} />}
      {playing && <PlayCues store={store} models={models} ready={ready} />}
      <LabelLayer />
      <ProgramKeeper />
      <EventPlayer store={store} models={models} playhead={playhead} routeOf={routeOf} />
      <DiceTray store={store} width={width} depth={depth} />
      {!ready && <AfterFrames count={3} then={() => setReady(true)} />}
      <ControlsLock locked={dragId !== null} handle={controlsHandle} />
      {spectator ? (
        spectator.rig
      ) : (
        <CameraRig
          width={width}
          depth={depth}
          mode={cameraMode}
          sceneVersion={sceneVersion}
          eye={
            selected
              ? {
                  position: geo.world().bodies[modelIndexOf(geo.world(), selected.id)]!.eye,
                  facingDeg: selected.facingDeg ?? 0,
                }
              : null
          }
        />
      )}
      {children}
    </Canvas>
  );
}
