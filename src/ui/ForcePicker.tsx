/**
 * One side's force in the set-up, for any ruleset: a preset from its forces data, then the builder
 * (the cards in the force with a ✕ each, a card to add, the points) and the legality reason.
 */
import { useState } from 'react';
import type { ForceBuilder } from '../rules/engine/play';
import { CardView } from './CardView';
import { useSay, useUi } from '../i18n/useSay';

/** Props: the ruleset's builder, its data, the side, the force, and the change handler. */
export function ForcePicker({
  builder,
  data,
  side,
  force,
  onChange,
}: {
  builder: ForceBuilder<unknown, unknown>;
  data: unknown;
  side: string;
  force: unknown;
  onChange: (f: unknown) => void;
}) {
  const say = useSay();
  const ui = useUi();
  const presets = builder.presets(data);
  const preset = builder.presetOf(data, force);
  const members = builder.members(data, force);
  const addable = builder.addable(data, force);
  const [adding, setAdding] = useState('');
  const toAdd = addable.find((c) => c.id === adding) ?? addable[0];
  const problem = builder.problem(data, force);
  const points = builder.points(data, force);
  return (
    <div className="group-picker" data-testid={`force-${side}`}>
      <select
        value={preset ?? ''}
        aria-label={`${side} ${say(builder.noun)}`}
        data-testid={`preset-${side}`}
        onChange={(e) => onChange(builder.preset(data, e.target.value) ?? force)}
      >
        {preset === null && (
          <option value="">{ui('ui:forces.edited', { name: say(builder.name(data, force)) })}</option>
        )}
        {presets.map((p) => (
          <option key={p.id} value={p.id}>
            {say(p.label)}
          </option>
        ))}
      </select>
      {points && (
        <span className="muted" data-testid={`force-points-${side}`}>
          {' '}
          {points === null ? null : say(points)}
        </span>
      )}
      {problem && (
        <p className="problem" data-testid={`force-problem-${side}`}>
          {problem === null ? null : say(problem)}
        </p>
      )}
      <details className="cards">
        <summary>{ui('ui:forces.build', { noun: say(builder.noun), n: members.length })}</summary>
        <ol className="crew-list">
          {members.map((m, i) => (
            <li key={`${i}:${m.id}`}>
              {say(m.title)} <span className="muted">({say(m.subtitle)})</span>{' '}
              <button
                type="button"
                data-testid={`remove-${side}-${m.id}`}
                onClick={() => onChange(builder.remove(data, force, i))}
                title={ui('ui:forces.remove.title', { noun: say(builder.noun) })}
              >
                ✕
              </button>
            </li>
          ))}
        </ol>
        {toAdd && (
          <>
            <select
              value={toAdd.id}
              aria-label={ui('ui:forces.add.label', { side })}
              data-testid={`add-card-${side}`}
              onChange={(e) => setAdding(e.target.value)}
            >
              {addable.map((c) => (
                <option key={c.id} value={c.id}>
                  {say(c.title)} ({say(c.subtitle)})
                </option>
              ))}
            </select>{' '}
            <button
              type="button"
              data-testid={`add-${side}`}
              onClick={() => onChange(builder.add(data, force, toAdd.id))}
            >
              {ui('ui:forces.add')}
            </button>
          </>
        )}
        {members.map((m, i) => (
          <CardView key={`${i}:${m.id}`} card={m} />
        ))}
      </details>
    </div>
  );
}
