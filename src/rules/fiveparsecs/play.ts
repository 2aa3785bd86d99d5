/**
 * Five Parsecs as the app plays it: the 36" x 36" table, a force per side (A a
 * crew of the forces file, B one enemy type, as presets without editing), the words, picks, Stun
 * markers and score board from words.ts, and each figure's card. The table is the Colony Outskirts
 * (36" x 36", assets/scenarios/fiveparsecs-36.json): a hab dome, rocks, low walls, two ruins, crates
 * and two patches of scrub (area terrain: cover inside, difficult ground), clear of both deployment lines.
 */
import { CREW_PLAYER_LABELS, CREW_PLAYERS, crewPlayersOf, ownerOf } from './coop';
import forcesFile from '../../../assets/rulesets/fiveparsecs/forces.json';
import outskirts from '../../../assets/scenarios/fiveparsecs-36.json';
import {
  namedModels,
  type CardView,
  type ForceBuilder,
  type PlayDescriptor,
  type TableChoice,
  modelLooks,
} from '../engine/play';
import type { FpAction } from './actions';
import { parseForces, validateForces, weaponById, type FiveParsecsData, type Weapon } from './data';
import { layoutOf, SAMPLE, setupState, type FpFigure, type FpState } from './game';
import { MISSION_IDS, MISSION_NAMES, missionOf } from './missions';
import { board, describeAction, markers, needsPoint, phaseLine, pickAction, picksOf, type FpPick } from './words';

const FORCES_FILE = 'assets/rulesets/fiveparsecs/forces.json';

/** A side's force: a crew (side A) or an enemy type (side B), by id in the forces file. */
export interface FpForce {
  kind: 'crew' | 'enemy';
  id: string;
}

/** The table Five Parsecs is played on. */
export const FIVEPARSECS_TABLE: TableChoice = {
  id: 'outskirts-36',
  label: '36" x 36" Colony Outskirts',
  file: 'assets/scenarios/fiveparsecs-36.json',
  scene: outskirts,
};

/** A weapon as a card row. */
const weaponRow = (w: Weapon) => ({
  name: w.name,
  range: w.range === 'brawl' ? 'Brawl' : `${w.range}"`,
  damage: `+${w.damage}`,
  notes: [w.shots === undefined ? '' : `${w.shots} shot${w.shots === 1 ? '' : 's'}`, ...w.traits]
    .filter(Boolean)
    .join(', '),
});

/** A figure in play as a card: its profile, weapons, and Stun markers, Feral, Fearless, save, and how it left. */
export function figureCard(s: FpState, f: FpFigure): CardView {
  const crew = f.side === 'A';
  const notes = [
    ...(f.stun > 0 ? [`${f.stun} Stun marker${f.stun === 1 ? '' : 's'}`] : []),
    ...(f.feral ? ['Feral'] : []),
    ...(f.fearless ? ['Fearless'] : []),
    ...(f.save !== null ? [`Armour save ${f.save}+`] : []),
    ...(f.phase ? [`Acts in the ${f.phase === 'quick' ? 'Quick' : 'Slow'} Actions phase`] : []),
    ...(s.mission.item?.carrier === f.id && s.mission.item.off === null ? ['Carries the item'] : []),
    ...(f.out ? [`Out: ${f.out}`] : []),
  ];
  return {
    id: f.id,
    title: f.name,
    subtitle: crew
      ? `${s.crew.name}, Reactions ${f.reactions ?? 0}${ownerOf(s, f.id) ? `, ${ownerOf(s, f.id)}'s figure` : ''}`
      : `${s.enemy.name}, AI ${s.enemy.ai}`,
    stats: `Speed ${f.speed}" · Combat +${f.combatSkill} · Toughness ${f.toughness}${crew ? ` · Savvy ${f.savvy}` : ''}`,
    weapons: f.weapons
      .map((id) => s.weapons[id])
      .filter((w): w is Weapon => !!w)
      .map(weaponRow),
    notes,
  };
}

