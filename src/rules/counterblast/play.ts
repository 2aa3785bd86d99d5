/**
 * Counterblast as the app plays it: the 48" x 36" table (the text's 3' x 4') and its mission, a crew
 * per side from the crews file (a sample crew, then model cards added and removed within 500
 * points), the words, picks and greyed actions from describe.ts, and the score board (Moxie, dread,
 * models standing, objectives held, and at the end each crew's Battle, Objective and Mission Score).
 */
import type { PlaySpec } from '../engine/define';
import crewsFile from '../../../assets/rulesets/counterblast/crews.json';
import defaultScene from '../../../assets/scenarios/default.json';
import { msg } from '../engine/message';
import { bySide, namedModels, type ForceBuilder, type TableChoice, modelLooks } from '../engine/play';
import type { CbAction } from './actions';
import { addModel, crewProblem, removeModel, roster } from './builder';
import { crewCardView } from './cardViews';
import { crewPoints, parseCrews, STANDARD_POINTS, validateCrews, type CounterblastData, type CrewCard } from './data';
import {
  blockedActions,
  describeAction,
  needsPoint,
  phaseLine,
  pickAction,
  picksOf,
  tableMarkers,
  type Pick,
} from './describe';
import { objectiveHolders } from './apply';
import { odds } from './odds';
import { layoutOf, onTable, SAMPLE_CREWS, setupState, type CbState } from './game';
import { DEGREE_NAMES } from './say';

const CREWS_FILE = 'assets/rulesets/counterblast/crews.json';

/** The table Counterblast is played on. */
export const COUNTERBLAST_TABLE: TableChoice = {
  id: 'crossroads',
  label: msg('counterblast:table.crossroads'),
  file: 'assets/scenarios/default.json',
  scene: defaultScene,
};

/** The crews file for a battle: both sides' crews under distinct ids. */
export function battleData(crews: Record<'A' | 'B', CrewCard>): {
  data: CounterblastData;
  ids: Record<'A' | 'B', string>;
} {
  const a = crews.A;
  const b =
    crews.B.id === a.id && JSON.stringify(crews.B) !== JSON.stringify(a)
      ? { ...crews.B, id: `${crews.B.id}-b` }
      : crews.B;
  return { data: { format: 'counterblast-crews/1', crews: b.id === a.id ? [a] : [a, b] }, ids: { A: a.id, B: b.id } };
}

/** A crew in the one force builder: a crew from the file, then model cards added and removed. */
export const crewBuilder: ForceBuilder<CounterblastData, CrewCard> = {
  noun: msg('counterblast:forces.noun'),
  fileLabel: msg('counterblast:forces.fileLabel'),
  defaultData() {
    const r = validateCrews(crewsFile, CREWS_FILE);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  },
  parse: parseCrews,
  validate: validateCrews,
  presets: (data) =>
    data.crews.map((c) => ({
      id: c.id,
      label: msg('counterblast:forces.preset', { name: c.name, points: crewPoints(c) }),
    })),
  preset: (data, id) => data.crews.find((c) => c.id === id) ?? null,
  defaults: { A: SAMPLE_CREWS.A, B: SAMPLE_CREWS.B },
  presetOf: (_data, crew) => (crew.sample === false ? null : crew.id),
  name: (_data, crew) => crew.name,
  members: (_data, crew) => crew.models.map((m) => crewCardView(m)),
  addable: (data) => roster(data).map((m) => crewCardView(m)),
  add(data, crew, id) {
    const card = roster(data).find((c) => c.id === id);
    return card ? addModel(crew, card) : crew;
  },
  remove: (_data, crew, index) => removeModel(crew, index),
  points: (_data, crew) => msg('counterblast:forces.points', { points: crewPoints(crew), limit: STANDARD_POINTS }),
  problem: (_data, crew) => crewProblem(crew),
  fileOf: (_data, crews) => ({
    ...battleData(crews).data,
    about: 'Crews built in the Counterblast set-up (editable; load it again with Load forces…).',
  }),
};

