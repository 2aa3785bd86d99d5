/**
 * BLKOUT as the app plays it: its two tables, the special rule it declares, a group per side from
 * the unit cards (a faction's group, then the handler and three units added and removed), the words
 * and picks from describe.ts, the score board (Command Points, Victory Points and how they were
 * earned), the secret BURN hands, and the cards.
 */
import type { PlaySpec } from '../engine/define';
import { msg, type Msg } from '../engine/message';
import { whyWords } from './say';
import blkout36 from '../../../assets/scenarios/blkout-36.json';
import blkout24 from '../../../assets/scenarios/blkout-24.json';
import unitCards from '../../../assets/rulesets/blkout/units.json';
import type { Move } from '../engine/match';
import { bySide, namedModels, type ForceBuilder, type TableChoice, modelLooks } from '../engine/play';
import type { PlayerId, TablePick } from '../engine/types';
import type { BlkoutAction } from './actions';
import { BURN_NAMES } from './burn';
import { modelCardView, unitCardView } from './cardViews';
import { parseData, validateData, type BlkoutData, type UnitCard } from './data';
import { describeAction, needsPoint, phaseLine, pickAction, picksOf, tableMarkers, type Pick } from './describe';
import { factionGroup } from './forces';
import { odds } from './odds';
import {
  groupProblemText,
  HIDDEN_CARD,
  type HandCard,
  layoutOf,
  setupState,
  STARTER_GROUPS,
  type BlkoutState,
  type GroupChoice,
} from './game';
import { SPECIAL_NAMES, SPECIAL_RULES, type SpecialRule } from './special';

const UNITS_FILE = 'assets/rulesets/blkout/units.json';

/** The tables: 36" x 36" Dockside (the default) and 24" x 24" Back Alley. */
export const BLKOUT_TABLES: readonly TableChoice[] = [
  { id: '36', label: msg('blkout:table.36'), file: 'assets/scenarios/blkout-36.json', scene: blkout36 },
  { id: '24', label: msg('blkout:table.24'), file: 'assets/scenarios/blkout-24.json', scene: blkout24 },
];

const card = (data: BlkoutData, id: string): UnitCard | undefined => data.units.find((u) => u.id === id);

/** Cards a group could take in a unit slot: its faction's, BLKLIST units and Dusters. */
const eligible = (data: BlkoutData, g: GroupChoice) =>
  data.units.filter(
    (u) => (u.role !== 'handler' && u.faction === g.faction) || u.role === 'blklist' || u.role === 'duster',
  );

/** A group in the one force builder: a faction's group, then its handler and three units. */
export const groupBuilder: ForceBuilder<BlkoutData, GroupChoice> = {
  noun: msg('blkout:forces.noun'),
  fileLabel: msg('blkout:forces.fileLabel'),
  defaultData() {
    const r = validateData(unitCards, UNITS_FILE);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  },
  parse: parseData,
  validate: validateData,
  presets: (data) =>
    data.factions.map((f) => ({
      id: f.id,
      label: factionGroup(data, f.id)?.name ?? msg('blkout:forces.group', { faction: f.name }),
    })),
  preset: (data, id) => factionGroup(data, id),
  defaults: { A: STARTER_GROUPS.A.faction, B: STARTER_GROUPS.B.faction },
  presetOf: (data, g) => (JSON.stringify(factionGroup(data, g.faction)) === JSON.stringify(g) ? g.faction : null),
  name: (data, g) => g.name ?? data.factions.find((f) => f.id === g.faction)?.name ?? g.faction,
  members: (data, g) =>
    [g.handler, ...g.units].flatMap((id) => {
      const c = card(data, id);
      return c ? [unitCardView(c)] : [];
    }),
  addable(data, g) {
    if (card(data, g.handler)?.role !== 'handler')
      return data.units.filter((u) => u.role === 'handler').map(unitCardView);
    if (g.units.length >= 3) return [];
    return eligible(data, g)
      .filter((u) => !g.units.includes(u.id))
      .map(unitCardView);
  },
  add: (data, g, id) =>
    card(data, id)?.role === 'handler'
      ? { ...g, name: undefined, handler: id }
      : { ...g, name: undefined, units: [...g.units, id] },
  remove(data, g, index) {
    const hasHandler = card(data, g.handler) !== undefined;
    if (hasHandler && index === 0) return { ...g, name: undefined, handler: '' };
    const k = index - (hasHandler ? 1 : 0);
    return { ...g, name: undefined, units: g.units.filter((_, i) => i !== k) };
  },
  points: () => null,
  problem: groupProblemText,
  fileOf: () => null,
};

