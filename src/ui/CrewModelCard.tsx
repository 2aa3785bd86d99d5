/**
 * A Counterblast model card: type, size and body, Move and the ability dice (Zap, Grit, Knack,
 * Defense), Mettle and points, shooting and striking weapons; during a battle, its damage tokens
 * and conditions too.
 */
import type { ModelCard } from '../rules/counterblast/data';
import type { CbModel } from '../rules/counterblast/game';
import { conditionTokens } from '../rules/counterblast/describe';

/** Props: the card, and the model in play (for its tokens), if any. */
export function CrewModelCard({ card, model }: { card: ModelCard; model?: CbModel }) {
  return (
    <div className="unit-card cb-card" data-testid={`cb-card-${card.id}`}>
      <p>
        <strong>{card.name}</strong> <span className="muted">{card.character ? 'Character' : card.type} · {card.size} · {card.body} · {card.points} pts</span>
      </p>
      <p>
        Move {card.move}" · Zap {card.zap}D · Grit {card.grit}D · Knack {card.knack}D · Defense {card.defense}D · Mettle {card.mettle}
      </p>
      <ul>
        {card.shooting.map((w, i) => (
          <li key={`s${i}`}>
            <strong>{w.name}</strong> {w.range}" · {w.damage} dmg
          </li>
        ))}
        {card.striking.map((w, i) => (
          <li key={`m${i}`}>
            <strong>{w.name}</strong> reach {w.reach}" · {w.damage} dmg
          </li>
        ))}
      </ul>
      {model && <p className="muted">{conditionTokens(model).join(', ') || 'no tokens'}</p>}
    </div>
  );
}
