/**
 * skirmish-ru as the app plays it: the table, a gang per side (presets of the gangs file, not edited),
 * the turn order option, the words, picks, tokens, front arcs and score board from describe.ts, and each
 * fighter's card.
 */
import type { PlaySpec } from '../engine/define';
import gangsFile from '../../../assets/rulesets/skirmish-ru/gangs.json';
import yard from '../../../assets/scenarios/skirmish-ru-48.json';
import {
  namedModels,
  presetBuilder,
  type CardView,
  type PresetForce,
  type TableChoice,
  modelLooks,
} from '../engine/play';
import { inch, msg, type Msg } from '../engine/message';
import type { ActionOf, SkAction } from './actions';
import { isFallbackChoice } from './fallback';
import { parseGangs, validateGangs, weaponById, type GangsData, type Weapon, type WeaponTrait } from './data';
import { ROUND_CHOICES, roundsOf, TURN_ORDER_LABELS, TURN_ORDERS, turnOrderOf } from './forces';
import { contacts, layoutOf, SAMPLE, setupState, type SkFighter, type SkState } from './game';
import { odds } from './odds';
import { board, describeAction, markers, phaseLine, pickAction, picksOf, tokenWords, type SkPick } from './describe';

const GANGS_FILE = 'assets/rulesets/skirmish-ru/gangs.json';

/** A move that ends in base contact with a standing enemy (it strikes at once). */
function isCharge(s: SkState, a: SkAction): boolean {
  if (a.type !== 'move') return false;
  const f = s.fighters[a.fighter];
  return !!f && contacts(s, f).length === 0 && contacts(s, f, [a.x, a.y, a.z]).length > 0;
}

/** A side's force: a gang of the gangs file, by id. */
export type SkForce = PresetForce;

/** The table skirmish-ru is played on. */
export const SKIRMISH_RU_TABLE: TableChoice = {
  id: 'boiler-yard-48',
  label: msg('skirmish-ru:table.yard'),
  file: 'assets/scenarios/skirmish-ru-48.json',
  scene: yard,
};

/** A weapon as a card row: range, Strength / damage / AP, and reliability, rate of fire, ammunition and traits. */
export function weaponRow(w: Weapon, ammo?: number | null, jammed = false) {
  const range: Msg = w.traits.includes('melee')
    ? msg('skirmish-ru:card.range.close')
    : w.traits.includes('grenade')
      ? msg('skirmish-ru:card.range.grenade')
      : inch(w.range ?? 0);
  const notes: Msg[] = [
    ...(w.reliability !== undefined ? [msg('skirmish-ru:card.rel', { n: w.reliability })] : []),
    ...(w.rateOfFire !== undefined ? [msg('skirmish-ru:card.rof', { n: w.rateOfFire })] : []),
    ...(ammo !== undefined && ammo !== null
      ? [msg('skirmish-ru:card.left', { n: ammo })]
      : w.ammo !== undefined
        ? [msg('skirmish-ru:card.ammo', { n: w.ammo })]
        : []),
    ...w.traits.map((t) => msg(TRAIT_IDS[t])),
    ...(jammed ? [msg('skirmish-ru:card.jammed')] : []),
  ];
  return {
    name: w.name,
    range,
    damage: msg('skirmish-ru:card.damage', { s: w.strength, d: w.damage, ap: w.ap }),
    notes: notes.length ? msg('skirmish-ru:card.notes', { notes }) : '',
  };
}

/** The weapon traits as a card shows them. */
const TRAIT_IDS = {
  pistol: 'skirmish-ru:trait.pistol',
  melee: 'skirmish-ru:trait.melee',
  template: 'skirmish-ru:trait.template',
  grenade: 'skirmish-ru:trait.grenade',
  flamer: 'skirmish-ru:trait.flamer',
} as const satisfies Record<WeaponTrait, string>;

/** A fighter's condition beside its gang on its card. */
const CONDITION_IDS = {
  active: 'skirmish-ru:card.standing',
  dead: 'skirmish-ru:card.dead',
  'seriously-wounded': 'skirmish-ru:card.seriouslyWounded',
} as const;

/** A statline in one line. */
const statsLine = (f: Pick<SkFighter['stats'], keyof SkFighter['stats']>, wounds: string): Msg =>
  msg('skirmish-ru:card.stats', {
    m: f.movement,
    ag: f.agility,
    sh: f.shooting,
    s: f.strength,
    t: f.toughness,
    w: wounds,
    a: f.attacks,
    arm: f.armour,
    mor: f.morale,
  });

/** A fighter in play as a card. */
export function fighterCard(s: SkState, f: SkFighter): CardView {
  const skills = msg('skirmish-ru:card.skills', {
    athletics: f.stats.athletics,
    acrobatics: f.stats.acrobatics,
    stealth: f.stats.stealth,
    technician: f.stats.technician,
  });
  return {
    id: f.id,
    title: f.name,
    subtitle: msg(CONDITION_IDS[f.wounds.condition], { gang: s.gangs[f.side].name }),
    stats: statsLine(f.stats, `${f.wounds.wounds}/${f.stats.wounds}`),
    weapons: f.weapons
      .map((id) => s.weapons[id])
      .filter((w): w is Weapon => !!w)
      .map((w) => weaponRow(w, f.arms[w.id]?.ammo, f.arms[w.id]?.jammed === true)),
    notes: [skills, ...tokenWords(s, f), ...(f.fatigue > 0 ? [msg('skirmish-ru:card.fatigue', { n: f.fatigue })] : [])],
  };
}

