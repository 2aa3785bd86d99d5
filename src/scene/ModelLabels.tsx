/** Every other model's edge distance and, for enemies, its LOS badge (visible share and cover shield); DOM labels (drei Html), so they stay sharp on stream. */
import { Html } from '@react-three/drei';
import type { LosBadgeFacts } from '../state/geometryService';
import { badgeText, shieldFor } from '../state/losBadge';
import type { Model } from '../geometry/sceneTypes';
import { useSay, useUi } from '../i18n/useSay';

/** Distances (and, for enemies, LOS badges) over every other model while one is selected. */
export function ModelLabels({ labels }: { labels: { model: Model; distance: number; facts: LosBadgeFacts | null }[] }) {
  const ui = useUi();
  const say = useSay();
  return (
    <group>
      {labels.map(({ model, distance, facts }) => {
        const [x, y, z] = model.position;
        const shield = facts ? shieldFor(facts) : null;
        const badge = facts ? badgeText(facts) : null;
        return (
          <Html
            key={model.id}
            pointerEvents="none"
            position={[x, y + model.height + 0.5, z]}
            center
            className="label"
            zIndexRange={[10, 0]}
          >
            <div className="model-label" data-testid={`label-${model.id}`}>
              <span className="dist">{ui('ui:scene.inches', { n: distance })}</span>
              {facts && (
                <span className={`los shield-${shield}`} data-testid={`los-${model.id}`} title={say(badge!.title)}>
                  {say(badge!.text)}
                  {badge!.note && <span className="edge-note"> · {say(badge!.note)}</span>}
                </span>
              )}
              {facts?.viaLeanOut?.fromViewerMarker &&
                facts.viaLeanOut.fromViewerMarker.visibleFraction > facts.visibleFraction && (
                  <span className="los lean" data-testid={`lean-${model.id}`} title={ui('ui:los.lean.title')}>
                    {ui('ui:los.lean', {
                      p: Math.round(facts.viaLeanOut.fromViewerMarker.visibleFraction * 100) / 100,
                    })}
                  </span>
                )}
            </div>
          </Html>
        );
      })}
    </group>
  );
}
