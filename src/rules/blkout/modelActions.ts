/**
 * The Actions step: each model of the activating unit takes one action (Shoot, an HE marker,
 * Ready, Sprint, a data attack, a Sidewinder check, a drone swarm, or none), owed Cyclic follow-ups
 * and Auto shots come first, and the player ends the activation. A shot in Reposition under Small
 * Unit Tactics is such an action too.
 */
import { inch, msg } from '../engine/message';
import { gapWords, hardpointName, routeWords } from './say';
import { rollArmour } from '../dice/mechanics';
import { logRolls } from '../engine/diceLog';
import { illegal, pieceOf } from '../engine/kit';
import type { Queries } from '../engine/queries';
import { ruleError, type RuleError } from '../engine/types';
import { spotWords } from '../engine/words';
import type { BlkoutAction } from './actions';
import { ok, type ActionOf, type Ctx, type Out } from './context';
import { applyDamage, failedDiceWords, skillRoll } from './combat';
import { hasRule, ruleX } from './data';
import { autoRefusal, autoTargets } from './auto';
import { declareBlast, placeMarker } from './blast';
import { drilled } from './drills';
import { continueActivation, finishActivation } from './activation';
import { dataAttack } from './dataAttack';
import { afterAction } from './reactions';
import { fire, shoot } from './shooting';
import { plainCheck, raisedMove, sprintAllowance } from './situation';
import { swarmed, SWARM_REACH, touchedHardpoints } from './special';
import { aliveModels, onTable, spend, type Activation, type BlkoutState, type ModelState } from './game';
import { leanSpots, placed, setModel, setUnit, standAt } from './steps';

/** The actions one model takes in the Actions step. */
export type ModelAction = ActionOf<
  'shoot' | 'blast' | 'ready' | 'sidewinder' | 'drone-swarm' | 'sprint' | 'data-attack' | 'hold'
>;

/** A model's turn to act: the activation, the model, whether it is a Cyclic follow-up or a shot in Reposition, and the state with the action marked. */
export interface Turn {
  a: Activation;
  m: ModelState;
  follow: boolean;
  early: boolean;
  next: BlkoutState;
}

/** A model action's handler. */
type ModelHandler<A> = (ctx: Ctx, s: BlkoutState, a: A, turn: Turn) => Out;

/** Each model action by type (a type missing here fails to compile). */
const MODEL_ACTIONS: { [K in ModelAction['type']]: ModelHandler<ActionOf<K>> } = {
  shoot,
  blast,
  ready,
  sidewinder,
  'drone-swarm': droneSwarm,
  sprint,
  'data-attack': dataAttack,
  hold,
};

/** The activation whose models may act now, or why not (a shot in Reposition under Small Unit Tactics is `early`). */
function acting(s: BlkoutState, action: BlkoutAction): { a: Activation; early: boolean } | RuleError {
  const a = s.activation;
  // Small Unit Tactics: up to half the unit (rounded up) may shoot in the Reposition step instead of acting later.
  const early = a?.stage === 'reposition' && action.type === 'shoot' && a.drill === 'small-unit-tactics';
  if (early) {
    const m = s.models[action.model];
    const n = aliveModels(s, a.unit).length;
    if (a.acted.length >= Math.ceil(n / 2))
      return illegal(`Small Unit Tactics: up to ${Math.ceil(n / 2)} of the unit's models shoot in Reposition`);
    if (m && a.repositioned.includes(m.id))
      return ruleError('illegal-action', msg('blkout:error.alreadyRepositionedShot', { name: m.name }));
  }
  if (!a || (a.stage !== 'actions' && !early)) return ruleError('illegal-action', msg('blkout:error.actionsStep'));
  return { a, early };
}

/** Auto shots owed after the shot and its overwatch, or null. */
const owedAuto = (a: Activation) => (a.auto?.ready ? a.auto : null);

/** An Auto shot at another model near the first target (nobody reacts to it). */
export function autoShot(ctx: Ctx, s: BlkoutState, action: ActionOf<'auto-shot'>): Out {
  const st = acting(s, action);
  if ('error' in st) return st;
  const { a } = st;
  const auto = owedAuto(a);
  if (!auto) return ruleError('illegal-action', msg('blkout:error.noAuto'));
  if (action.model !== auto.model) return illegal(`the Auto shots are ${pieceOf(s.models, auto.model).name}'s`);
  const why = autoRefusal(s, ctx.at(s), auto, action.target);
  if (why) return illegal(why);
  const left = auto.left - 1;
  let next: BlkoutState = {
    ...s,
    activation: { ...a, auto: { ...auto, left, targeted: [...auto.targeted, action.target] } },
  };
  next = fire(ctx, next, {
    shooter: auto.model,
    weapon: auto.weapon,
    target: action.target,
    reaction: false,
    juked: false,
    kind: 'Auto',
  });
  if (left <= 0 || autoTargets(next, ctx.at(next), next.activation!.auto!).length === 0)
    next = { ...next, activation: { ...next.activation!, auto: null } };
  return ok(ctx, continueActivation(ctx, next, auto.model));
}