/** Counterblast for the one play panel. */
export const counterblastPlay: PlaySpec<CbState, CbAction, CounterblastData, CrewCard> = {
  blurb: msg('counterblast:blurb'),
  tables: [COUNTERBLAST_TABLE],
  forces: crewBuilder,
  setup(table, _data, forces) {
    const { data, ids } = battleData({ A: forces.A!, B: forces.B! });
    return setupState(table, { data, crews: ids });
  },
  table(s) {
    const models = Object.values(s.models);
    const names = Object.fromEntries(models.map((m) => [m.id, m.card.name]));
    const looks = modelLooks(models, (m) => ({
      id: m.id,
      mesh: m.card.mesh,
      pose: m.down ? 'down' : m.prone ? 'prone' : (m.conditions ?? []).includes('pinned') ? 'pinned' : null,
    }));
    return { layout: layoutOf(s), names, facing: {}, lightSmoke: [], ...looks };
  },
  describe: (s, q, move) => describeAction(s, q, move),
  needsPoint,
  odds,
  picksOf: (s, legal) => picksOf(s, legal),
  pickAction: (pick, x, y, z) => pickAction(pick as Pick, x, y, z),
  // Deploying is the only thing to do: the click places the next model; an Action-roll's move is a click too.
  autoPick: (_s, picks) => (picks.length === 1 && picks[0]!.type === 'deploy' ? picks[0]! : null),
  blocked: (s, legal) => blockedActions(s, legal),
  choiceInfo(_s, move) {
    const named = namedModels(move);
    const split = Array.isArray((move as { split?: unknown }).split);
    return split
      ? { ...named, fold: 'Split fire', foldWords: msg('counterblast:fold.split-fire') }
      : { ...named, fold: null };
  },
  phaseLine,
  markers: tableMarkers,
  reactionLine(s) {
    const p = s.pending;
    if (p?.kind === 'attack') return [p.attack.attacker, p.attack.target];
    if (p?.kind === 'psi') return [p.psi.psifer, p.psi.target];
    return null;
  },
  actors: (s) => s.activation?.models ?? [],
  board(s) {
    const held = objectiveHolders(s);
    const r = s.result;
    return {
      rows: bySide((p) => {
        const mine = Object.values(s.models).filter((m) => m.player === p);
        return [
          { text: msg('counterblast:board.moxie', { n: s.moxie[p] }), title: msg('counterblast:board.moxieTitle') },
          { text: msg('counterblast:board.dread', { n: s.dread[p] }), title: msg('counterblast:board.dreadTitle') },
          { text: `${mine.filter(onTable).length}/${mine.length}`, title: msg('counterblast:board.modelsTitle') },
        ];
      }),
      lines: [
        {
          id: 'objectives',
          text: msg('counterblast:board.objectives', {
            mission: s.mission.name === 'Hold the Crossroads' ? msg('counterblast:mission.crossroads') : s.mission.name,
            held: s.mission.objectives.map((o, i) => `${i + 1} ${held[o.id] ?? '–'}`).join(' · '),
          }),
        },
      ],
      result: r
        ? {
            columns: [
              msg('counterblast:board.battle'),
              msg('counterblast:board.objective'),
              msg('counterblast:board.mission'),
            ],
            rows: bySide((p) => [String(r.battle[p]), String(r.objective[p]), String(r.mission[p])]),
            footer:
              r.winner && r.degree
                ? msg('counterblast:board.winner', { side: r.winner, degree: DEGREE_NAMES[r.degree]! })
                : msg('counterblast:board.draw'),
          }
        : null,
    };
  },
  card: (s, id) => (s.models[id] ? crewCardView(s.models[id].card, s.models[id]) : null),
  outcomeNote: (s) => (s.result?.degree ? msg('counterblast:outcome', { degree: DEGREE_NAMES[s.result.degree]! }) : ''),
  saveName: (s) => `counterblast-turn${s.turn}.json`,
  forceName: (s, side, crew) => s.crews[side as 'A' | 'B']?.name ?? crew?.name ?? side,
};
