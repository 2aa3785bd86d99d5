/**
 * skirmish-ru as the app plays it: the table, a gang per side (presets of the gangs file, not edited),
 * the turn order option, the words, picks, tokens, front arcs and score board from words.ts, and each
 * fighter's card.
 */
import gangsFile from '../../../assets/rulesets/skirmish-ru/gangs.json';
import yard from '../../../assets/scenarios/skirmish-ru-48.json';
import {
  namedModels,
  presetBuilder,
  type CardView,
  type PlayDescriptor,
  type PresetForce,
  type TableChoice,
  modelLooks,
} from '../engine/play';
import type { SkAction } from './actions';
import { parseGangs, validateGangs, weaponById, type GangsData, type Weapon } from './data';
import { TURN_ORDER_LABELS, TURN_ORDERS, turnOrderOf } from './forces';
import { contacts, layoutOf, SAMPLE, setupState, type SkFighter, type SkState } from './game';
import {
  board,
  describeAction,
  markers,
  needsPoint,
  phaseLine,
  pickAction,
  picksOf,
  tokenWords,
  type SkPick,
} from './words';

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
  label: '48" x 48" Boiler Yard',
  file: 'assets/scenarios/skirmish-ru-48.json',
  scene: yard,
};

/** A weapon as a card row: range, Strength / damage / AP, and reliability, rate of fire, ammunition and traits. */
export function weaponRow(w: Weapon, ammo?: number | null, jammed = false) {
  const range = w.traits.includes('melee') ? 'Close' : w.traits.includes('grenade') ? '2 x S' : `${w.range ?? 0}"`;
  const notes = [
    w.reliability !== undefined ? `Rel ${w.reliability}` : '',
    w.rateOfFire !== undefined ? `RoF ${w.rateOfFire}` : '',
    ammo !== undefined && ammo !== null ? `${ammo} left` : w.ammo !== undefined ? `Ammo ${w.ammo}` : '',
    ...w.traits,
    jammed ? 'JAMMED' : '',
  ].filter(Boolean);
  return { name: w.name, range, damage: `S${w.strength} D${w.damage} AP${w.ap}`, notes: notes.join(', ') };
}

/** A statline in one line. */
const statsLine = (f: Pick<SkFighter['stats'], keyof SkFighter['stats']>, wounds: string) =>
  `M ${f.movement} · Ag ${f.agility} · Sh ${f.shooting} · Me ${f.melee} · S ${f.strength} · T ${f.toughness} · W ${wounds} · A ${f.attacks} · Arm ${f.armour} · Mor ${f.morale}`;

/** A fighter in play as a card. */
export function fighterCard(s: SkState, f: SkFighter): CardView {
  const skills = `Athletics ${f.stats.athletics}, Acrobatics ${f.stats.acrobatics}, Stealth ${f.stats.stealth}, Technician ${f.stats.technician}`;
  return {
    id: f.id,
    title: f.name,
    subtitle: `${s.gangs[f.side].name}, ${f.wounds.condition === 'active' ? 'standing' : f.wounds.condition === 'dead' ? 'dead' : 'seriously wounded'}`,
    stats: statsLine(f.stats, `${f.wounds.wounds}/${f.stats.wounds}`),
    weapons: f.weapons
      .map((id) => s.weapons[id])
      .filter((w): w is Weapon => !!w)
      .map((w) => weaponRow(w, f.arms[w.id]?.ammo, f.arms[w.id]?.jammed === true)),
    notes: [skills, ...tokenWords(s, f), ...(f.fatigue > 0 ? [`Fatigue ${f.fatigue} (no effect in the text)`] : [])],
  };
}

/** The gangs as presets; nothing is added or removed. */
export const skirmishRuBuilder = presetBuilder<GangsData>({
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
      subtitle: `Stealth ${f.stealth}, Technician ${f.technician}`,
      stats: statsLine(f, String(f.wounds)),
      weapons: f.weapons.map((w) => weaponRow(weaponById(data, w))),
      notes: [],
    })),
  defaults: { A: SAMPLE[0], B: SAMPLE[1] },
});

/** skirmish-ru for the one play panel. */
export const skirmishRuPlay: PlayDescriptor<SkState, SkAction, GangsData, SkForce> = {
  blurb:
    'Two gangs fight for 6 rounds; each fighter moves, then attacks, sees only its front half, and may reserve its action to fire when an enemy moves. The gang that takes out more enemy fighters wins.',
  tables: [SKIRMISH_RU_TABLE],
  tableOf: () => SKIRMISH_RU_TABLE,
  options: [
    {
      id: 'turnOrder',
      label: 'Turn order',
      choices: TURN_ORDERS.map((value) => ({ value, label: TURN_ORDER_LABELS[value] })),
    },
  ],
  forces: skirmishRuBuilder,
  setup: (table, data, forces, options) =>
    setupState(table, { data, gangs: [forces.A!.id, forces.B!.id], turnOrder: turnOrderOf(options.turnOrder) }),
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
  needsPoint,
  picksOf,
  pickAction: (pick, x, y, z) => pickAction(pick as SkPick, x, y, z),
  autoPick: () => null,
  // Moves are clicked on the table (the Move / Run / Sprint picks); a charge (a move into base contact) is a button too.
  shown: (s, move) => move.type !== 'move' || isCharge(s, move as SkAction),
  blocked: () => [],
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
  secrets: () => [],
  card: (s, id) => (s.fighters[id] ? fighterCard(s, s.fighters[id]) : null),
  outcomeNote: () => '',
  saveName: (s) => `skirmish-ru-round${s.round}.json`,
  forceName: (s, side) => (side === 'A' || side === 'B' ? s.gangs[side].name : side),
};
