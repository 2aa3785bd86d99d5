/** The tape measure's line and its length label. */
import { Html, Line } from '@react-three/drei';
import { useUi } from '../i18n/useSay';

/** The tape between two points, with its length (`live`: the end still follows the cursor). */
export function TapeLine({
  from,
  to,
  length,
  live = false,
}: {
  from: [number, number, number];
  to: [number, number, number];
  length: number;
  live?: boolean;
}) {
  const ui = useUi();
  const mid: [number, number, number] = [(from[0] + to[0]) / 2, Math.max(from[1], to[1]) + 0.8, (from[2] + to[2]) / 2];
  return (
    <group>
      <Line points={[from, to]} color="#ffd23f" lineWidth={3} dashed dashSize={0.5} gapSize={0.25} />
      <Html pointerEvents="none" position={mid} center className="label" zIndexRange={[30, 20]}>
        <span className={`tape-label${live ? ' live' : ''}`} data-testid={live ? 'tape-live-length' : 'tape-length'}>
          {ui('ui:scene.tape', { n: length })}
        </span>
      </Html>
    </group>
  );
}