/** No more Auto shots. */
export function endAuto(ctx: Ctx, s: BlkoutState, action: ActionOf<'end-auto'>): Out {
  const st = acting(s, action);
  if ('error' in st) return st;
  const { a } = st;
  const auto = owedAuto(a);
  if (!auto) return ruleError('illegal-action', msg('blkout:error.noAuto'));
  const next: BlkoutState = { ...s, activation: { ...a, auto: null } };
  ctx.events.push({
    type: 'auto-end',
    text: msg('blkout:event.autoEnd', { name: pieceOf(s.models, auto.model).name }),
    model: auto.model,
  });
  return ok(ctx, continueActivation(ctx, next, auto.model));
}

/** The player ends the activation (the models yet to act do nothing; owed drill moves are skipped). */
export function endActivation(ctx: Ctx, s: BlkoutState, action: ActionOf<'end-activation'>): Out {
  const st = acting(s, action);
  if ('error' in st) return st;
  const { a } = st;
  const auto = owedAuto(a);
  if (auto)
    return ruleError('illegal-action', msg('blkout:error.autoFirst', { name: pieceOf(s.models, auto.model).name }));
  if (a.cyclic) return ruleError('illegal-action', msg('blkout:error.cyclicFirst'));
  if (a.leaning)
    return ruleError('illegal-action', msg('blkout:error.leanFirst', { name: pieceOf(s.models, a.leaning).name }));
  const done: BlkoutState = a.endMoves ? { ...s, activation: { ...a, endMoves: null } } : s;
  return ok(ctx, finishActivation(ctx, done));
}

/** A model's action: whose turn it is checked here, then the action's own rules. */
export function modelAction(ctx: Ctx, s: BlkoutState, action: ModelAction): Out {
  const st = acting(s, action);
  if ('error' in st) return st;
  const { a, early } = st;
  const auto = owedAuto(a);
  if (auto)
    return ruleError('illegal-action', msg('blkout:error.autoFirst', { name: pieceOf(s.models, auto.model).name }));
  if (a.endMoves) return ruleError('illegal-action', msg('blkout:error.activationEnding'));
  if (a.leaning)
    return ruleError('illegal-action', msg('blkout:error.leanFirst', { name: pieceOf(s.models, a.leaning).name }));
  const m = s.models[action.model];
  if (!m || m.unit !== a.unit || !onTable(m))
    return illegal(`${action.model} is not an active model of the activating unit on the table`);
  const follow = a.cyclic?.model === m.id;
  if (a.cyclic && !follow)
    return ruleError(
      'illegal-action',
      msg('blkout:error.cyclicOwed', { name: pieceOf(s.models, a.cyclic.model).name }),
    );
  if (!follow && a.acted.includes(m.id))
    return ruleError('illegal-action', msg('blkout:error.alreadyActed', { name: m.name }));
  if (m.engaged) return ruleError('illegal-action', msg('blkout:error.engaged', { name: m.name }));
  const acted = follow ? a.acted : [...a.acted, m.id];
  let next: BlkoutState = { ...s, activation: { ...a, acted, cyclic: null } };
  // A shot in Reposition (Small Unit Tactics) is that model's action and its Reposition; it ends any Phase Out or Switchback moves.
  if (early)
    next = {
      ...next,
      activation: { ...next.activation!, repositioned: [...a.repositioned, m.id], phaseOut: null, preMoves: null },
    };
  const handler = MODEL_ACTIONS[action.type] as ModelHandler<ModelAction>;
  return handler(ctx, s, action, { a, m, follow, early, next });
}

/** No action. */
function hold(ctx: Ctx, _s: BlkoutState, _action: ActionOf<'hold'>, { m, follow, next: marked }: Turn): Out {
  let next = marked;
  if (follow) next = { ...next, activation: { ...next.activation!, cyclic: null } };
  ctx.events.push({ type: 'hold', text: msg('blkout:event.hold', { name: m.name }), model: m.id });
  return ok(ctx, continueActivation(ctx, next, m.id));
}

