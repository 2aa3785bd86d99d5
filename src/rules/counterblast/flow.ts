/**
 * Counterblast's turn: deployment, the Moxie phase, Activation phases (who is Active by a Moxie
 * check, single activations, two actions and bought extras, the Multitasking Rule), the attack
 * sequence with Defense checks and damage tokens, Upkeep, Panic, and the end of the battle with
 * its Battle Score. Pure: state, action, dice and Queries in; state and events out.
 */
import { rollD5, rollOff, rollPool } from '../dice/mechanics';
import { COVER_DICE, sightVerdict, type Cover } from './sight';
import type { DiceSource } from '../dice/source';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import { edgeWords, spotWords } from '../engine/words';
import type { Queries } from '../engine/queries';
import { ruleError, type RuleError, type RuleEvent } from '../engine/types';
import type { CbAction } from './actions';
import {
  EDGE_OF,
  HEIGHT,
  layoutOf,
  OBJECTIVE_POINTS,
  OBJECTIVE_RANGE,
  onTable,
  other,
  PLAYERS,
  radiusOf,
  type CbAttack,
  type CbPending,
  type CbResult,
  type CbModel,
  type CbState,
  type Player,
} from './game';
import { SIZES, type Inflicted } from './data';
import { gain, gritOf, has, lose, moveOf, sees, upkeepConditions, zapOf } from './conditions';
import { boost, BOOSTED, hack, heal, skillCheck } from './skills';
import { disperseOptions, psiRefusal, resolvePsi, type CbPsi } from './psi';
import { inchesToMm } from '../engine/units';

type Out = { state: CbState; events: RuleEvent[] } | RuleError;

const illegal = (message: string): RuleError => ruleError('illegal-action', message);
const fmt = (n: number) => String(Math.round(n * 100) / 100);

/** Team actions and the group action each goes with. */
export const TEAM_ACTIONS: Record<string, string> = { 'aim-assist': 'shoot', 'dog-pile': 'strike', boost: 'skill' };

/** Whether an action of `kind` fits a group step that chose `chosen` (Boost's "skill" fits Engineer, Treat and Hack). */
export const fitsStep = (kind: string, chosen: string): boolean =>
  kind === chosen || (kind === 'skill' && BOOSTED.includes(chosen)) || (chosen === 'skill' && BOOSTED.includes(kind));

/** Deployment depth from the own edge (the default mission), inches. */
export const DEPLOY_DEPTH = 6;
/** Turns in a battle. */
export const TURNS = 6;
/** Short range for shooting: Difficulty 7 within it, 8 beyond. */
export const SHORT_RANGE = 8;
/** The Moxie check, Defense, Knack checks: against 7. */
export const DIFFICULTY = 7;
/** Actions an activated model gets for free. */
export const FREE_ACTIONS = 2;

/** Models of a player on the table. */
const crewOnTable = (s: CbState, p: Player) => Object.values(s.models).filter((m) => m.player === p && onTable(m));

/** Models that may be activated: on the table, not Down, not Spent. */
export const activatable = (s: CbState, p: Player): CbModel[] => crewOnTable(s, p).filter((m) => !m.down && !m.spent);

/** Whether a crew may still take part in this turn's Activation phases. */
const canAct = (s: CbState, p: Player) => !s.passed[p] && s.moxie[p] >= 1 && activatable(s, p).length > 0;

function setModel(s: CbState, m: CbModel): CbState {
  return { ...s, models: { ...s.models, [m.id]: m } };
}

/** Distance from a player's own edge: A's is the south edge (z = depth, drawn nearest the player), B's the north (z = 0). */
export function fromOwnEdge(s: CbState, p: Player, z: number): number {
  return p === 'A' ? s.table.depth - z : z;
}

// ------------------------------------------------------------------ the turn

/** Moxie phase: each crew's pool is its models on the table; then the first Activation phase. */
function startTurn(s: CbState, dice: DiceSource, events: RuleEvent[]): CbState {
  const turn = s.turn + 1;
  const moxie = { A: crewOnTable(s, 'A').length, B: crewOnTable(s, 'B').length };
  events.push({ type: 'turn', text: `Turn ${turn}: Moxie A ${moxie.A}, B ${moxie.B}`, turn, moxie });
  return electChoice(
    { ...s, phase: 'activation', turn, moxie, passed: { A: false, B: false }, fallen: [] },
    'A',
    dice,
    events,
  );
}

/** A crew whose leader is gone may elect a new one for 1 Moxie at the beginning of the turn. */
export function mayElect(s: CbState, p: Player): boolean {
  const id = s.leader?.[p];
  const lead = id ? s.models[id] : undefined;
  return (!lead || !onTable(lead)) && s.moxie[p] >= 1 && crewOnTable(s, p).length > 0;
}

/** The Moxie phase's elections (A, then B), then the first Activation phase. */
function electChoice(s: CbState, from: Player, dice: DiceSource, events: RuleEvent[]): CbState {
  for (const p of from === 'A' ? (['A', 'B'] as const) : (['B'] as const)) {
    if (mayElect(s, p)) return { ...s, phase: 'moxie', electTurn: p };
  }
  return startActivationPhase({ ...s, phase: 'activation', electTurn: undefined }, dice, events);
}

/**
 * An Activation phase: both crews roll Moxie against 7 (a crew that passed, or has no Moxie or
 * models to activate, fails); most successes is Active; ties go to the larger pool, then to d10
 * roll-offs. With nobody left to act, the turn ends.
 */
function startActivationPhase(s: CbState, dice: DiceSource, events: RuleEvent[]): CbState {
  const able = PLAYERS.filter((p) => canAct(s, p));
  if (able.length === 0) return endTurn(s, dice, events);
  let active: Player;
  if (able.length === 1) {
    active = able[0]!;
    events.push({
      type: 'moxie-roll',
      text: `${active} is Active (the other crew cannot act this turn)`,
      player: active,
    });
  } else {
    const a = rollPool(dice, { dice: s.moxie.A, difficulty: DIFFICULTY });
    const b = rollPool(dice, { dice: s.moxie.B, difficulty: DIFFICULTY });
    let why: string;
    let offDice: Player[] = [];
    if (a.successes !== b.successes) [active, why] = [a.successes > b.successes ? 'A' : 'B', 'more successes'];
    else if (s.moxie.A !== s.moxie.B) [active, why] = [s.moxie.A > s.moxie.B ? 'A' : 'B', 'a tie, to the larger pool'];
    else {
      const off = rollOff(dice, 10);
      active = off.winner === 'a' ? 'A' : 'B';
      why = `a tie with equal pools, roll-off ${off.rounds.map(([x, y]) => `${x}-${y}`).join(', ')}`;
      offDice = off.rounds.flatMap((): Player[] => ['A', 'B']);
    }
    const pool = (p: Player, r: { rolls: number[] }) => `${p} ${poolWords({ rolls: r.rolls, difficulty: DIFFICULTY })}`;
    events.push({
      type: 'moxie-roll',
      text: `Moxie checks: ${pool('A', a)}; ${pool('B', b)}: ${active} is Active (${why})`,
      player: active,
      rolls: { A: a.rolls, B: b.rolls },
    });
    // A's pool, B's pool, then the roll-off's pairs (A's die first).
    logRolls(events, dice, [...a.rolls.map((): Player => 'A'), ...b.rolls.map((): Player => 'B'), ...offDice]);
  }
  return { ...s, active, activation: null };
}

/** Upkeep (un-spend; unstable Down models are casualties; stable ones become unstable; Stunned clears), then Panic. */
function upkeep(s0: CbState, dice: DiceSource, events: RuleEvent[]): CbState {
  let s: CbState = { ...s0, active: null, activation: null };
  const models = { ...s.models };
  const fallen = [...s.fallen];
  for (const m of Object.values(models)) {
    if (!onTable(m)) continue;
    let next: CbModel = { ...m, spent: false, stunned: false };
    if (m.down && !m.stable) {
      next = { ...next, casualty: true, pos: null };
      fallen.push({ player: m.player, hero: m.card.type === 'hero' });
      events.push({ type: 'removed', text: `${m.card.name} (${m.player}) bleeds out in Upkeep`, model: m.id });
    } else if (m.down) next = { ...next, stable: false };
    models[m.id] = next;
  }
  s = { ...s, models, fallen };
  return upkeepChoice(s, 'A', dice, events);
}

