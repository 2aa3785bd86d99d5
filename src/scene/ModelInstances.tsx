/**
 * The models' bases and shipped figures as instanced meshes: one draw per side colour for the bases (a
 * unit base stretched to each), and one (and its shadow) per figure, colour and pose, however many
 * models share them. Each model's group (ModelPiece.tsx) still takes the presses, carries the selection
 * ring, the x-ray and the lean-out marker, and draws what is not instanced: a model's own mesh, a figure
 * being dragged (dimmed), the plain body while a figure loads. The instances follow the same pose as the
 * groups: the playhead's while rule events play, else the model's place and facing.
 */
import { useFrame } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import {
  Euler,
  Matrix4,
  MeshStandardMaterial,
  Quaternion,
  Vector3,
  type BufferGeometry,
  type InstancedMesh,
} from 'three';
import { baseHalfExtents, facingRadians } from '../geometry/units';
import type { Model } from '../geometry/sceneTypes';
import { figurePlacement, poseColour, type ModelPose } from '../io/figureFit';
import { paintedFigure } from '../io/figureImport';
import { cachedMesh } from '../io/meshCache';
import type { Playhead } from './motion';
import { FIGURE_FILES, FIGURE_LOOK, useFigure } from './Miniature';
import { BASE_ROUGHNESS, BASE_THICKNESS, baseGeometry } from './ModelPiece';

const _e = new Euler();
const _q = new Quaternion();
const _p = new Vector3();
const _s = new Vector3(1, 1, 1);
const _m = new Matrix4();

/** Where a model is drawn now (its group's matrix in ModelPiece): the playhead's pose, else its place and facing. */
export function drawnMatrix(model: Model, playhead: Playhead | undefined, out: Matrix4): Matrix4 {
  const pose = playhead?.poses.get(model.id);
  if (pose) {
    _p.set(...pose.position);
    _e.set(0, (pose.facingDeg * Math.PI) / 180, -pose.tilt);
  } else {
    _p.set(...model.position);
    _e.set(0, facingRadians(model), 0);
  }
  return out.compose(_p, _q.setFromEuler(_e), _s.set(1, 1, 1));
}

/** Whether a model's figure is a shipped one (no own mesh loaded for it), which the batches may draw. */
export function usesShippedFigure(model: Model): boolean {
  return model.mesh === undefined || cachedMesh(model.mesh) === undefined;
}

/** One model as the batches draw it. */
interface Drawn {
  model: Model;
  colour: string;
  pose: ModelPose | null;
  /** Its shipped figure is drawn here too (not for a model's own mesh, nor the dragged, dimmed one). */
  figure: boolean;
}

/** Props: the models the batches draw (with their side colour and pose), and the playhead. */
export function ModelInstances({ drawn, playhead }: { drawn: readonly Drawn[]; playhead?: Playhead }) {
  // One batch per side colour: a unit base stretched to each model's base (its thickness kept).
  const bases = useMemo(() => {
    const by = new Map<string, { geometry: BufferGeometry; items: { model: Model; place: Matrix4 }[] }>();
    for (const d of drawn) {
      const [rx, rz] = baseHalfExtents(d.model.base);
      let b = by.get(d.colour);
      if (!b) by.set(d.colour, (b = { geometry: baseGeometry(1, 1, d.colour), items: [] }));
      b.items.push({ model: d.model, place: new Matrix4().makeScale(rx, 1, rz) });
    }
    return [...by.entries()];
  }, [drawn]);
  const figures = useMemo(() => {
    const by = new Map<string, Drawn[]>();
    for (const d of drawn) {
      if (!d.figure) continue;
      const src = FIGURE_FILES[d.model.kind ?? 'infantry'];
      const list = by.get(src) ?? [];
      list.push(d);
      by.set(src, list);
    }
    return [...by.entries()];
  }, [drawn]);
  const baseMaterial = useMemo(() => new MeshStandardMaterial({ vertexColors: true, roughness: BASE_ROUGHNESS }), []);
  return (
    <group name="model-instances">
      {bases.map(([key, b]) => (
        <Batch
          key={`base:${key}:${b.items.length}`}
          geometry={b.geometry}
          material={baseMaterial}
          items={b.items}
          playhead={playhead}
          castShadow={false}
          receiveShadow
        />
      ))}
      {figures.map(([src, list]) => (
        <Figures key={src} src={src} drawn={list} playhead={playhead} />
      ))}
    </group>
  );
}

/** The figures of one shipped file, a batch per paint (side colour and pose tint) and placement. */
function Figures({ src, drawn, playhead }: { src: string; drawn: readonly Drawn[]; playhead?: Playhead }) {
  const figure = useFigure(src);
  const material = useMemo(
    () => new MeshStandardMaterial({ vertexColors: true, color: '#ffffff', ...FIGURE_LOOK }),
    [],
  );
  const batches = useMemo(() => {
    if (!figure) return [];
    const by = new Map<BufferGeometry, { model: Model; place: Matrix4 }[]>();
    for (const d of drawn) {
      const painted = paintedFigure(figure, poseColour(d.colour, d.pose, true), poseColour('#ffffff', d.pose, false));
      if (!painted) continue;
      const [rx, rz] = baseHalfExtents(d.model.base);
      const kind = d.model.kind ?? 'infantry';
      const lies = kind === 'infantry' || kind === 'beast' || kind === 'monster';
      const height = Math.max(d.model.height - BASE_THICKNESS, 0.1);
      const p = figurePlacement(rx, rz, height, BASE_THICKNESS, d.pose, lies);
      const place = new Matrix4().compose(
        new Vector3(...p.position),
        new Quaternion().setFromEuler(new Euler(0, 0, p.rotationZ)),
        new Vector3(...p.scale),
      );
      const list = by.get(painted) ?? [];
      list.push({ model: d.model, place });
      by.set(painted, list);
    }
    return [...by.entries()];
  }, [figure, drawn]);
  return (
    <>
      {batches.map(([geometry, items]) => (
        <Batch
          key={`${geometry.uuid}:${items.length}`}
          geometry={geometry}
          material={material}
          items={items}
          playhead={playhead}
          castShadow
          receiveShadow={false}
        />
      ))}
    </>
  );
}

/** One instanced mesh: each item's drawn matrix (times its placement on the base), written every frame. */
function Batch({
  geometry,
  material,
  items,
  playhead,
  castShadow,
  receiveShadow,
}: {
  receiveShadow: boolean;
  geometry: BufferGeometry;
  material: MeshStandardMaterial;
  items: readonly { model: Model; place: Matrix4 | null }[];
  playhead?: Playhead;
  castShadow: boolean;
}) {
  const mesh = useRef<InstancedMesh>(null);
  useFrame(() => {
    const m = mesh.current;
    if (!m) return;
    items.forEach((it, i) => {
      drawnMatrix(it.model, playhead, _m);
      if (it.place) _m.multiply(it.place);
      m.setMatrixAt(i, _m);
    });
    m.instanceMatrix.needsUpdate = true;
  });
  return (
    <instancedMesh
      ref={mesh}
      args={[geometry, material, items.length]}
      castShadow={castShadow}
      receiveShadow={receiveShadow}
      frustumCulled={false}
      raycast={() => null}
    />
  );
}
