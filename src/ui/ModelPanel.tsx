/** A card for the selected model: who it is, its base, height and where it stands. */
import { useStore } from 'zustand';
import { baseRadius, eyeHeight } from '../geometry/units';
import type { TabletopStore } from '../state/store';
import type { ModelState } from '../rules/blkout/game';
import type { CbModel } from '../rules/counterblast/game';
import { CrewModelCard } from './CrewModelCard';

const inches = (n: number) => `${Math.round(n * 100) / 100}"`;

/** Props: the store. */
export function ModelPanel({ store }: { store: TabletopStore }) {
  const selectedId = useStore(store, (s) => s.selectedId);
  const model = useStore(store, (s) => (s.scene.models ?? []).find((m) => m.id === s.selectedId));
  // Each selector returns a primitive or an object held in the state, never a fresh one (the lint rule
  // tabletop/stable-selector): a fresh object loops React 19 and blanks the page.
  const rules = useStore(store, (s) => s.play?.rules ?? null);
  const inPlay = useStore(store, (s) =>
    s.selectedId && s.play ? (s.play.match.state.models as Record<string, unknown>)[s.selectedId] : undefined,
  );
  const card = rules === 'blkout' ? (inPlay as ModelState | undefined) : undefined;
  const cb = rules === 'counterblast' ? (inPlay as CbModel | undefined) : undefined;
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
      {cb && <CrewModelCard card={cb.card} model={cb} />}
      {card && (
        <div className="unit-card" data-testid="unit-card">
          <p>
            Move {card.move}" · Skill {card.skill} · Armour {card.armour[0]}/{card.armour[1]}
            {card.track > 0 ? ` · Damage ${card.damage}/${card.track}` : ''}
          </p>
          <ul>
            {card.weapons.map((w, i) => (
              <li key={i}>
                <strong>{w.name}</strong> {w.min > 0 ? `${w.min}-` : ''}
                {w.max}" · {w.damage} dmg
                {w.rules.length ? ` · ${w.rules.map((r) => (r.x ? `${r.name} (${r.x})` : r.name)).join(', ')}` : ''}
              </li>
            ))}
          </ul>
          {card.rules.length > 0 && (
            <p className="muted">{card.rules.map((r) => (r.x ? `${r.name} (${r.x})` : r.name)).join(', ')}</p>
          )}
          <p className="muted">
            {[card.ready && 'Ready', card.engaged && 'Engaged'].filter(Boolean).join(', ') || 'no tokens'}
          </p>
        </div>
      )}
    </aside>
  );
}
