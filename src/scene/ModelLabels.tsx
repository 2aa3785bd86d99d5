/**
 * Other models' edge distance and, for enemies, their LOS badge (visible share and cover shield); DOM
 * labels (drei Html), so they stay sharp on stream. Only over the hovered and targeted models unless
 * every badge is asked for (B); `LabelLayer` keeps them apart and off the panels.
 */
import { Html } from '@react-three/drei';
import { useStore } from 'zustand';
import type { TabletopState, TabletopStore } from '../state/store';
import type { LosBadgeFacts } from '../state/geometryService';
import { badgeText, shieldFor } from '../state/losBadge';
import type { Model } from '../geometry/sceneTypes';
import { useSay, useUi } from '../i18n/useSay';

/** The pointer came over or left a model: it is the hovered one, or no longer (unless another took its place). */
export function hoverModel(store: TabletopStore, id: string, over: boolean): void {
  const s = store.getState();
  if (over) s.setHoveredId(id);
  else if (s.hoveredId === id) s.setHoveredId(null);
}

/** The models whose badges show when not all do: the hovered one, the sight rays' target, those a choice names or arms, a reaction's two ends. */
export function badgedModels(s: TabletopState): ReadonlySet<string> {
  const ids = new Set<string>(s.highlight);
  if (s.hoveredId) ids.add(s.hoveredId);
  if (s.rayTargetId) ids.add(s.rayTargetId);
  if (s.play?.pick?.model) ids.add(s.play.pick.model);
  for (const id of s.play?.reactionLine ?? []) ids.add(id);
  return ids;
}

/** Distances (and, for enemies, LOS badges) over the other models while one is selected: the badged ones, or all (B). */
export function ModelLabels({
  labels,
  store,
  threat = false,
}: {
  labels: { model: Model; distance: number; facts: LosBadgeFacts | null }[];
  store: TabletopStore;
  /** The threat view: every label shown, each saying what that enemy sees of the selected model. */
  threat?: boolean;
}) {
  const ui = useUi();
  const say = useSay();
  const all = useStore(store, (s) => s.showAllBadges);
  // A joined string, so the component redraws only when the set changes.
  const badged = useStore(store, (s) => [...badgedModels(s)].sort().join('\n'));
  const shown = all || threat ? labels : labels.filter((l) => badged.split('\n').includes(l.model.id));
  return (
    <group>
      {shown.map(({ model, distance, facts }) => {
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
            <div className={`model-label${threat ? ' threat' : ''}`} data-testid={`label-${model.id}`}>
              {threat && <span className="threat-note">{ui('ui:scene.threat')}</span>}
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
