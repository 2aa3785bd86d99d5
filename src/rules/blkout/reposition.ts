/**
 * Reposition: Phase Out placements and Switchback moves first, then each model moves (measured along
 * its route; entering from its edge; Blade Runner straight past obstacles), jumps (Jump X) or leans
 * out, and a move of more than half its Move may be overwatched.
 */
import { inch, msg } from '../engine/message';
import { gapWords, routeWords } from './say';
import { illegal, pieceOf } from '../engine/kit';
import { ruleError, type RuleError } from '../engine/types';
import { spotWords, standWords, stopWords } from '../engine/words';
import { ok, type ActionOf, type Ctx, type Out } from './context';
import { hasRule, ruleX } from './data';
import { inEffect, PHASE_OUT_REACH } from './burn';
import { DRILL_MOVE, drilled, moveOf } from './drills';
import { finishActivation, toAct } from './activation';
import { afterAction, openWindow } from './reactions';
import { CONTACT, raisedMove } from './situation';
import { aliveModels, radiusOf, type Activation, type BlkoutState, type ModelState } from './game';
import { fromEdge, placed, setModel, setUnit, shortMove, standAt } from './steps';
import { MARKER_25MM_RADIUS } from '../engine/units';

/** The activation in its Reposition step, or why not. */
function repositioning(s: BlkoutState): Activation | RuleError {
  const a = s.activation;
  if (!a || a.stage !== 'reposition') return ruleError('illegal-action', msg('blkout:error.repositionStep'));
  return a;
}

/** Anything in Reposition but a Phase Out placement or a Switchback move ends those. */
function begun(s0: BlkoutState, a0: Activation): BlkoutState {
  return a0.phaseOut || a0.preMoves ? { ...s0, activation: { ...a0, phaseOut: null, preMoves: null } } : s0;
}

/** The activating unit's model that is to reposition, or why it may not. */
function mover(s: BlkoutState, a: Activation, id: string): ModelState | RuleError {
  const m = s.models[id];
  if (!m || m.unit !== a.unit || m.destroyed)
    return ruleError('illegal-action', msg('blkout:error.notActivating', { model: id }));
  if (a.repositioned.includes(m.id))
    return ruleError('illegal-action', msg('blkout:error.alreadyRepositioned', { name: m.name }));
  return m;
}

/**
 * The activating unit's model that may lean out now: one yet to reposition, or one that has moved
 * (or jumped) and not yet leaned ("after moving, half its Move": the cost is checked by the caller).
 */
function leaner(s: BlkoutState, a: Activation, id: string): ModelState | RuleError {
  const m = s.models[id];
  if (!m || m.unit !== a.unit || m.destroyed)
    return ruleError('illegal-action', msg('blkout:error.notActivating', { model: id }));
  if (a.repositioned.includes(m.id) && (a.moved[m.id] === undefined || m.leanOut))
    return ruleError('illegal-action', msg('blkout:error.alreadyRepositioned', { name: m.name }));
  return m;
}

/** Phase Out: placed within 2" (straight, not a move) before the Reposition begins. */
export function phaseOut(ctx: Ctx, s0: BlkoutState, action: ActionOf<'phase-out'>): Out {
  const a0 = repositioning(s0);
  if ('error' in a0) return a0;
  const m = s0.models[action.model];
  if (!m || !(a0.phaseOut ?? []).includes(m.id))
    return illegal(`${action.model} may not be placed by Phase Out now (before the unit's Reposition, once per model)`);
  const h = standAt(s0, ctx.at(s0), m, action.x, action.y, action.z);
  if (typeof h !== 'number') return ruleError('illegal-action', h);
  const gap = Math.hypot(action.x - m.pos![0], action.z - m.pos![2]);
  if (gap > PHASE_OUT_REACH + 1e-6)
    return ruleError('out-of-range', msg('blkout:error.phaseOut', { gap: gapWords(gap) }));
  const to: [number, number, number] = [action.x, h, action.z];
  ctx.events.push({
    type: 'moved',
    text: msg('blkout:event.phaseOut', {
      name: m.name,
      length: inch(gap),
      spot: spotWords(s0.table, action.x, action.z),
    }),
    model: m.id,
    from: m.pos,
    to,
  });
  return ok(ctx, {
    ...setModel(s0, placed(m, to)),
    activation: { ...a0, phaseOut: a0.phaseOut!.filter((id) => id !== m.id) },
  });
}

