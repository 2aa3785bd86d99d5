/** One table marker a ruleset puts on the table: an objective, a token, a zone, an arc or an area. */
import { Html, Line } from '@react-three/drei';
import type { TableMarker } from '../rules/engine/types';
import { sideColour } from './palette';
import { useSay } from '../i18n/useSay';

const OBJECTIVE_RADIUS = 0.8;

export function Marker({ m, sides }: { m: TableMarker; sides: readonly string[] }) {
  const say = useSay();
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
            <span className="marker-label">{say(m.label)}</span>
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
    case 'arc': {
      // A half disc centred on the facing; circleGeometry's angles run counter-clockwise seen from above once laid flat.
      const r = m.radius ?? 2;
      const width = ((m.arcDeg ?? 180) * Math.PI) / 180;
      const start = ((m.facingDeg ?? 0) * Math.PI) / 180 - width / 2;
      return (
        <mesh
          position={[m.at[0], m.at[1] + 0.02, m.at[2]]}
          rotation={[-Math.PI / 2, 0, 0]}
          renderOrder={1}
          name={`arc:${m.id}`}
        >
          <circleGeometry args={[r, 32, start, width]} />
          <meshBasicMaterial color={colour} transparent opacity={0.22} depthWrite={false} />
        </mesh>
      );
    }
    case 'area': {
      const r = m.radius ?? 1;
      return (
        <group name={`area:${m.id}`}>
          <mesh position={[m.at[0], m.at[1] + 0.025, m.at[2]]} rotation={[-Math.PI / 2, 0, 0]} renderOrder={1}>
            <circleGeometry args={[r, 48]} />
            <meshBasicMaterial color="#ff7b3a" transparent opacity={0.28} depthWrite={false} />
          </mesh>
          <mesh position={[m.at[0], m.at[1] + 0.03, m.at[2]]} rotation={[-Math.PI / 2, 0, 0]}>
            <ringGeometry args={[r - 0.06, r + 0.06, 48]} />
            <meshBasicMaterial color="#ffb23f" transparent opacity={0.9} depthWrite={false} />
          </mesh>
          {m.from && (
            <Line
              points={[
                [m.from[0], m.from[1] + 0.05, m.from[2]],
                [m.at[0], m.at[1] + 0.05, m.at[2]],
              ]}
              color="#ffb23f"
              lineWidth={2}
              dashed
              dashSize={0.3}
              gapSize={0.2}
            />
          )}
          {m.label && (
            <Html
              pointerEvents="none"
              position={[m.at[0], m.at[1] + 0.4, m.at[2]]}
              center
              className="label"
              zIndexRange={[18, 8]}
            >
              <span className="marker-label">{say(m.label)}</span>
            </Html>
          )}
        </group>
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
            {say(m.label)}
          </span>
        </Html>
      );
  }
}
