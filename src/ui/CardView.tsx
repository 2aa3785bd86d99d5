/**
 * A card as the ruleset describes it (rules/engine/play.ts CardView): title, subtitle, the profile
 * line, the weapons, notes, and the back when it has one (click to turn it over).
 */
import { useState } from 'react';
import type { CardView as Card } from '../rules/engine/play';
import { useSay, useUi } from '../i18n/useSay';

/** Props: the card. */
export function CardView({ card }: { card: Card }) {
  const say = useSay();
  const ui = useUi();
  const [back, setBack] = useState(false);
  const turns = card.back !== undefined && card.back.length > 0;
  return (
    <div
      className="unit-card-view"
      data-testid={`card-${card.id}`}
      title={turns ? ui('ui:card.turn') : undefined}
      onClick={() => turns && setBack(!back)}
    >
      <div className="card-head">
        <strong>{say(card.title)}</strong> <span className="muted">{say(card.subtitle)}</span>
      </div>
      {back && turns ? (
        <div className="card-back">
          {card.back!.map((line, i) => (
            <p key={i}>{say(line)}</p>
          ))}
        </div>
      ) : (
        <>
          <div className="card-stats">{say(card.stats)}</div>
          {card.weapons.length > 0 && (
            <ul className="card-weapons">
              {card.weapons.map((w, i) => (
                <li key={i}>
                  <strong>{w.name}</strong>{' '}
                  {[w.range, w.damage, w.notes]
                    .filter(Boolean)
                    .map((x) => say(x))
                    .join(' · ')}
                </li>
              ))}
            </ul>
          )}
          {card.notes.map((n, i) => (
            <p key={i} className="muted">
              {say(n)}
            </p>
          ))}
        </>
      )}
    </div>
  );
}
