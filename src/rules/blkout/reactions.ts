/**
 * Reaction windows: what the other player may answer with (Return Fire and Juke before a shot,
 * Return Fire before an HE shot,
 * Overwatch after an action, a juke move, Perimeter Defense as a unit activates, Counter EWAR to a
 * data attack), the answers themselves, and the steps nobody can react to resolving at once.
 */
import { inch, msg } from '../engine/message';
import { gapWords, routeWords } from './say';
import { other, pieceOf } from '../engine/kit';
import { ruleError } from '../engine/types';
import type { BlkoutAction, BlkoutOption } from './actions';
import { ok, type ActionOf, type Ctx, type Out } from './context';
import { hasRule } from './data';
import { armForReaction, armouryReactions } from './armoury';
import { discard, holds } from './burn';
import { drilled } from './drills';
import { continueActivation, pinAtActivation } from './activation';
import { resolveData } from './dataAttack';
import { fire, resolveShot } from './shooting';
import { resolveBlast } from './blast';
import { canReact, canSee, raisedMove, weaponsAt } from './situation';
import { onTable, spend, type BlkoutState, type Pending } from './game';
import { engage, placed, setModel, standAt } from './steps';

/** Builds the open window (if any) for the pending step; resolves steps nobody can react to. */
export function openWindow(ctx: Ctx, s: BlkoutState): BlkoutState {
  const q = ctx.at(s);
  const p = s.pending;
  if (!p) return { ...s, window: null };
  if (p.kind === 'shot') {
    const shooter = pieceOf(s.models, p.shooter),
      target = pieceOf(s.models, p.target);
    const options: BlkoutOption[] = [];
    // A Melee attack: "the target may return fire only with a Melee weapon"; the rest of its side as usual.
    const melee = hasRule(shooter.weapons[p.weapon]!.rules, 'Melee');
    if (!p.reaction) {
      if (!p.returnFire) {
        for (const r of Object.values(s.models)) {
          if (r.player !== target.player || !canReact(s, r)) continue;
          const meleeOnly = melee && r.id === target.id;
          for (const w of weaponsAt(s, q, r.id, shooter.id, meleeOnly))
            options.push({ type: 'return-fire', model: r.id, weapon: w });
          options.push(
            ...armouryReactions(s, r, 'return-fire', (armed) =>
              weaponsAt(armed, q, r.id, shooter.id, meleeOnly).includes(r.weapons.length),
            ),
          );
        }
      }
      if (!p.juke && canReact(s, target)) options.push({ type: 'juke', model: target.id });
    }
    if (options.length === 0) return resolveShot(ctx, s);
    return { ...s, window: { player: target.player, timing: 'before', options } };
  }
  if (p.kind === 'blast') {
    // An HE shot is a Shoot action: Return Fire answers it (any model of the other side; no target, so no Juke).
    const shooter = pieceOf(s.models, p.shooter);
    const options: BlkoutOption[] = [];
    if (!p.returnFire)
      for (const r of Object.values(s.models)) {
        if (r.player === shooter.player || !canReact(s, r)) continue;
        for (const w of weaponsAt(s, q, r.id, shooter.id))
          options.push({ type: 'return-fire', model: r.id, weapon: w });
        options.push(
          ...armouryReactions(s, r, 'return-fire', (armed) =>
            weaponsAt(armed, q, r.id, shooter.id).includes(r.weapons.length),
          ),
        );
      }
    if (options.length === 0) return resolveBlast(ctx, s);
    return { ...s, window: { player: other(shooter.player), timing: 'before', options } };
  }
  if (p.kind === 'overwatch') {
    const target = pieceOf(s.models, p.target);
    const declared = new Set(p.declared.map((d) => d.model));
    const options: BlkoutOption[] = [];
    if (onTable(target)) {
      for (const r of Object.values(s.models)) {
        if (r.player === target.player || declared.has(r.id) || !canReact(s, r)) continue;
        // "내 시야 안에서": the reacting model's own sight, never a friend's (no Indirect Overwatch).
        if (!canSee(s, q, r.id, target.id)) continue;
        for (const w of weaponsAt(s, q, r.id, target.id)) options.push({ type: 'overwatch', model: r.id, weapon: w });
        options.push(
          ...armouryReactions(s, r, 'overwatch', (armed) =>
            weaponsAt(armed, q, r.id, target.id).includes(r.weapons.length),
          ),
        );
      }
    }
    if (options.length === 0) return resolveOverwatch(ctx, s);
    return { ...s, window: { player: other(target.player), timing: 'after', options } };
  }
  if (p.kind === 'juke-move') {
    const m = pieceOf(s.models, p.model);
    if (!onTable(m)) return afterAction(ctx, { ...s, pending: null }, p.shooter);
    return {
      ...s,
      window: { player: m.player, timing: 'after', options: [{ type: 'juke-move', model: m.id, open: true }] },
    };
  }
  if (p.kind === 'perimeter') {
    const owner = pieceOf(s.units, p.unit, 'unit').player;
    return {
      ...s,
      window: {
        player: other(owner),
        timing: 'after',
        // Where hands are secret the question is asked without the card too: then only a pass answers it.
        options: holds(s, other(owner), 'perimeter-defense')
          ? [{ type: 'burn', card: 'perimeter-defense', unit: p.unit }]
          : [],
      },
    };
  }
  // Data attack: the defender's Data Spike models may answer with Counter EWAR.
  const attacker = pieceOf(s.models, p.attacker);
  const options = Object.values(s.models)
    .filter((m) => m.player !== attacker.player && onTable(m) && hasRule(m.rules, 'Data Spike'))
    .map((m): BlkoutOption => ({ type: 'counter-ewar', model: m.id }));
  if (options.length === 0) return resolveData(ctx, s, null);
  return { ...s, window: { player: other(attacker.player), timing: 'simultaneous', options } };
}