/** A pick armed without asking: the only thing to do is place something (a hardpoint, the next model, a juke). */
function autoPick(picks: readonly TablePick[], choices: readonly { move: Move<BlkoutAction> }[]): TablePick | null {
  const only = picks.length === 1 ? picks[0]! : null;
  if (!only) return null;
  // A Sprint that leans out goes on to its marker's one pick.
  if (only.type === 'place-hardpoint' || only.type === 'juke-move' || only.type === 'lean-out') return only;
  return only.type === 'deploy' && choices.every((c) => c.move.type === 'hold-back') ? only : null;
}

/** The models of a unit on the table. */
const unitModels = (s: BlkoutState, unit: string): string[] =>
  Object.values(s.models)
    .filter((m) => m.unit === unit && !m.destroyed && m.pos !== null)
    .map((m) => m.id);

/** The folds: battle drills, the armoury and BURN cards sit under their own headings. */
const FOLDS: Partial<Record<string, string>> = { drill: 'Battle drills', armoury: 'Armoury', burn: 'BURN cards' };
/** The folds' headings in words. */
const FOLD_WORDS: Partial<Record<string, Msg>> = {
  drill: msg('blkout:fold.drills'),
  armoury: msg('blkout:fold.armoury'),
  burn: msg('blkout:fold.burn'),
};

