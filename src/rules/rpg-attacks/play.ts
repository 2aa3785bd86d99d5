/**
 * rpg-attacks as the app plays it: the colony outpost table, a squad per side (presets of the squads
 * file, not edited), the number of rounds, the words, picks, tokens, cones and blast rings from describe.ts,
 * and each character's card.
 */
import type { PlaySpec } from '../engine/define';
import { metres } from './say';
import squadsFile from '../../../assets/rulesets/rpg-attacks/squads.json';
import outpost from '../../../assets/scenarios/rpg-attacks-36.json';
import {
  namedModels,
  presetBuilder,
  type CardView,
  type PresetForce,
  type TableChoice,
  modelLooks,
} from '../engine/play';
import { msg, type Msg } from '../engine/message';
import type { RpgAction } from './actions';
import { odds } from './odds';
import { grappleHindered, isDown, PINNED_AT } from './consequences';
import {
  maxRange,
  parseSquads,
  validateSquads,
  weaponById,
  type DamageType,
  type SquadsData,
  type Weapon,
} from './data';
import { DEPLOYMENT_CHOICES, deploymentOf, ROUND_CHOICES, roundsOf } from './forces';
import type { Deployment } from './game';

/** The set-up panel's name of each deployment. */
const DEPLOYMENT_WORDS: Record<Deployment, Msg> = {
  lines: msg('rpg-attacks:option.deploymentLines'),
  close: msg('rpg-attacks:option.deploymentClose'),
};
import { layoutOf, SAMPLE, setupState, type RpgChar, type RpgState } from './game';
import {
  board,
  describeAction,
  markers,
  needsPoint,
  phaseLine,
  pickAction,
  picksOf,
  tokenWords,
  type RpgPick,
} from './describe';

const SQUADS_FILE = 'assets/rulesets/rpg-attacks/squads.json';

/** A side's force: a squad of the squads file, by id. */
export type RpgForce = PresetForce;

/** The table rpg-attacks is played on. */
export const RPG_TABLE: TableChoice = {
  id: 'outpost-36',
  label: msg('rpg-attacks:table.outpost'),
  file: 'assets/scenarios/rpg-attacks-36.json',
  scene: outpost,
};

/** The damage types in words. */
const DAMAGE_WORDS: Record<DamageType, Msg> = {
  smashing: msg('rpg-attacks:damage.smashing'),
  cutting: msg('rpg-attacks:damage.cutting'),
  piercing: msg('rpg-attacks:damage.piercing'),
  burning: msg('rpg-attacks:damage.burning'),
  energy: msg('rpg-attacks:damage.energy'),
  mental: msg('rpg-attacks:damage.mental'),
};

/** A weapon as a card row: its reach, damage and properties (Auto, Close, two-handed, grenade). */
export function weaponRow(w: Weapon, ammo?: number) {
  const [primary, secondary] = w.blast ?? [1, 3];
  const notes = [
    ...(w.auto > 0 ? [msg('rpg-attacks:weapon.auto', { n: w.auto })] : []),
    ...(w.close ? [msg('rpg-attacks:weapon.close')] : []),
    ...(w.twoHanded ? [msg('rpg-attacks:weapon.twoHanded')] : []),
    ...(w.grenade ? [msg('rpg-attacks:weapon.grenade', { primary, secondary })] : []),
    ...(ammo !== undefined ? [msg('rpg-attacks:weapon.left', { n: ammo })] : []),
  ];
  return {
    name: w.name,
    range: msg('rpg-attacks:weapon.range', { d: metres(maxRange(w)) }),
    damage: msg('rpg-attacks:weapon.damage', { n: w.damage, type: DAMAGE_WORDS[w.damageType] }),
    notes: notes.length ? msg('rpg-attacks:list', { items: notes }) : '',
  };
}

const statsLine = (
  c: Pick<RpgChar['stats'], 'skills' | 'defense' | 'willpower' | 'strength' | 'speed' | 'armour' | 'det' | 'ap'>,
) =>
  msg('rpg-attacks:card.stats', {
    melee: c.skills.melee,
    projectiles: c.skills.projectiles,
    unarmed: c.skills.unarmed,
    defense: c.defense,
    willpower: c.willpower,
    strength: c.strength,
    speed: c.speed,
    armour: c.armour,
    det: c.det,
    ap: c.ap,
  });

