/**
 * Compiles, while the table loads, the shader programs that play would otherwise compile on first use:
 * every effect (shot, strike, path, fall, blast, marker, a model going down), a die (alone and instanced), the reach map, the
 * selection ring, smoke, sight rays, the dashed tape, the models (instanced, and a figure drawn alone
 * while it is dragged) and each terrain look. It mounts one of each, hidden, hands them to
 * `renderer.compileAsync` with the table's lights (the program depends on them), keeps their programs
 * for the page's life (programKeeper.ts), uses each once (so it is linked) and unmounts. Nothing here
 * may draw a DOM label (drei `Html`): unmounting one while the canvas renders is a React error, so the
 * range rings, with their labels, are left out. With software WebGL one compile blocked the page for
 * 0.2–1 s in play; now the compile and link happen while the table loads.
 */
import { Line } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  BackSide,
  BoxGeometry,
  DoubleSide,
  MeshDepthMaterial,
  MeshStandardMaterial,
  WebGLRenderTarget,
  type Group,
  type Material,
  type Object3D,
  type ShaderMaterial,
} from 'three';
import type { Model } from '../geometry/sceneTypes';
import type { ReachGrid } from '../movement/reach';
import { DIE_KINDS } from '../dice3d/solids';
import { sharedDieMesh } from './diceMeshes';
import { FIGURE_LOOK } from './Miniature';
import { BASE_ROUGHNESS, baseGeometry } from './ModelPiece';
import { BlastEffect } from './effects/BlastEffect';
import type { EffectClock, V3 } from './effects/clock';
import { FallEffect } from './effects/FallEffect';
import { MarkerEffect } from './effects/MarkerEffect';
import { PathEffect } from './effects/PathEffect';
import { ShotEffect } from './effects/ShotEffect';
import { StatusEffect } from './effects/StatusEffect';
import { StrikeEffect } from './effects/StrikeEffect';
import { anchorShaders, keptPrograms, keepPrograms, type Program } from './programKeeper';
import { ReachHeatMap } from './ReachHeatMap';
import { SelectionRing } from './SelectionRing';
import { SightRays } from './SightRays';
import { SmokeVolume } from './SmokeVolume';
import { terrainBatchMaterial, type BatchLook } from './terrainMaterial';
import { XRay } from './XRay';

/** A kept program (three's WebGLProgram): using its uniforms once makes the driver finish linking it. */
type LinkedProgram = Program & { getUniforms(): unknown };

const A: V3 = [0, 1, 0];
const B: V3 = [4, 1, 0];
const MODEL: Model = {
  id: 'warmup',
  side: 'A',
  position: [0, 0, 0],
  base: { shape: 'round', diameterMm: 25 },
  height: 1.2,
};
const GRID: ReachGrid = {
  modelId: 'warmup',
  allowance: 6,
  level: 0,
  cell: 1,
  x0: 0,
  z0: 0,
  cols: 2,
  rows: 2,
  costs: [0, 1, 1, -1],
  upper: [],
};

/**
 * The looks a terrain batch can have (terrainBatches.ts): solid or see-through, pieces (one side, smooth
 * normals) or mesh files (two sides, flat shading).
 */
const TERRAIN_LOOKS: BatchLook[] = [1, 0.55].flatMap((opacity) =>
  [false, true].map((mesh) => ({
    surface: 'concrete' as const,
    colour: '#808080',
    opacity,
    doubleSided: mesh,
    flat: mesh,
  })),
);

/** Where the warm-up stands while it waits for its compile: below the table, past the camera's far plane. */
const OUT_OF_SIGHT: V3 = [0, -5000, 0];

