/** Where the dragged model would land if it stepped off its level here, and how far it would fall. */
import { Html, Line } from '@react-three/drei';
import { useUi } from '../i18n/useSay';
import type { FallPreview } from '../state/tableTools';

export function FallMarker({ fall, radius }: { fall: FallPreview; radius: number }) {
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
