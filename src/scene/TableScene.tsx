/**
 * The 3D table: one R3F Canvas with lights and shadows, the table, rulers, terrain, models, smoke
 * and the table tools' layers. Thin by design: the pointer's presses, moves and clicks go to the table
 * tools (state/tableTools.ts), which decide what they do (a move, the tape, smoke, a play in a match);
 * each layer reads the store and the tools' pointer store and draws.
 */
import { Canvas, type ThreeEvent } from '@react-three/fiber';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Object3D } from 'three';
import { useStore } from 'zustand';
import { baseRadius } from '../geometry/units';
import type { GeometryService } from '../state/geometryService';
import type { PlayController } from '../state/play';
import type { TabletopStore } from '../state/store';
import { TableTools } from '../state/tableTools';
import { AfterFrames } from './AfterFrames';
import { AttackHints } from './AttackHints';
import { BadgeLayer } from './BadgeLayer';
import { CAMERA_FOV, CameraRig, cameraPose } from './CameraRig';
import { ControlsLock } from './ControlsLock';
import { DiceTray } from './DiceTray';
import { EventPlayer } from './EventPlayer';
import { LabelLayer } from './LabelLayer';
import { Lights } from './Lights';
import { hoverModel } from './ModelLabels';
import type { Playhead, RouteOf } from './motion';
import { Models } from './Models';
import { PlayCues } from './PlayCues';
import { ProgramKeeper } from './ProgramKeeper';
import { checkShaderErrors } from './programKeeper';
import { ShaderWarmup } from './ShaderWarmup';
import { SightRays } from './SightRays';
import { TABLE_COLOURS } from './palette';
import { RangeRings } from './RangeRings';
import { Rulers } from './Rulers';
import { SmokeVolumes } from './Smoke';
import { Table } from './Table';
import { TableMarkers } from './TableMarkers';
import { TapeLayer } from './TapeLayer';
import { TerrainPieces } from './TerrainPieces';
import { ToolPreview } from './ToolPreview';

type V3 = [number, number, number];

/** The model id of a model's mesh (its group carries it), or null for anything else. */
function modelOf(object: Object3D | null): string | null {
  for (let o = object; o; o = o.parent) if (typeof o.userData.modelId === 'string') return o.userData.modelId as string;
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
  const smokeTool = useStore(store, (s) => s.tool === 'smoke');
  const showRings = useStore(store, (s) => s.showRings);
  const playing = useStore(store, (s) => s.play !== null);
  const markers = useStore(store, (s) => s.play?.markers);
  const poses = useStore(store, (s) => s.play?.poses);
  const sides = useStore(store, (s) => s.play?.sides);
  const tools = useMemo(() => new TableTools(store, geo, play), [store, geo, play]);
  const dragId = useStore(tools.pointer, (p) => p.dragId);
  const underCover = useStore(store, (s) => tools.underCover(s));
  const rays = useStore(store, (s) => tools.rays(s));
  const eye = useStore(store, (s) => tools.eye(s));
  const { width, depth } = scene.table;
  const initial = cameraPose('orbit', width, depth);
  // DOM labels (drei Html) wait until the canvas has drawn a few frames: made before its events are
  // connected (a canvas that mounts again, after the error guard's "Draw it again", with a model
  // selected) they have no element to join and never reach the page.
  const [ready, setReady] = useState(false);
  // Play's shader programs compiled while the table loads (ShaderWarmup), then kept.
  const [warmedUp, setWarmedUp] = useState(false);
  const models = useMemo(() => scene.models ?? [], [scene]);
  // The poses of models that rule events move while they play (EventPlayer writes, Models read).
  const playhead = useMemo<Playhead>(() => ({ poses: new Map() }), []);
  // A glide follows the route the move measured (asked once per event, when it starts to play).
  const routeOf = useMemo<RouteOf>(() => {
    const known = new WeakMap<object, V3[] | null>();
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
  // A new table's route planning is prepared while the page is idle (the first glide would wait for it).
  const terrain = scene.terrain;
  const indexed = useStore(store, (s) => s.terrainIndexed);
  useEffect(() => geo.warmRoutes(), [geo, terrain, indexed]);

  // A drag ends wherever the pointer is released (over the table or not).
  useEffect(() => {
    if (!dragId) return;
    const up = () => tools.release();
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, [dragId, tools]);

  const point = (e: ThreeEvent<PointerEvent | MouseEvent>): V3 => [e.point.x, e.point.y, e.point.z];
  const onSurfaceMove = (e: ThreeEvent<PointerEvent>) => tools.surfaceMove(point(e), e.altKey);
  const onSurfaceClick = (e: ThreeEvent<MouseEvent>) => {
    // A model drawn through a roof is clicked through it: the click is the model's, not the roof's.
    const throughCover = !!underCover && e.intersections.some((hit) => underCover.has(modelOf(hit.object) ?? ''));
    if (tools.surfaceClick(point(e), { delta: e.delta, throughCover })) e.stopPropagation();
  };
  const onModelDown = (id: string, e: ThreeEvent<PointerEvent>) => {
    e.stopPropagation();
    tools.modelDown(id, { shiftKey: e.shiftKey });
  };

  return (
    <Canvas
      frameloop="demand"
      shadows="percentage"
      dpr={[1, 2]}
      gl={{ preserveDrawingBuffer: true, antialias: true, alpha: true }}
      onCreated={({ gl }) => {
        if (spectator?.transparent) gl.setClearColor(0x000000, 0);
        gl.debug.checkShaderErrors = checkShaderErrors(
          import.meta.env.DEV,
          navigator.webdriver,
          window.location.search,
        );
      }}
      camera={{ position: initial.position, fov: CAMERA_FOV, near: 0.1, far: 600 }}
      onPointerMissed={() => tools.missed()}
      data-testid="table-canvas"
    >
      {!spectator?.transparent && (
        <color attach="background" args={[spectator?.background ?? TABLE_COLOURS.background]} />
      )}
      <Lights width={width} depth={depth} />
      <group
        onPointerMove={onSurfaceMove}
        onPointerLeave={() => tools.surfaceLeave()}
        onClick={onSurfaceClick}
        name="surfaces"
      >
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
      <SmokeVolumes smoke={scene.smoke ?? []} onClick={smokeTool ? (id) => geo.removeSmoke(id) : undefined} />
      <ToolPreview store={store} tools={tools} />
      {showRings && selected && <RangeRings position={selected.position} radius={baseRadius(selected.base)} />}
      <BadgeLayer store={store} tools={tools} ready={ready} />
      {playing && ready && <AttackHints store={store} />}
      {rays && <SightRays eye={rays.eye} rays={rays.rays} />}
      <TapeLayer store={store} tools={tools} />
      {markers && <TableMarkers markers={markers} sides={sides ?? ['A', 'B']} />}
      {playing && <PlayCues store={store} models={models} ready={ready} />}
      <LabelLayer />
      <ProgramKeeper warmedUp={warmedUp} />
      {!warmedUp && <ShaderWarmup onDone={() => setWarmedUp(true)} />}
      <EventPlayer store={store} models={models} playhead={playhead} routeOf={routeOf} />
      <DiceTray store={store} width={width} depth={depth} />
      {!ready && <AfterFrames count={3} then={() => setReady(true)} />}
      <ControlsLock tools={tools} />
      {spectator ? (
        spectator.rig
      ) : (
        <CameraRig store={store} width={width} depth={depth} mode={cameraMode} sceneVersion={sceneVersion} eye={eye} />
      )}
      {children}
    </Canvas>
  );
}