/** Switchback: each model may move up to 2" (measured along its route) before the Reposition. */
export function preMove(ctx: Ctx, s0: BlkoutState, action: ActionOf<'pre-move'>): Out {
  const a0 = repositioning(s0);
  if ('error' in a0) return a0;
  const m = s0.models[action.model];
  if (!m || !(a0.preMoves ?? []).includes(m.id))
    return illegal(`${action.model} may not make a Switchback move now (before the unit's Reposition, once per model)`);
  const short = shortMove(s0, ctx.at(s0), m, action, DRILL_MOVE, msg('blkout:error.switchbackMove'));
  if ('error' in short) return short;
  const { to, length } = short;
  ctx.events.push({
    type: 'moved',
    text: msg('blkout:event.switchback', { name: m.name, length: inch(length) }),
    model: m.id,
    from: m.pos,
    to,
  });
  return ok(ctx, {
    ...setModel(s0, placed(m, to)),
    activation: { ...a0, preMoves: a0.preMoves!.filter((id) => id !== m.id) },
  });
}

/** The Reposition is over: on to the Actions step (or the end of the activation when nobody can act). */
export function endReposition(ctx: Ctx, s0: BlkoutState): Out {
  const a0 = repositioning(s0);
  if ('error' in a0) return a0;
  const s = begun(s0, a0);
  const a = s.activation!;
  let next: BlkoutState = { ...s, activation: { ...a, stage: 'actions' } };
  if (aliveModels(next, a.unit).every((m) => !m.pos))
    next = { ...next, activation: { ...next.activation!, acted: aliveModels(next, a.unit).map((m) => m.id) } };
  const stillOff = aliveModels(next, a.unit).some((m) => !m.pos);
  if (!stillOff && pieceOf(next.units, a.unit, 'unit').offTable) next = setUnit(next, a.unit, { offTable: false });
  return ok(ctx, toAct(next).length === 0 ? finishActivation(ctx, next) : next);
}

/** Where a lean-out marker for `m` goes (beside its base, room to stand), or why not. */
function markerSpot(
  ctx: Ctx,
  s: BlkoutState,
  m: ModelState,
  at: { x: number; z: number },
): [number, number, number] | RuleError {
  if (!m.pos) return ruleError('illegal-action', msg('blkout:error.notOnTable', { name: m.name }));
  if (m.kind === 'drone' || hasRule(m.rules, 'Drone'))
    return ruleError('illegal-action', msg('blkout:error.droneLean'));
  const gap = Math.hypot(at.x - m.pos[0], at.z - m.pos[2]) - radiusOf(m) - MARKER_25MM_RADIUS;
  if (gap > CONTACT) return ruleError('out-of-range', msg('blkout:error.leanBeside', { gap: gapWords(gap) }));
  const h = ctx.at(s).standHeight(25, m.height, at.x, at.z, m.pos[1] + 0.25, m.id);
  if (h === null)
    return ruleError(
      'illegal-action',
      msg('blkout:error.leanNoRoom', {
        spot: spotWords(s.table, at.x, at.z),
        why: standWords(
          ctx.at(s).standProblem(25, m.height, at.x, at.z, m.pos[1] + 0.25, m.id),
          (id) => s.models[id]?.name ?? id,
        ),
      }),
    );
  return [at.x, h, at.z];
}

/** The marker placed: the model's lean-out and the event that shows it. */
function leaned(ctx: Ctx, s: BlkoutState, m: ModelState, at: [number, number, number]): BlkoutState {
  ctx.events.push({
    type: 'token-placed',
    text: msg('blkout:event.leansOut', { name: m.name }),
    token: 'lean-out',
    model: m.id,
    at,
  });
  return setModel(s, { ...m, leanOut: at });
}

/**
 * A lean-out marker beside the base (costs half the Move; no Overwatch against it in Reposition).
 * In the Actions step it ends a Sprint that said it would lean out (`sprint` with `lean`): the
 * Sprint is then complete, and Overwatch may answer it.
 */
export function leanOut(ctx: Ctx, s0: BlkoutState, action: ActionOf<'lean-out'>): Out {
  if (s0.activation?.stage === 'actions' && s0.activation.leaning) return sprintLean(ctx, s0, action);
  const a0 = repositioning(s0);
  if ('error' in a0) return a0;
  const s = begun(s0, a0);
  const a = s.activation!;
  const m = leaner(s, a, action.model);
  if ('error' in m) return m;
  if (!m.pos) return ruleError('illegal-action', msg('blkout:error.notOnTable', { name: m.name }));
  const moved = a.moved[m.id] ?? 0;
  const move = raisedMove(s, m);
  if (moved > move / 2 + 1e-9)
    return ruleError(
      'out-of-range',
      msg('blkout:error.leanCost', { name: m.name, moved: gapWords(moved), move: gapWords(move) }),
    );
  const at = markerSpot(ctx, s, m, action);
  if ('error' in at) return at;
  const next = leaned(ctx, s, m, at);
  // No Overwatch against a lean-out made in Reposition.
  const repositioned = a.repositioned.includes(m.id) ? a.repositioned : [...a.repositioned, m.id];
  return ok(ctx, { ...next, activation: { ...a, repositioned } });
}

