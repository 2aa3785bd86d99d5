/**
 * A card as the ruleset describes it (rules/engine/play.ts CardView): title, subtitle, the profile
 * line, the weapons, notes, and the back when it has one (click to turn it over).
 */
import { useState } from 'react';
import type { CardView as Card } from '../rules/engine/play';

/** Props: the card. */
export function CardView({ card }: { card: Card }) {
  const [back, setBack] = useState(false);
  const turns = card.back !== undefined && card.back.length > 0;
  return (
    <div
      className="unit-card-view"
      data-testid={`card-${card.id}`}
      title={turns ? 'Click to turn the card over' : undefined}
      onClick={() => turns && setBack(!back)}
    >
      <div className="card-head">
        <strong>{card.title}</strong> <span className="muted">{card.subtitle}</span>
      </div>
      {back && turns ? (
        <div className="card-back">
          {card.back!.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
      ) : (
        <>
          <div className="card-stats">{card.stats}</div>
          {card.weapons.length > 0 && (
            <table className="card-weapons">
              <tbody>
                {card.weapons.map((w, i) => (
                  <tr key={i}>
                    <td>{w.name}</td>
                    <td>{w.range}</td>
                    <td>{w.damage}</td>
                    <td className="muted">{w.notes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {card.notes.map((n, i) => (
            <p key={i} className="muted">
              {n}
            </p>
          ))}
        </>
      )}
    </div>
  );
}