/** Upkeep begins: Burning models burn, Marked comes off (conditions.ts); then models un-Spend and the Down are seen to. */
function endTurn(s0: CbState, dice: DiceSource, events: RuleEvent[]): CbState {
  const s = upkeepConditions({ ...s0, active: null, activation: null }, dice, events, (st, id, raw, extra) =>
    sufferDamage(st, dice, events, id, raw, extra),
  );
  return upkeep(s, dice, events);
}

/** A leader on the table and not Down may spend Moxie to cut its crew's dread. */
export function canCalm(s: CbState, p: Player): boolean {
  const id = s.leader?.[p];
  const lead = id ? s.models[id] : undefined;
  return !!lead && onTable(lead) && !lead.down && s.moxie[p] >= 1 && s.dread[p] > 0;
}

/** Upkeep: each crew in turn (A, then B) may spend Moxie on dread; then the Panic phase. */
function upkeepChoice(s: CbState, from: Player, dice: DiceSource, events: RuleEvent[]): CbState {
  for (const p of from === 'A' ? (['A', 'B'] as const) : (['B'] as const)) {
    if (canCalm(s, p)) return { ...s, phase: 'upkeep', upkeepTurn: p };
  }
  return panicPhase({ ...s, phase: 'activation', upkeepTurn: undefined }, dice, events);
}

/** The Panic phase, then the next turn or the end of the battle. */
function panicPhase(s0: CbState, dice: DiceSource, events: RuleEvent[]): CbState {
  let s = s0;
  // Panic: dread rises; a crew with more dread than models on the table rolls Knack/7 per model.
  const dread = { ...s.dread };
  for (const p of PLAYERS) {
    const mine = crewOnTable(s, p);
    const lost = s.fallen.filter((f) => f.player === p);
    dread[p] += 1 + mine.filter((m) => m.down).length + lost.length + lost.filter((f) => f.hero).length;
    events.push({ type: 'dread', text: `${p}'s dread rises to ${dread[p]}`, player: p, dread: dread[p] });
    if (dread[p] > mine.length) {
      for (const m of mine) {
        const r = rollPool(dice, { dice: m.card.knack, difficulty: DIFFICULTY });
        const panics = r.successes === 0 && !m.panicked;
        if (panics) s = setModel(s, { ...s.models[m.id]!, panicked: true });
        const outcome = panics ? 'panics' : r.successes === 0 ? 'fails, already Panicked' : 'keeps its nerve';
        events.push({
          type: 'panic',
          text: `${m.card.name} tests its nerve: Knack ${poolWords({ rolls: r.rolls, difficulty: DIFFICULTY })}: ${outcome}`,
          model: m.id,
          rolls: r.rolls,
          panicked: panics,
        });
        logRolls(events, dice, m.player);
      }
    }
  }
  s = { ...s, dread };
  const left = PLAYERS.filter((p) => crewOnTable(s, p).length > 0);
  if (s.turn >= TURNS || left.length < 2) return endBattle(s, events);
  return startTurn(s, dice, events);
}

/** The Battle Score: points on the table, not Down or Panicked, against the game's points. */
export function battleScore(s: CbState, p: Player): number {
  const standing = crewOnTable(s, p)
    .filter((m) => !m.down && !m.panicked)
    .reduce((t, m) => t + m.card.points, 0);
  const share = standing / s.gamePoints;
  return share > 0.75 ? 6 : share >= 0.5 ? 3 : 1;
}

/** Who holds each objective: the crew with more models within range that are on the table, not Down and not Panicked (Downed models do not count for objectives). */
export function objectiveHolders(s: CbState): Record<string, Player | null> {
  const held: Record<string, Player | null> = {};
  for (const o of s.mission.objectives) {
    const near = (p: Player) =>
      crewOnTable(s, p).filter(
        (m) =>
          !m.down &&
          !m.panicked &&
          Math.hypot(m.pos![0] - o.x, m.pos![2] - o.z) - radiusOf(m) <= OBJECTIVE_RANGE + 1e-9,
      ).length;
    const a = near('A'),
      b = near('B');
    held[o.id] = a > b ? 'A' : b > a ? 'B' : null;
  }
  return held;
}

/** The degree of victory for a difference in Mission Scores (6+ Heroic, 4-5 Major, 1-3 Minor; 0 is a draw). */
export const degreeOf = (difference: number): CbResult['degree'] =>
  difference >= 6 ? 'Heroic Victory' : difference >= 4 ? 'Major Victory' : difference >= 1 ? 'Minor Victory' : null;

function endBattle(s: CbState, events: RuleEvent[]): CbState {
  const battle = { A: battleScore(s, 'A'), B: battleScore(s, 'B') };
  const held = objectiveHolders(s);
  const objective = { A: 0, B: 0 };
  for (const p of Object.values(held)) if (p) objective[p] += OBJECTIVE_POINTS;
  const mission = { A: battle.A + objective.A, B: battle.B + objective.B };
  const winner: Player | null = mission.A === mission.B ? null : mission.A > mission.B ? 'A' : 'B';
  const degree = degreeOf(Math.abs(mission.A - mission.B));
  const result: CbResult = { battle, objective, mission, held, winner, degree };
  events.push({
    type: 'game-over',
    text: `The battle ends after turn ${s.turn}: Mission Score A ${mission.A} (battle ${battle.A} + objectives ${objective.A}), B ${mission.B} (battle ${battle.B} + objectives ${objective.B}): ${winner ? `${winner}, ${degree}` : 'a draw'}`,
    score: mission,
  });
  return { ...s, phase: 'over', score: mission, result };
}

// ------------------------------------------------------------------ damage

/**
 * Raw damage: a Defense check against 7 (extra dice from cover against shooting) takes 1 off per
 * success; the rest become damage tokens. As many tokens as Mettle: Down and Stable; more than
 * double Mettle: a casualty.
 */
export function sufferDamage(
  s: CbState,
  dice: DiceSource,
  events: RuleEvent[],
  targetId: string,
  raw: number,
  extraDefense = 0,
): CbState {
  const t = s.models[targetId]!;
  if (raw <= 0 || !onTable(t)) return s;
  const d = rollPool(dice, { dice: t.card.defense + extraDefense, difficulty: DIFFICULTY });
  const taken = Math.max(0, raw - d.successes);
  // Successes beyond the raw damage stop nothing more.
  const stopped =
    taken === 0
      ? `all ${raw} raw damage stopped`
      : d.successes === 0
        ? `none of the ${raw} raw damage stopped, ${taken} damage taken`
        : `${d.successes} of ${raw} raw damage stopped, ${taken} damage taken`;
  events.push({
    type: 'defense',
    text: `${t.card.name} Defense${extraDefense ? ` (+${extraDefense}D)` : ''}: ${poolWords({ rolls: d.rolls, difficulty: DIFFICULTY })}: ${stopped}`,
    model: t.id,
    rolls: d.rolls,
    stopped: raw - taken,
  });
  logRolls(events, dice, t.player);
  if (taken === 0) return s;
  const damage = t.damage + taken;
  events.push({
    type: 'damage',
    text: `${t.card.name} takes ${taken} damage (${damage} tokens, Mettle ${t.card.mettle})`,
    target: t.id,
    amount: taken,
  });
  if (damage > 2 * t.card.mettle) {
    events.push({ type: 'removed', text: `${t.card.name} is a casualty`, model: t.id });
    return {
      ...setModel(s, { ...t, damage, casualty: true, pos: null, down: false }),
      fallen: [...s.fallen, { player: t.player, hero: t.card.type === 'hero' }],
    };
  }
  if (damage >= t.card.mettle && !t.down) {
    events.push({ type: 'model-down', text: `${t.card.name} is Down (and Stable)`, model: t.id });
    return setModel(s, { ...t, damage, down: true, stable: true, prone: true });
  }
  return setModel(s, { ...t, damage });
}

// ------------------------------------------------------------------ actions

