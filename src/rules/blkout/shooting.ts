/**
 * Shooting: a Shoot action declared (Melee closes to base contact, Cyclic and Auto owed, Cross Fire
 * counted), then resolved with its reactions: Return Fire simultaneous with it, a Juke's die less
 * and its move; one shot's skill check, damage (Amped, rear arc, Cross Fire), armour and track.
 */
import { gapWords } from './say';
import { msg } from '../engine/message';
import { illegal, pieceOf } from '../engine/kit';
import { ruleError } from '../engine/types';
import { ok, type ActionOf, type Ctx, type Out } from './context';
import { firstOf, shotCheck, skillRoll } from './combat';
import { suffer } from './harm';
import { hasRule } from './data';
import { autoFor } from './auto';
import { inEffect } from './burn';
import { drilled } from './drills';
import type { Turn } from './modelActions';
import { afterAction, openWindow } from './reactions';
import { canSee, rangeOf, sightOf, situation, weaponsAt } from './situation';
import { inRearArc, isDuster, onTable, spend, type BlkoutState, type ModelState } from './game';
import { contactSpot, coverWords, placed, setModel } from './steps';

/** A Duster's damage track a shot aims at. */
type Track = 'mobility' | 'chassis';

/** A Shoot action: the shot is declared and the target's side may react before it resolves. */
export function shoot(ctx: Ctx, s: BlkoutState, action: ActionOf<'shoot'>, turn: Turn): Out {
  const q = ctx.at(s);
  const { m, a, follow, early } = turn;
  let next = turn.next;
  const w = m.weapons[action.weapon];
  const t = s.models[action.target];
  if (!w) return illegal(`${m.name} has no weapon #${action.weapon}`);
  if (action.track === 'mobility') {
    if (!t || !isDuster(t)) return ruleError('illegal-action', msg('blkout:error.mobilityDuster'));
    if (hasRule(t.rules, 'Boost')) return ruleError('illegal-action', msg('blkout:error.boosting', { name: t.name }));
    const f = sightOf(s, q, m.id, t.id);
    if (f.smokeBlocked || f.hidden.smoke > 0)
      return ruleError('illegal-action', msg('blkout:error.mobilitySmoke', { name: t.name }));
    if (f.visibleFraction < 0.99)
      return illegal(
        `a Mobility shot needs the whole of ${t.name} in view (${Math.round(f.visibleFraction * 100)}% is)`,
      );
  }
  if (t && hasRule(w.rules, 'Blast') && t.kind !== 'vehicle')
    return illegal(
      `${w.name} is a Blast weapon: it cannot shoot infantry or drones directly (place an HE marker instead)`,
    );
  if (follow && action.weapon !== a.cyclic!.weapon)
    return illegal(`the Cyclic follow-up uses ${m.weapons[a.cyclic!.weapon]!.name}`);
  if (!t || !onTable(t) || t.player === m.player) return illegal(`${action.target} is not an enemy model on the table`);
  if (!canSee(s, q, m.id, t.id) && !weaponsAt(s, q, m.id, t.id).includes(action.weapon))
    return ruleError(
      'no-los',
      hasRule(w.rules, 'Indirect')
        ? msg('blkout:error.noSightIndirect', { name: m.name, target: t.name })
        : msg('blkout:error.noSight', { name: m.name, target: t.name }),
    );
  if (!weaponsAt(s, q, m.id, t.id).includes(action.weapon))
    return ruleError(
      'out-of-range',
      msg('blkout:error.shotRange', {
        target: t.name,
        gap: gapWords(rangeOf(s, q, m.id, t.id)),
        weapon: w.name,
        range: `${w.min}-${w.max}"`,
      }),
    );
  if (hasRule(w.rules, 'Melee')) {
    // The attacker is placed in base contact before actions and reactions resolve.
    const pos = contactSpot(q, m, t);
    if (!pos) return ruleError('illegal-action', msg('blkout:error.noRoomBeside', { target: t.name, name: m.name }));
    next = setModel(next, placed(pieceOf(next.models, m.id), pos));
    ctx.events.push({
      type: 'moved',
      text: msg('blkout:event.closesIn', { name: m.name, target: t.name }),
      model: m.id,
      from: m.pos,
      to: pos,
    });
  }
  // A first Cyclic shot owes the model a follow-up (another shot with it, or Ready) once the action is over (not for a shot in Reposition).
  if (hasRule(w.rules, 'Cyclic') && !follow && !early)
    next = { ...next, activation: { ...next.activation!, cyclic: { model: m.id, weapon: action.weapon } } };
  // Auto: the extra shots come once this shot and the overwatch on it are resolved.
  const autoFire = early ? null : autoFor(m, action.weapon, t);
  if (autoFire) next = { ...next, activation: { ...next.activation!, auto: autoFire } };
  ctx.events.push({
    type: 'shot-declared',
    text: msg('blkout:event.declares', { name: m.name, target: t.name, weapon: w.name }),
    shooter: m.id,
    target: t.id,
  });
  next = {
    ...next,
    activation: {
      ...next.activation!,
      shotAt: { ...next.activation!.shotAt, [t.id]: [...(next.activation!.shotAt?.[t.id] ?? []), m.id] },
    },
  };
  next = {
    ...spend(next, m.id, action.weapon),
    pending: {
      kind: 'shot',
      shooter: m.id,
      weapon: action.weapon,
      target: t.id,
      reaction: false,
      returnFire: null,
      juke: false,
      ...(action.track === 'mobility' ? { track: 'mobility' as const } : {}),
    },
  };
  return ok(ctx, openWindow(ctx, next));
}

