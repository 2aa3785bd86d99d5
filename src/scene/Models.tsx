/**
 * Model bases and figures. The figure (Miniature.tsx) is only drawn: line of sight measures the
 * geometry contract's prism (base footprint x height), which the x-ray view still shows. A pale notch
 * on the base's front edge marks the facing as well as the figure does.
 */
import type { ThreeEvent } from '@react-three/fiber';
import { useFrame } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { BufferAttribute, CircleGeometry, Color, CylinderGeometry, type BufferGeometry, type Group } from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import ringFrag from '../../shaders/selection-ring.frag.glsl?raw';
import ringVert from '../../shaders/selection-ring.vert.glsl?raw';
import { baseHalfExtents, bodyHeight, facingRadians, LEAN_OUT_DIAMETER_MM, mmToInches } from '../geometry/units';
import type { Model } from '../geometry/sceneTypes';
import type { Playhead } from './motion';
import type { ModelPose } from '../io/figureFit';
import { Miniature } from './Miniature';
import { sideColour, sidesOf } from './palette';

/** Thickness of a base, in inches (about 3 mm, as sold). */
export const BASE_THICKNESS = 0.125;

/**
 * The selection ring holds still at the top of its breath (uTime = pi/6: sin(3 uTime) = 1): the canvas
 * renders on demand, and a ring that pulsed would keep drawing frames for as long as a model is selected.
 */
/** Base, side-coloured rim and facing notch in one geometry (one draw call per base), kept per size and colour. */
const bases = new Map<string, BufferGeometry>();
function baseGeometry(rx: number, rz: number, colour: string): BufferGeometry {
  const key = `${rx}|${rz}|${colour}`;
  const known = bases.get(key);
  if (known) return known;
  const painted = (g: BufferGeometry, hex: string) => {
    const c = new Color(hex);
    const n = g.getAttribute('position').count;
    const colours = new Float32Array(n * 3);
    for (let i = 0; i < n; i++) colours.set([c.r, c.g, c.b], i * 3);
    g.setAttribute('color', new BufferAttribute(colours, 3));
    return g;
  };
  const base = new CylinderGeometry(1, 1, BASE_THICKNESS, 40).scale(rx, 1, rz).translate(0, BASE_THICKNESS / 2, 0);
  const rim = new CylinderGeometry(1, 1, 0.01, 40, 1, true)
    .scale(rx * 1.001, 1, rz * 1.001)
    .translate(0, BASE_THICKNESS + 0.005, 0);
  const notch = new CircleGeometry(Math.min(rx, rz) * 0.16, 3)
    .rotateZ(-Math.PI / 2)
    .rotateX(-Math.PI / 2)
    .translate(rx * 0.86, BASE_THICKNESS + 0.006, 0);
  const g = mergeGeometries([painted(base, '#1d1d1f'), painted(rim, colour), painted(notch, '#f4f0e6')])!;
  bases.set(key, g);
  return g;
}

function SelectionRing({ radius }: { radius: number }) {
  const uniforms = useMemo(
    () => ({ uColor: { value: new Color('#fff2a8') }, uTime: { value: Math.PI / 6 }, uInner: { value: 0.72 } }),
    [],
  );
  const size = (radius / 0.72) * 2;
  return (
    <mesh rotation={[-Math.PI / 2, 0, 0]} position={[0, 0.01, 0]} renderOrder={2}>
      <planeGeometry args={[size, size]} />
      <shaderMaterial
        uniforms={uniforms}
        vertexShader={ringVert}
        fragmentShader={ringFrag}
        transparent
        depthWrite={false}
      />
    </mesh>
  );
}