/** Applies an action. */
export function applyAction(s: CbState, action: CbAction | { type: 'pass' }, dice: DiceSource, q: Queries): Out {
  q.arrange(layoutOf(s));
  const events: RuleEvent[] = [];
  if (s.phase === 'over') return ruleError('game-over', 'the battle is over');
  if (s.window) return react(s, action, dice, q, events);
  if (action.type === 'pass') return illegal('there is nothing to pass on');
  if (action.type === 'deploy') return deploy(s, action, dice, q, events);
  if (action.type === 'elect') {
    const p = s.electTurn;
    if (s.phase !== 'moxie' || !p)
      return illegal('a new leader is elected in the Moxie phase, when the old one is gone');
    let next = s;
    if (action.model !== null) {
      const m = s.models[action.model];
      if (!m || m.player !== p || !onTable(m))
        return illegal(`${action.model} is not one of ${p}'s models on the table`);
      next = {
        ...s,
        moxie: { ...s.moxie, [p]: s.moxie[p] - 1 },
        leader: { ...(s.leader ?? { A: null, B: null }), [p]: m.id },
      };
      events.push({
        type: 'leader',
        text: `${p} spends 1 Moxie: ${m.card.name} is the new leader`,
        player: p,
        model: m.id,
      });
    }
    return {
      state:
        p === 'A'
          ? electChoice(next, 'B', dice, events)
          : startActivationPhase({ ...next, phase: 'activation', electTurn: undefined }, dice, events),
      events,
    };
  }
  if (action.type === 'calm') {
    const p = s.upkeepTurn;
    if (s.phase !== 'upkeep' || !p) return illegal('Moxie goes on dread in the Upkeep phase');
    const amount = action.amount;
    if (!Number.isInteger(amount) || amount < 0 || amount > Math.min(s.moxie[p], s.dread[p]))
      return ruleError(
        'out-of-range',
        `${p}'s leader may spend 0 to ${Math.min(s.moxie[p], s.dread[p])} Moxie on dread (got ${amount})`,
      );
    if (amount > 0)
      events.push({
        type: 'dread',
        text: `${p}'s leader spends ${amount} Moxie: dread ${s.dread[p]} -> ${s.dread[p] - amount}`,
        player: p,
      });
    const next: CbState = {
      ...s,
      moxie: { ...s.moxie, [p]: s.moxie[p] - amount },
      dread: { ...s.dread, [p]: s.dread[p] - amount },
    };
    return {
      state:
        p === 'A'
          ? upkeepChoice(next, 'B', dice, events)
          : panicPhase({ ...next, phase: 'activation', upkeepTurn: undefined }, dice, events),
      events,
    };
  }
  if (s.phase !== 'activation' || !s.active) return illegal('models act in the Activation phase');
  const p = s.active;
  const a = s.activation;
  switch (action.type) {
    case 'activate': {
      if (a) return illegal('a model is already activated: end its activation first');
      const m = s.models[action.model];
      if (!m || m.player !== p) return illegal(`${action.model} is not one of ${p}'s models`);
      if (!activatable(s, p).includes(m))
        return illegal(`${m.card.name} cannot activate (Spent, Down or off the table)`);
      if (s.moxie[p] < 1) return illegal(`${p} has no Moxie left`);
      events.push({
        type: 'activation',
        text: `${p} spends 1 Moxie: ${m.card.name} activates`,
        model: m.id,
        player: p,
      });
      return {
        state: {
          ...s,
          moxie: { ...s.moxie, [p]: s.moxie[p] - 1 },
          activation: { player: p, models: [m.id], actions: { [m.id]: { left: FREE_ACTIONS, used: [] } }, aim: {} },
        },
        events,
      };
    }
    case 'activate-group': {
      // A group: 2 Moxie, one un-Spent Hero and up to two un-Spent Lackeys; two actions each; they act step by step.
      if (a) return illegal('a model is already activated: end its activation first');
      const ids = [action.hero, ...action.lackeys];
      const ms = ids.map((id) => s.models[id]);
      const hero = ms[0];
      if (!hero || hero.player !== p || hero.card.type !== 'hero')
        return illegal(`${action.hero} is not one of ${p}'s Heroes`);
      if (action.lackeys.length > 2 || new Set(ids).size !== ids.length)
        return illegal('a group is one Hero and up to two different Lackeys');
      for (const m of ms) {
        if (!m || m.player !== p || !activatable(s, p).includes(m))
          return illegal(`${m?.card.name ?? 'that model'} cannot activate (Spent, Down or off the table)`);
        if (m !== hero && m.card.type !== 'lackey') return illegal(`${m.card.name} is not a Lackey`);
      }
      if (s.moxie[p] < 2) return illegal(`a group activation costs 2 Moxie (${p} has ${s.moxie[p]})`);
      events.push({
        type: 'activation',
        text: `${p} spends 2 Moxie: ${ms.map((m) => m!.card.name).join(', ')} activate as a group`,
        player: p,
      });
      const actions = Object.fromEntries(ids.map((id) => [id, { left: FREE_ACTIONS, used: [] as string[] }]));
      return {
        state: {
          ...s,
          moxie: { ...s.moxie, [p]: s.moxie[p] - 2 },
          activation: { player: p, models: ids, actions, aim: {}, group: { chosen: null, done: [] } },
        },
        events,
      };
    }
    case 'do-nothing':
    case 'aim-assist':
    case 'dog-pile':
      return act(s, action, dice, q, events);
    case 'pass-turn': {
      if (a) return illegal('finish the activation first');
      events.push({ type: 'pass', text: `${p} passes the turn`, player: p });
      return { state: startActivationPhase({ ...s, passed: { ...s.passed, [p]: true } }, dice, events), events };
    }
    case 'end-activation': {
      if (!a) return illegal('no activation to end');
      events.push({ type: 'activation-end', text: `${p}'s activation ends`, player: p });
      return { state: startActivationPhase({ ...s, activation: null }, dice, events), events };
    }
    case 'buy-action': {
      if (!a || !a.models.includes(action.model)) return illegal(`${action.model} is not activated`);
      if (s.moxie[p] < 1) return illegal(`${p} has no Moxie left to buy an action`);
      const slot = a.actions[action.model]!;
      events.push({
        type: 'moxie',
        text: `${p} spends 1 Moxie: ${s.models[action.model]!.card.name} takes an extra action`,
        player: p,
      });
      return {
        state: {
          ...s,
          moxie: { ...s.moxie, [p]: s.moxie[p] - 1 },
          activation: { ...a, actions: { ...a.actions, [action.model]: { ...slot, left: slot.left + 1 } } },
        },
        events,
      };
    }
    case 'move':
    case 'shoot':
    case 'strike':
    case 'aim':
    case 'rally':
    case 'rush':
    case 'jump':
    case 'treat':
    case 'engineer':
    case 'stand-up':
    case 'recover':
    case 'throw':
    case 'move-roll':
    case 'hack':
    case 'boost':
    case 'psi-strike':
    case 'psi-craft':
      return act(s, action, dice, q, events);
    case 'rush-move': {
      // The Rush's move, up to the d10 it rolled (along the measured route).
      const r = a?.rush;
      if (!r || r.model !== action.model) return illegal('no Rush is waiting for its move');
      const m = s.models[r.model]!;
      const moved = moveModel(
        { ...s, activation: { ...a!, rush: null } },
        q,
        m,
        action.x,
        action.y,
        action.z,
        events,
        r.kind === 'move' ? 'moves' : 'rushes',
        r.allowance,
      );
      if ('error' in moved) return moved;
      q.arrange(layoutOf(s));
      return afterAct(
        moved,
        m.id,
        q,
        dice,
        events,
        true,
        engagers(s, q, m).map((e) => e.id),
      );
    }
    default:
      return illegal(`${action.type} is a reaction: it answers an action of the active crew`);
  }
}

function deploy(
  s: CbState,
  action: Extract<CbAction, { type: 'deploy' }>,
  dice: DiceSource,
  q: Queries,
  events: RuleEvent[],
): Out {
  if (s.phase !== 'deploy') return illegal('deployment is over');
  const p = s.deployTurn;
  const m = s.models[action.model];
  if (!m || m.player !== p) return illegal(`${action.model} is not one of ${p}'s models (it is ${p}'s turn to deploy)`);
  if (m.pos) return illegal(`${m.card.name} is already deployed`);
  const reach = fromOwnEdge(s, p, action.z) + radiusOf(m);
  if (reach > DEPLOY_DEPTH + 1e-9)
    return ruleError(
      'out-of-range',
      `${m.card.name} deploys within ${DEPLOY_DEPTH}" of ${p}'s edge, ${edgeWords(EDGE_OF[p])} (its base reaches ${fmt(reach)}")`,
    );
  const h = q.standHeight(inchesToMm(2 * radiusOf(m)), HEIGHT[m.card.size], action.x, action.z, action.y + 0.25, m.id);
  if (h === null) return illegal(`${m.card.name} cannot stand ${spotWords(s.table, action.x, action.z)}`);
  let next = setModel(s, { ...m, pos: [action.x, h, action.z] });
  events.push({
    type: 'moved',
    text: `${m.card.name} deploys ${spotWords(s.table, action.x, action.z)}`,
    model: m.id,
    to: [action.x, h, action.z],
  });
  const waiting = (pl: Player) => Object.values(next.models).some((x) => x.player === pl && !x.pos && !x.casualty);
  if (waiting(other(p))) next = { ...next, deployTurn: other(p) };
  else if (!waiting(p)) return { state: startTurn(next, dice, events), events };
  return { state: next, events };
}

