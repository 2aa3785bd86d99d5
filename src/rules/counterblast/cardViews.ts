/** Counterblast's model cards as plain data for the one card view (in the crew builder and in play). */
import { inch, msg, type Msg } from '../engine/message';
import type { CardView } from '../engine/play';
import type { ModelCard } from './data';
import { conditionTokens, tokenLine } from './describe';
import type { CbModel } from './game';
import { CONDITION_NAMES } from './say';

const TYPE_IDS = {
  hero: 'counterblast:card.hero',
  lackey: 'counterblast:card.lackey',
  vehicle: 'counterblast:card.vehicle',
} as const;
const SIZE_IDS = {
  small: 'counterblast:card.small',
  medium: 'counterblast:card.medium',
  large: 'counterblast:card.large',
  huge: 'counterblast:card.huge',
} as const;
const BODY_IDS = {
  living: 'counterblast:card.living',
  robot: 'counterblast:card.robot',
  cyberform: 'counterblast:card.cyberform',
} as const;
const GEAR_IDS = {
  medkit: 'counterblast:card.medkit',
  toolkit: 'counterblast:card.toolkit',
  scanner: 'counterblast:card.scanner',
} as const;
const EFFECT_IDS = { heal: 'counterblast:card.heal', cleanse: 'counterblast:card.cleanse' } as const;

/** A weapon's traits in words: pistol, the condition it inflicts, exploding 8s or 9s ('' for none). */
function traits(w: { pistol?: boolean; inflicts?: keyof typeof CONDITION_NAMES; explodeOn?: number }): Msg | string {
  const list = [
    w.pistol && msg('counterblast:card.pistol'),
    w.inflicts && CONDITION_NAMES[w.inflicts],
    w.explodeOn && msg('counterblast:card.explodes', { n: w.explodeOn }),
  ].filter((x): x is Msg => typeof x === 'object');
  return list.length ? msg('counterblast:card.list', { list }) : '';
}

const dmg = (n: number): Msg => msg('counterblast:card.damage', { n });

/** A model card: type, size, body and points; Move and the ability dice; weapons and enigmas; Psi and gear. */
export function crewCardView(card: ModelCard, model?: CbModel): CardView {
  const psiGear = [
    (card.psi ?? 0) > 0 && msg('counterblast:card.psi', { n: card.psi ?? 0 }),
    (card.gear ?? []).length > 0 && msg('counterblast:card.gear', { gear: card.gear!.map((g) => msg(GEAR_IDS[g])) }),
  ].filter((x): x is Msg => typeof x === 'object');
  return {
    id: card.id,
    title: card.name,
    subtitle: msg('counterblast:card.subtitle', {
      type: msg(card.character ? 'counterblast:card.character' : TYPE_IDS[card.type]),
      size: msg(SIZE_IDS[card.size]),
      body: msg(BODY_IDS[card.body]),
      points: card.points,
    }),
    stats: msg('counterblast:card.stats', {
      move: inch(card.move),
      zap: card.zap,
      grit: card.grit,
      knack: card.knack,
      defense: card.defense,
      mettle: card.mettle,
    }),
    weapons: [
      ...card.shooting.map((w) => ({ name: w.name, range: inch(w.range), damage: dmg(w.damage), notes: traits(w) })),
      ...card.striking.map((w) => ({
        name: w.name,
        range: msg('counterblast:card.reach', { reach: inch(w.reach) }),
        damage: dmg(w.damage),
        notes: traits(w),
      })),
      ...(card.enigmas ?? []).map((e) => ({
        name: e.name,
        range: msg(e.kind === 'strike' ? 'counterblast:card.psiStrike' : 'counterblast:card.psiCraft', {
          range: inch(e.range),
        }),
        damage: e.kind === 'strike' ? dmg(e.damage) : '',
        notes: e.kind === 'strike' ? (e.inflicts ? CONDITION_NAMES[e.inflicts] : '') : msg(EFFECT_IDS[e.effect]),
      })),
    ],
    notes: [
      ...(psiGear.length
        ? [psiGear.length === 2 ? msg('counterblast:card.dot', { a: psiGear[0]!, b: psiGear[1]! }) : psiGear[0]!]
        : []),
      ...(model ? [tokenLine(conditionTokens(model), true) || msg('counterblast:card.noTokens')] : []),
    ],
  };
}