/** A Ready token (a Team Leader, or the Linked drill, may give it to a model of the unit that has acted). */
function ready(ctx: Ctx, s: BlkoutState, action: ActionOf<'ready'>, { a, m, next: marked }: Turn): Out {
  let next = marked;
  if (action.to !== undefined && action.to !== m.id) {
    // Team Leader: the token may go to a model of the unit that has already acted.
    const to = s.models[action.to];
    if (!hasRule(m.rules, 'Team Leader') && !drilled(s, m, 'linked'))
      return illegal(
        `only a Team Leader (or a unit with the Linked drill) gives its Ready token to another model (${m.name} is not one)`,
      );
    if (!to || to.unit !== m.unit || !onTable(to) || !a.acted.includes(to.id))
      return illegal(`${to?.name ?? action.to} is not a model of ${m.name}'s unit that has already acted`);
    next = setModel(next, { ...to, ready: true });
    ctx.events.push({
      type: 'token-placed',
      text: msg('blkout:event.giveReady', {
        name: m.name,
        rule: hasRule(m.rules, 'Team Leader') ? 'Team Leader' : 'Linked',
        to: to.name,
      }),
      token: 'ready',
      model: to.id,
      at: to.pos,
    });
    return ok(ctx, afterAction(ctx, next, m.id));
  }
  next = setModel(next, { ...m, ready: true });
  ctx.events.push({
    type: 'token-placed',
    text: msg('blkout:event.ready', { name: m.name }),
    token: 'ready',
    model: m.id,
    at: m.pos,
  });
  return ok(ctx, afterAction(ctx, next, m.id));
}

/** Drone Swarms: a model touching a hardpoint removes it and calls a swarm: armour checks for everyone within 2" of the marker. */
function droneSwarm(ctx: Ctx, s: BlkoutState, action: ActionOf<'drone-swarm'>, { m, follow, next: marked }: Turn): Out {
  const { dice, events } = ctx;
  let next = marked;
  if (follow) return ruleError('illegal-action', msg('blkout:error.cyclicFollow'));
  if (s.special !== 'drone-swarms') return ruleError('illegal-action', msg('blkout:error.swarmRule'));
  if (!touchedHardpoints(s, m).includes(action.hardpoint))
    return ruleError(
      'illegal-action',
      msg('blkout:error.notAtHardpoint', { name: m.name, hardpoint: hardpointName(action.hardpoint) }),
    );
  if (!(action.x >= 0 && action.z >= 0 && action.x <= s.table.width && action.z <= s.table.depth))
    return ruleError('illegal-action', msg('blkout:error.swarmOnTable'));
  const at: [number, number, number] = [action.x, Number.isFinite(action.y) ? action.y : 0, action.z];
  events.push({
    type: 'blast',
    text: msg('blkout:event.swarm', {
      name: m.name,
      hardpoint: hardpointName(action.hardpoint),
      spot: spotWords(s.table, action.x, action.z),
    }),
    shooter: m.id,
    at,
    radius: SWARM_REACH,
    weapon: 'drone swarm',
  });
  next = { ...next, hardpoints: next.hardpoints.filter((h) => h.id !== action.hardpoint) };
  for (const id of swarmed(next, action.x, action.z)) {
    const t = pieceOf(next.models, id);
    const r = rollArmour(dice, { dice: t.armour[0], target: t.armour[1] });
    const failed = r.rolls.length - r.blocked;
    events.push({
      type: 'armour-check',
      text: msg('blkout:event.swarmed', {
        name: t.name,
        armour: `${t.armour[0]}/${t.armour[1]}`,
        roll: failedDiceWords(r, t.armour[1]),
      }),
      model: id,
      rolls: r.rolls,
      blocked: r.blocked,
    });
    logRolls(events, dice, t.player);
    next = applyDamage(ctx, next, id, failed);
  }
  return ok(ctx, afterAction(ctx, next, m.id));
}

/** Sidewinder's reach: a model of the unit within 12" of the Sidewinder. */
export const SIDEWINDER_RANGE = 12;
export function sidewinderReaches(s: BlkoutState, q: Queries, m: ModelState, unit: string): boolean {
  return aliveModels(s, unit).some((t) => onTable(t) && t.id !== m.id && q.distance(m.id, t.id) <= SIDEWINDER_RANGE);
}