/** A Move: along the measured route, up to the model's Move, ending where it can stand. */
function moveModel(
  s: CbState,
  q: Queries,
  m: CbModel,
  x: number,
  y: number,
  z: number,
  events: RuleEvent[],
  verb: string,
  allowance = moveOf(m),
): CbState | RuleError {
  const h = q.standHeight(inchesToMm(2 * radiusOf(m)), HEIGHT[m.card.size], x, z, y + 0.25, m.id);
  if (h === null) return illegal(`${m.card.name} cannot stand ${spotWords(s.table, x, z)}`);
  const to: [number, number, number] = [x, h, z];
  const length = q.routeLength(m.id, to);
  if (!(length <= allowance + 1e-6))
    return ruleError(
      'out-of-range',
      `${m.card.name} moves up to ${fmt(allowance)}", and that route is ${Number.isFinite(length) ? fmt(length) + '"' : 'blocked'}`,
    );
  events.push({ type: 'moved', text: `${m.card.name} ${verb} ${fmt(length)}"`, model: m.id, from: m.pos, to });
  return setModel(s, { ...m, pos: to, prone: false });
}

/** Why an attack is not possible (sight, weapon, range), or null. */
export function attackRefusal(
  s: CbState,
  q: Queries,
  m: CbModel,
  kind: 'shoot' | 'strike',
  weapon: number,
  t: CbModel,
  snapshot = false,
): RuleError | null {
  const w = kind === 'shoot' ? m.card.shooting[weapon] : m.card.striking[weapon];
  if (!w) return illegal(`${m.card.name} has no ${kind === 'shoot' ? 'shooting' : 'striking'} weapon #${weapon}`);
  q.arrange(layoutOf(s));
  if (kind === 'shoot') {
    // Engaged: no shooting while Engaged; no Shoot at a model in a fight with friends (Snapshots may).
    // The pistol exception: a pistol may make Snapshots while Engaged.
    if (engagers(s, q, m).length && !(snapshot && 'pistol' in w && w.pistol))
      return illegal(
        `${m.card.name} is Engaged: it cannot shoot${snapshot ? ' (only pistols snapshot while Engaged)' : ''}`,
      );
    if (
      !snapshot &&
      (engagers(s, q, t).some((e) => e.player === m.player) ||
        Object.values(s.models).some(
          (f) => f.player === m.player && f.id !== m.id && onTable(f) && engagers(s, q, f).some((e) => e.id === t.id),
        ))
    ) {
      return illegal(`${t.card.name} is in close combat with friendly models: no Shoot at it`);
    }
  }
  if (!sees(s, q, m.id, t.id))
    return ruleError(
      'no-los',
      `${m.card.name} has no line of sight to ${t.card.name}${has(m, 'blind') ? ' (Blind)' : ''}`,
    );
  const distance = q.distance(m.id, t.id);
  const reach = 'range' in w ? w.range : w.reach;
  if (distance > reach + 1e-9)
    return ruleError('out-of-range', `${t.card.name} is ${fmt(distance)}" away: beyond ${w.name}'s ${reach}"`);
  return null;
}

/** The enemy models Engaging a model: they see it and it is within the Reach of one of their striking weapons (Down models never engage nor are engaged). */
export function engagers(s: CbState, q: Queries, m: CbModel): CbModel[] {
  if (!onTable(m) || m.down) return [];
  return Object.values(s.models).filter(
    (e) =>
      e.player !== m.player &&
      onTable(e) &&
      !e.down &&
      e.card.striking.some((w) => q.distance(e.id, m.id) <= w.reach + 1e-9) &&
      sees(s, q, e.id, m.id),
  );
}

/** A model that may trigger a reaction: on the table, not Down, not Stunned, its crew with a Moxie. */
const mayReact = (s: CbState, m: CbModel) => onTable(m) && !m.down && !m.stunned && s.moxie[m.player] >= 1;

/** The reactions the target's crew may trigger against an attack. */
function attackReactions(s: CbState, q: Queries, a: CbAttack): Record<string, unknown>[] {
  const t = s.models[a.target]!,
    att = s.models[a.attacker]!;
  if (!mayReact(s, t)) return [];
  const out: Record<string, unknown>[] = [];
  if (a.kind === 'shoot') {
    t.card.shooting.forEach((_, i) => {
      if (!attackRefusal(s, q, t, 'shoot', i, att)) out.push({ type: 'return-fire', model: t.id, weapon: i });
    });
    out.push({ type: 'action-roll', model: t.id, open: true });
  } else {
    t.card.striking.forEach((_, i) => {
      if (!attackRefusal(s, q, t, 'strike', i, att)) out.push({ type: 'counterstrike', model: t.id, weapon: i });
    });
    out.push({ type: 'parry', model: t.id });
  }
  return out;
}

/** Snapshot: reactive models that see at least a third of a model that just made a Maneuver, in range. */
function snapshotOptions(s: CbState, q: Queries, mover: CbModel): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const r of Object.values(s.models)) {
    if (r.player === mover.player || !mayReact(s, r)) continue;
    if (sightVerdict(q.sight(r.id, mover.id)).obscured) continue;
    r.card.shooting.forEach((_, i) => {
      if (!attackRefusal(s, q, r, 'shoot', i, mover, true))
        out.push({ type: 'snapshot', model: r.id, weapon: i, target: mover.id });
    });
  }
  return out;
}

/** The dice an attack rolls (and splitting divides): Zap with any Aim-Assist (+1D), or Grit; Blind: Zap 0, Grit 1D; Half-blind: at most 1D. */
export function attackPool(s: CbState, m: CbModel, kind: 'shoot' | 'strike'): number {
  if (kind === 'strike') return gritOf(m);
  const zap = zapOf(m);
  return zap === 0 ? 0 : zap + ((s.activation?.assisted ?? []).includes(m.id) ? 1 : 0);
}

/** An attack's odds: the pool, its Difficulty, the damage per success and the cover dice it meets (what the action menu shows, what the check rolls). The caller has arranged `q` for `s`. */
export function attackOdds(
  s: CbState,
  q: Queries,
  a: CbAttack,
): {
  dice: number;
  difficulty: number;
  damage: number;
  cover: Cover;
  coverDice: number;
  obscured: boolean;
  eyeSeesNone: boolean;
  distance: number;
} {
  const m = s.models[a.attacker]!,
    t = s.models[a.target]!;
  const shooting = a.kind === 'shoot';
  const w = shooting ? m.card.shooting[a.weapon]! : m.card.striking[a.weapon]!;
  const facts = q.sight(m.id, t.id);
  const verdict = sightVerdict(facts, t.prone);
  const distance = q.distance(m.id, t.id);
  // Conditions: Grit checks against a Down model are Difficulty 2; Prone: own Grit +1, Grit against it -1; Panicked: Zap and Grit +1.
  const base = shooting
    ? distance <= SHORT_RANGE
      ? 7
      : 8
    : t.down
      ? 2
      : (t.card.grit <= m.card.grit ? 7 : 8) + (m.prone ? 1 : 0) - (t.prone ? 1 : 0);
  // Marked: Zap checks at it are 1 easier.
  const difficulty = base - a.aim + (m.panicked ? 1 : 0) - (shooting && has(t, 'marked') ? 1 : 0);
  // Each Dog-pile on the target +1D Grit (the first Grit check of the Strike); the pool (with any Aim-Assist) or the dice split to this target.
  const dogpile = shooting ? 0 : (s.activation?.dogpiled?.[t.id] ?? 0);
  // Cover against shooting: +1D light (area terrain, or Prone), +2D heavy.
  const cover: Cover = shooting ? verdict.cover : 'none';
  // Any line counts for LOS; when the eye sees none of the target the line comes from a base's edge.
  const eyeSeesNone = facts.hasLos && facts.visibleFraction < 0.005;
  return {
    dice: (a.dice ?? attackPool(s, m, a.kind)) + dogpile,
    difficulty,
    damage: w.damage,
    cover,
    coverDice: COVER_DICE[cover],
    obscured: verdict.obscured,
    eyeSeesNone,
    distance,
  };
}

