/**
 * Activations: a unit activates (in its turn, chained for 1 CP, by a Controller, or by Rewind),
 * what a Pinned marker costs it, how the activation goes on after each action (close combat, owed
 * Auto shots and Cyclic follow-ups, the next model) and how it ends (the drills' 2" moves, Targeting
 * Smoke, the armoury items going back, the choices after it).
 */
import { ruleError } from '../engine/types';
import { msg } from '../engine/message';
import { illegal, other, pieceOf } from '../engine/kit';
import type { Queries } from '../engine/queries';
import { ok, type ActionOf, type Ctx, type Out } from './context';
import { hasRule, ruleX } from './data';
import { returnArmoury } from './armoury';
import { autoTargets } from './auto';
import { BURN_NAMES, mayHold } from './burn';
import { closeQuarters } from './closeCombat';
import { openWindow } from './reactions';
import { activatable, advance, afterChoices } from './round';
import { hardpointJams } from './special';
import { aliveModels, onTable, type Activation, type BlkoutState, type ModelState } from './game';
import { setUnit } from './steps';

/** How an activation begins: an Activate action, a chained or Controller activation, or Rewind. */
export type Activating = ActionOf<'activate' | 'chain' | 'controller'> | { type: 'rewind'; unit: string };

/** A unit activates. */
export function activate(ctx: Ctx, s: BlkoutState, action: Activating): Out {
  const events = ctx.events;
  if (s.phase !== 'execution') return ruleError('illegal-action', msg('blkout:error.executionStep'));
  let next = s;
  let via: Activation['via'] = 'turn';
  const p = action.type === 'activate' ? s.turn : s.activation?.player;
  if (!p) return ruleError('illegal-action', msg('blkout:error.noActivationEnded'));
  const primed = s.burn.primed;
  if (primed && primed.unit !== action.unit)
    return illegal(
      `${primed.cards.map((c) => BURN_NAMES[c]).join(' and ')} was played on ${pieceOf(s.units, primed.unit, 'unit').name}: it activates next`,
    );
  if (action.type === 'activate') {
    if (s.activation)
      return ruleError(
        'illegal-action',
        msg('blkout:error.stillActivating', { unit: pieceOf(s.units, s.activation.unit, 'unit').name }),
      );
  } else if (action.type === 'rewind') {
    if (s.activation?.stage !== 'after') return ruleError('illegal-action', msg('blkout:error.rewindAfter'));
    via = 'rewind';
  } else {
    if (!afterChoices(s).some((c) => c.type === action.type && c.unit === action.unit))
      return illegal(
        `${action.type === 'chain' ? 'a chained activation (1 CP, once per round)' : "a Controller's free activation"} is not available for ${action.unit}`,
      );
    if (action.type === 'chain') {
      next = {
        ...next,
        cp: { ...next.cp, [p]: next.cp[p] - 1 },
        used: { ...next.used, [p]: { ...next.used[p], chained: true } },
      };
      events.push({ type: 'command', text: msg('blkout:event.chain', { player: p }), player: p });
      via = 'chained';
    } else via = 'controller';
  }
  const u = next.units[action.unit];
  if (!u || u.player !== p)
    return ruleError('illegal-action', msg('blkout:error.notYourUnit', { unit: action.unit, player: p }));
  if (!activatable(next, p).includes(u.id))
    return ruleError('illegal-action', msg('blkout:error.alreadyActivated', { unit: u.name }));
  next = setUnit(next, u.id, { activated: true });
  // Lean-out markers of the unit come off as its models get ready to move again.
  events.push({
    type: 'activation',
    text: msg('blkout:event.activates', { unit: u.name, player: p }),
    unit: u.id,
    player: p,
  });
  const effects = primed?.unit === u.id ? primed.cards : [];
  const phaseOut = effects.includes('phase-out')
    ? aliveModels(next, u.id)
        .filter(onTable)
        .map((m) => m.id)
    : null;
  const drill = primed?.unit === u.id ? primed.drill : undefined;
  const preMoves =
    drill === 'switchback'
      ? aliveModels(next, u.id)
          .filter(onTable)
          .map((m) => m.id)
      : null;
  next = {
    ...next,
    turn: p,
    burn: { ...next.burn, primed: null },
    activation: {
      unit: u.id,
      player: p,
      stage: 'reposition',
      moved: {},
      repositioned: [],
      acted: [],
      cyclic: null,
      via,
      effects,
      phaseOut,
      preMoves,
      ...(drill ? { drill } : {}),
    },
  };
  if (u.pinned) {
    // Pinned: no model moves in Reposition; the marker comes off instead (models within a friendly Jammer's range ignore it).
    next = pinAtActivation(ctx, setUnit(next, u.id, { pinned: false }), u.id);
  } else if (mayHold(next, other(p), 'perimeter-defense')) {
    // The opponent may answer the activation with Perimeter Defense (asked without it where hands are secret).
    next = openWindow(ctx, { ...next, pending: { kind: 'perimeter', unit: u.id } });
  }
  return ok(ctx, next);
}

