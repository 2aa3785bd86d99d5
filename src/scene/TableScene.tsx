/**
 * The 3D table: one R3F Canvas with lights and shadows, the table, rulers, terrain and models.
 * Thin by design: it reads the store and draws; it decides nothing about rules.
 */
import { Canvas } from '@react-three/fiber';
import { useMemo } from 'react';
import { Object3D } from 'three';
import { useStore } from 'zustand';
import type { TabletopStore } from '../state/store';
import { CAMERA_FOV, CameraRig, cameraPose } from './CameraRig';
import { Models } from './Models';
import { TABLE_COLOURS } from './palette';
import { Rulers } from './Rulers';
import { Table } from './Table';
import { TerrainPieces } from './TerrainPieces';

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

/** Props: the app store. */
export function TableScene({ store }: { store: TabletopStore }) {
  const scene = useStore(store, (s) => s.scene);
  const sceneVersion = useStore(store, (s) => s.sceneVersion);
  const selectedId = useStore(store, (s) => s.selectedId);
  const cameraMode = useStore(store, (s) => s.cameraMode);
  const showGrid = useStore(store, (s) => s.showGrid);
  const showRulers = useStore(store, (s) => s.showRulers);
  const { width, depth } = scene.table;
  const initial = cameraPose('orbit', width, depth);
  return (
    <Canvas
      shadows="percentage"
      dpr={[1, 2]}
      gl={{ preserveDrawingBuffer: true, antialias: true }}
      camera={{ position: initial.position, fov: CAMERA_FOV, near: 0.1, far: 600 }}
      onPointerMissed={() => store.getState().select(null)}
      data-testid="table-canvas"
    >
      <color attach="background" args={[TABLE_COLOURS.background]} />
      <Lights width={width} depth={depth} />
      <Table width={width} depth={depth} showGrid={showGrid} />
      {showRulers && <Rulers width={width} depth={depth} />}
      <TerrainPieces key={`t${sceneVersion}`} terrain={scene.terrain ?? []} />
      <Models models={scene.models ?? []} selectedId={selectedId} onSelect={(id) => store.getState().select(id)} />
      <CameraRig width={width} depth={depth} mode={cameraMode} sceneVersion={sceneVersion} />
    </Canvas>
  );
}