/** A Sidewinder check: a unit with a model within 12" is Pinned on a success (one box checked). */
function sidewinder(ctx: Ctx, s: BlkoutState, action: ActionOf<'sidewinder'>, { m, follow, next: marked }: Turn): Out {
  let next = marked;
  if (follow) return ruleError('illegal-action', msg('blkout:error.cyclicFollow'));
  const boxes = ruleX(m.rules, 'Sidewinder');
  if (boxes <= 0) return ruleError('illegal-action', msg('blkout:error.notSidewinder', { name: m.name }));
  if ((m.checks ?? 0) >= boxes)
    return ruleError('illegal-action', msg('blkout:error.sidewinderBoxes', { name: m.name, boxes }));
  const u = s.units[action.target];
  if (!u) return illegal(`no unit ${action.target}`);
  if (!sidewinderReaches(s, ctx.at(s), m, u.id))
    return ruleError('out-of-range', msg('blkout:error.sidewinderRange', { unit: u.name, name: m.name }));
  next = setModel(next, { ...pieceOf(next.models, m.id), checks: (m.checks ?? 0) + 1 });
  const r = skillRoll(ctx, m, plainCheck(s, m), msg('blkout:check.sidewinder'));
  if (r.successes > 0) {
    next = setUnit(next, u.id, { pinned: true });
    ctx.events.push({
      type: 'token-placed',
      text: msg('blkout:event.pinnedBy', { unit: u.name, name: m.name }),
      token: 'pinned',
      unit: u.id,
      at: null,
    });
  } else
    ctx.events.push({ type: 'sidewinder', text: msg('blkout:event.sidewinderFails', { name: m.name }), model: m.id });
  return ok(ctx, afterAction(ctx, next, m.id));
}

/**
 * Sprint: a move as the model's action (overwatch whatever the distance). With `lean` the model
 * leans out at the end (half its Move, as after any move): it sprints that much less, and the
 * action is complete once its marker is placed (a `lean-out`), so Overwatch answers it then.
 */
function sprint(ctx: Ctx, s: BlkoutState, action: ActionOf<'sprint'>, { m, follow, next: marked }: Turn): Out {
  if (follow) return ruleError('illegal-action', msg('blkout:error.cyclicFollow'));
  if (action.lean && (m.kind === 'drone' || hasRule(m.rules, 'Drone')))
    return ruleError('illegal-action', msg('blkout:error.droneLean'));
  const full = sprintAllowance(s, m);
  const allowance = action.lean ? full - raisedMove(s, m) / 2 : full;
  const h = standAt(s, ctx.at(s), m, action.x, action.y, action.z);
  if (typeof h !== 'number') return ruleError('illegal-action', h);
  const to: [number, number, number] = [action.x, h, action.z];
  const length = ctx.at(s).routeLength(m.id, to);
  if (!(length <= allowance + 1e-6))
    return ruleError(
      'out-of-range',
      action.lean
        ? msg('blkout:error.sprintLeanTooFar', {
            name: m.name,
            allowance: gapWords(allowance),
            full: gapWords(full),
            route: routeWords(length),
          })
        : msg('blkout:error.sprintTooFar', { name: m.name, allowance: gapWords(allowance), route: routeWords(length) }),
    );
  // The marker must have somewhere to go where the Sprint ends (the player places it next).
  if (action.lean && leanSpots(ctx.at(s), m, to).length === 0)
    return ruleError(
      'illegal-action',
      msg('blkout:error.leanNoRoomBeside', { name: m.name, spot: spotWords(s.table, action.x, action.z) }),
    );
  const next = setModel(marked, placed(m, to, action.facingDeg));
  ctx.events.push({
    type: 'moved',
    text: action.lean
      ? msg('blkout:event.sprintLean', { name: m.name, length: inch(length) })
      : msg('blkout:event.sprint', { name: m.name, length: inch(length) }),
    model: m.id,
    from: m.pos,
    to,
  });
  if (action.lean) return ok(ctx, { ...next, activation: { ...next.activation!, leaning: m.id } });
  return ok(ctx, afterAction(ctx, next, m.id));
}

/** An HE marker placed and fired (blast.ts): Return Fire may answer it, then Overwatch. */
function blast(ctx: Ctx, s: BlkoutState, action: ActionOf<'blast'>, { a, m, follow, next: marked }: Turn): Out {
  let next = marked;
  if (follow && action.weapon !== a.cyclic!.weapon)
    return illegal(`the Cyclic follow-up uses ${m.weapons[a.cyclic!.weapon]!.name}`);
  const at = placeMarker(s, ctx.at(s), m, action.weapon, action.x, action.y, action.z);
  if ('error' in at) return at;
  if (hasRule(m.weapons[action.weapon]!.rules, 'Cyclic') && !follow)
    next = { ...next, activation: { ...next.activation!, cyclic: { model: m.id, weapon: action.weapon } } };
  return ok(
    ctx,
    declareBlast(ctx, spend(next, m.id, action.weapon), m.id, action.weapon, at, (a.moved[m.id] ?? 0) > 0),
  );
}
