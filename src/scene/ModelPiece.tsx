import type { ThreeEvent } from '@react-three/fiber';
import { useFrame } from '@react-three/fiber';
import { useRef } from 'react';
import { BufferAttribute, CircleGeometry, Color, CylinderGeometry, type BufferGeometry, type Group } from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { baseHalfExtents, bodyHeight, facingRadians } from '../geometry/units';
import type { Model } from '../geometry/sceneTypes';
import type { Playhead } from './motion';
import type { ModelPose } from '../io/figureFit';
import { Miniature } from './Miniature';
import { LeanOutMarker } from './LeanOutMarker';
import { SelectionRing } from './SelectionRing';
import { XRay } from './XRay';

/** Thickness of a base, in inches (about 3 mm, as sold). */
export const BASE_THICKNESS = 0.125;

/** The base material's roughness (shared with the instanced bases). */
export const BASE_ROUGHNESS = 0.6;

/** Base, side-coloured rim and facing notch in one geometry (one draw call per base), kept per size and colour. */
const bases = new Map<string, BufferGeometry>();
export function baseGeometry(rx: number, rz: number, colour: string): BufferGeometry {
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

export function ModelPiece({
  model,
  colour,
  selected,
  dimmed,
  seeThrough,
  pose,
  onPointerDown,
  onHover,
  playhead,
  instanced = false,
}: {
  /** Its base and shipped figure are drawn by the instanced batches (ModelInstances.tsx), not here. */
  instanced?: boolean;
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
      {!instanced && (
        <mesh geometry={baseGeometry(rx, rz, colour)} receiveShadow>
          <meshStandardMaterial vertexColors roughness={BASE_ROUGHNESS} />
        </mesh>
      )}
      {/* The base and the contract's prism over it, not drawn: a press anywhere on them picks the model.
          The drawn base and figure are instanced (ModelInstances.tsx) and take no presses, so this is
          what a press on a model that is down (no body above its base) meets. */}
      <mesh position={[0, (BASE_THICKNESS + body) / 2, 0]} scale={[rx, 1, rz]}>
        <cylinderGeometry args={[1, 1, BASE_THICKNESS + body, 16]} />
        <meshBasicMaterial visible={false} />
      </mesh>
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
        instanced={instanced}
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
