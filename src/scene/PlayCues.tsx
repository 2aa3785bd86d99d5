/**
 * What links the play panel and the table during a match: a ring under every model a hovered or
 * armed choice names, name tags over the acting unit's models, and in a reaction prompt the line
 * from the attacker to its target (arrow at the target), so the player reacting sees what they
 * react to.
 */
import { Html, Line } from '@react-three/drei';
import { useStore } from 'zustand';
import { eyeHeight } from '../geometry/units';
import type { Model } from '../geometry/sceneTypes';
import type { TabletopStore } from '../state/store';
import { Ring } from './Ring';

const REACTION = '#ff7a59';

/** Props: the store and the scene's models. */
export function PlayCues({ store, models, ready }: { store: TabletopStore; models: readonly Model[]; ready: boolean }) {
  const highlight = useStore(store, (s) => s.highlight);
  const armed = useStore(store, (s) => s.play?.pick?.model ?? null);
  const actors = useStore(store, (s) => s.play?.actors);
  const line = useStore(store, (s) => s.play?.reactionLine ?? null);
  const byId = (id: string) => models.find((m) => m.id === id);
  const ringed = [...new Set([...highlight, ...(armed ? [armed] : [])])].map(byId).filter((m): m is Model => !!m);
  const tagged = (actors ?? []).map(byId).filter((m): m is Model => !!m);
  const from = line ? byId(line[0]) : undefined;
  const to = line ? byId(line[1]) : undefined;
  const eye = (m: Model): [number, number, number] => [m.position[0], m.position[1] + eyeHeight(m), m.position[2]];
  return (
    <group name="play-cues">
      {ringed.map((m) => (
        <Ring key={m.id} model={m} />
      ))}
      {ready &&
        tagged.map((m) => (
          <Html
            key={m.id}
            pointerEvents="none"
            position={[m.position[0], m.position[1] + m.height + 0.5, m.position[2]]}
            center
            className="label"
            zIndexRange={[20, 10]}
          >
            <span className="name-tag" data-testid={`name-tag-${m.id}`}>
              {m.name ?? m.id}
            </span>
          </Html>
        ))}
      {from && to && (
        <>
          <Line points={[eye(from), eye(to)]} color={REACTION} lineWidth={3} dashed dashSize={0.5} gapSize={0.25} />
          <mesh position={eye(to)}>
            <sphereGeometry args={[0.2, 16, 12]} />
            <meshBasicMaterial color={REACTION} />
          </mesh>
        </>
      )}
    </group>
  );
}