/** An action is complete: Overwatch may answer it (when the actor is still there). */
export function afterAction(ctx: Ctx, s: BlkoutState, actor: string): BlkoutState {
  const m = pieceOf(s.models, actor);
  if (!onTable(m)) return continueActivation(ctx, s, actor);
  const next: BlkoutState = { ...s, pending: { kind: 'overwatch', target: actor, declared: [], then: 'continue' } };
  return openWindow(ctx, next);
}

/** Resolves the declared Overwatch shots, then the activation goes on. */
function resolveOverwatch(ctx: Ctx, s: BlkoutState): BlkoutState {
  const p = s.pending;
  if (!p || p.kind !== 'overwatch') return s;
  let next: BlkoutState = { ...s, pending: null, window: null };
  for (const d of p.declared) {
    if (pieceOf(next.models, p.target).destroyed) {
      ctx.events.push({
        type: 'shot-lost',
        text: msg('blkout:event.overwatchLost', { name: pieceOf(next.models, d.model).name }),
        model: d.model,
      });
      continue;
    }
    // Tactical Positioning: overwatch at the drilled unit's models rolls one die fewer (as a juke does).
    const juked = drilled(next, pieceOf(next.models, p.target), 'tactical-positioning');
    next = fire(ctx, next, { shooter: d.model, weapon: d.weapon, target: p.target, reaction: true, juked });
  }
  return continueActivation(ctx, next, p.target);
}

/** The answers a window may offer. */
type Reaction = ActionOf<'burn' | 'return-fire' | 'juke' | 'overwatch' | 'juke-move' | 'counter-ewar'>;

/** An answer to an open window, with the pending step it answers and whether it is one of the offered options. */
type Answer<A> = (ctx: Ctx, s: BlkoutState, a: A, p: Pending, offered: boolean) => Out;

/** Each reaction by type (a type missing here fails to compile). */
const REACTIONS: { [K in Reaction['type']]: Answer<ActionOf<K>> } = {
  burn: perimeterDefense,
  'return-fire': returnFireOrJuke,
  juke: returnFireOrJuke,
  overwatch,
  'juke-move': jukeMove,
  'counter-ewar': counterEwar,
};

const isReaction = (a: BlkoutAction): a is Reaction => Object.hasOwn(REACTIONS, a.type);

/** A reaction (or a pass) in an open window. */
export function react(ctx: Ctx, s: BlkoutState, action: BlkoutAction | { type: 'pass' }): Out {
  const p = s.pending;
  const w = s.window!;
  if (!p) return ruleError('illegal-action', msg('blkout:error.noReaction'));
  if (action.type === 'pass') {
    let next: BlkoutState = { ...s, window: null };
    if (p.kind === 'shot') next = resolveShot(ctx, next);
    else if (p.kind === 'blast') next = resolveBlast(ctx, next);
    else if (p.kind === 'overwatch') next = resolveOverwatch(ctx, next);
    else if (p.kind === 'juke-move') next = afterAction(ctx, { ...next, pending: null }, p.shooter);
    else if (p.kind === 'perimeter') next = { ...next, pending: null };
    else next = resolveData(ctx, next, null);
    return ok(ctx, next);
  }
  if (!isReaction(action))
    return ruleError('not-in-window', `answer the open window (${w.options.map((o) => o.type).join(', ')}) or pass`);
  const offered = w.options.some((o) => JSON.stringify(o) === JSON.stringify(action));
  return (REACTIONS[action.type] as Answer<Reaction>)(ctx, s, action, p, offered);
}