/** The gangs as presets; nothing is added or removed. */
const presets = presetBuilder<GangsData>({
  noun: 'gang',
  fileLabel: 'Gangs',
  file: GANGS_FILE,
  json: gangsFile,
  parse: parseGangs,
  validate: validateGangs,
  groups: (data) => data.gangs.map((g) => ({ id: g.id, name: g.name, size: g.fighters.length })),
  members: (data, id) =>
    (data.gangs.find((g) => g.id === id)?.fighters ?? []).map((f) => ({
      id: f.id,
      title: f.name,
      subtitle: msg('skirmish-ru:member.subtitle', { stealth: f.stealth, technician: f.technician }),
      stats: statsLine(f, String(f.wounds)),
      weapons: f.weapons.map((w) => weaponRow(weaponById(data, w))),
      notes: [],
    })),
  defaults: { A: SAMPLE[0], B: SAMPLE[1] },
});

/** The gangs as presets, in the catalogue's words (the shared preset builder's own words are English). */
export const skirmishRuBuilder: typeof presets = {
  ...presets,
  noun: msg('skirmish-ru:forces.noun'),
  fileLabel: msg('skirmish-ru:forces.fileLabel'),
  problem: (data, force) =>
    data.gangs.some((g) => g.id === force.id) ? null : msg('skirmish-ru:forces.noGang', { id: force.id }),
};

/** skirmish-ru for the one play panel. */
export const skirmishRuPlay: PlaySpec<SkState, SkAction, GangsData, SkForce> = {
  blurb: msg('skirmish-ru:blurb'),
  tables: [SKIRMISH_RU_TABLE],
  options: [
    {
      id: 'turnOrder',
      label: msg('skirmish-ru:option.turnOrder'),
      choices: TURN_ORDERS.map((value) => ({ value, label: msg(TURN_ORDER_LABELS[value]) })),
    },
    {
      id: 'rounds',
      label: msg('skirmish-ru:option.rounds'),
      choices: ROUND_CHOICES.map((value) => ({
        value,
        label: msg('skirmish-ru:option.roundsN', { n: Number(value) }),
      })),
    },
  ],
  forces: skirmishRuBuilder,
  setup: (table, data, forces, options) =>
    setupState(table, {
      data,
      gangs: [forces.A!.id, forces.B!.id],
      turnOrder: turnOrderOf(options.turnOrder),
      maxRounds: roundsOf(options.rounds),
    }),
  table(s) {
    const names = Object.fromEntries(Object.values(s.fighters).map((f) => [f.id, f.name]));
    // The scene's facing is counter-clockwise from +x seen from above; the rules' runs towards +z.
    const facing = Object.fromEntries(Object.values(s.fighters).map((f) => [f.id, (360 - f.facing) % 360]));
    const looks = modelLooks(Object.values(s.fighters), (f) => ({
      id: f.id,
      mesh: f.mesh,
      pose: f.wounds.condition === 'seriously-wounded' ? 'down' : f.prone ? 'prone' : f.pinned ? 'pinned' : null,
    }));
    return { layout: layoutOf(s), names, facing, lightSmoke: [], ...looks };
  },
  describe: describeAction,
  odds,
  picksOf,
  pickAction: (pick, x, y, z) => pickAction(pick as SkPick, x, y, z),
  // Moves are clicked on the table (the Move / Run / Sprint picks); a charge (a move into base contact) is a button
  // too, and so is a pinned fighter's fall-back (the one fallback.ts offers: the nearest cover, else farthest away).
  // No move needs a point (the default): the picks make the clicked ones, `shown` says which listed ones are buttons.
  shown: (s, move, q) =>
    move.type !== 'move' || isCharge(s, move as SkAction) || isFallbackChoice(s, q, move as ActionOf<'move'>),
  choiceInfo(_s, move) {
    const o = move as { fighter?: unknown; target?: unknown };
    const named = namedModels(move);
    return {
      models: typeof o.fighter === 'string' ? [o.fighter] : named.models,
      targets: typeof o.target === 'string' ? [o.target] : named.targets,
      fold: null,
    };
  },
  phaseLine,
  markers,
  // The reserved-action window: the first reserved fighter on offer and the enemy that moved.
  reactionLine: (s) => (s.ambush && s.ambush.options[0] ? [s.ambush.options[0].fighter, s.ambush.mover] : null),
  actors: (s) => (s.activation ? [s.activation.fighter] : []),
  board,
  card: (s, id) => (s.fighters[id] ? fighterCard(s, s.fighters[id]) : null),
  saveName: (s) => `skirmish-ru-round${s.round}.json`,
  forceName: (s, side) => (side === 'A' || side === 'B' ? s.gangs[side].name : side),
};
