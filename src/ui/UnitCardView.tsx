/**
 * A unit card as the group builder shows it: the front (Move, Skill, Armour X/Y, grunts, combat
 * loads, damage track or Duster tracks, weapons with min-max range, damage and rules) and the back
 * (specialists with their weapons and abilities, the unit's rules, where the numbers came from).
 */
import { useState } from 'react';
import type { UnitCard, WeaponCard } from '../rules/blkout/data';

const range = (w: WeaponCard) => `${w.range[0] > 0 ? `${w.range[0]}-` : ''}${w.range[1]}"`;

function Weapons({ weapons }: { weapons: readonly WeaponCard[] }) {
  return (
    <table className="card-weapons">
      <tbody>
        {weapons.map((w, i) => (
          <tr key={i}>
            <td>{w.name}</td>
            <td>{range(w)}</td>
            <td>{w.damage} dmg</td>
            <td className="muted">{w.rules.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Props: the card. Click it to turn it over. */
export function UnitCardView({ card }: { card: UnitCard }) {
  const [back, setBack] = useState(false);
  const track =
    card.role === 'duster'
      ? `Chassis ${card.chassis ?? '?'} · Mobility ${card.mobility ?? '?'}`
      : card.track > 0
        ? `Track ${card.track}`
        : 'No track';
  return (
    <div
      className="unit-card-view"
      data-testid={`card-${card.id}`}
      title="Click to turn the card over"
      onClick={() => setBack(!back)}
    >
      <div className="card-head">
        <strong>{card.name}</strong> <span className="muted">{card.role}</span>{' '}
        <span className="loads">{'▲'.repeat(card.combatLoads)}</span>
      </div>
      {!back ? (
        <>
          <div className="card-stats">
            Move {card.move}" · Skill {card.skill}+ · Armour {card.armour[0]}/{card.armour[1]} · {card.grunts} grunt
            {card.grunts === 1 ? '' : 's'} · {track}
          </div>
          <Weapons weapons={card.weapons} />
        </>
      ) : (
        <div className="card-back">
          {card.specialists.length === 0 && <p className="muted">No specialists.</p>}
          {card.specialists.map((sp, i) => (
            <div key={i}>
              <em>{sp.name}</em>
              {sp.rules?.length ? <span className="muted"> — {sp.rules.join(', ')}</span> : null}
              {sp.weapons?.length ? <Weapons weapons={sp.weapons} /> : null}
            </div>
          ))}
          {card.rules?.length ? <p>Rules: {card.rules.join(', ')}</p> : null}
          <p className="muted">Sources: {card.sources.join('; ')}</p>
        </div>
      )}
    </div>
  );
}