/** The lean-out that ends a Sprint: the action is then complete (Overwatch may answer it). */
function sprintLean(ctx: Ctx, s: BlkoutState, action: ActionOf<'lean-out'>): Out {
  const a = s.activation!;
  const m = s.models[action.model];
  if (!m || m.id !== a.leaning)
    return ruleError('illegal-action', msg('blkout:error.leanFirst', { name: pieceOf(s.models, a.leaning!).name }));
  const at = markerSpot(ctx, s, m, action);
  if ('error' in at) return at;
  const next = leaned(ctx, s, m, at);
  return ok(ctx, afterAction(ctx, { ...next, activation: { ...next.activation!, leaning: null } }, m.id));
}

/** A move, measured along the route (entering models measure from their edge), or a jump, straight across. */
export function moveModel(ctx: Ctx, s0: BlkoutState, action: ActionOf<'move' | 'jump'>): Out {
  const q = ctx.at(s0);
  const a0 = repositioning(s0);
  if ('error' in a0) return a0;
  const s = begun(s0, a0);
  const a = s.activation!;
  const m = mover(s, a, action.model);
  if ('error' in m) return m;
  let length: number;
  const h = standAt(s, q, m, action.x, action.y, action.z);
  if (typeof h !== 'number') return ruleError('illegal-action', h);
  const to: [number, number, number] = [action.x, h, action.z];
  if (action.type === 'jump') {
    const reach = ruleX(m.rules, 'Jump');
    if (reach <= 0) return ruleError('illegal-action', msg('blkout:error.noJump', { name: m.name }));
    if (!m.pos) return ruleError('illegal-action', msg('blkout:error.enterByMoving', { name: m.name }));
    length = Math.hypot(to[0] - m.pos[0], to[2] - m.pos[2]);
    const rise = to[1] - m.pos[1];
    if (length > reach + 1e-6)
      return ruleError(
        'out-of-range',
        msg('blkout:error.jumpAcross', { name: m.name, reach: gapWords(reach), gap: gapWords(length) }),
      );
    if (Math.abs(rise) > reach + 1e-6)
      return ruleError(
        'out-of-range',
        rise > 0
          ? msg('blkout:error.jumpUp', { name: m.name, reach: gapWords(reach), gap: gapWords(Math.abs(rise)) })
          : msg('blkout:error.jumpDown', { name: m.name, reach: gapWords(reach), gap: gapWords(Math.abs(rise)) }),
      );
    const blocked = q.jumpBlocked(m.id, to, reach);
    if (blocked)
      return ruleError(
        'illegal-action',
        msg('blkout:error.jumpBlocked', {
          name: m.name,
          by: stopWords(blocked, (id) => s.models[id]?.name ?? id),
        }),
      );
  } else if (!m.pos) {
    length = fromEdge(s, s.edges[m.player]!, action.x, action.z);
  } else if (inEffect(s, 'blade-runner')) {
    // Blade Runner: straight past obstacles (climbing still counts).
    length = Math.hypot(to[0] - m.pos[0], to[2] - m.pos[2]) + Math.abs(to[1] - m.pos[1]);
  } else {
    length = q.routeLength(m.id, to);
  }
  // Blade Runner's 2" are for moves (a jump goes its Jump (X)); the Overwatch threshold is half the raised Move.
  const allowance = action.type === 'move' ? raisedMove(s, m) : moveOf(s, m);
  if (action.type === 'move' && !(length <= allowance + 1e-6))
    return ruleError(
      'out-of-range',
      msg('blkout:error.moveTooFar', { name: m.name, allowance: gapWords(allowance), route: routeWords(length) }),
    );
  let next = setModel(s, placed(m, to, action.facingDeg));
  next = {
    ...next,
    activation: { ...a, moved: { ...a.moved, [m.id]: length }, repositioned: [...a.repositioned, m.id] },
  };
  ctx.events.push({
    type: 'moved',
    text:
      action.type === 'jump'
        ? msg('blkout:event.jumps', { name: m.name, length: inch(length) })
        : m.pos
          ? msg('blkout:event.moves', { name: m.name, length: inch(length) })
          : msg('blkout:event.enters', { name: m.name, length: inch(length) }),
    model: m.id,
    from: m.pos,
    to,
    ...(action.type === 'jump' ? { how: 'jump' } : {}),
  });
  // Overwatch: a move of more than half its Move, ending in sight (not with Assaulters).
  if (length > raisedMove(s, m) / 2 + 1e-9 && !drilled(s, m, 'assaulters')) {
    next = openWindow(ctx, { ...next, pending: { kind: 'overwatch', target: m.id, declared: [], then: 'continue' } });
  }
  return ok(ctx, next);
}