/** A unit pinned as it activates: it removes the marker instead of repositioning (Jammer range aside). */
export function pinAtActivation(ctx: Ctx, s: BlkoutState, unit: string): BlkoutState {
  const u = pieceOf(s.units, unit, 'unit');
  const jammed = aliveModels(s, unit).filter((m) => !jammerCovers(s, ctx.at(s), m));
  ctx.events.push({
    type: 'token-removed',
    text: msg('blkout:event.pinnedActivation', { unit: u.name }),
    unit,
  });
  return { ...s, activation: { ...s.activation!, repositioned: jammed.map((m) => m.id), phaseOut: null } };
}

/** A friendly Jammer model whose range covers this model. */
function jammerCovers(s: BlkoutState, q: Queries, m: ModelState): boolean {
  if (!onTable(m)) return false;
  if (hardpointJams(s, m)) return true;
  return Object.values(s.models).some(
    (j) =>
      j.player === m.player &&
      onTable(j) &&
      hasRule(j.rules, 'Jammer') &&
      (j.id === m.id || q.distance(j.id, m.id) <= ruleX(j.rules, 'Jammer')),
  );
}

/** Models of the active unit that may still act. */
export function toAct(s: BlkoutState): ModelState[] {
  const a = s.activation!;
  return aliveModels(s, a.unit).filter((m) => onTable(m) && !m.engaged && !a.acted.includes(m.id));
}

/**
 * After an action (and its reactions): CQC for an infantry actor in base contact with enemy
 * infantry, a Cyclic follow-up if one is owed, then the next model or the end of the activation.
 */
export function continueActivation(ctx: Ctx, s: BlkoutState, actor: string): BlkoutState {
  const a = s.activation;
  if (!a) return s;
  let next = closeQuarters(ctx, s, a, actor);
  const act = next.activation!;
  if (act.stage === 'reposition') return next;
  if (act.auto) {
    // The shot and its overwatch are done: the Auto shots come now, if the shooter and a target are left.
    const shooter = pieceOf(next.models, act.auto.model);
    const auto = { ...act.auto, ready: true };
    if (onTable(shooter) && !shooter.engaged && auto.left > 0 && autoTargets(next, ctx.at(next), auto).length > 0)
      return { ...next, activation: { ...act, auto } };
    next = { ...next, activation: { ...act, auto: null } };
  }
  const cyc = next.activation!.cyclic;
  if (cyc && (pieceOf(next.models, cyc.model).destroyed || pieceOf(next.models, cyc.model).engaged))
    next = { ...next, activation: { ...next.activation!, cyclic: null } };
  if (next.activation!.cyclic) return next;
  if (toAct(next).length === 0) return finishActivation(ctx, next);
  return next;
}

/** After an activation's last action: the post-activation choices, or the next turn. */
export function finishActivation(ctx: Ctx, s0: BlkoutState): BlkoutState {
  let s = s0;
  const a = s.activation!;
  if ((a.drill === 'peel-back' || a.drill === 'close-assault') && a.endMoves === undefined) {
    // Peel Back / Close Assault: the 2" moves come as the activation ends (end the activation to skip them).
    const movers = aliveModels(s, a.unit)
      .filter((m) => onTable(m) && m.kind === 'infantry')
      .map((m) => m.id);
    if (movers.length > 0) return { ...s, activation: { ...a, endMoves: movers, cyclic: null } };
  }
  ctx.events.push({
    type: 'activation-end',
    text: msg('blkout:event.activationEnd', { unit: pieceOf(s.units, a.unit, 'unit').name, player: a.player }),
    unit: a.unit,
  });
  // Targeting Smoke is ordinary smoke once the activation is over.
  if (s.smoke.some((t) => t.seenThroughBy === a.unit))
    s = {
      ...s,
      smoke: s.smoke.map((t) =>
        t.seenThroughBy === a.unit ? { id: t.id, x: t.x, z: t.z, light: t.light, owner: t.owner } : t,
      ),
    };
  // Armoury items go back: the activating unit's, and any taken for a reaction during the activation.
  const returned = Object.keys(s.units).reduce((acc, id) => returnArmoury(acc, id), s);
  const next: BlkoutState = { ...returned, activation: { ...a, stage: 'after', cyclic: null } };
  return afterChoices(next).length > 0 ? next : advance(ctx, next);
}