/** BLKOUT for the one play panel. */
export const blkoutPlay: PlaySpec<BlkoutState, BlkoutAction, BlkoutData, GroupChoice> = {
  blurb: msg('blkout:blurb'),
  tables: BLKOUT_TABLES,
  tableOf: (s) => BLKOUT_TABLES.find((t) => t.id === String(s.table?.width)) ?? BLKOUT_TABLES[0]!,
  options: [
    {
      id: 'special',
      label: msg('blkout:option.special'),
      choices: [
        { value: '', label: msg('blkout:option.none') },
        ...SPECIAL_RULES.map((r) => ({ value: r, label: msg('blkout:option.rule', { rule: SPECIAL_NAMES[r] }) })),
      ],
    },
    {
      // A card's moment asks only its holder (one screen: nothing to hide), or whenever the card could be
      // held, so that being asked tells the other player nothing: what an online match plays.
      id: 'burnWindows',
      label: msg('blkout:option.burnWindows'),
      choices: [
        { value: '', label: msg('blkout:option.burnWindowsHeld') },
        { value: 'always', label: msg('blkout:option.burnWindowsAlways') },
      ],
      online: 'always',
    },
  ],
  forces: groupBuilder,
  setup: (table, data, forces, options) =>
    setupState(table, {
      data,
      groups: { A: forces.A!, B: forces.B! },
      special: (options.special || null) as SpecialRule | null,
      burnWindows: options.burnWindows === 'always' ? 'always' : '',
    }),
  table(s) {
    const names: Record<string, string> = {};
    const facing: Record<string, number> = {};
    const units: Record<string, string> = {};
    for (const m of Object.values(s.models)) {
      names[m.id] = m.name;
      const unit = s.units[m.unit];
      if (unit) units[m.id] = unit.name;
      // A Duster's facing (degrees from +x towards +z) as the scene's (counter-clockwise seen from above).
      if (m.facing !== undefined) facing[m.id] = (360 - m.facing) % 360;
    }
    const lightSmoke = s.smoke.filter((t) => t.light).map((t) => t.id);
    const looks = modelLooks(Object.values(s.models), (m) => ({
      id: m.id,
      mesh: m.mesh,
      pose: s.units[m.unit]?.pinned ? 'pinned' : null,
    }));
    return { layout: layoutOf(s), names, facing, lightSmoke, units, ...looks };
  },
  describe: (s, q, move) => describeAction(s, q, move),
  needsPoint,
  odds,
  picksOf: (s, legal) => picksOf(s, legal),
  pickAction: (pick, x, y, z) => pickAction(pick as Pick, x, y, z),
  autoPick: (_s, picks, choices) => autoPick(picks, choices),
  // A juke-move window offers the move (a pick) or staying put (a pass).
  shown: (s, move) => s.pending?.kind !== 'juke-move' || move.type === 'pass',
  choiceInfo(s, move) {
    const named = namedModels(move);
    const unit = (move as { unit?: unknown }).unit;
    const models = named.models.length === 0 && typeof unit === 'string' ? unitModels(s, unit) : named.models;
    const fold = FOLDS[move.type] ?? null;
    return fold
      ? { models, targets: named.targets, fold, foldWords: FOLD_WORDS[move.type]! }
      : { models, targets: named.targets, fold };
  },
  phaseLine,
  markers: tableMarkers,
  reactionLine(s) {
    const p = s.pending;
    if (p?.kind === 'shot') return [p.shooter, p.target];
    if (p?.kind === 'data') return [p.attacker, p.target];
    if (p?.kind === 'juke-move') return [p.shooter, p.model];
    return null;
  },
  actors: (s) => (s.activation ? unitModels(s, s.activation.unit) : []),
  board: (s) => ({
    rows: bySide((p) => [
      { text: msg('blkout:board.cp', { n: s.cp[p] }), title: msg('blkout:board.cpTitle') },
      { text: String(s.score[p]), title: msg('blkout:board.vpTitle'), points: true },
    ]),
    lines: s.scoreLog.map((e, i) => ({
      id: `score-${i}`,
      text: msg('blkout:board.line', { round: e.round, player: e.player, points: e.points, why: whyWords(e.why) }),
    })),
    result: null,
  }),
  secrets: (s, side) => {
    const hand = s.burn.hands[side as 'A' | 'B'] ?? [];
    return [
      {
        label: msg('blkout:secret.burn'),
        shown: hand.length
          ? msg('blkout:secret.hand', { cards: hand.map((c) => (c === HIDDEN_CARD ? '?' : BURN_NAMES[c])) })
          : msg('blkout:secret.none'),
        hidden: msg('blkout:secret.hidden', { n: hand.length }),
      },
    ];
  },
  conceal: (s, side) => concealed(s, side),
  card: (s, id) => (s.models[id] ? modelCardView(s.models[id]) : null),
  saveName: (s) => `blkout-round${s.round}.json`,
  forceName: (_s, side, g) => g?.name ?? g?.faction ?? side,
};

/**
 * A state as `side` may see it (null: a spectator): another side's BURN hand as its cards' backs, wherever
 * a hand is kept (the state, and the state an action paused at a damage moment started from); another
 * player's reaction window and damage question without the cards on offer (they are cards in hand).
 */
export function concealed(s: BlkoutState, side: PlayerId | null): BlkoutState {
  const mine = (p: string) => p === side;
  const hand = (p: 'A' | 'B') => (mine(p) ? s.burn.hands[p] : s.burn.hands[p].map((): HandCard => HIDDEN_CARD));
  const out: BlkoutState = {
    ...s,
    burn: { ...s.burn, hands: { A: hand('A'), B: hand('B') } },
    window: s.window && !mine(s.window.player) ? { ...s.window, options: [] } : s.window,
  };
  if (s.paused) {
    const { cards: _offered, ...ask } = s.paused.ask;
    out.paused = {
      ...s.paused,
      from: concealed(s.paused.from, side),
      ask: mine(s.paused.ask.player) ? s.paused.ask : { ...ask, cards: [] },
    };
  }
  return out;
}
