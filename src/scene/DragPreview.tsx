/** The dragged model's preview: its measured path, a ghost at the cursor, the length, and (Alt) the fall where it would land. */
import { Html, Line } from '@react-three/drei';
import type { Model } from '../geometry/sceneTypes';
import type { MovePath } from '../movement/path';
import { baseRadius } from '../geometry/units';
import { useSay, useUi } from '../i18n/useSay';
import { inchesText } from '../i18n/i18n';
import { msg, type Text } from '../rules/engine/message';
import type { FallPreview } from '../state/tableTools';

function FallMarker({ fall, radius }: { fall: FallPreview; radius: number }) {
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

/** The measured path of a drag (or, in a match, of the hovered route), its ghost at the end, and the length against the allowance (or why not). */
export function DragPreview({
  model,
  path,
  allowance,
  fall,
  kind = null,
}: {
  model: Model;
  path: MovePath | null;
  allowance: number;
  fall?: FallPreview | null;
  /** In a match: the kind of move a click there plays (its pick's words), or null. */
  kind?: Text | null;
}) {
  const ui = useUi();
  const say = useSay();
  if (fall) return <FallMarker fall={fall} radius={baseRadius(model.base)} />;
  if (!path || path.points.length === 0) return null;
  const ok = path.reachable && path.length <= allowance + 1e-9;
  const end = path.points[path.points.length - 1]!;
  const r = baseRadius(model.base);
  const colour = ok ? '#ffe066' : '#ff5d4d';
  const inches = (n: number) => ui('ui:scene.inches', { n });
  const text = !path.reachable
    ? say(path.reason ?? msg('ui:scene.cannot-move'))
    : `${inches(path.length)}${path.climb > 0 ? ui('ui:scene.climb', { d: inches(path.climb) }) : ''}${ok ? (kind ? ` / ${inchesText(allowance)} · ${say(kind)}` : '') : ` > ${inchesText(allowance)}`}`;
  return (
    <group>
      <Line
        points={path.points.map(([x, y, z]) => [x, y + 0.06, z] as [number, number, number])}
        color={colour}
        lineWidth={3}
      />
      <mesh position={[end[0], end[1] + model.height / 2, end[2]]}>
        <cylinderGeometry args={[r, r, model.height, 32]} />
        <meshBasicMaterial color={colour} transparent opacity={0.35} depthWrite={false} />
      </mesh>
      <Html
        pointerEvents="none"
        position={[end[0], end[1] + model.height + 0.6, end[2]]}
        center
        className="label drag-label"
        zIndexRange={[20, 10]}
      >
        <span data-testid="drag-length" className={ok ? 'ok' : 'bad'}>
          {text}
        </span>
      </Html>
    </group>
  );
}
