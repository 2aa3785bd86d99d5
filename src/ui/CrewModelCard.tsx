/**
 * A Counterblast model card: type, size and body, Move and the ability dice (Zap, Grit, Knack,
 * Defense), Mettle and points, shooting and striking weapons; during a battle, its damage tokens
 * and conditions too.
 */
import type { ModelCard } from '../rules/counterblast/data';
import type { CbModel } from '../rules/counterblast/game';
import { conditionTokens } from '../rules/counterblast/describe';
import { CONDITION_NAMES } from '../rules/counterblast/conditions';

/** A weapon's traits in words: pistol, the condition it inflicts, exploding 8s or 9s. */
function traits(w: { pistol?: boolean; inflicts?: keyof typeof CONDITION_NAMES; explodeOn?: number }): string {
  const t = [
    w.pistol && 'pistol',
    w.inflicts && CONDITION_NAMES[w.inflicts],
    w.explodeOn && `explodes on ${w.explodeOn}s`,
  ].filter(Boolean);
  return t.length ? ` · ${t.join(', ')}` : '';
}

/** Props: the card, and the model in play (for its tokens), if any. */
export function CrewModelCard({ card, model }: { card: ModelCard; model?: CbModel }) {
  return (
    <div className="unit-card cb-card" data-testid={`cb-card-${card.id}`}>
      <p>
        <strong>{card.name}</strong>{' '}
        <span className="muted">
          {card.character ? 'Character' : card.type} · {card.size} · {card.body} · {card.points} pts
        </span>
      </p>
      <p>
        Move {card.move}" · Zap {card.zap}D · Grit {card.grit}D · Knack {card.knack}D · Defense {card.defense}D · Mettle{' '}
        {card.mettle}
      </p>
      <ul>
        {card.shooting.map((w, i) => (
          <li key={`s${i}`}>
            <strong>{w.name}</strong> {w.range}" · {w.damage} dmg{traits(w)}
          </li>
        ))}
        {card.striking.map((w, i) => (
          <li key={`m${i}`}>
            <strong>{w.name}</strong> reach {w.reach}" · {w.damage} dmg{traits(w)}
          </li>
        ))}
        {(card.enigmas ?? []).map((e, i) => (
          <li key={`e${i}`}>
            <strong>{e.name}</strong> Psi{' '}
            {e.kind === 'strike'
              ? `Strike ${e.range}" · ${e.damage} dmg${e.inflicts ? ` · ${CONDITION_NAMES[e.inflicts]}` : ''}`
              : `Craft ${e.range}" · ${e.effect}`}
          </li>
        ))}
      </ul>
      {((card.gear ?? []).length > 0 || (card.psi ?? 0) > 0) && (
        <p className="muted">
          {[(card.psi ?? 0) > 0 && `Psi ${card.psi}D`, (card.gear ?? []).length > 0 && `gear: ${card.gear!.join(', ')}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {model && <p className="muted">{conditionTokens(model).join(', ') || 'no tokens'}</p>}
    </div>
  );
}
