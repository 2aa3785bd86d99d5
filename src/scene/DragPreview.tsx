/** The dragged model's preview: its measured path, a ghost at the cursor, the length, and (Alt) the fall where it would land. */
import { Html, Line } from '@react-three/drei';
import type { Model } from '../geometry/sceneTypes';
import type { MovePath } from '../movement/path';
import { baseRadius } from '../geometry/units';
import { useSay, useUi } from '../i18n/useSay';
import { inchesText } from '../i18n/i18n';
import { msg, type Text } from '../rules/engine/message';
import type { FallPreview } from '../state/tableTools';
import { FallMarker } from './FallMarker';

/** The measured path of a drag (or, in a match, of the hovered route), its ghost at the end, and the length against the allowance (or why not). */
export function DragPreview({
  model,
  path,
  allowance,
  fall,
  kind = null,
  refusal = null,
}: {
  model: Model;
  path: MovePath | null;
  allowance: number;
  fall?: FallPreview | null;
  /** In a match: the kind of move a click there plays (its pick's words), or null. */
  kind?: Text | null;
  /** Why the path is refused, in words (`routeRefusal`), or null. */
  refusal?: Text | null;
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
    ? say(refusal ?? msg('ui:scene.cannot-move'))
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
