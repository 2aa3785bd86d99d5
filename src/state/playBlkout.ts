/**
 * BLKOUT as the app plays it: its two tables, the starter unit cards, the scene's models (a
 * Duster's facing) and smoke, and the words and picks from rules/blkout/describe.
 */
import blkout36 from '../../assets/scenarios/blkout-36.json';
import blkout24 from '../../assets/scenarios/blkout-24.json';
import unitCards from '../../assets/rulesets/blkout/units.json';
import { blkoutMove } from '../ai/blkoutBot';
import type { Model, Scene, Smoke } from '../geometry/sceneTypes';
import { ruleset as blkout, type BlkoutAction, type BlkoutState } from '../rules/blkout';
import { validateData, type BlkoutData } from '../rules/blkout/data';
import {
  describeAction,
  needsPoint,
  phaseLine,
  pickAction,
  picksOf,
  tableMarkers,
  type Pick,
} from '../rules/blkout/describe';
import { layoutOf, PLAYERS, SMOKE_RADIUS } from '../rules/blkout/game';
import type { TablePick } from '../rules/engine/types';
import type { Choice, PlayRules } from './playRules';
import { layoutModels } from './worldQueries';

/** The BLKOUT scenario every app match is played on by default. */
export const BLKOUT_SCENARIO_FILE = 'assets/scenarios/blkout-36.json';

/** The BLKOUT tables a match can be played on: 36" x 36" (the default) or 24" x 24". */
export const BLKOUT_TABLES = {
  36: { file: BLKOUT_SCENARIO_FILE, scene: blkout36 as unknown },
  24: { file: 'assets/scenarios/blkout-24.json', scene: blkout24 as unknown },
} as const;
/** A table size. */
export type BlkoutTable = keyof typeof BLKOUT_TABLES;
const UNITS_FILE = 'assets/rulesets/blkout/units.json';

/** The starter unit cards, validated. */
export function starterData(): BlkoutData {
  const r = validateData(unitCards, UNITS_FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

/** The scene's models and smoke for a rules state (names shown on the labels). */
export function sceneOf(base: Scene, s: BlkoutState): Scene {
  const layout = layoutOf(s);
  const models: Model[] = layoutModels(layout).map((m) => {
    const rules = s.models[m.id];
    // A Duster's facing (degrees from +x towards +z) as the scene's (counter-clockwise seen from above): its notch shows the front arc.
    const facing = rules?.facing !== undefined ? { facingDeg: (360 - rules.facing) % 360 } : {};
    return { ...m, name: rules?.name ?? m.id, ...facing };
  });
  const smoke: Smoke[] = s.smoke.map((t) => ({
    id: t.id,
    position: [t.x, 0, t.z],
    radius: SMOKE_RADIUS,
    height: null,
    light: t.light,
  }));
  return { ...base, models, smoke };
}

/** A pick armed without asking: the only thing to do is place something (a hardpoint, the next model, a juke). */
function autoPick(picks: readonly TablePick[], choices: readonly Choice<BlkoutAction>[]): TablePick | null {
  const only = picks.length === 1 ? picks[0]! : null;
  if (!only) return null;
  if (only.type === 'place-hardpoint' || only.type === 'juke-move') return only;
  return only.type === 'deploy' && choices.every((c) => c.move.type === 'hold-back') ? only : null;
}

/** BLKOUT for the play controller. */
export const BLKOUT_PLAY: PlayRules<BlkoutState, BlkoutAction> = {
  id: 'blkout',
  ruleset: blkout,
  players: PLAYERS,
  // The table the game is played on (24" or 36" across).
  tableOf: (s) => BLKOUT_TABLES[s.table?.width === 24 ? 24 : 36],
  sceneOf,
  describe: (s, q, move) => describeAction(s, q, move),
  needsPoint,
  picksOf: (s, legal) => picksOf(s, legal),
  pickAction: (pick, x, y, z) => pickAction(pick as Pick, x, y, z),
  autoPick: (_s, picks, choices) => autoPick(picks, choices),
  // A juke-move window offers the move (a pick) or staying put (a pass).
  shownChoices: (s, choices) =>
    s.pending?.kind === 'juke-move' ? choices.filter((c) => c.move.type === 'pass') : choices,
  // BLKOUT's panel lists only what may be done.
  blocked: () => [],
  phaseLine,
  markers: tableMarkers,
  bot: blkoutMove,
};
