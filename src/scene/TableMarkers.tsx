/**
 * What a ruleset puts on the table besides models: objective markers (BLKOUT hardpoints), zones
 * (deployment strips) and each model's tokens (Ready, Engaged, Pinned, activated), drawn from the
 * play slice's markers, so the scene needs no knowledge of any ruleset.
 */
import { Html } from '@react-three/drei';
import type { TableMarker } from '../rules/engine/types';
import { sideColour } from './palette';

const OBJECTIVE_RADIUS = 0.8;

function Marker({ m, sides }: { m: TableMarker; sides: readonly string[] }) {
  const colour = m.side ? sideColour(m.side, sides) : '#ffd23f';
  switch (m.kind) {
    case 'objective':
      return (
        <group position={m.at}>
          <mesh position={[0, 0.06, 0]} castShadow receiveShadow name={`marker:${m.id}`}>
            <cylinderGeometry args={[OBJECTIVE_RADIUS, OBJECTIVE_RADIUS, 0.12, 6]} />
            <meshStandardMaterial color={colour} emissive={colour} emissiveIntensity={0.25} />
          </mesh>
          {m.radius !== undefined && (
            <mesh position={[0, 0.03, 0]} rotation={[-Math.PI / 2, 0, 0]}>
              <ringGeometry args={[m.radius - 0.06, m.radius + 0.06, 64]} />
              <meshBasicMaterial color={colour} transparent opacity={0.7} depthWrite={false} />
            </mesh>
          )}
          <Html pointerEvents="none" position={[0, 0.5, 0]} center className="label" zIndexRange={[18, 8]}>
            <span className="marker-label">{m.label}</span>
          </Html>
        </group>
      );
    case 'zone': {
      const [x0, z0, x1, z1] = m.rect ?? [m.at[0], m.at[2], m.at[0], m.at[2]];
      return (
        <mesh
          position={[(x0 + x1) / 2, 0.015, (z0 + z1) / 2]}
          rotation={[-Math.PI / 2, 0, 0]}
          renderOrder={1}
          name={`zone:${m.id}`}
        >
          <planeGeometry args={[x1 - x0, z1 - z0]} />
          <meshBasicMaterial color={colour} transparent opacity={0.22} depthWrite={false} />
        </mesh>
      );
    }
    case 'token':
      return (
        <Html
          pointerEvents="none"
          position={[m.at[0], m.at[1] - 0.05, m.at[2]]}
          center
          className="label"
          zIndexRange={[17, 7]}
        >
          <span className="token-label" style={{ borderColor: colour }}>
            {m.label}
          </span>
        </Html>
      );
  }
}

/** Props: the markers to draw, and the sides in colour order. */
export function TableMarkers({ markers, sides }: { markers: readonly TableMarker[]; sides: readonly string[] }) {
  return (
    <group>
      {markers.map((m) => (
        <Marker key={m.id} m={m} sides={sides} />
      ))}
    </group>
  );
}