/** Perimeter Defense: the activating unit is Pinned. */
function perimeterDefense(ctx: Ctx, s: BlkoutState, _a: ActionOf<'burn'>, p: Pending, offered: boolean): Out {
  if (p.kind !== 'perimeter' || !offered) return ruleError('not-in-window', msg('blkout:error.cardNotOffered'));
  const by = s.window!.player;
  let next = discard(
    ctx,
    { ...s, pending: null, window: null },
    by,
    'perimeter-defense',
    msg('blkout:burn.perimeter', { unit: pieceOf(s.units, p.unit, 'unit').name }),
  );
  next = pinAtActivation(ctx, next, p.unit);
  return ok(ctx, next);
}

/** Return Fire (simultaneous with the shot) or Juke (one die fewer, then a move): the model is Engaged. */
function returnFireOrJuke(
  ctx: Ctx,
  s: BlkoutState,
  action: ActionOf<'return-fire' | 'juke'>,
  p: Pending,
  offered: boolean,
): Out {
  if ((p.kind !== 'shot' && p.kind !== 'blast') || !offered)
    return ruleError('not-in-window', msg('blkout:error.reactionNotOffered'));
  let next = engage(s, action.model);
  if (action.type === 'return-fire' && action.item) {
    const armed = armForReaction(ctx, next, action.model, action.item);
    if ('error' in armed) return armed;
    next = armed;
  }
  const r = pieceOf(next.models, action.model);
  if (action.type === 'juke') {
    ctx.events.push({
      type: 'reaction',
      text: msg('blkout:event.juke', { name: r.name }),
      reaction: 'juke',
      model: r.id,
    });
    if (p.kind === 'shot') next = { ...next, pending: { ...p, juke: true } };
  } else {
    ctx.events.push({
      type: 'reaction',
      text: msg('blkout:event.returnsFire', { name: r.name }),
      reaction: 'return-fire',
      model: r.id,
    });
    next = {
      ...spend(next, action.model, action.weapon),
      pending: { ...p, returnFire: { model: action.model, weapon: action.weapon } },
    };
  }
  return ok(ctx, openWindow(ctx, next));
}

/** Overwatch declared (Engaged); the window stays open for more declarations. */
function overwatch(ctx: Ctx, s: BlkoutState, action: ActionOf<'overwatch'>, p: Pending, offered: boolean): Out {
  if (p.kind !== 'overwatch' || !offered) return ruleError('not-in-window', msg('blkout:error.overwatchNotOffered'));
  let engaged = engage(s, action.model);
  if (action.item) {
    const armed = armForReaction(ctx, engaged, action.model, action.item);
    if ('error' in armed) return armed;
    engaged = armed;
  }
  const next = spend(engaged, action.model, action.weapon);
  ctx.events.push({
    type: 'reaction',
    text: msg('blkout:event.overwatch', {
      name: pieceOf(next.models, action.model).name,
      target: pieceOf(s.models, p.target).name,
    }),
    reaction: 'overwatch',
    model: action.model,
  });
  return ok(
    ctx,
    openWindow(ctx, {
      ...next,
      pending: { ...p, declared: [...p.declared, { model: action.model, weapon: action.weapon }] },
    }),
  );
}

/** A juked model that survived moves up to half its Move. */
function jukeMove(ctx: Ctx, s: BlkoutState, action: ActionOf<'juke-move'>, p: Pending): Out {
  if (p.kind !== 'juke-move' || action.model !== p.model)
    return ruleError('not-in-window', msg('blkout:error.noJukeOwed'));
  const m = pieceOf(s.models, p.model);
  const h = standAt(s, ctx.at(s), m, action.x, action.y, action.z);
  if (typeof h !== 'number') return ruleError('illegal-action', h);
  const to: [number, number, number] = [action.x, h, action.z];
  const length = ctx.at(s).routeLength(m.id, to);
  const move = raisedMove(s, m);
  if (!(length <= move / 2 + 1e-6))
    return ruleError(
      'out-of-range',
      msg('blkout:error.jukeTooFar', { name: m.name, move: gapWords(move), route: routeWords(length) }),
    );
  const next = setModel({ ...s, pending: null, window: null }, placed(m, to, action.facingDeg));
  ctx.events.push({
    type: 'moved',
    text: msg('blkout:event.jukeMove', { name: m.name, length: inch(length) }),
    model: m.id,
    from: m.pos,
    to,
  });
  return ok(ctx, afterAction(ctx, next, p.shooter));
}

/** Counter EWAR: a Data Spike model answers a data attack. */
function counterEwar(ctx: Ctx, s: BlkoutState, action: ActionOf<'counter-ewar'>, p: Pending, offered: boolean): Out {
  if (p.kind !== 'data' || !offered) return ruleError('not-in-window', msg('blkout:error.noCounterEwar'));
  return ok(ctx, resolveData(ctx, { ...s, window: null }, action.model));
}