/** One shot: who shoots with which weapon at whom, and how. */
export interface Shot {
  shooter: string;
  weapon: number;
  target: string;
  /** A reaction shot (Overwatch, Return Fire) rather than a Shoot action. */
  reaction: boolean;
  /** The target juked (or counts as juking): one die fewer. */
  juked: boolean;
  /** Named in the log after the weapon ("Auto"). */
  kind?: string;
  /** At a Duster: the track aimed at (default: the chassis). */
  track?: Track;
}

/** One shot resolved against its target (no return fire): skill check, damage, armour, track. */
export function fire(ctx: Ctx, s: BlkoutState, shot: Shot): BlkoutState {
  const { shooter: shooterId, weapon, target: targetId, kind = '', track = 'chassis' } = shot;
  const shooter = pieceOf(s.models, shooterId),
    target = pieceOf(s.models, targetId);
  const w = shooter.weapons[weapon]!;
  const sit = aimed(situation(s, ctx.at(s), shooterId, targetId, shot.reaction, shot.juked), track);
  ctx.events.push({
    type: 'shot',
    text: msg('blkout:event.shot', {
      name: shooter.name,
      target: target.name,
      mobility: track === 'mobility' ? 'yes' : 'no',
      weapon: kind ? `${w.name} (${kind})` : w.name,
      cover: coverWords(sit.verdict.cover),
      reason: sit.verdict.words,
    }),
    shooter: shooterId,
    target: targetId,
    weapon: w.name,
    cover: sit.cover,
  });
  const r = skillRoll(ctx, shooter, shotCheck(shooter, w, sit), msg('blkout:check.shoots'));
  return hurt(ctx, s, { shooter: shooterId, weapon, target: targetId, successes: r.successes, track });
}

/** A shot at a Duster's mobility track is Hard (one die). */
const aimed = <T extends { oneDie?: boolean }>(sit: T, track: Track): T =>
  track === 'mobility' ? { ...sit, oneDie: true } : sit;

/** Successes of a shot, to turn into damage. */
export interface Hits {
  shooter: string;
  weapon: number;
  target: string;
  successes: number;
  track: Track;
}

/** Damage from successes (Amped, rear arc, Cross Fire), then the blow (harm.ts: armour check, track). */
export function hurt(ctx: Ctx, s: BlkoutState, hits: Hits): BlkoutState {
  const { shooter: shooterId, weapon, target: targetId, successes, track } = hits;
  const shooter = pieceOf(s.models, shooterId);
  const base = shooter.weapons[weapon]!;
  const target = pieceOf(s.models, targetId);
  // Amped: the activating unit's weapons deal +1 damage for the activation; a Duster's rear arc: +1.
  const others = s.activation?.shotAt?.[targetId]?.filter((id) => id !== shooterId) ?? [];
  const crossFire =
    drilled(s, shooter, 'cross-fire') && others.some((id) => s.models[id]?.unit === shooter.unit) ? 1 : 0;
  const bonus =
    (inEffect(s, 'amped') && s.activation?.unit === shooter.unit ? 1 : 0) +
    (shooter.pos && inRearArc(target, shooter.pos) ? 1 : 0) +
    crossFire;
  const w = bonus ? { ...base, damage: base.damage + bonus } : base;
  return suffer(ctx, s, targetId, { w, successes, track });
}

