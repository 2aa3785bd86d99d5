/** BLKOUT's cards as plain data for the one card view: a unit card (front and back) and a model in play. */
import { inch, msg, type Msg } from '../engine/message';
import type { CardView } from '../engine/play';
import type { UnitCard, WeaponCard } from './data';
import type { ModelState, Weapon } from './game';

const range = (min: number, max: number) => `${min > 0 ? `${min}-` : ''}${max}"`;
const cardWeapon = (w: WeaponCard) => ({
  name: w.name,
  range: range(w.range[0], w.range[1]),
  damage: msg('blkout:card.damage', { n: w.damage }),
  notes: w.rules.length ? msg('blkout:card.rules', { rules: w.rules.join(', ') }) : '',
});
const ruleWords = (rules: readonly { name: string; x: number }[]) =>
  rules.map((r) => (r.x ? `${r.name} (${r.x})` : r.name)).join(', ');
const playWeapon = (w: Weapon) => ({
  name: w.name,
  range: range(w.min, w.max),
  damage: msg('blkout:card.damage', { n: w.damage }),
  notes: w.rules.length ? msg('blkout:card.rules', { rules: ruleWords(w.rules) }) : '',
});

/** A unit card: Move, Skill, Armour X/Y, grunts, combat loads and track; weapons; the back (specialists, sources). */
export function unitCardView(card: UnitCard): CardView {
  const track: Msg =
    card.role === 'duster'
      ? msg('blkout:card.dusterTracks', { chassis: card.chassis ?? '?', mobility: card.mobility ?? '?' })
      : card.track > 0
        ? msg('blkout:card.track', { n: card.track })
        : msg('blkout:card.noTrack');
  return {
    id: card.id,
    title: card.name,
    subtitle: card.combatLoads
      ? msg('blkout:card.roleLoads', { role: ROLE_IDS[card.role], loads: '▲'.repeat(card.combatLoads) })
      : ROLE_IDS[card.role],
    stats: msg('blkout:card.unitStats', {
      move: inchOf(card.move),
      skill: card.skill,
      armour: `${card.armour[0]}/${card.armour[1]}`,
      grunts: card.grunts,
      track,
    }),
    weapons: card.weapons.map(cardWeapon),
    notes: [],
    back: [
      ...(card.specialists.length === 0 ? [msg('blkout:card.noSpecialists')] : []),
      ...card.specialists.map((sp) =>
        msg('blkout:card.specialist', {
          text: `${sp.name}${sp.rules?.length ? ` — ${sp.rules.join(', ')}` : ''}${
            sp.weapons?.length
              ? ` (${sp.weapons.map((w) => `${w.name} ${range(w.range[0], w.range[1])}`).join('; ')})`
              : ''
          }`,
        }),
      ),
      ...(card.rules?.length ? [msg('blkout:card.unitRules', { rules: card.rules.join(', ') })] : []),
      msg('blkout:card.sources', { sources: card.sources.join('; ') }),
    ],
  };
}

/** A model in play: its profile now (damage taken), weapons, rules and tokens. */
export function modelCardView(m: ModelState): CardView {
  return {
    id: m.id,
    title: m.name,
    subtitle: m.grunt ? msg('blkout:card.kindGrunt', { kind: KIND_IDS[m.kind] }) : KIND_IDS[m.kind],
    stats:
      m.track > 0
        ? msg('blkout:card.modelStatsTrack', {
            move: inchOf(m.move),
            skill: m.skill,
            armour: `${m.armour[0]}/${m.armour[1]}`,
            damage: `${m.damage}/${m.track}`,
          })
        : msg('blkout:card.modelStats', {
            move: inchOf(m.move),
            skill: m.skill,
            armour: `${m.armour[0]}/${m.armour[1]}`,
          }),
    weapons: m.weapons.map(playWeapon),
    notes: [
      ...(m.rules.length ? [msg('blkout:card.rules', { rules: ruleWords(m.rules) })] : []),
      m.ready && m.engaged
        ? msg('blkout:card.readyEngaged')
        : m.ready
          ? msg('blkout:card.ready')
          : m.engaged
            ? msg('blkout:card.engaged')
            : msg('blkout:card.noTokens'),
    ],
  };
}

/** A length on a card ("6\""). */
const inchOf = (x: number): Msg => inch(x);

/** A unit card's role in words. */
const ROLE_IDS: Record<UnitCard['role'], Msg> = {
  force: msg('blkout:role.force'),
  strikeforce: msg('blkout:role.strikeforce'),
  handler: msg('blkout:role.handler'),
  blklist: msg('blkout:role.blklist'),
  duster: msg('blkout:role.duster'),
};

/** A model's kind in words. */
const KIND_IDS: Record<ModelState['kind'], Msg> = {
  infantry: msg('blkout:kind.infantry'),
  vehicle: msg('blkout:kind.vehicle'),
  drone: msg('blkout:kind.drone'),
};
