/**
 * Five Parsecs as the app plays it: the 36" x 36" table, a force per side (A a
 * crew of the forces file, B one enemy type, as presets without editing), the words, picks, Stun
 * markers and score board from describe.ts, and each figure's card. The table is the Colony Outskirts
 * (36" x 36", assets/scenarios/fiveparsecs-36.json): a hab dome, rocks, low walls, two ruins, crates
 * and two patches of scrub (area terrain: cover inside, difficult ground), clear of both deployment lines.
 */
import type { PlaySpec } from '../engine/define';
import { CREW_PLAYER_LABELS, CREW_PLAYERS, crewPlayersOf } from './coop';
import { msg, type Msg } from '../engine/message';
import { reactionShortcuts } from './diceAssignment';
import { aiName, crewPhaseName, inch2, outName, traitName } from './say';
import { missionName } from './missionWords';
import forcesFile from '../../../assets/rulesets/fiveparsecs/forces.json';
import outskirts from '../../../assets/scenarios/fiveparsecs-36.json';
import { namedModels, type CardView, type ForceBuilder, type TableChoice, modelLooks } from '../engine/play';
import type { FpAction } from './actions';
import { parseForces, validateForces, weaponById, type FiveParsecsData, type Weapon } from './data';
import { layoutOf, SAMPLE, setupState, type FpFigure, type FpState } from './game';
import { MISSION_IDS, missionOf } from './missions';
import { odds } from './odds';
import { board, describeAction, markers, needsPoint, phaseLine, pickAction, picksOf, type FpPick } from './describe';

const FORCES_FILE = 'assets/rulesets/fiveparsecs/forces.json';

/** A side's force: a crew (side A) or an enemy type (side B), by id in the forces file. */
export interface FpForce {
  kind: 'crew' | 'enemy';
  id: string;
}

/** The table Five Parsecs is played on. */
export const FIVEPARSECS_TABLE: TableChoice = {
  id: 'outskirts-36',
  label: msg('fiveparsecs:table.outskirts'),
  file: 'assets/scenarios/fiveparsecs-36.json',
  scene: outskirts,
};

/** A weapon as a card row. */
const weaponRow = (w: Weapon) => {
  const notes: Msg[] = [
    ...(w.shots === undefined ? [] : [msg('fiveparsecs:card.shots', { n: w.shots })]),
    ...w.traits.map(traitName),
  ];
  return {
    name: w.name,
    range: w.range === 'brawl' ? msg('fiveparsecs:card.brawl') : inch2(w.range),
    damage: `+${w.damage}`,
    notes: notes.length ? msg('fiveparsecs:list', { items: notes }) : '',
  };
};

/** "Armour save 5+". */
const saveNote = (save: number): Msg => msg('fiveparsecs:card.save', { save });

/** A profile line; Savvy for crew figures. */
const statsOf = (f: { speed: number; combatSkill: number; toughness: number }, savvy?: number): Msg =>
  savvy === undefined
    ? msg('fiveparsecs:card.stats', { speed: f.speed, combat: f.combatSkill, toughness: f.toughness })
    : msg('fiveparsecs:card.statsSavvy', { speed: f.speed, combat: f.combatSkill, toughness: f.toughness, savvy });

