/** BLKOUT's cards as plain data for the one card view: a unit card (front and back) and a model in play. */
import type { CardView } from '../engine/play';
import type { UnitCard, WeaponCard } from './data';
import type { ModelState, Weapon } from './game';

const range = (min: number, max: number) => `${min > 0 ? `${min}-` : ''}${max}"`;
const cardWeapon = (w: WeaponCard) => ({
  name: w.name,
  range: range(w.range[0], w.range[1]),
  damage: `${w.damage} dmg`,
  notes: w.rules.join(', '),
});
const ruleWords = (rules: readonly { name: string; x: number }[]) =>
  rules.map((r) => (r.x ? `${r.name} (${r.x})` : r.name)).join(', ');
const playWeapon = (w: Weapon) => ({
  name: w.name,
  range: range(w.min, w.max),
  damage: `${w.damage} dmg`,
  notes: ruleWords(w.rules),
});

/** A unit card: Move, Skill, Armour X/Y, grunts, combat loads and track; weapons; the back (specialists, sources). */
export function unitCardView(card: UnitCard): CardView {
  const track =
    card.role === 'duster'
      ? `Chassis ${card.chassis ?? '?'} · Mobility ${card.mobility ?? '?'}`
      : card.track > 0
        ? `Track ${card.track}`
        : 'No track';
  const grunts = `${card.grunts} grunt${card.grunts === 1 ? '' : 's'}`;
  return {
    id: card.id,
    title: card.name,
    subtitle: `${card.role}${card.combatLoads ? ` ${'▲'.repeat(card.combatLoads)}` : ''}`,
    stats: `Move ${card.move}" · Skill ${card.skill}+ · Armour ${card.armour[0]}/${card.armour[1]} · ${grunts} · ${track}`,
    weapons: card.weapons.map(cardWeapon),
    notes: [],
    back: [
      ...(card.specialists.length === 0 ? ['No specialists.'] : []),
      ...card.specialists.map(
        (sp) =>
          `${sp.name}${sp.rules?.length ? ` — ${sp.rules.join(', ')}` : ''}${
            sp.weapons?.length
              ? ` (${sp.weapons.map((w) => `${w.name} ${range(w.range[0], w.range[1])}`).join('; ')})`
              : ''
          }`,
      ),
      ...(card.rules?.length ? [`Rules: ${card.rules.join(', ')}`] : []),
      `Sources: ${card.sources.join('; ')}`,
    ],
  };
}

/** A model in play: its profile now (damage taken), weapons, rules and tokens. */
export function modelCardView(m: ModelState): CardView {
  return {
    id: m.id,
    title: m.name,
    subtitle: `${m.kind}${m.grunt ? ' · grunt' : ''}`,
    stats: `Move ${m.move}" · Skill ${m.skill} · Armour ${m.armour[0]}/${m.armour[1]}${m.track > 0 ? ` · Damage ${m.damage}/${m.track}` : ''}`,
    weapons: m.weapons.map(playWeapon),
    notes: [
      ...(m.rules.length ? [ruleWords(m.rules)] : []),
      [m.ready && 'Ready', m.engaged && 'Engaged'].filter(Boolean).join(', ') || 'no tokens',
    ],
  };
}
