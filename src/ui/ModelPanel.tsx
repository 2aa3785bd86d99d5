/** A card for the selected model: who it is, its base, height and where it stands; in a match, its card from the ruleset. */
import { useStore } from 'zustand';
import { baseRadius, eyeHeight } from '../geometry/units';
import type { ModelKind } from '../geometry/sceneTypes';
import { loadedRuleset } from '../rulesets';
import type { TabletopStore } from '../state/store';
import { CardView } from './CardView';
import { FoldButton } from './FoldButton';
import { useUi } from '../i18n/useSay';

/** The model kinds in words. */
const KIND_IDS: Record<ModelKind, string> = {
  infantry: 'ui:kind.infantry',
  vehicle: 'ui:kind.vehicle',
  beast: 'ui:kind.beast',
  monster: 'ui:kind.monster',
  drone: 'ui:kind.drone',
};

/** Props: the store. */
export function ModelPanel({ store }: { store: TabletopStore }) {
  const selectedId = useStore(store, (s) => s.selectedId);
  const model = useStore(store, (s) => (s.scene.models ?? []).find((m) => m.id === s.selectedId));
  // Each selector returns a primitive or an object held in the state, never a fresh one (the lint rule
  // tabletop/stable-selector): a fresh object loops React 19 and blanks the page.
  const rules = useStore(store, (s) => s.play?.rules ?? null);
  const state = useStore(store, (s) => s.play?.match.state);
  const entry = rules ? loadedRuleset(rules) : null;
  const folded = useStore(store, (s) => s.folded.card);
  const ui = useUi();
  // A length to two decimals in the locale's numbers (`1.25"`, `1,25"`).
  const inches = (n: number) => ui('ui:model.inches', { n: Math.round(n * 100) / 100 });
  const card = entry && selectedId && state !== undefined ? entry.play.card(state, selectedId) : null;
  if (!selectedId || !model) return null;
  const base =
    model.base.shape === 'round'
      ? ui('ui:model.base.round', { d: model.base.diameterMm })
      : ui('ui:model.base.oval', { l: model.base.lengthMm, w: model.base.widthMm });
  const [x, y, z] = model.position;
  return (
    <aside className="model-panel" data-testid="model-panel" data-folded={folded}>
      <div className="panel-head">
        <h2>
          {model.name ?? model.id}{' '}
          <span className="muted">{ui('ui:model.id-side', { id: model.id, side: model.side })}</span>
        </h2>
        <FoldButton store={store} panel="card" controls="card-body" />
      </div>
      {!folded && (
        <div id="card-body">
          <dl>
            <dt>{ui('ui:model.base')}</dt>
            <dd>{ui('ui:model.base.radius', { base, r: inches(baseRadius(model.base)) })}</dd>
            <dt>{ui('ui:model.height')}</dt>
            <dd>
              {ui('ui:model.height.eye', { h: inches(model.height), eye: inches(eyeHeight(model)) })}
              {model.prone ? ui('ui:model.prone') : ''}
            </dd>
            <dt>{ui('ui:model.position')}</dt>
            <dd>{ui('ui:model.position.at', { x: inches(x), z: inches(z), y: inches(y) })}</dd>
            <dt>{ui('ui:model.kind')}</dt>
            <dd>{ui(KIND_IDS[model.kind ?? 'infantry'])}</dd>
          </dl>
          {card && (
            <div className="unit-card" data-testid="unit-card">
              <CardView card={card} />
            </div>
          )}
        </div>
      )}
    </aside>
  );
}