/** One attack's check: the Zap (shots) or Grit (strikes) pool against its Difficulty. */
function attackCheck(
  s: CbState,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
  a: CbAttack,
): { raw: number; cover: number; inflicts: Inflicted | null } {
  const m = s.models[a.attacker]!,
    t = s.models[a.target]!;
  const shooting = a.kind === 'shoot';
  const w = shooting ? m.card.shooting[a.weapon]! : m.card.striking[a.weapon]!;
  const odds = attackOdds(s, q, a);
  // Dice explode on 10s, or on the weapon's 8s or 9s.
  const r = rollPool(dice, { dice: odds.dice, difficulty: odds.difficulty, explodeOn: w.explodeOn ?? 10 });
  events.push({
    type: shooting ? 'shot' : 'strike',
    text: `${m.card.name} ${shooting ? 'shoots' : 'strikes'} ${t.card.name} with ${w.name}: ${shooting ? 'Zap' : 'Grit'} ${poolWords({ rolls: r.rolls, difficulty: odds.difficulty, explodeOn: w.explodeOn ?? 10 })}, ${r.successes * w.damage} raw damage`,
    shooter: m.id,
    target: t.id,
    hit: r.successes > 0,
    rolls: r.rolls,
  });
  logRolls(events, dice, m.player);
  return {
    raw: r.successes * w.damage,
    cover: odds.coverDice,
    inflicts: r.successes > 0 ? (w.inflicts ?? null) : null,
  };
}

/**
 * Resolves an attack with the reaction chosen: Return-fire and Counterstrike roll both checks
 * before either lands, then both apply together; Parry adds the target's Grit to its Defense.
 */
function resolveAttack(
  s: CbState,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
  parts: CbAttack[],
  reaction: CbAction | null,
): CbState {
  const att = s.models[parts[0]!.attacker]!;
  // Every check first (a split attack is one action, resolved together), then the reaction's, then the damage.
  const hits: { a: CbAttack; r: ReturnType<typeof attackCheck> }[] = [];
  for (const a of parts) {
    const t = s.models[a.target]!;
    // After an Action-roll the attack goes at the new position: out of sight or reach, it misses.
    if (!onTable(t) || attackRefusal(s, q, att, a.kind, a.weapon, t)) {
      events.push({
        type: 'attack-missed',
        text: `${att.card.name}'s ${a.kind === 'shoot' ? 'shot' : 'strike'} finds nothing: ${t.card.name} is no longer a valid target`,
        model: att.id,
      });
      continue;
    }
    hits.push({ a, r: attackCheck(s, q, dice, events, a) });
  }
  const reactor = reaction ? s.models[reaction.model as string] : undefined;
  let back: ReturnType<typeof attackCheck> | null = null;
  if (reactor && reaction && (reaction.type === 'return-fire' || reaction.type === 'counterstrike')) {
    back = attackCheck(s, q, dice, events, {
      kind: reaction.type === 'return-fire' ? 'shoot' : 'strike',
      attacker: reactor.id,
      weapon: reaction.weapon as number,
      target: att.id,
      aim: 0,
    });
  }
  let next = s;
  for (const { a, r } of hits) {
    const parry = reaction?.type === 'parry' && reactor?.id === a.target ? reactor.card.grit : 0;
    next = sufferDamage(next, dice, events, a.target, r.raw, r.cover + parry);
    // A weapon's condition lands with a successful check, whatever Defense stops.
    if (r.inflicts) next = gain(next, events, a.target, r.inflicts);
  }
  // The Aim-Assist and the Dog-piles are used up by this attack.
  const act = next.activation;
  if (act) {
    const dogpiled =
      parts[0]!.kind === 'strike'
        ? Object.fromEntries(Object.entries(act.dogpiled ?? {}).filter(([id]) => !parts.some((a) => a.target === id)))
        : (act.dogpiled ?? {});
    const assisted =
      parts[0]!.kind === 'shoot' ? (act.assisted ?? []).filter((id) => id !== att.id) : (act.assisted ?? []);
    next = { ...next, activation: { ...act, assisted, dogpiled } };
  }
  if (back && reactor) next = sufferDamage(next, dice, events, att.id, back.raw, back.cover);
  if (back?.inflicts) next = gain(next, events, att.id, back.inflicts);
  return next;
}

/** A reaction (or a pass) in the open window. */
function react(
  s: CbState,
  action: CbAction | { type: 'pass' },
  dice: DiceSource,
  q: Queries,
  events: RuleEvent[],
): Out {
  const w = s.window!,
    p = s.pending;
  if (!p) return illegal('no reaction is pending');
  const activeModel = p.kind === 'attack' ? p.attack.attacker : p.kind === 'psi' ? p.psi.psifer : p.mover;
  let next: CbState = { ...s, pending: null, window: null };
  if (action.type !== 'pass') {
    const offered = w.options.some(
      (o) =>
        JSON.stringify(o) === JSON.stringify(action) ||
        (o.open === true && o.type === action.type && o.model === action.model),
    );
    if (!offered) return ruleError('not-in-window', 'that reaction is not on offer');
    const r = next.models[action.model as string]!;
    // A reaction costs 1 Moxie; the reacting model is Stunned once it is resolved.
    next = { ...next, moxie: { ...next.moxie, [r.player]: next.moxie[r.player] - 1 } };
    events.push({
      type: 'reaction',
      text: `${r.player} spends 1 Moxie: ${r.card.name} reacts (${action.type})`,
      model: r.id,
      reaction: action.type,
    });
    if (action.type === 'action-roll') {
      const moved = moveModel(next, q, r, action.x, action.y, action.z, events, 'action-rolls');
      if ('error' in moved) return moved;
      next = moved;
    }
    if (action.type === 'pursuit') {
      if (p.kind !== 'snapshot') return ruleError('not-in-window', 'a Pursuit follows a model that disengaged');
      next = pursue(next, q, r, next.models[p.mover]!, events);
    }
    if (action.type === 'snapshot') {
      const t = next.models[action.target];
      if (!t || p.kind !== 'snapshot' || t.id !== p.mover)
        return ruleError('not-in-window', 'a Snapshot targets the model that just moved');
      next = resolveAttack(
        next,
        q,
        dice,
        events,
        [{ kind: 'shoot', attacker: r.id, weapon: action.weapon, target: t.id, aim: 0 }],
        null,
      );
    }
    if (p.kind === 'attack') next = resolveAttack(next, q, dice, events, p.split ?? [p.attack], action as CbAction);
    if (p.kind === 'psi')
      next = resolvePsi(next, dice, events, p.psi, action.type === 'disperse' ? r.id : null, (st, id, raw) =>
        sufferDamage(st, dice, events, id, raw),
      );
    if (onTable(next.models[r.id]!)) next = setModel(next, { ...next.models[r.id]!, stunned: true });
  } else if (p.kind === 'attack') next = resolveAttack(next, q, dice, events, p.split ?? [p.attack], null);
  else if (p.kind === 'psi')
    next = resolvePsi(next, dice, events, p.psi, null, (st, id, raw) => sufferDamage(st, dice, events, id, raw));
  return { state: goOn(next, activeModel, dice, events), events };
}

/** The actions an active model takes (act() resolves them). */
type ActType =
  | 'psi-strike'
  | 'psi-craft'
  | 'hack'
  | 'boost'
  | 'move'
  | 'move-roll'
  | 'shoot'
  | 'strike'
  | 'aim'
  | 'rally'
  | 'rush'
  | 'jump'
  | 'do-nothing'
  | 'aim-assist'
  | 'dog-pile'
  | 'treat'
  | 'engineer'
  | 'stand-up'
  | 'recover'
  | 'throw';

/** Skill actions: not while Engaged. */
export const SKILL_ACTIONS = ['engineer', 'treat', 'hack', 'psi-craft'];