/** One of each material play draws; unmounted once their programs are compiled and kept. */
export function ShaderWarmup({ onDone }: { onDone?: (programs: number) => void }) {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera);
  const scene = useThree((s) => s.scene);
  const group = useRef<Group>(null);
  const depthGroup = useRef<Group>(null);
  const [done, setDone] = useState(false);
  // The parent's callback, read when the warm-up ends: a new one each render must not start it again.
  const finished = useRef(onDone);
  useEffect(() => {
    finished.current = onDone;
  });
  const clock = useMemo<EffectClock>(() => ({ t: 0.5 }), []);
  const die = sharedDieMesh('d6');
  // The shadow map draws an instanced caster (the tray's dice) with a depth program of its own, which
  // compiling the scene does not reach: a depth material as the shadow pass sets it up for a die (three's
  // WebGLShadowMap: the caster's map, the back side of a front-sided material), compiled here.
  const shadowDepth = useMemo(() => new MeshDepthMaterial({ map: die.material.map, side: BackSide }), [die]);
  // The instanced bases and figures (ModelInstances.tsx), and the figures' shadow: models may first come
  // onto the table in play (a deployment).
  const models = useMemo(
    () => ({
      geometry: baseGeometry(0.5, 0.5, '#ff0000'),
      base: new MeshStandardMaterial({ vertexColors: true, roughness: BASE_ROUGHNESS }),
      figure: new MeshStandardMaterial({ vertexColors: true, color: '#ffffff', ...FIGURE_LOOK }),
      depth: new MeshDepthMaterial({ side: BackSide }),
      // A figure drawn alone (PartMesh.tsx): dimmed while dragged (see-through, with or without the merged
      // parts' vertex colours), or a model's own mesh (solid).
      parts: [true, false].flatMap((vertexColors) =>
        [true, false].map(
          (dimmed) =>
            new MeshStandardMaterial({ vertexColors, transparent: dimmed, opacity: dimmed ? 0.45 : 1, ...FIGURE_LOOK }),
        ),
      ),
    }),
    [],
  );
  // Terrain: one program for every surface (terrainMaterial.ts), in each look a batch can have (solid
  // or see-through, one side or both), and the shadow of a two-sided caster. A match's table may bring
  // looks the default one lacks.
  const terrain = useMemo(
    () => ({
      geometry: new BoxGeometry(1, 1, 1),
      // A batch of mesh files has no normals, which is part of three's program key: warmed on the same.
      flatGeometry: new BoxGeometry(1, 1, 1).deleteAttribute('normal'),
      looks: TERRAIN_LOOKS.map((look) => ({ look, material: terrainBatchMaterial(look) })),
      depth: new MeshDepthMaterial({ side: DoubleSide }),
    }),
    [],
  );
  useEffect(
    () => () => {
      shadowDepth.dispose();
      models.base.dispose();
      models.figure.dispose();
      models.depth.dispose();
      for (const m of models.parts) m.dispose();
      terrain.geometry.dispose();
      terrain.flatGeometry.dispose();
      for (const t of terrain.looks) t.material.dispose();
      terrain.depth.dispose();
    },
    [shadowDepth, models, terrain],
  );

  useEffect(() => {
    const g = group.current;
    if (!g || done) return;
    let live = true;
    // compile() walks only visible objects: show them all for the walk (it is synchronous), then hide the group again.
    g.traverse((o) => (o.visible = true));
    const shadowed = depthGroup.current;
    let compiled: Promise<unknown> = gl.compileAsync(g, camera, scene);
    if (shadowed) {
      // The shadow pass draws into a render target (no tone mapping, linear output): its depth
      // programs are compiled with one bound, or their keys would not match.
      shadowed.traverse((o) => (o.visible = true));
      const target = new WebGLRenderTarget(1, 1);
      const before = gl.getRenderTarget();
      gl.setRenderTarget(target);
      const depth = gl.compileAsync(shadowed, camera, scene);
      gl.setRenderTarget(before);
      compiled = Promise.all([compiled, depth]).then(() => target.dispose());
      shadowed.visible = false;
    }
    g.visible = false;
    compiled
      .then(async () => {
        if (!live) return;
        // A see-through line whose material is updated in play (the sight rays, when the target
        // changes) compiles again with the define three-stdlib's hook added the first time: that
        // variant is compiled here too, by updating each see-through shader material once.
        let again = false;
        g.traverse((o) => {
          const m = (o as Object3D & { material?: Material }).material;
          if (m && (m as ShaderMaterial).isShaderMaterial && m.transparent) {
            m.needsUpdate = true;
            again = true;
          }
        });
        if (again) gl.compile(g, camera, scene);
        anchorShaders(gl, g, camera, scene);
        // The first texture drawn with anisotropic filtering (a die's faces) asks the GPU for its
        // largest anisotropy, once per page: a synchronous query that waits for every queued frame
        // (1.2 s at a first roll with software WebGL). Asked here, while the table loads.
        gl.capabilities.getMaxAnisotropy();
        const programs = (gl.info.programs ?? []) as unknown as LinkedProgram[];
        const added = keepPrograms(programs, keptPrograms(gl));
        // Without KHR_parallel_shader_compile (software WebGL) a program links when first used, and the
        // page waits for it then: use each one now, a task apiece, while the table loads.
        for (const p of [...programs]) {
          if (!live) return;
          p.getUniforms();
          await new Promise((r) => setTimeout(r, 0));
        }
        // Every die kind's faces drawn and uploaded, a task apiece, so the first roll of each draws nothing.
        for (const kind of DIE_KINDS) {
          if (!live) return;
          const map = sharedDieMesh(kind).material.map;
          if (map) gl.initTexture(map);
          await new Promise((r) => setTimeout(r, 0));
        }
        if (!live) return;
        setDone(true);
        finished.current?.(added);
      })
      .catch((e: unknown) => {
        console.error('the shader warm-up failed (play compiles them on first use)', e);
        if (live) setDone(true);
      });
    return () => {
      live = false;
    };
  }, [gl, camera, scene, done]);

  if (done) return null;
  return (
    <group ref={group} position={OUT_OF_SIGHT} visible={false} name="shader-warmup">
      <ShotEffect from={A} to={B} hit clock={clock} />
      <StrikeEffect a={A} b={B} clock={clock} />
      <PathEffect points={[A, B, [4, 1, 4]]} clock={clock} />
      <FallEffect to={A} height={2} clock={clock} />
      <BlastEffect from={A} at={B} radius={1.5} clock={clock} />
      <MarkerEffect at={B} clock={clock} />
      <StatusEffect model={MODEL} change="down" amount={null} clock={clock} />
      <mesh geometry={die.geometry} material={die.material} castShadow receiveShadow />
      {/* The tray draws its dice instanced: that is a program of its own (and its shadow's). */}
      <instancedMesh args={[die.geometry, die.material, 1]} castShadow receiveShadow />

      <ReachHeatMap grid={GRID} />
      <SelectionRing radius={0.5} />
      <SmokeVolume smoke={{ id: 'warmup', position: [0, 0, 0], radius: 1, height: 2, light: false }} />
      <SightRays eye={A} rays={[{ to: B, end: B, blockedBy: null }]} />
      <XRay rx={0.5} rz={0.5} height={1.2} colour="#ff0000" />
      <Line points={[A, B]} color="#ffd23f" lineWidth={3} dashed dashSize={0.5} gapSize={0.25} />
      <instancedMesh args={[models.geometry, models.base, 1]} receiveShadow />
      <instancedMesh args={[models.geometry, models.figure, 1]} castShadow />
      {models.parts.map((material, i) => (
        <mesh key={i} geometry={models.geometry} material={material} castShadow />
      ))}
      {terrain.looks.map(({ look, material }) => (
        <mesh
          key={`${look.opacity}|${look.doubleSided}`}
          geometry={look.flat ? terrain.flatGeometry : terrain.geometry}
          material={material}
          castShadow={look.opacity >= 1}
          receiveShadow
        />
      ))}
      <group ref={depthGroup} visible={false}>
        <mesh geometry={terrain.geometry} material={terrain.depth} />
        <mesh geometry={terrain.flatGeometry} material={terrain.depth} />
        <instancedMesh args={[die.geometry, shadowDepth, 1]} receiveShadow />
        <instancedMesh args={[models.geometry, models.depth, 1]} />
      </group>
    </group>
  );
}