/** A figure in play as a card: its profile, weapons, and Stun markers, Feral, Fearless, save, and how it left. */
export function figureCard(s: FpState, f: FpFigure): CardView {
  const crew = f.side === 'A';
  const notes: Msg[] = [
    ...(f.stun > 0 ? [msg('fiveparsecs:card.stun', { n: f.stun })] : []),
    ...(f.feral ? [msg('fiveparsecs:card.feral')] : []),
    ...(f.fearless ? [msg('fiveparsecs:card.fearless')] : []),
    ...(f.save !== null ? [saveNote(f.save)] : []),
    ...(f.phase ? [msg('fiveparsecs:card.phase', { phase: crewPhaseName(f.phase) })] : []),
    ...(s.mission.item?.carrier === f.id && s.mission.item.off === null ? [msg('fiveparsecs:card.item')] : []),
    ...(f.out ? [msg('fiveparsecs:card.out', { out: outName(f.out) })] : []),
  ];
  const owner = s.owners?.[f.id];
  return {
    id: f.id,
    title: f.name,
    subtitle: !crew
      ? msg('fiveparsecs:card.enemy', { enemy: s.enemy.name, ai: aiName(s.enemy.ai) })
      : owner
        ? msg('fiveparsecs:card.crewOwned', { crew: s.crew.name, reactions: f.reactions ?? 0, player: owner })
        : msg('fiveparsecs:card.crew', { crew: s.crew.name, reactions: f.reactions ?? 0 }),
    stats: statsOf(f, crew ? f.savvy : undefined),
    weapons: f.weapons
      .map((id) => s.weapons[id])
      .filter((w): w is Weapon => !!w)
      .map(weaponRow),
    notes,
  };
}

/** The forces as presets: the crews (side A's) and the enemy types (side B's); nothing is added or removed. */
export const fiveparsecsBuilder: ForceBuilder<FiveParsecsData, FpForce> = {
  noun: msg('fiveparsecs:forces.noun'),
  fileLabel: msg('fiveparsecs:forces.file'),
  defaultData() {
    const r = validateForces(forcesFile, FORCES_FILE);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  },
  parse: parseForces,
  validate: validateForces,
  presets: (data) => [
    ...data.crews.map((c) => ({
      id: c.id,
      label: msg('fiveparsecs:forces.crew', { name: c.name, n: c.figures.length }),
    })),
    ...data.enemies.map((e) => ({
      id: e.id,
      label: msg('fiveparsecs:forces.enemy', { name: e.name, ai: aiName(e.ai) }),
    })),
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
      subtitle: msg('fiveparsecs:card.reactions', { reactions: f.reactions }),
      stats: statsOf(f, f.savvy),
      weapons: f.weapons.map((w) => weaponRow(weaponById(data, w))),
      notes: [...(f.feral ? [msg('fiveparsecs:card.feral')] : []), ...(f.save !== undefined ? [saveNote(f.save)] : [])],
    }));
  },
  addable: () => [],
  add: (_data, force) => force,
  remove: (_data, force) => force,
  points: () => null,
  problem(data, force) {
    if (force.kind === 'crew' && !data.crews.some((c) => c.id === force.id))
      return msg('fiveparsecs:forces.noCrew', { id: force.id });
    if (force.kind === 'enemy' && !data.enemies.some((e) => e.id === force.id))
      return msg('fiveparsecs:forces.noEnemy', { id: force.id });
    return null;
  },
  fileOf: () => null,
};

/** Five Parsecs for the one play panel. */
export const fiveparsecsPlay: PlaySpec<FpState, FpAction, FiveParsecsData, FpForce> = {
  blurb: msg('fiveparsecs:blurb'),
  tables: [FIVEPARSECS_TABLE],
  options: [
    {
      id: 'mission',
      label: msg('fiveparsecs:option.mission'),
      choices: MISSION_IDS.map((id) => ({ value: id, label: missionName(id) })),
    },
    {
      id: 'crew',
      label: msg('fiveparsecs:option.crew'),
      choices: CREW_PLAYERS.map((value) => ({ value, label: CREW_PLAYER_LABELS[value] })),
      seats: true,
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
  odds,
  picksOf,
  shortcuts: reactionShortcuts,
  pickAction: (pick, x, y, z) => pickAction(pick as FpPick, x, y, z),
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
  card: (s, id) => (s.figures[id] ? figureCard(s, s.figures[id]) : null),
  saveName: (s) => `fiveparsecs-round${s.round}.json`,
  forceName: (s, side, force) => (side === 'A' ? s.crew.name : side === 'B' ? s.enemy.name : (force?.id ?? side)),
};