/** A character in play as a card. */
export function charCard(s: RpgState, c: RpgChar): CardView {
  return {
    id: c.id,
    title: c.name,
    subtitle: msg('rpg-attacks:card.squad', { squad: s.squads[c.side].name }),
    stats: statsLine(c.stats),
    weapons: c.weapons
      .map((id) => s.weapons[id])
      .filter((w): w is Weapon => !!w)
      .map((w) => weaponRow(w, c.ammo[w.id])),
    notes: tokenWords(s, c),
  };
}

/** The squads as presets; nothing is added or removed. */
const presets = presetBuilder<SquadsData>({
  noun: 'squad',
  fileLabel: 'Squads',
  file: SQUADS_FILE,
  json: squadsFile,
  parse: parseSquads,
  validate: validateSquads,
  groups: (data) => data.squads.map((q) => ({ id: q.id, name: q.name, size: q.characters.length })),
  members: (data, id) =>
    (data.squads.find((q) => q.id === id)?.characters ?? []).map((c) => ({
      id: c.id,
      title: c.name,
      subtitle: msg('rpg-attacks:card.size', { n: c.size }),
      stats: statsLine(c),
      weapons: c.weapons.map((w) => weaponRow(weaponById(data, w))),
      notes: [],
    })),
  defaults: { A: SAMPLE[0], B: SAMPLE[1] },
});

/** The squads as presets, with the builder's words as messages. */
export const rpgAttacksBuilder: typeof presets = {
  ...presets,
  noun: msg('rpg-attacks:forces.noun'),
  fileLabel: msg('rpg-attacks:forces.fileLabel'),
  problem: (data, force) =>
    presets.problem(data, force) === null ? null : msg('rpg-attacks:forces.noSquad', { id: force.id }),
};

/** rpg-attacks for the one play panel. */
export const rpgAttacksPlay: PlaySpec<RpgState, RpgAction, SquadsData, RpgForce> = {
  blurb: msg('rpg-attacks:blurb'),
  tables: [RPG_TABLE],
  options: [
    {
      id: 'rounds',
      label: msg('rpg-attacks:option.rounds'),
      choices: ROUND_CHOICES.map((value) => ({
        value,
        label: msg('rpg-attacks:option.roundsN', { n: Number(value) }),
      })),
    },
    {
      id: 'deployment',
      label: msg('rpg-attacks:option.deployment'),
      choices: DEPLOYMENT_CHOICES.map((value) => ({ value, label: DEPLOYMENT_WORDS[value] })),
    },
  ],
  forces: rpgAttacksBuilder,
  setup: (table, data, forces, options) =>
    setupState(table, {
      data,
      squads: [forces.A!.id, forces.B!.id],
      maxRounds: roundsOf(options.rounds),
      deployment: deploymentOf(options.deployment),
    }),
  table(s) {
    const chars = Object.values(s.chars);
    const names = Object.fromEntries(chars.map((c) => [c.id, c.name]));
    // Down or knocked unconscious lies as a body; prone lies; held at PINNED_AT grapple Hindered is pinned.
    const looks = modelLooks(chars, (c) => ({
      id: c.id,
      mesh: c.mesh,
      pose: isDown(c.condition)
        ? 'down'
        : c.condition.prone
          ? 'prone'
          : grappleHindered(c.condition) >= PINNED_AT
            ? 'pinned'
            : null,
    }));
    return { layout: layoutOf(s), names, facing: {}, lightSmoke: [], ...looks };
  },
  describe: describeAction,
  needsPoint,
  odds,
  picksOf,
  pickAction: (pick, x, y, z) => pickAction(pick as RpgPick, x, y, z),
  choiceInfo(_s, move) {
    const o = move as { model?: unknown; target?: unknown; from?: unknown };
    const named = namedModels(move);
    return {
      models: typeof o.model === 'string' ? [o.model] : named.models,
      targets: typeof o.target === 'string' ? [o.target] : typeof o.from === 'string' ? [o.from] : named.targets,
      fold: null,
    };
  },
  phaseLine,
  markers,
  // The Dodge window: the character asked and the thrower.
  reactionLine: (s) =>
    s.pending?.queue[0] ? [s.pending.thrower, s.pending.queue[0]] : s.parry ? [s.parry.attacker, s.parry.target] : null,
  actors: (s) => (s.turn ? [s.turn.model] : []),
  board,
  card: (s, id) => (s.chars[id] ? charCard(s, s.chars[id]) : null),
  saveName: (s) => `rpg-attacks-round${s.round}.json`,
  forceName: (s, side) => (side === 'A' || side === 'B' ? s.squads[side].name : side),
};