/** One action by an active model: the Multitasking Rule, then the action. */
function act(
  s: CbState,
  action: Extract<CbAction, { type: ActType }>,
  dice: DiceSource,
  q: Queries,
  events: RuleEvent[],
): Out {
  const a = s.activation;
  if (!a || !a.models.includes(action.model)) return illegal(`${action.model} is not activated`);
  if (a.rush) return illegal('finish the Rush first: move up to the inches rolled');
  const m = s.models[action.model]!;
  const slot = a.actions[m.id]!;
  if (slot.left <= 0) return illegal(`${m.card.name} has no actions left (buy one for 1 Moxie)`);
  if (a.group?.done.includes(m.id))
    return illegal(`${m.card.name} has acted in this step: the rest of the group acts first`);
  // Standing up, and a Half-blind model's d5 move, are the model's Move action.
  const used0 = action.type === 'stand-up' || action.type === 'move-roll' ? 'move' : action.type;
  if (slot.used.includes(used0))
    return illegal(`the Multitasking Rule: ${m.card.name} has already used ${used0} this activation`);
  // Pinned: Recover only (a Pinned and Panicked model recovers first: Rally is not permitted it).
  if (has(m, 'pinned') && action.type !== 'recover') return illegal(`${m.card.name} is Pinned: it may only Recover`);
  if (m.panicked && !has(m, 'pinned') && action.type !== 'rally' && !slot.used.includes('rally'))
    return illegal(`${m.card.name} is Panicked: its first action is Rally`);
  // Engaged: no skill actions, no Aim-Assist (shooting is refused with the attack).
  if ((SKILL_ACTIONS.includes(action.type) || action.type === 'aim-assist') && engagers(s, q, m).length)
    return illegal(`${m.card.name} is Engaged: no ${action.type} while Engaged`);
  // Half-blind: its Move is a d5 rolled first; no Rush or Jump.
  if (has(m, 'half-blind') && (action.type === 'move' || action.type === 'rush' || action.type === 'jump'))
    return illegal(
      `${m.card.name} is Half-blind: ${action.type === 'move' ? 'its Move rolls a d5 first (move-roll)' : `no ${action.type}`}`,
    );
  if (action.type === 'move-roll' && !has(m, 'half-blind'))
    return illegal(`${m.card.name} is not Half-blind: it moves its Move`);
  // A group acts step by step: each model uses the group's chosen action, a team action that goes with it, or does nothing.
  const g = a.group;
  if (!g && (action.type === 'do-nothing' || action.type in TEAM_ACTIONS))
    return illegal(`${action.type} is for models in a group activation`);
  let group = g ?? null;
  if (g) {
    if (g.done.includes(m.id))
      return illegal(`${m.card.name} has acted in this step: the rest of the group acts first`);
    const kind = action.type === 'do-nothing' ? null : (TEAM_ACTIONS[action.type] ?? used0);
    if (g.chosen && kind && !fitsStep(kind, g.chosen))
      return illegal(`the group is using ${g.chosen} in this step (or a team action for it, or Do Nothing)`);
    // A Boost leaves the step open to any of the skills it helps; the first of them names it.
    const chosen = g.chosen && g.chosen !== 'skill' ? g.chosen : kind && kind !== 'skill' ? kind : (g.chosen ?? kind);
    const done = [...g.done, m.id];
    const alive = a.models.filter((id) => onTable(s.models[id]!) && !s.models[id]!.down);
    group = alive.every((id) => done.includes(id)) ? { chosen: null, done: [] } : { chosen, done };
  }
  // Do Nothing and team actions do not count against the Multitasking Rule's list of actions used.
  const counts = action.type !== 'do-nothing';
  const used: CbState['activation'] = {
    ...a,
    group,
    actions: { ...a.actions, [m.id]: { left: slot.left - 1, used: counts ? [...slot.used, used0] : slot.used } },
  };
  let next: CbState = { ...s, activation: used };
  // Who engaged it before a Maneuver (Pursuit, when it disengages); applyAction has arranged `q` for `s`.
  const engagedBefore = action.type === 'move' || action.type === 'jump' ? engagers(s, q, m).map((e) => e.id) : [];
  switch (action.type) {
    case 'move': {
      const moved = moveModel(next, q, m, action.x, action.y, action.z, events, 'moves');
      if ('error' in moved) return moved;
      if (m.panicked) {
        // A Panicked model may not end a move closer to an enemy than it started.
        const nearest = (at: readonly number[]) =>
          Math.min(
            ...Object.values(s.models)
              .filter((e) => e.player !== m.player && onTable(e))
              .map((e) => Math.hypot(e.pos![0] - at[0]!, e.pos![2] - at[2]!)),
            Infinity,
          );
        if (nearest(moved.models[m.id]!.pos!) < nearest(m.pos!) - 1e-9)
          return illegal(`${m.card.name} is Panicked: it may not end a move closer to an enemy`);
      }
      next = moved;
      // A model may go Prone at any point of its move (here: where it ends).
      if (action.prone) {
        next = setModel(next, { ...next.models[m.id]!, prone: true });
        events.push({ type: 'prone', text: `${m.card.name} goes Prone`, model: m.id });
      }
      break;
    }
    case 'move-roll': {
      const roll = rollD5(dice);
      events.push({
        type: 'move',
        text: `${m.card.name} is Half-blind: it may move ${roll}" (a d5)`,
        model: m.id,
        roll,
      });
      logRolls(events, dice, m.player);
      return {
        state: { ...next, activation: { ...next.activation!, rush: { model: m.id, allowance: roll, kind: 'move' } } },
        events,
      };
    }
    case 'stand-up': {
      if (!m.prone) return illegal(`${m.card.name} is not Prone`);
      next = setModel(next, { ...next.models[m.id]!, prone: false });
      events.push({ type: 'stand-up', text: `${m.card.name} stands up (its Move action)`, model: m.id });
      break;
    }
    case 'throw': {
      // Throw: a smaller model within 1"; Grit against 7 (8 if its Grit is higher); on a success it flies the result in inches, as a jump using the thrower's size, and lands Prone.
      const t = s.models[action.target];
      if (!t || !onTable(t) || t.player === m.player)
        return illegal(`${action.target} is not an enemy model on the table`);
      if (SIZES.indexOf(t.card.size) >= SIZES.indexOf(m.card.size))
        return illegal(`${m.card.name} throws only models smaller than itself`);
      q.arrange(layoutOf(s));
      if (q.distance(m.id, t.id) > 1 + 1e-9 || !sees(s, q, m.id, t.id))
        return ruleError('out-of-range', `${t.card.name} must be within 1" and in sight`);
      const difficulty = t.card.grit <= m.card.grit ? 7 : 8;
      const r = rollPool(dice, { dice: m.card.grit, difficulty });
      events.push({
        type: 'throw',
        text: `${m.card.name} tries to throw ${t.card.name}: Grit ${poolWords({ rolls: r.rolls, difficulty })}`,
        model: m.id,
        target: t.id,
        rolls: r.rolls,
      });
      logRolls(events, dice, m.player);
      next = setModel(next, { ...next.models[m.id]!, spent: true });
      if (r.successes > 0) {
        const j = q.jumpLine(t.id, action.directionDeg, r.successes, 1, radiusOf(m), FALL_RADIUS);
        events.push({
          type: 'moved',
          text: `${t.card.name} is thrown ${fmt(j.travelled)}"${j.stoppedBy ? ` into ${j.stoppedBy}` : ''}`,
          model: t.id,
          from: t.pos,
          to: j.end,
        });
        const thrown = next.models[t.id]!;
        next = j.fall ? fall(next, dice, events, thrown, j.fall) : setModel(next, { ...thrown, pos: j.end });
        if (onTable(next.models[t.id]!)) next = setModel(next, { ...next.models[t.id]!, prone: true });
      }
      break;
    }
    case 'recover': {
      if (!m.stunned && !has(m, 'pinned')) return illegal(`${m.card.name} has nothing to recover from`);
      next = setModel(next, { ...next.models[m.id]!, stunned: false, spent: true });
      if (m.stunned) events.push({ type: 'recover', text: `${m.card.name} recovers: no longer Stunned`, model: m.id });
      // Pinned: Knack/7 to get free.
      if (has(m, 'pinned')) {
        const r = rollPool(dice, { dice: m.card.knack, difficulty: DIFFICULTY });
        events.push({
          type: 'recover',
          text: `${m.card.name} struggles against the pin: Knack ${poolWords({ rolls: r.rolls, difficulty: DIFFICULTY })}`,
          model: m.id,
          rolls: r.rolls,
        });
        logRolls(events, dice, m.player);
        if (r.successes > 0) next = lose(next, events, m.id, 'pinned');
      }
      break;
    }
    case 'psi-strike':
    case 'psi-craft': {
      // Psi: declare, let the reactive crew Disperse, then roll (psi.ts). Spends the psifer.
      const psi: CbPsi = {
        kind: action.type === 'psi-strike' ? 'strike' : 'craft',
        psifer: m.id,
        enigma: action.enigma,
        target: action.target,
      };
      const why = psiRefusal(next, q, m, psi);
      if (why) return why;
      next = setModel(next, { ...next.models[m.id]!, spent: true });
      const e = m.card.enigmas![action.enigma]!;
      events.push({
        type: 'psi-declared',
        text: `${m.card.name} reaches into the Deep: ${e.name} at ${s.models[action.target]!.card.name}`,
        model: m.id,
        target: action.target,
      });
      const options = disperseOptions(next, q, m, (r) => mayReact(next, r));
      if (options.length)
        return {
          state: { ...next, pending: { kind: 'psi', psi }, window: { player: other(m.player), options } },
          events,
        };
      next = resolvePsi(next, dice, events, psi, null, (st, id, raw) => sufferDamage(st, dice, events, id, raw));
      break;
    }
    case 'hack':
    case 'boost': {
      const r =
        action.type === 'hack'
          ? hack(next, q, dice, events, m, action.target)
          : boost(next, q, events, m, action.friend);
      if ('error' in r) return r;
      next = r;
      break;
    }
    case 'treat':
    case 'engineer': {
      if (action.heal) {
        const r = heal(next, q, dice, events, m, action.target, action.type);
        if ('error' in r) return r;
        next = r;
        break;
      }
      // Stabilize: Treat for living models, Engineer for robots, either for cyberforms; within 1" and in sight; Knack/7.
      const t = s.models[action.target];
      if (!t || !onTable(t) || t.player !== m.player)
        return illegal(`${action.target} is not a friendly model on the table`);
      if (!t.down || t.stable) return illegal(`${t.card.name} is not Down and unstable: there is nothing to stabilize`);
      const fits = action.type === 'treat' ? t.card.body !== 'robot' : t.card.body !== 'living';
      if (!fits)
        return illegal(
          `${t.card.name} is ${t.card.body}: ${t.card.body === 'robot' ? 'Engineer' : 'Treat'} stabilizes it`,
        );
      q.arrange(layoutOf(s));
      if (t.id !== m.id && (q.distance(m.id, t.id) > 1 + 1e-9 || !sees(s, q, m.id, t.id)))
        return ruleError('out-of-range', `${t.card.name} must be within 1" and in sight`);
      const r = skillCheck(next, dice, m);
      events.push({
        type: 'stabilize',
        text: `${m.card.name} tries to stabilize ${t.card.name}: Knack${r.boost ? ` (+${r.boost}D Boost)` : ''} ${poolWords({ rolls: r.rolls, difficulty: DIFFICULTY })}`,
        model: m.id,
        target: t.id,
        rolls: r.rolls,
      });
      logRolls(events, dice, m.player);
      next = setModel(r.state, { ...r.state.models[m.id]!, spent: true });
      if (r.successes > 0) next = setModel(next, { ...next.models[t.id]!, stable: true });
      break;
    }
    case 'do-nothing':
      events.push({ type: 'do-nothing', text: `${m.card.name} does nothing this step`, model: m.id });
      break;
    case 'aim-assist': {
      const f = s.models[action.friend];
      if (!f || f.player !== m.player || f.id === m.id || !a.models.includes(f.id))
        return illegal('Aim-Assist helps a friendly model of the group');
      if (m.card.zap === 0) return illegal(`${m.card.name} has Zap 0D: it cannot Aim-Assist`);
      q.arrange(layoutOf(s));
      if (q.distance(m.id, f.id) > 1 + 1e-9 || !sees(s, q, m.id, f.id))
        return ruleError('out-of-range', `${f.card.name} must be within 1" and in sight`);
      if ((a.assisted ?? []).includes(f.id)) return illegal(`${f.card.name} already has an Aim-Assist`);
      next = { ...next, activation: { ...next.activation!, assisted: [...(a.assisted ?? []), f.id] } };
      events.push({
        type: 'team',
        text: `${m.card.name} spots for ${f.card.name} (+1D Zap on its Shoot)`,
        model: m.id,
      });
      break;
    }
    case 'dog-pile': {
      const t = s.models[action.target];
      if (!t || !onTable(t) || t.player === m.player)
        return illegal(`${action.target} is not an enemy model on the table`);
      if (m.card.grit === 0) return illegal(`${m.card.name} has Grit 0D: it cannot Dog-pile`);
      q.arrange(layoutOf(s));
      const reach = Math.max(0, ...m.card.striking.map((w) => w.reach));
      if (q.distance(m.id, t.id) > reach + 1e-9 || !sees(s, q, m.id, t.id))
        return ruleError('out-of-range', `${t.card.name} must be within reach of a striking weapon and in sight`);
      next = {
        ...next,
        activation: { ...next.activation!, dogpiled: { ...(a.dogpiled ?? {}), [t.id]: (a.dogpiled?.[t.id] ?? 0) + 1 } },
      };
      events.push({
        type: 'team',
        text: `${m.card.name} dog-piles ${t.card.name} (+1D on the next Strike at it)`,
        model: m.id,
      });
      break;
    }
    case 'rush': {
      if (!slot.used.includes('move')) return illegal(`${m.card.name} Rushes only after a Move in this activation`);
      if (m.prone) return illegal(`${m.card.name} is Prone: it cannot Rush`);
      if (slot.used.includes('jump')) return illegal(`${m.card.name} has Jumped this activation: no Rush`);
      const roll = dice.d(10);
      events.push({ type: 'rush', text: `${m.card.name} rushes: ${roll}"`, model: m.id, roll });
      logRolls(events, dice, m.player);
      next = {
        ...setModel(next, { ...next.models[m.id]!, spent: true }),
        activation: { ...next.activation!, rush: { model: m.id, allowance: roll } },
      };
      return { state: next, events };
    }
    case 'jump': {
      if (slot.used.includes('rush')) return illegal(`${m.card.name} has Rushed this activation: no Jump`);
      if (m.prone) return illegal(`${m.card.name} is Prone: it cannot Jump`);
      const jumped = jumpModel(next, q, dice, events, m, action.directionDeg);
      next = setModel(jumped, { ...jumped.models[m.id]!, spent: true });
      if (!onTable(next.models[m.id]!)) return { state: goOn(next, m.id, dice, events), events };
      break;
    }
    case 'aim': {
      next = { ...next, activation: { ...next.activation!, aim: { ...next.activation!.aim, [m.id]: 1 } } };
      events.push({ type: 'aim', text: `${m.card.name} aims (-1 Difficulty on its next Zap check)`, model: m.id });
      break;
    }
    case 'rally': {
      if (!m.panicked) return illegal(`${m.card.name} is not Panicked`);
      const r = rollPool(dice, { dice: m.card.knack, difficulty: DIFFICULTY });
      events.push({
        type: 'rally',
        text: `${m.card.name} rallies: Knack ${poolWords({ rolls: r.rolls, difficulty: DIFFICULTY })}`,
        model: m.id,
        rolls: r.rolls,
      });
      logRolls(events, dice, m.player);
      if (r.successes >= 2) next = setModel(next, { ...next.models[m.id]!, panicked: false });
      else if (r.successes === 0) {
        // A failed Rally: its second action is a Move towards its crew's Evac Point by the shortest route; then it is Spent and the activation ends.
        next = evacRun(next, q, next.models[m.id]!, events);
        next = setModel(next, { ...next.models[m.id]!, spent: true });
        events.push({
          type: 'activation-end',
          text: `${m.card.name} fails to rally: it runs for the Evac Point, is Spent and its activation ends`,
          model: m.id,
        });
        return { state: startActivationPhase({ ...next, activation: null }, dice, events), events };
      }
      break;
    }
    case 'shoot':
    case 'strike': {
      // Splitting: the pool divided among several targets, every part at least 1D, resolved as one action.
      const pool = attackPool(next, m, action.type);
      const split = action.split;
      if (split !== undefined) {
        if (!Array.isArray(split) || split.length < 2) return illegal('a split attack names two or more targets');
        if (new Set(split.map((x) => x.target)).size !== split.length)
          return illegal('a split attack names each target once');
        if (split.some((x) => !Number.isInteger(x.dice) || x.dice < 1))
          return illegal('each target of a split attack gets 1D or more');
        const total = split.reduce((t, x) => t + x.dice, 0);
        if (total !== pool)
          return ruleError(
            'out-of-range',
            `${m.card.name} splits ${pool}D (${action.type === 'shoot' ? 'Zap' : 'Grit'}), not ${total}D`,
          );
      }
      const targets = split ? split.map((x) => x.target) : [action.target];
      for (const id of targets) {
        const t = s.models[id];
        if (!t || !onTable(t) || t.player === m.player) return illegal(`${id} is not an enemy model on the table`);
        const why = attackRefusal(next, q, m, action.type, action.weapon, t);
        if (why) return why;
      }
      next = setModel(next, { ...next.models[m.id]!, spent: true });
      const aim = action.type === 'shoot' ? (next.activation!.aim[m.id] ?? 0) : 0;
      const parts: CbAttack[] = targets.map((id, i) => ({
        kind: action.type,
        attacker: m.id,
        weapon: action.weapon,
        target: id,
        aim,
        ...(split ? { dice: split[i]!.dice } : {}),
      }));
      if (action.type === 'shoot')
        next = { ...next, activation: { ...next.activation!, aim: { ...next.activation!.aim, [m.id]: 0 } } };
      const names = targets
        .map((id, i) => `${s.models[id]!.card.name}${split ? ` (${split[i]!.dice}D)` : ''}`)
        .join(' and ');
      events.push({
        type: 'attack-declared',
        text: `${m.card.name} ${action.type === 'shoot' ? 'shoots at' : 'strikes at'} ${names}`,
        shooter: m.id,
        target: targets[0],
      });
      // The reactive crew may answer with one reaction (1 Moxie) from any model attacked: a window, or straight to the resolution.
      const seen = new Set<string>();
      const options = parts
        .flatMap((part) => attackReactions(next, q, part))
        .filter((o) => !seen.has(JSON.stringify(o)) && seen.add(JSON.stringify(o)));
      const pending: CbPending = split
        ? { kind: 'attack', attack: parts[0]!, split: parts }
        : { kind: 'attack', attack: parts[0]! };
      if (options.length) return { state: { ...next, pending, window: { player: other(m.player), options } }, events };
      next = resolveAttack(next, q, dice, events, parts, null);
      break;
    }
  }
  return afterAct(next, m.id, q, dice, events, action.type === 'move' || action.type === 'jump', engagedBefore);
}