function ModelPiece({
  model,
  colour,
  selected,
  dimmed,
  seeThrough,
  pose,
  onPointerDown,
  onHover,
  playhead,
}: {
  model: Model;
  /** Where rule events being played draw the model (motion.ts); the store's place when absent. */
  playhead?: Playhead;
  colour: string;
  selected: boolean;
  dimmed: boolean;
  /** Down, prone or pinned as the rules report it; null: standing (or prone when the scene says so). */
  pose: ModelPose | null;
  /** Drawn through what hides it (it stands under a roof). */
  seeThrough: boolean;
  onPointerDown: (id: string, e: ThreeEvent<PointerEvent>) => void;
  onHover?: (id: string, over: boolean) => void;
}) {
  const [rx, rz] = baseHalfExtents(model.base);
  const body = Math.max(bodyHeight(model) - BASE_THICKNESS, 0);
  const group = useRef<Group>(null);
  useFrame(() => {
    const g = group.current;
    if (!g || !playhead) return;
    const pose = playhead.poses.get(model.id);
    if (pose) {
      g.position.set(...pose.position);
      g.rotation.set(0, (pose.facingDeg * Math.PI) / 180, -pose.tilt);
    } else {
      g.position.set(...model.position);
      g.rotation.set(0, facingRadians(model), 0);
    }
  });
  return (
    <group
      ref={group}
      position={model.position}
      rotation={[0, facingRadians(model), 0]}
      onPointerDown={(e) => onPointerDown(model.id, e)}
      onClick={(e) => e.stopPropagation()}
      onPointerOver={(e) => {
        e.stopPropagation();
        onHover?.(model.id, true);
      }}
      onPointerOut={() => onHover?.(model.id, false)}
      name={`model:${model.id}`}
      userData={{ modelId: model.id }}
    >
      <mesh geometry={baseGeometry(rx, rz, colour)} receiveShadow>
        <meshStandardMaterial vertexColors roughness={0.6} />
      </mesh>
      {body > 0 && (
        // The contract's prism, not drawn: a press anywhere on the body picks the model, as it always has.
        <mesh position={[0, BASE_THICKNESS + body / 2, 0]} scale={[rx * 0.96, 1, rz * 0.96]}>
          <cylinderGeometry args={[1, 1, body, 16]} />
          <meshBasicMaterial visible={false} />
        </mesh>
      )}
      <Miniature
        kind={model.kind ?? 'infantry'}
        mesh={model.mesh}
        colour={colour}
        pose={pose ?? (model.prone ? 'prone' : null)}
        rx={rx}
        rz={rz}
        baseTop={BASE_THICKNESS}
        height={Math.max(model.height - BASE_THICKNESS, 0.1)}
        dimmed={dimmed}
        fallback={
          body > 0 && (
            <mesh
              position={[0, BASE_THICKNESS + body / 2, 0]}
              scale={[rx * 0.96, 1, rz * 0.96]}
              castShadow
              receiveShadow
            >
              <cylinderGeometry args={[1, 1, body, 32]} />
              <meshStandardMaterial color={colour} roughness={0.55} transparent={dimmed} opacity={dimmed ? 0.45 : 1} />
            </mesh>
          )
        }
      />
      {seeThrough && body > 0 && <XRay rx={rx} rz={rz} height={BASE_THICKNESS + body} colour={colour} />}
      {selected && <SelectionRing radius={Math.max(rx, rz) * 1.15} />}
      {model.leanOut && <LeanOutMarker model={model} colour={colour} />}
    </group>
  );
}

/**
 * A model under a roof seen through it: a faint body and a bright base outline drawn without the
 * depth test, after everything else, so the player still sees where it stands.
 */
function XRay({ rx, rz, height, colour }: { rx: number; rz: number; height: number; colour: string }) {
  return (
    <group>
      <mesh position={[0, height / 2, 0]} scale={[rx * 0.96, 1, rz * 0.96]} renderOrder={5}>
        <cylinderGeometry args={[1, 1, height, 24]} />
        <meshBasicMaterial color={colour} transparent opacity={0.22} depthTest={false} depthWrite={false} />
      </mesh>
      <mesh position={[0, 0.02, 0]} rotation={[-Math.PI / 2, 0, 0]} scale={[rx, rz, 1]} renderOrder={5}>
        <ringGeometry args={[0.86, 1.04, 40]} />
        <meshBasicMaterial color={colour} transparent opacity={0.75} depthTest={false} depthWrite={false} />
      </mesh>
    </group>
  );
}

/** A 25 mm lean-out marker where the model leans out (drawn in the model's frame). */
function LeanOutMarker({ model, colour }: { model: Model; colour: string }) {
  const lean = model.leanOut;
  if (!lean) return null;
  // Undo the group's transform: the marker position is in table coordinates.
  const a = -facingRadians(model);
  const dx = lean[0] - model.position[0],
    dz = lean[2] - model.position[2];
  const lx = dx * Math.cos(a) + dz * Math.sin(a);
  const lz = -dx * Math.sin(a) + dz * Math.cos(a);
  const r = mmToInches(LEAN_OUT_DIAMETER_MM) / 2;
  return (
    <mesh position={[lx, lean[1] - model.position[1] + 0.04, lz]}>
      <cylinderGeometry args={[r, r, 0.08, 32]} />
      <meshStandardMaterial color={colour} transparent opacity={0.6} />
    </mesh>
  );
}

/** Props: the scene's models, the selected id, the dragged one, and what a press on a model does. */
export function Models({
  models,
  selectedId,
  dragging,
  onPointerDown,
  onHover,
  sides: given,
  seeThrough,
  playhead,
  poses,
}: {
  /** The poses rule events being played draw models at (EventPlayer fills it); none: the store's places. */
  playhead?: Playhead;
  models: readonly Model[];
  /** Each model's pose as the rules report it (down, prone, pinned); absent: standing. */
  poses?: Readonly<Record<string, ModelPose>> | null;
  /** Models drawn through what hides them (under a roof); none by default. */
  seeThrough?: ReadonlySet<string> | null;
  /** The sides in colour order (a match's players); by default the models' sides, sorted. */
  sides?: readonly string[];
  selectedId: string | null;
  dragging: string | null;
  onPointerDown: (id: string, e: ThreeEvent<PointerEvent>) => void;
  /** The pointer came over (true) or left (false) a model. */
  onHover?: (id: string, over: boolean) => void;
}) {
  const sides = useMemo(() => given ?? sidesOf(models), [given, models]);
  return (
    <group>
      {models.map((m) => (
        <ModelPiece
          key={m.id}
          model={m}
          colour={sideColour(m.side, sides)}
          selected={m.id === selectedId}
          dimmed={m.id === dragging}
          seeThrough={m.id !== dragging && (seeThrough?.has(m.id) ?? false)}
          pose={poses?.[m.id] ?? null}
          onPointerDown={onPointerDown}
          onHover={onHover}
          playhead={playhead}
        />
      ))}
    </group>
  );
}
