/** Counterblast's model cards as plain data for the one card view (in the crew builder and in play). */
import type { CardView } from '../engine/play';
import { CONDITION_NAMES } from './conditions';
import type { ModelCard } from './data';
import { conditionTokens } from './describe';
import type { CbModel } from './game';

/** A weapon's traits in words: pistol, the condition it inflicts, exploding 8s or 9s. */
function traits(w: { pistol?: boolean; inflicts?: keyof typeof CONDITION_NAMES; explodeOn?: number }): string {
  return [w.pistol && 'pistol', w.inflicts && CONDITION_NAMES[w.inflicts], w.explodeOn && `explodes on ${w.explodeOn}s`]
    .filter(Boolean)
    .join(', ');
}

/** A model card: type, size, body and points; Move and the ability dice; weapons and enigmas; Psi and gear. */
export function crewCardView(card: ModelCard, model?: CbModel): CardView {
  const psiGear = [
    (card.psi ?? 0) > 0 && `Psi ${card.psi}D`,
    (card.gear ?? []).length > 0 && `gear: ${card.gear!.join(', ')}`,
  ].filter(Boolean);
  return {
    id: card.id,
    title: card.name,
    subtitle: `${card.character ? 'Character' : card.type} · ${card.size} · ${card.body} · ${card.points} pts`,
    stats: `Move ${card.move}" · Zap ${card.zap}D · Grit ${card.grit}D · Knack ${card.knack}D · Defense ${card.defense}D · Mettle ${card.mettle}`,
    weapons: [
      ...card.shooting.map((w) => ({
        name: w.name,
        range: `${w.range}"`,
        damage: `${w.damage} dmg`,
        notes: traits(w),
      })),
      ...card.striking.map((w) => ({
        name: w.name,
        range: `reach ${w.reach}"`,
        damage: `${w.damage} dmg`,
        notes: traits(w),
      })),
      ...(card.enigmas ?? []).map((e) => ({
        name: e.name,
        range: `Psi ${e.kind === 'strike' ? 'Strike' : 'Craft'} ${e.range}"`,
        damage: e.kind === 'strike' ? `${e.damage} dmg` : '',
        notes: e.kind === 'strike' ? (e.inflicts ? CONDITION_NAMES[e.inflicts] : '') : e.effect,
      })),
    ],
    notes: [
      ...(psiGear.length ? [psiGear.join(' · ')] : []),
      ...(model ? [conditionTokens(model).join(', ') || 'no tokens'] : []),
    ],
  };
}