/**
 * A failed Rally's run: a Move straight towards the crew's Evac Point (its base stays on the table),
 * as far as its Move allows along the measured route; where the full distance cannot be stood on or
 * reached, the farthest spot on that line that can (in quarter inches); none: it stays.
 */
export function evacRun(s: CbState, q: Queries, m: CbModel, events: RuleEvent[]): CbState {
  if (!m.pos) return s;
  const r = radiusOf(m) + 0.05;
  const [ex, ez] = s.mission.evac[m.player];
  const tx = Math.min(Math.max(ex, r), s.table.width - r),
    tz = Math.min(Math.max(ez, r), s.table.depth - r);
  const moved = moveToward(
    s,
    q,
    m,
    tx,
    tz,
    Math.hypot(tx - m.pos[0], tz - m.pos[2]),
    events,
    'runs for the Evac Point',
  );
  if (moved) return moved;
  events.push({ type: 'rally', text: `${m.card.name} finds no way towards its Evac Point and stays`, model: m.id });
  return s;
}

/**
 * A Move straight towards a point, `want` inches at most (and its Move): the farthest spot on that
 * line it can stand on and reach along the measured route (in quarter inches), or null.
 */
function moveToward(
  s: CbState,
  q: Queries,
  m: CbModel,
  tx: number,
  tz: number,
  want: number,
  events: RuleEvent[],
  verb: string,
): CbState | null {
  if (!m.pos) return null;
  const dist = Math.hypot(tx - m.pos[0], tz - m.pos[2]);
  if (dist < 1e-6) return null;
  q.arrange(layoutOf(s));
  // A hair under the full Move, so rounding the spot to a thousandth never takes it over.
  for (let d = Math.min(moveOf(m) - 0.002, want, dist); d > 0.01; d -= 0.25) {
    const x = m.pos[0] + ((tx - m.pos[0]) * d) / dist,
      z = m.pos[2] + ((tz - m.pos[2]) * d) / dist;
    const moved = moveModel(s, q, m, Math.round(x * 1000) / 1000, m.pos[1], Math.round(z * 1000) / 1000, events, verb);
    if (!('error' in moved)) return moved;
  }
  return null;
}

