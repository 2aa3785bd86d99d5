/**
 * Counterblast as the app plays it: the 48" x 36" table (the text's 3' x 4'), the sample crews,
 * the scene's models, and the words and picks from rules/counterblast/describe.
 */
import crewsFile from '../../assets/rulesets/counterblast/crews.json';
import defaultScene from '../../assets/scenarios/default.json';
import { counterblastMove } from '../ai/counterblastBot';
import type { Scene } from '../geometry/sceneTypes';
import { ruleset as counterblast, type CbAction, type CbState } from '../rules/counterblast';
import { validateCrews, type CounterblastData } from '../rules/counterblast/data';
import {
  blockedActions,
  describeAction,
  needsPoint,
  phaseLine,
  pickAction,
  picksOf,
  tableMarkers,
  type Pick,
} from '../rules/counterblast/describe';
import { layoutOf, PLAYERS } from '../rules/counterblast/game';
import type { PlayRules } from './playRules';
import { layoutModels } from './worldQueries';

/** The table Counterblast is played on. */
export const COUNTERBLAST_TABLE = { file: 'assets/scenarios/default.json', scene: defaultScene as unknown };
const CREWS_FILE = 'assets/rulesets/counterblast/crews.json';

/** The sample crews, validated. */
export function sampleCrews(): CounterblastData {
  const r = validateCrews(crewsFile, CREWS_FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

/** The scene's models for a rules state (names on the labels; Prone models lie low). */
export function sceneOf(base: Scene, s: CbState): Scene {
  const models = layoutModels(layoutOf(s)).map((m) => ({ ...m, name: s.models[m.id]?.card.name ?? m.id }));
  return { ...base, models, smoke: [] };
}

/** Counterblast for the play controller. */
export const COUNTERBLAST_PLAY: PlayRules<CbState, CbAction> = {
  id: 'counterblast',
  ruleset: counterblast,
  players: PLAYERS,
  tableOf: () => COUNTERBLAST_TABLE,
  sceneOf,
  describe: (s, q, move) => describeAction(s, q, move),
  needsPoint,
  picksOf: (s, legal) => picksOf(s, legal),
  pickAction: (pick, x, y, z) => pickAction(pick as Pick, x, y, z),
  // Deploying is the only thing to do: the click places the next model; an Action-roll's move is a click too.
  autoPick: (_s, picks) => (picks.length === 1 && picks[0]!.type === 'deploy' ? picks[0]! : null),
  shownChoices: (_s, choices) => choices,
  blocked: (s, legal) => blockedActions(s, legal),
  phaseLine,
  markers: tableMarkers,
  bot: counterblastMove,
};
