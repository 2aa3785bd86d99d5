/** A card for the selected model: who it is, its base, height and where it stands; in a match, its card from the ruleset. */
import { useStore } from 'zustand';
import { baseRadius, eyeHeight } from '../geometry/units';
import { rulesetEntry } from '../rules/registry';
import type { TabletopStore } from '../state/store';
import { CardView } from './CardView';

const inches = (n: number) => `${Math.round(n * 100) / 100}"`;

/** Props: the store. */
export function ModelPanel({ store }: { store: TabletopStore }) {
  const selectedId = useStore(store, (s) => s.selectedId);
  const model = useStore(store, (s) => (s.scene.models ?? []).find((m) => m.id === s.selectedId));
  // Each selector returns a primitive or an object held in the state, never a fresh one (the lint rule
  // tabletop/stable-selector): a fresh object loops React 19 and blanks the page.
  const rules = useStore(store, (s) => s.play?.rules ?? null);
  const state = useStore(store, (s) => s.play?.match.state);
  const entry = rules ? rulesetEntry(rules) : null;
  const card = entry?.playable && selectedId && state !== undefined ? entry.play.card(state, selectedId) : null;
  if (!selectedId || !model) return null;
  const base =
    model.base.shape === 'round'
      ? `${model.base.diameterMm} mm round`
      : `${model.base.lengthMm} x ${model.base.widthMm} mm oval`;
  const [x, y, z] = model.position;
  return (
    <aside className="model-panel" data-testid="model-panel">
      <h2>
        {model.name ?? model.id}{' '}
        <span className="muted">
          ({model.id}, side {model.side})
        </span>
      </h2>
      <dl>
        <dt>Base</dt>
        <dd>
          {base} (radius {inches(baseRadius(model.base))})
        </dd>
        <dt>Height</dt>
        <dd>
          {inches(model.height)} (eye {inches(eyeHeight(model))}){model.prone ? ', prone' : ''}
        </dd>
        <dt>Position</dt>
        <dd>
          x {inches(x)}, z {inches(z)}, standing {inches(y)} up
        </dd>
        <dt>Kind</dt>
        <dd>{model.kind ?? 'infantry'}</dd>
      </dl>
      {card && (
        <div className="unit-card" data-testid="unit-card">
          <CardView card={card} />
        </div>
      )}
    </aside>
  );
}