/** Return Fire's situation: a reaction shot at the shooter (Overwhelming Fire caps it at one die). */
export function returnFireSituation(ctx: Ctx, s: BlkoutState, a: ModelState, b: ModelState) {
  const sb = situation(s, ctx.at(s), b.id, a.id, true, false);
  // Overwhelming Fire: return fire at a model of the drilled unit with a Cyclic weapon rolls one die at most.
  return drilled(s, a, 'overwhelming-fire') && a.weapons.some((x) => hasRule(x.rules, 'Cyclic'))
    ? { ...sb, oneDie: true }
    : sb;
}

/** Resolves a declared shot with its reactions. */
export function resolveShot(ctx: Ctx, s: BlkoutState): BlkoutState {
  const events = ctx.events;
  const p = s.pending;
  if (!p || p.kind !== 'shot') return s;
  let next: BlkoutState = { ...s, pending: null, window: null };
  if (p.returnFire) {
    // Simultaneous: both roll; more successes applies damage first; a destroyed model's shot does nothing.
    const a = pieceOf(next.models, p.shooter),
      b = pieceOf(next.models, p.returnFire.model);
    const wa = a.weapons[p.weapon]!,
      wb = b.weapons[p.returnFire.weapon]!;
    const track = p.track ?? 'chassis';
    const sa = aimed(situation(next, ctx.at(next), a.id, p.target, false, p.juke), track);
    const sb = returnFireSituation(ctx, next, a, b);
    events.push({
      type: 'shot',
      text: msg('blkout:event.shot', {
        name: a.name,
        target: pieceOf(next.models, p.target).name,
        mobility: 'no',
        weapon: wa.name,
        cover: coverWords(sa.verdict.cover),
        reason: sa.verdict.words,
      }),
      shooter: a.id,
      target: p.target,
      weapon: wa.name,
      cover: sa.cover,
    });
    events.push({
      type: 'shot',
      text: msg('blkout:event.returnFire', {
        name: b.name,
        target: a.name,
        weapon: wb.name,
        cover: coverWords(sb.verdict.cover),
        reason: sb.verdict.words,
      }),
      shooter: b.id,
      target: a.id,
      weapon: wb.name,
      cover: sb.cover,
    });
    const ra = skillRoll(ctx, a, shotCheck(a, wa, sa), msg('blkout:check.shoots'));
    const rb = skillRoll(ctx, b, shotCheck(b, wb, sb), msg('blkout:check.returnsFire'));
    const first = firstOf(ctx, ra, rb, [a, b]);
    const order: Hits[] = [
      { shooter: a.id, weapon: p.weapon, target: p.target, successes: ra.successes, track },
      { shooter: b.id, weapon: p.returnFire.weapon, target: a.id, successes: rb.successes, track: 'chassis' },
    ];
    if (first === 'b') order.reverse();
    for (const hits of order) {
      if (pieceOf(next.models, hits.shooter).destroyed) {
        events.push({
          type: 'shot-lost',
          text: msg('blkout:event.shotLost', { name: pieceOf(next.models, hits.shooter).name }),
          model: hits.shooter,
        });
        continue;
      }
      next = hurt(ctx, next, hits);
    }
  } else {
    next = fire(ctx, next, {
      shooter: p.shooter,
      weapon: p.weapon,
      target: p.target,
      reaction: p.reaction,
      juked: p.juke,
      track: p.track ?? 'chassis',
    });
  }
  // Juke: the target may move up to half its Move once the action is over.
  if (p.juke && onTable(pieceOf(next.models, p.target))) {
    next = { ...next, pending: { kind: 'juke-move', model: p.target, shooter: p.shooter } };
    return openWindow(ctx, next);
  }
  return afterAction(ctx, next, p.shooter);
}