/**
 * Pursuit: the pursuer Moves straight at the model that disengaged, to a tenth of an inch from its
 * base (inside any Reach, so re-engaging when the Move and the ground allow), else as near as it can.
 */
export function pursue(s: CbState, q: Queries, pursuer: CbModel, quarry: CbModel, events: RuleEvent[]): CbState {
  if (!pursuer.pos || !quarry.pos) return s;
  const gap =
    Math.hypot(quarry.pos[0] - pursuer.pos[0], quarry.pos[2] - pursuer.pos[2]) - radiusOf(pursuer) - radiusOf(quarry);
  const moved = moveToward(
    s,
    q,
    pursuer,
    quarry.pos[0],
    quarry.pos[2],
    Math.max(0, gap - 0.1),
    events,
    `pursues ${quarry.card.name}`,
  );
  if (moved) return moved;
  events.push({
    type: 'pursuit',
    text: `${pursuer.card.name} finds no way after ${quarry.card.name}`,
    model: pursuer.id,
  });
  return s;
}

/**
 * Jump: a d5 in a straight line, over models of its size or smaller and terrain no more than 1"
 * higher; it stops short of what it cannot clear; ending over empty space, it falls.
 */
function jumpModel(
  s: CbState,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
  m: CbModel,
  directionDeg: number,
): CbState {
  const roll = rollD5(dice);
  q.arrange(layoutOf(s));
  // It clears models no bigger than itself (by base radius) and terrain up to 1" above.
  const j = q.jumpLine(m.id, directionDeg, roll, 1, radiusOf(m), FALL_RADIUS);
  events.push({
    type: 'moved',
    text: `${m.card.name} jumps ${roll}" (a d5)${j.stoppedBy ? `, stopped after ${fmt(j.travelled)}" by ${j.stoppedBy}` : ''}`,
    model: m.id,
    from: m.pos,
    to: j.end,
    roll,
  });
  logRolls(events, dice, m.player);
  if (!j.fall) return setModel(s, { ...m, pos: j.end });
  return fall(s, dice, events, m, j.fall);
}

/** How far from below the fall a model may land, inches. */
export const FALL_RADIUS = 3;

/** Falling: the closest valid spot within 3" below; Prone and Stunned; 1 raw damage per full inch; nowhere to land: a casualty. */
export function fall(
  s: CbState,
  dice: DiceSource,
  events: RuleEvent[],
  m: CbModel,
  f: { height: number; landing: [number, number, number] | null },
): CbState {
  if (!f.landing) {
    events.push({ type: 'removed', text: `${m.card.name} falls with nowhere to land: a casualty`, model: m.id });
    return {
      ...setModel(s, { ...m, casualty: true, pos: null }),
      fallen: [...s.fallen, { player: m.player, hero: m.card.type === 'hero' }],
    };
  }
  const raw = Math.floor(f.height + 1e-9);
  events.push({
    type: 'fall',
    text: `${m.card.name} falls ${fmt(f.height)}": Prone and Stunned, ${raw} raw damage`,
    model: m.id,
    to: f.landing,
    height: f.height,
  });
  const landed = setModel(s, { ...m, pos: f.landing, prone: true, stunned: true });
  return sufferDamage(landed, dice, events, m.id, raw);
}

/** After an active model's action (and any reaction): Snapshot after a Maneuver, then the activation goes on or ends. */
function afterAct(
  s: CbState,
  modelId: string,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
  maneuver: boolean,
  engagedBy: readonly string[] = [],
): Out {
  const next = s;
  const m = next.models[modelId]!;
  if (maneuver && onTable(m)) {
    q.arrange(layoutOf(next));
    // Disengaging: each model that engaged it before the Maneuver and no longer does may Pursue (one window with the Snapshots).
    const still = new Set(engagers(next, q, m).map((e) => e.id));
    const pursuers = engagedBy.filter(
      (id) => !still.has(id) && mayReact(next, next.models[id]!) && !next.models[id]!.panicked,
    );
    const options = [...snapshotOptions(next, q, m), ...pursuers.map((id) => ({ type: 'pursuit', model: id }))];
    if (options.length)
      return {
        state: { ...next, pending: { kind: 'snapshot', mover: m.id }, window: { player: other(m.player), options } },
        events,
      };
  }
  return { state: goOn(next, modelId, dice, events), events };
}

/** The activation goes on while the model has actions (or Moxie to buy one); otherwise a new Activation phase. */
function goOn(s: CbState, modelId: string, dice: DiceSource, events: RuleEvent[]): CbState {
  const m = s.models[modelId]!;
  const left = s.activation?.actions[modelId]?.left ?? 0;
  if (!s.activation || !onTable(m) || m.down || (left <= 0 && s.moxie[m.player] < 1))
    return startActivationPhase({ ...s, activation: null }, dice, events);
  return s;
}