/** The forces as presets: the crews (side A's) and the enemy types (side B's); nothing is added or removed. */
export const fiveparsecsBuilder: ForceBuilder<FiveParsecsData, FpForce> = {
  noun: 'force',
  fileLabel: 'Forces',
  defaultData() {
    const r = validateForces(forcesFile, FORCES_FILE);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  },
  parse: parseForces,
  validate: validateForces,
  presets: (data) => [
    ...data.crews.map((c) => ({ id: c.id, label: `Crew: ${c.name} (${c.figures.length})` })),
    ...data.enemies.map((e) => ({ id: e.id, label: `Enemy: ${e.name} (${e.ai})` })),
  ],
  preset(data, id) {
    if (data.crews.some((c) => c.id === id)) return { kind: 'crew', id };
    if (data.enemies.some((e) => e.id === id)) return { kind: 'enemy', id };
    return null;
  },
  defaults: { A: SAMPLE.crew, B: SAMPLE.enemy },
  presetOf: (_data, force) => force.id,
  name: (data, force) =>
    (force.kind === 'crew' ? data.crews.find((c) => c.id === force.id) : data.enemies.find((e) => e.id === force.id))
      ?.name ?? force.id,
  members(data, force) {
    const crew = force.kind === 'crew' ? data.crews.find((c) => c.id === force.id) : undefined;
    return (crew?.figures ?? []).map((f) => ({
      id: f.id,
      title: f.name,
      subtitle: `Reactions ${f.reactions}`,
      stats: `Speed ${f.speed}" · Combat +${f.combatSkill} · Toughness ${f.toughness} · Savvy ${f.savvy}`,
      weapons: f.weapons.map((w) => weaponRow(weaponById(data, w))),
      notes: [...(f.feral ? ['Feral'] : []), ...(f.save !== undefined ? [`Armour save ${f.save}+`] : [])],
    }));
  },
  addable: () => [],
  add: (_data, force) => force,
  remove: (_data, force) => force,
  points: () => null,
  problem(data, force) {
    if (force.kind === 'crew' && !data.crews.some((c) => c.id === force.id)) return `no crew "${force.id}"`;
    if (force.kind === 'enemy' && !data.enemies.some((e) => e.id === force.id)) return `no enemy type "${force.id}"`;
    return null;
  },
  fileOf: () => null,
};

/** Five Parsecs for the one play panel. */
export const fiveparsecsPlay: PlayDescriptor<FpState, FpAction, FiveParsecsData, FpForce> = {
  blurb:
    'Your crew against one enemy type run by its AI. Fight Off: drive them all off to Hold the Field; Acquire: carry the item from the centre off your own edge; Move Through: get two figures off the far edge.',
  tables: [FIVEPARSECS_TABLE],
  tableOf: () => FIVEPARSECS_TABLE,
  options: [
    {
      id: 'mission',
      label: 'Mission',
      choices: MISSION_IDS.map((id) => ({ value: id, label: MISSION_NAMES[id] })),
    },
    {
      id: 'crew',
      label: 'Crew',
      choices: CREW_PLAYERS.map((value) => ({ value, label: CREW_PLAYER_LABELS[value] })),
    },
  ],
  forces: fiveparsecsBuilder,
  setup(table, data, forces, options) {
    const a = forces.A!;
    const b = forces.B!;
    if (a.kind !== 'crew') throw new Error(`side A fields a crew (got the enemy type "${a.id}")`);
    if (b.kind !== 'enemy') throw new Error(`side B fields an enemy type (got the crew "${b.id}")`);
    return setupState(table, {
      data,
      crew: a.id,
      enemy: b.id,
      mission: missionOf(options.mission),
      crewPlayers: crewPlayersOf(options.crew),
    });
  },
  table(s) {
    const figures = Object.values(s.figures);
    const names = Object.fromEntries(figures.map((f) => [f.id, f.name]));
    // Casualties (slain, knocked out, bailed) leave the table; a Stunned figure is shaken, not lying: pinned.
    const looks = modelLooks(figures, (f) => ({
      id: f.id,
      mesh: f.mesh,
      pose: f.out === null && f.stun > 0 ? 'pinned' : null,
    }));
    return { layout: layoutOf(s), names, facing: {}, lightSmoke: [], ...looks };
  },
  describe: describeAction,
  needsPoint,
  picksOf,
  pickAction: (pick, x, y, z) => pickAction(pick as FpPick, x, y, z),
  autoPick: () => null,
  shown: () => true,
  blocked: () => [],
  choiceInfo(_s, move) {
    const o = move as { figure?: unknown; target?: unknown };
    const named = namedModels(move);
    return {
      models: typeof o.figure === 'string' ? [o.figure] : named.models,
      targets: typeof o.target === 'string' ? [o.target] : named.targets,
      // The Reaction Roll's dice are each figure's own choices: click a figure, give it a die.
      fold: null,
    };
  },
  phaseLine,
  markers,
  // Snap Fire's window: the first held figure on offer and the enemy that moved.
  reactionLine: (s) => (s.snap && s.snap.options[0] ? [s.snap.options[0].figure, s.snap.mover] : null),
  // Acting: the figure activated; in the Reaction Roll, the crew figures still without a die.
  actors: (s) =>
    s.activation
      ? [s.activation.figure]
      : s.phase === 'reaction' && s.reaction
        ? Object.values(s.figures)
            .filter((f) => f.side === 'A' && f.out === null && !(f.id in s.reaction!.assigned))
            .map((f) => f.id)
            .sort()
        : [],
  board,
  secrets: () => [],
  card: (s, id) => (s.figures[id] ? figureCard(s, s.figures[id]) : null),
  outcomeNote: () => '',
  saveName: (s) => `fiveparsecs-round${s.round}.json`,
  forceName: (s, side, force) => (side === 'A' ? s.crew.name : side === 'B' ? s.enemy.name : (force?.id ?? side)),
};
