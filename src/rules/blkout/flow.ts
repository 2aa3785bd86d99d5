/**
 * BLKOUT's apply: set-up (hardpoints, deployment), rounds (Operations and Execution), activations
 * (Reposition, Actions), shooting with reaction windows (Return Fire, Juke, Overwatch), data
 * attacks with Counter EWAR, CQC and scoring. Pure given the dice and the Queries.
 */
import type { DiceSource } from '../dice/source';
import { rollArmour, rollOff } from '../dice/mechanics';
import type { Queries } from '../engine/queries';
import { logRolls } from '../engine/diceLog';
import { edgeWords, spotWords } from '../engine/words';
import { ruleError, type RuleError, type RuleEvent } from '../engine/types';
import { hasRule, ruleX } from './data';
import {
  applyDamage,
  armourCheckWords,
  cqc,
  damageFromHits,
  failedDiceWords,
  firstOf,
  shotCheck,
  skillRoll,
} from './combat';
import { detonate, placeMarker } from './blast';
import { autoFor, autoRefusal, autoTargets } from './auto';
import { armForReaction, armouryReactions, returnArmoury, takeArmoury } from './armoury';
import { DRILL_MOVE, drilled, drillsOf, moveOf, PLAYABLE_DRILLS, SMOKE_DRILLS } from './drills';
import { blastProof, hardpointJams, swarmed, SWARM_REACH, touchedHardpoints, withSpecial } from './special';
import { DamagePause, damageWindow, replayDice, unseen } from './damageMoment';
import { BLADE_RUNNER_EXTRA, BURN_NAMES, dealBurn, discard, holds, inEffect, notInHand, PHASE_OUT_REACH } from './burn';
import {
  blastShrug,
  booneDataAttack,
  canReact,
  canSee,
  sightOf,
  CONTACT,
  extraDie,
  inContact,
  shieldRefusal,
  situation,
  sprintAllowance,
  weaponsAt,
} from './situation';
import { endRoundScoring, finalScoring } from './score';
import {
  aliveModels,
  layoutOf,
  onTable,
  OPPOSITE,
  other,
  PLAYERS,
  radiusOf,
  spend,
  bearing,
  inRearArc,
  isDuster,
  type Activation,
  type BlkoutState,
  type BurnCard,
  type Edge,
  type ModelState,
  type Player,
} from './game';
import type { BlkoutAction } from './actions';
import type { DrillId } from './data';
import { MARKER_25MM_RADIUS } from '../engine/units';

/** Hardpoints: more than 4" from the table edges and from each other. */
export const HARDPOINT_GAP = 4;
/** Deployment: within 4" of the player's edge. */
export const DEPLOY_DEPTH = 4;
/** Rounds in a match-play game. */
export const ROUNDS = 5;

type Out = { state: BlkoutState; events: RuleEvent[] } | RuleError;

const illegal = (m: string) => ruleError('illegal-action', m);
const fmt = (x: number) => Math.round(x * 100) / 100;

// ------------------------------------------------------------------ small state helpers

function setModel(s: BlkoutState, m: ModelState): BlkoutState {
  return { ...s, models: { ...s.models, [m.id]: m } };
}

function setUnit(s: BlkoutState, id: string, patch: Partial<BlkoutState['units'][string]>): BlkoutState {
  return { ...s, units: { ...s.units, [id]: { ...s.units[id]!, ...patch } } };
}

/** Distance of a point from a table edge (north is z = 0, drawn far from the player; south z = depth, nearest). */
export function fromEdge(s: BlkoutState, edge: Edge, x: number, z: number): number {
  switch (edge) {
    case 'north':
      return z;
    case 'south':
      return s.table.depth - z;
    case 'west':
      return x;
    case 'east':
      return s.table.width - x;
  }
}

/** Units a player may still activate this round. */
export function activatable(s: BlkoutState, p: Player): string[] {
  return s.unitOrder.filter((id) => {
    const u = s.units[id]!;
    return u.player === p && !u.activated && aliveModels(s, id).length > 0;
  });
}

/** Where a model may stand at (x, z) near height y, or an error message. */
function standAt(s: BlkoutState, q: Queries, m: ModelState, x: number, y: number, z: number): number | string {
  if (![x, y, z].every(Number.isFinite)) return `that spot is not on the table (its position is not a number)`;
  const h = q.standHeight(m.baseMm, m.height, x, z, y + 0.25, m.id);
  if (h === null)
    return `${m.name} cannot stand ${spotWords(s.table, x, z)} (no room, no level footing, another model, or off the table)`;
  return shieldRefusal(s, m, [x, h, z]) ?? h;
}

// ------------------------------------------------------------------ rounds

function startRound(s: BlkoutState, dice: DiceSource, events: RuleEvent[]): BlkoutState {
  const round = s.round + 1;
  events.push({ type: 'round', text: `Round ${round}: Operations`, round });
  // (1) Clear activation markers, Ready and Engaged tokens.
  const units = Object.fromEntries(Object.entries(s.units).map(([id, u]) => [id, { ...u, activated: false }]));
  const models = Object.fromEntries(
    Object.entries(s.models).map(([id, m]) => [id, { ...m, ready: false, engaged: false }]),
  );
  // (2) Smoke: light smoke goes; each smoke token rolls a D10, 6+ removed, else it becomes light smoke in place.
  const smoke: BlkoutState['smoke'] = [];
  for (const t of s.smoke) {
    if (t.light) {
      events.push({ type: 'smoke', text: `the light smoke ${smokeName(t)} clears`, token: t.id });
      continue;
    }
    const r = dice.d(10);
    const needs = t.chaff ? 10 : 6;
    if (r >= needs)
      events.push({ type: 'smoke', text: `${smokeName(t)} rolls ${r} against ${needs}+: removed`, token: t.id });
    else {
      events.push({
        type: 'smoke',
        text: `${smokeName(t)} rolls ${r} against ${needs}+: thins to light smoke`,
        token: t.id,
      });
      smoke.push({ ...t, light: true });
    }
    logRolls(events, dice, t.owner);
  }
  // (3) Initiative: round 1 goes to the first deployer; later rounds roll off (ties re-rolled).
  let initiative = s.firstDeployer ?? 'A';
  if (round > 1) {
    const r = rollOff(dice, 10);
    initiative = r.winner === 'a' ? 'A' : 'B';
    events.push({
      type: 'initiative',
      text: `initiative roll-off ${r.rounds.map(([a, b]) => `${a}-${b}`).join(', ')}: ${initiative} activates first`,
      player: initiative,
    });
    logRolls(events, dice, ['A', 'B']);
  } else {
    events.push({
      type: 'initiative',
      text: `${initiative} deployed first and has the initiative`,
      player: initiative,
    });
  }
  const used = { A: { chained: false, handler: false }, B: { chained: false, handler: false } };
  return {
    ...s,
    round,
    units,
    models,
    smoke,
    initiative,
    turn: initiative,
    used,
    activation: null,
    phase: 'execution',
  };
}

/** Ends the current activation turn: the other player activates next if they can, else this one, else the round ends. */
function advance(s: BlkoutState, dice: DiceSource, events: RuleEvent[]): BlkoutState {
  const p = s.activation?.player ?? s.turn;
  let next: BlkoutState = { ...s, activation: null };
  if (activatable(next, other(p)).length > 0) return { ...next, turn: other(p) };
  if (activatable(next, p).length > 0) return { ...next, turn: p };
  events.push({ type: 'round-end', text: `Round ${s.round} ends`, round: s.round });
  next = endRoundScoring(next, events);
  if (next.round >= ROUNDS) {
    next = finalScoring(next, dice, events);
    const winner = next.score.A === next.score.B ? null : next.score.A > next.score.B ? 'A' : 'B';
    events.push({
      type: 'game-over',
      text: `Game over: A ${next.score.A}, B ${next.score.B}${winner ? `; ${winner} wins` : '; a draw'}`,
      winner,
    });
    return { ...next, phase: 'over' };
  }
  next = startRound(next, dice, events);
  // The player with the initiative may have nothing left to activate.
  if (activatable(next, next.turn).length === 0)
    return activatable(next, other(next.turn)).length > 0
      ? { ...next, turn: other(next.turn) }
      : advance(next, dice, events);
  return next;
}

/** Models of the active unit that may still act. */
function toAct(s: BlkoutState): ModelState[] {
  const a = s.activation!;
  return aliveModels(s, a.unit).filter((m) => onTable(m) && !m.engaged && !a.acted.includes(m.id));
}

/** After an activation's last action: the post-activation choices, or the next turn. */
function finishActivation(s0: BlkoutState, dice: DiceSource, events: RuleEvent[]): BlkoutState {
  let s = s0;
  const a = s.activation!;
  if ((a.drill === 'peel-back' || a.drill === 'close-assault') && a.endMoves === undefined) {
    // Peel Back / Close Assault: the 2" moves come as the activation ends (end the activation to skip them).
    const movers = aliveModels(s, a.unit)
      .filter((m) => onTable(m) && m.kind === 'infantry')
      .map((m) => m.id);
    if (movers.length > 0) return { ...s, activation: { ...a, endMoves: movers, cyclic: null } };
  }
  events.push({
    type: 'activation-end',
    text: `${s.units[a.unit]!.name} (${a.player}) ends its activation`,
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
  return afterChoices(next).length > 0 ? next : advance(next, dice, events);
}

/** What the player may do right after an activation: chain (1 CP), reactivate a handler (1 CP), a Controller's free activation. */
export function afterChoices(s: BlkoutState): BlkoutAction[] {
  const a = s.activation;
  if (!a || a.stage !== 'after') return [];
  const p = a.player;
  const out: BlkoutAction[] = [];
  const others = activatable(s, p).filter((id) => id !== a.unit);
  if (s.cp[p] >= 1 && !s.used[p].chained && a.via !== 'chained')
    for (const u of others) out.push({ type: 'chain', unit: u });
  if (s.units[a.unit]!.controller && a.via !== 'controller')
    for (const u of others) out.push({ type: 'controller', unit: u });
  if (s.units[a.unit]!.role === 'handler' && s.cp[p] >= 1 && !s.used[p].handler) out.push({ type: 'handler-again' });
  if (holds(s, p, 'rewind')) {
    for (const u of others) {
      out.push({ type: 'burn', card: 'rewind', unit: u });
      for (const d of drillsOf(s, u))
        if (PLAYABLE_DRILLS.includes(d.id) && SMOKE_DRILLS[d.id] === undefined)
          out.push({ type: 'burn', card: 'rewind', unit: u, drill: d.id });
    }
  }
  if (holds(s, p, 'extras') && (s.units[a.unit]!.loadsUsed ?? 0) > 0)
    out.push({ type: 'burn', card: 'extras', unit: a.unit });
  return out.length ? [...out, { type: 'end-turn' }] : [];
}

// ------------------------------------------------------------------ reaction windows

/** Builds the open window (if any) for the pending step; resolves steps nobody can react to. */
function openWindow(s: BlkoutState, q: Queries, dice: DiceSource, events: RuleEvent[]): BlkoutState {
  const p = s.pending;
  if (!p) return { ...s, window: null };
  if (p.kind === 'shot') {
    const shooter = s.models[p.shooter]!,
      target = s.models[p.target]!;
    const options: Record<string, unknown>[] = [];
    const melee = hasRule(shooter.weapons[p.weapon]!.rules, 'Melee');
    if (!p.reaction) {
      if (!p.returnFire) {
        for (const r of Object.values(s.models)) {
          if (r.player !== target.player || !canReact(s, r)) continue;
          for (const w of weaponsAt(s, q, r.id, shooter.id, melee))
            options.push({ type: 'return-fire', model: r.id, weapon: w });
          options.push(
            ...armouryReactions(s, r, 'return-fire', (armed) =>
              weaponsAt(armed, q, r.id, shooter.id, melee).includes(r.weapons.length),
            ),
          );
        }
      }
      if (!p.juke && canReact(s, target)) options.push({ type: 'juke', model: target.id });
    }
    if (options.length === 0) return resolveShot(s, q, dice, events);
    return { ...s, window: { player: target.player, timing: 'before', options } };
  }
  if (p.kind === 'overwatch') {
    const target = s.models[p.target]!;
    const declared = new Set(p.declared.map((d) => d.model));
    const options: Record<string, unknown>[] = [];
    if (onTable(target)) {
      for (const r of Object.values(s.models)) {
        if (r.player === target.player || declared.has(r.id) || !canReact(s, r)) continue;
        for (const w of weaponsAt(s, q, r.id, target.id)) options.push({ type: 'overwatch', model: r.id, weapon: w });
        options.push(
          ...armouryReactions(s, r, 'overwatch', (armed) =>
            weaponsAt(armed, q, r.id, target.id).includes(r.weapons.length),
          ),
        );
      }
    }
    if (options.length === 0) return resolveOverwatch(s, q, dice, events);
    return { ...s, window: { player: other(target.player), timing: 'after', options } };
  }
  if (p.kind === 'juke-move') {
    const m = s.models[p.model]!;
    if (!onTable(m)) return afterAction({ ...s, pending: null }, q, dice, events, p.shooter);
    return {
      ...s,
      window: { player: m.player, timing: 'after', options: [{ type: 'juke-move', model: m.id, open: true }] },
    };
  }
  if (p.kind === 'perimeter') {
    const owner = s.units[p.unit]!.player;
    return {
      ...s,
      window: {
        player: other(owner),
        timing: 'after',
        options: [{ type: 'burn', card: 'perimeter-defense', unit: p.unit }],
      },
    };
  }
  // Data attack: the defender's Data Spike models may answer with Counter EWAR.
  const attacker = s.models[p.attacker]!;
  const options = Object.values(s.models)
    .filter((m) => m.player !== attacker.player && onTable(m) && hasRule(m.rules, 'Data Spike'))
    .map((m) => ({ type: 'counter-ewar', model: m.id }));
  if (options.length === 0) return resolveData(s, q, dice, events, null);
  return { ...s, window: { player: other(attacker.player), timing: 'simultaneous', options } };
}

/** A reaction model gets its Engaged token (a Ready token turns into it). */
function engage(s: BlkoutState, id: string): BlkoutState {
  const m = s.models[id]!;
  return setModel(s, { ...m, engaged: true, ready: false });
}

/** One shot resolved against its target (no return fire): skill check, damage, armour, track. */
function fire(
  s: BlkoutState,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
  shooterId: string,
  weapon: number,
  targetId: string,
  reaction: boolean,
  juked: boolean,
  kind = '',
  track: 'mobility' | 'chassis' = 'chassis',
): BlkoutState {
  const shooter = s.models[shooterId]!,
    target = s.models[targetId]!;
  const w = shooter.weapons[weapon]!;
  const sit = aimed(situation(s, q, shooterId, targetId, reaction, juked), track);
  const aim = track === 'mobility' ? ' at its mobility (Hard)' : '';
  events.push({
    type: 'shot',
    text: `${shooter.name} shoots ${target.name}${aim} with ${w.name}${kind ? ` (${kind})` : ''} (${coverWords(sit.verdict.cover)}: ${sit.verdict.reason})`,
    shooter: shooterId,
    target: targetId,
    weapon: w.name,
    cover: sit.cover,
  });
  const r = skillRoll(dice, shooter, shotCheck(shooter, w, sit), 'shoots', events);
  return hurt(s, dice, events, shooterId, weapon, targetId, r.successes, track);
}

/** A shot at a Duster's mobility track is Hard (one die). */
const aimed = <T extends { oneDie?: boolean }>(sit: T, track: 'mobility' | 'chassis'): T =>
  track === 'mobility' ? { ...sit, oneDie: true } : sit;

/** Damage from successes: armour check, then the track. */
function hurt(
  s: BlkoutState,
  dice: DiceSource,
  events: RuleEvent[],
  shooterId: string,
  weapon: number,
  targetId: string,
  successes: number,
  track: 'mobility' | 'chassis' = 'chassis',
): BlkoutState {
  const shooter = s.models[shooterId]!;
  const base = shooter.weapons[weapon]!;
  const target = s.models[targetId]!;
  // Amped: the activating unit's weapons deal +1 damage for the activation; a Duster's rear arc: +1.
  const others = s.activation?.shotAt?.[targetId]?.filter((id) => id !== shooterId) ?? [];
  const crossFire =
    drilled(s, shooter, 'cross-fire') && others.some((id) => s.models[id]?.unit === shooter.unit) ? 1 : 0;
  const bonus =
    (inEffect(s, 'amped') && s.activation?.unit === shooter.unit ? 1 : 0) +
    (shooter.pos && inRearArc(target, shooter.pos) ? 1 : 0) +
    crossFire;
  const w = bonus ? { ...base, damage: base.damage + bonus } : base;
  if (successes <= 0 || target.destroyed) return s;
  if (hasRule(w.rules, 'Blast') && blastProof(s, target)) {
    events.push({
      type: 'dome-shield',
      text: `${target.name} is under a Dome Shield: the Blast weapon does not harm it`,
      model: targetId,
    });
    return s;
  }
  // Thorax Shields: one more armour die for the unit's models this activation.
  const shielded = (s.activation?.shielded ?? []).includes(target.unit) ? 2 : 0;
  const d = damageFromHits(dice, target, w, successes, (drilled(s, target, 'thorax-shields') ? 1 : 0) + shielded);
  const ap = ruleX(w.rules, 'AP');
  if (d.rolls.length)
    events.push({
      type: 'armour-check',
      text: `${target.name} armour ${target.armour[0]}/${target.armour[1]}${ap ? ` (AP ${ap})` : ''}${d.rolls.length > target.armour[0] ? ` with ${d.rolls.length - target.armour[0]} more ${d.rolls.length - target.armour[0] === 1 ? 'die' : 'dice'}` : ''}: ${armourCheckWords(d)}`,
      model: targetId,
      rolls: d.rolls,
      blocked: d.blocked,
    });
  logRolls(events, dice, target.player);
  const shrug = hasRule(w.rules, 'Blast') && d.taken > 0 ? blastShrug(s, target) : 0;
  if (shrug)
    events.push({
      type: 'force-rule',
      text: `${target.name} ignores the first point of Blast damage (Manticor Borz)`,
      model: targetId,
    });
  return applyDamage(s, targetId, d.taken - shrug, events, track);
}

/** Resolves a declared shot with its reactions. */
function resolveShot(s: BlkoutState, q: Queries, dice: DiceSource, events: RuleEvent[]): BlkoutState {
  const p = s.pending;
  if (!p || p.kind !== 'shot') return s;
  let next: BlkoutState = { ...s, pending: null, window: null };
  if (p.returnFire) {
    // Simultaneous: both roll; more successes applies damage first; a destroyed model's shot does nothing.
    const a = next.models[p.shooter]!,
      b = next.models[p.returnFire.model]!;
    const wa = a.weapons[p.weapon]!,
      wb = b.weapons[p.returnFire.weapon]!;
    const track = p.track ?? 'chassis';
    const sa = aimed(situation(next, q, a.id, p.target, false, p.juke), track);
    // Overwhelming Fire: return fire at a model of the drilled unit with a Cyclic weapon rolls one die at most.
    const sb0 = situation(next, q, b.id, a.id, true, false);
    const sb =
      drilled(next, a, 'overwhelming-fire') && a.weapons.some((x) => hasRule(x.rules, 'Cyclic'))
        ? { ...sb0, oneDie: true }
        : sb0;
    events.push({
      type: 'shot',
      text: `${a.name} shoots ${next.models[p.target]!.name} with ${wa.name} (${coverWords(sa.verdict.cover)}: ${sa.verdict.reason})`,
      shooter: a.id,
      target: p.target,
      weapon: wa.name,
      cover: sa.cover,
    });
    events.push({
      type: 'shot',
      text: `${b.name} returns fire at ${a.name} with ${wb.name} (${coverWords(sb.verdict.cover)}: ${sb.verdict.reason})`,
      shooter: b.id,
      target: a.id,
      weapon: wb.name,
      cover: sb.cover,
    });
    const ra = skillRoll(dice, a, shotCheck(a, wa, sa), 'shoots', events);
    const rb = skillRoll(dice, b, shotCheck(b, wb, sb), 'returns fire', events);
    const first = firstOf(dice, ra, rb, [a, b], events);
    const order: [string, number, string, number, 'mobility' | 'chassis'][] = [
      [a.id, p.weapon, p.target, ra.successes, track],
      [b.id, p.returnFire.weapon, a.id, rb.successes, 'chassis'],
    ];
    if (first === 'b') order.reverse();
    for (const [sh, w, t, n, tr] of order) {
      if (next.models[sh]!.destroyed) {
        events.push({
          type: 'shot-lost',
          text: `${next.models[sh]!.name} is destroyed before its shot lands`,
          model: sh,
        });
        continue;
      }
      next = hurt(next, dice, events, sh, w, t, n, tr);
    }
  } else {
    next = fire(next, q, dice, events, p.shooter, p.weapon, p.target, p.reaction, p.juke, '', p.track ?? 'chassis');
  }
  // Juke: the target may move up to half its Move once the action is over.
  if (p.juke && onTable(next.models[p.target]!)) {
    next = { ...next, pending: { kind: 'juke-move', model: p.target, shooter: p.shooter } };
    return openWindow(next, q, dice, events);
  }
  return afterAction(next, q, dice, events, p.shooter);
}

/** An action is complete: Overwatch may answer it (when the actor is still there). */
function afterAction(s: BlkoutState, q: Queries, dice: DiceSource, events: RuleEvent[], actor: string): BlkoutState {
  q.arrange(layoutOf(s));
  const m = s.models[actor]!;
  if (!onTable(m)) return continueActivation(s, q, dice, events, actor);
  const next: BlkoutState = { ...s, pending: { kind: 'overwatch', target: actor, declared: [], then: 'continue' } };
  return openWindow(next, q, dice, events);
}

/** Resolves the declared Overwatch shots, then the activation goes on. */
function resolveOverwatch(s: BlkoutState, q: Queries, dice: DiceSource, events: RuleEvent[]): BlkoutState {
  const p = s.pending;
  if (!p || p.kind !== 'overwatch') return s;
  let next: BlkoutState = { ...s, pending: null, window: null };
  for (const d of p.declared) {
    if (next.models[p.target]!.destroyed) {
      events.push({
        type: 'shot-lost',
        text: `${next.models[d.model]!.name}'s overwatch has no target left`,
        model: d.model,
      });
      continue;
    }
    // Tactical Positioning: overwatch at the drilled unit's models rolls one die fewer (as a juke does).
    next = fire(
      next,
      q,
      dice,
      events,
      d.model,
      d.weapon,
      p.target,
      true,
      drilled(next, next.models[p.target]!, 'tactical-positioning'),
    );
  }
  return continueActivation(next, q, dice, events, p.target);
}

/**
 * After an action (and its reactions): CQC for an infantry actor in base contact with enemy
 * infantry, a Cyclic follow-up if one is owed, then the next model or the end of the activation.
 */
function continueActivation(
  s: BlkoutState,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
  actor: string,
): BlkoutState {
  let next = s;
  const a = next.activation;
  if (!a) return next;
  q.arrange(layoutOf(next));
  const m = next.models[actor]!;
  // CQC: infantry with infantry (never drones), Dusters with Dusters.
  const side = (x: ModelState) =>
    isDuster(x) ? 'duster' : x.kind === 'infantry' && !hasRule(x.rules, 'Drone') ? 'infantry' : null;
  if (a.stage === 'actions' && m.player === a.player && onTable(m) && side(m) !== null) {
    for (const e of Object.values(next.models)) {
      if (e.player === m.player || !onTable(e) || side(e) !== side(m)) continue;
      if (next.models[actor]!.destroyed) break;
      if (!inContact(q, actor, e.id)) continue;
      next = cqc(
        dice,
        next,
        actor,
        e.id,
        events,
        (x) => extraDie(next, x),
        (x, c) => withSpecial(next, x, c),
      );
      q.arrange(layoutOf(next));
    }
  }
  const act = next.activation!;
  if (act.stage === 'reposition') return next;
  if (act.auto) {
    // The shot and its overwatch are done: the Auto shots come now, if the shooter and a target are left.
    const shooter = next.models[act.auto.model]!;
    const auto = { ...act.auto, ready: true };
    if (onTable(shooter) && !shooter.engaged && auto.left > 0 && autoTargets(next, q, auto).length > 0)
      return { ...next, activation: { ...act, auto } };
    next = { ...next, activation: { ...act, auto: null } };
  }
  const cyc = next.activation!.cyclic;
  if (cyc && (next.models[cyc.model]!.destroyed || next.models[cyc.model]!.engaged))
    next = { ...next, activation: { ...next.activation!, cyclic: null } };
  if (next.activation!.cyclic) return next;
  if (toAct(next).length === 0) return finishActivation(next, dice, events);
  return next;
}

/** Resolves a data attack (with an optional Counter EWAR model). */
function resolveData(
  s: BlkoutState,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
  counter: string | null,
): BlkoutState {
  const p = s.pending;
  if (!p || p.kind !== 'data') return s;
  let next: BlkoutState = { ...s, pending: null, window: null };
  const a = next.models[p.attacker]!;
  const r = skillRoll(
    dice,
    a,
    withSpecial(next, a, { skill: a.skill, modifier: extraDie(next, a) ? 1 : 0 }),
    p.mode === 'spike' ? 'makes a data spike' : 'makes a data knife attack',
    events,
  );
  let success = r.successes > 0;
  if (counter && success) {
    const c = next.models[counter]!;
    const rc = skillRoll(
      dice,
      c,
      withSpecial(next, c, { skill: c.skill, modifier: extraDie(next, c) ? 1 : 0 }),
      'counters (Counter EWAR)',
      events,
    );
    if (rc.successes > r.successes) {
      success = false;
      events.push({ type: 'data', text: `${c.name}'s Counter EWAR cancels the data attack`, model: c.id });
    }
  }
  if (success) {
    if (p.mode === 'knife') {
      next = applyDamage(next, p.target, 1, events);
    } else {
      const u = next.units[p.target]!;
      const pin = u.player !== a.player;
      next = setUnit(next, u.id, { pinned: pin });
      events.push({
        type: 'token-placed',
        text: pin ? `${u.name} is Pinned` : `${u.name}'s Pinned marker is removed`,
        token: 'pinned',
        unit: u.id,
        at: null,
      });
    }
  } else if (!counter || r.successes === 0) {
    events.push({ type: 'data', text: `${a.name}'s data attack fails`, model: a.id });
  }
  return afterAction(next, q, dice, events, p.attacker);
}

// ------------------------------------------------------------------ apply

/** Applies one action or reaction. */
export function applyAction(
  s0: BlkoutState,
  action: BlkoutAction | { type: 'pass' },
  dice: DiceSource,
  q: Queries,
): Out {
  const paused = s0.paused;
  if (!paused) return attempt(s0, action, dice, q, [], [], 0);
  // The owner answers a damage moment: replay the paused action with its dice and the answers so far.
  const offered = s0.window?.options.some((o) => JSON.stringify(o) === JSON.stringify(action));
  if (action.type !== 'pass' && !offered)
    return ruleError('not-in-window', 'answer the damage with one of the offered cards, or pass');
  const answer = action.type === 'pass' ? null : (action as { card: BurnCard }).card;
  return attempt(paused.from, paused.action, dice, q, [...paused.answers, answer], paused.rolls, paused.shown);
}

/** Runs an action (replaying recorded dice and answers); a damage moment with a card to answer pauses it. */
function attempt(
  from: BlkoutState,
  action: BlkoutAction | { type: 'pass' },
  dice: DiceSource,
  q: Queries,
  answers: (BurnCard | null)[],
  recorded: [number, number][],
  shown: number,
): Out {
  const rec = replayDice(recorded, dice);
  const events: RuleEvent[] = [];
  const start: BlkoutState = { ...from, damageAnswers: answers, damageSeen: 0 };
  try {
    const r = applyInner(start, action, rec, q, events);
    if ('error' in r) return r;
    const { damageAnswers: _a, damageSeen: _b, ...state } = r.state;
    return { state, events: unseen(r.events, shown) };
  } catch (e) {
    if (!(e instanceof DamagePause)) throw e;
    const ask = e.ask;
    const t = from.models[ask.model]!;
    // Everything up to here has been shown; the replay will skip it (the notice below is not replayed).
    const seen = events.length;
    const notice: RuleEvent = {
      type: 'damage-moment',
      text: `${t.name} is about to take ${ask.taken} damage: ${ask.player} may play a BURN card`,
      model: ask.model,
      amount: ask.taken,
    };
    q.arrange(layoutOf(from));
    return {
      state: {
        ...from,
        paused: { action, rolls: [...rec.rolled], answers, shown: seen, from, ask },
        window: damageWindow(from, ask),
      },
      events: [...unseen(events, shown), notice],
    };
  }
}

function applyInner(
  s0: BlkoutState,
  action: BlkoutAction | { type: 'pass' },
  dice: DiceSource,
  q: Queries,
  events: RuleEvent[],
): Out {
  q.arrange(layoutOf(s0));
  if (s0.phase === 'over') return ruleError('game-over', 'the game is over');
  if (s0.window) return react(s0, action, dice, q, events);
  if (action.type === 'pass') return illegal('there is nothing to pass on');
  const s = s0;
  switch (action.type) {
    case 'place-hardpoint': {
      if (s.phase !== 'hardpoints') return illegal('hardpoints are placed before deployment');
      const { x, z } = action;
      const gap = Math.min(x, z, s.table.width - x, s.table.depth - z);
      if (!(gap > HARDPOINT_GAP))
        return ruleError(
          'out-of-range',
          `a hardpoint must be more than 4" from every table edge (this one is ${fmt(gap)}")`,
        );
      for (const h of s.hardpoints)
        if (!(Math.hypot(h.x - x, h.z - z) > HARDPOINT_GAP))
          return ruleError(
            'out-of-range',
            `a hardpoint must be more than 4" from ${h.id.replace('-', ' ')} (this spot is ${fmt(Math.hypot(h.x - x, h.z - z))}" from it)`,
          );
      const hardpoints = [...s.hardpoints, { id: `hardpoint-${s.hardpoints.length + 1}`, x, z }];
      events.push({
        type: 'token-placed',
        text: `${s.turn} places hardpoint ${hardpoints.length} ${spotWords(s.table, x, z)}`,
        token: 'hardpoint',
        at: [x, 0, z],
      });
      if (hardpoints.length < 2) return { state: { ...s, hardpoints, turn: other(s.turn) }, events };
      const r = rollOff(dice, 10);
      const first: Player = r.winner === 'a' ? 'A' : 'B';
      events.push({
        type: 'deployment-roll',
        text: `deployment roll-off ${r.rounds.map(([a, b]) => `${a}-${b}`).join(', ')}: ${first} deploys first`,
        player: first,
      });
      logRolls(events, dice, ['A', 'B']);
      return {
        state: dealBurn({ ...s, hardpoints, firstDeployer: first, turn: first, phase: 'edge' }, dice, events),
        events,
      };
    }
    case 'choose-edge': {
      if (s.phase !== 'edge') return illegal('the first deployer chooses an edge after the roll-off');
      const edges = { [s.turn]: action.edge, [other(s.turn)]: OPPOSITE[action.edge] } as Record<Player, Edge>;
      events.push({
        type: 'edge',
        text: `${s.turn} deploys on ${edgeWords(action.edge)}, ${other(s.turn)} on ${edgeWords(OPPOSITE[action.edge])}`,
        player: s.turn,
      });
      return { state: { ...s, edges, phase: 'deploy' }, events };
    }
    case 'deploy':
    case 'hold-back':
      return deploy(s, action, dice, q, events);
    case 'activate':
    case 'chain':
    case 'controller':
      return activate(s, action, q, dice, events);
    case 'handler-again': {
      const a = s.activation;
      if (!afterChoices(s).some((c) => c.type === 'handler-again') || !a)
        return illegal(
          'a handler activation follows a handler that just ended its activation, once per round, for 1 CP',
        );
      let next: BlkoutState = {
        ...s,
        cp: { ...s.cp, [a.player]: s.cp[a.player] - 1 },
        used: { ...s.used, [a.player]: { ...s.used[a.player], handler: true } },
      };
      next = setUnit(next, a.unit, { activated: false });
      for (const m of aliveModels(next, a.unit)) next = setModel(next, { ...m, ready: false, engaged: false });
      events.push({
        type: 'command',
        text: `${a.player} spends 1 CP: ${s.units[a.unit]!.name}'s activation marker and tokens are removed`,
        player: a.player,
      });
      return { state: advance({ ...next, activation: null, turn: a.player }, dice, events), events };
    }
    case 'end-turn': {
      if (!s.activation || s.activation.stage !== 'after') return illegal('nothing to end');
      return { state: advance(s, dice, events), events };
    }
    case 'burn':
      return playBurn(s, action, q, dice, events);
    case 'drill': {
      const p = s.turn;
      const u = s.units[action.unit];
      if (s.phase !== 'execution' || s.activation) return illegal('a battle drill is played before a unit activates');
      if (!u || u.player !== p) return illegal(`${action.unit} is not one of ${p}'s units`);
      if (!activatable(s, p).includes(u.id)) return illegal(`${u.name} cannot activate now`);
      const d = drillsOf(s, u.id).find((x) => x.id === action.drill);
      if (!d) return illegal(`${u.name} has no battle drill "${action.drill}" (Handler and BLKLIST units have none)`);
      if (!PLAYABLE_DRILLS.includes(d.id)) return illegal(`${d.name} is not played in this build yet`);
      if (s.cp[p] < 1) return illegal(`${p} has no Command Points left`);
      const primed = s.burn.primed;
      if (primed?.drill) return illegal('one battle drill per activation');
      if (primed && primed.unit !== u.id)
        return illegal(`${s.units[primed.unit]!.name} already has a card played on it and activates next`);
      let next: BlkoutState = s;
      const reach = SMOKE_DRILLS[d.id];
      if (reach !== undefined) {
        // The drill's smoke token goes down now, within reach of a model of the unit.
        const { x, z } = action;
        if (x === undefined || z === undefined || !Number.isFinite(x) || !Number.isFinite(z))
          return illegal(`${d.name}: click where its smoke token goes`);
        const near = aliveModels(s, u.id)
          .filter(onTable)
          .some((m) => Math.hypot(m.pos![0] - x, m.pos![2] - z) - radiusOf(m) <= reach + 1e-9);
        if (!near)
          return ruleError('out-of-range', `${d.name}'s smoke token goes within ${reach}" of a model of ${u.name}`);
        if (x < 0 || z < 0 || x > s.table.width || z > s.table.depth)
          return illegal('the smoke token goes on the table');
        const serial = s.serial + 1;
        next = {
          ...next,
          serial,
          smoke: [
            ...s.smoke,
            {
              id: `smoke-${serial}`,
              x,
              z,
              light: false,
              owner: p,
              ...(d.id === 'chaff' ? { chaff: true } : {}),
              ...(d.id === 'targeting-smoke' ? { seenThroughBy: u.id } : {}),
            },
          ],
        };
        events.push({
          type: 'token-placed',
          text: `${d.name}: a ${d.id === 'chaff' ? 'chaff' : 'smoke'} token ${spotWords(s.table, x, z)}`,
          token: 'smoke',
          at: [x, 0, z],
        });
      }
      events.push({
        type: 'command',
        text: `${p} spends 1 CP on the battle drill ${d.name} for ${u.name}`,
        player: p,
        drill: d.id,
      });
      return {
        state: {
          ...next,
          cp: { ...s.cp, [p]: s.cp[p] - 1 },
          burn: { ...s.burn, primed: { unit: u.id, cards: primed?.cards ?? [], drill: d.id } },
        },
        events,
      };
    }
    case 'armoury': {
      const next = takeArmoury(s, q, action, events);
      return 'error' in next ? next : { state: next, events };
    }
    case 'move':
    case 'jump':
    case 'lean-out':
    case 'phase-out':
    case 'pre-move':
    case 'end-reposition':
      return reposition(s, action, q, dice, events);
    case 'end-move':
      return endMove(s, action, q, dice, events);
    case 'shoot':
    case 'blast':
    case 'auto-shot':
    case 'end-auto':
    case 'ready':
    case 'sidewinder':
    case 'drone-swarm':
    case 'sprint':
    case 'data-attack':
    case 'hold':
    case 'end-activation':
      return actionStep(s, action, q, dice, events);
    default:
      return illegal(`"${action.type}" is not a move now`);
  }
}

function deploy(
  s: BlkoutState,
  action: Extract<BlkoutAction, { type: 'deploy' | 'hold-back' }>,
  dice: DiceSource,
  q: Queries,
  events: RuleEvent[],
): Out {
  if (s.phase !== 'deploy') return illegal('deployment comes after the hardpoints and the edge choice');
  const p = s.turn;
  let next = s;
  if (action.type === 'hold-back') {
    const u = s.units[action.unit];
    if (!u || u.player !== p) return illegal(`${action.unit} is not one of ${p}'s units`);
    if (Object.values(s.units).some((o) => o.player === p && o.offTable))
      return illegal('only one unit may be held back to infiltrate');
    if (u.models.some((id) => s.models[id]!.pos)) return illegal(`${u.name} already has models on the table`);
    next = setUnit(s, u.id, { offTable: true });
    events.push({ type: 'deploy', text: `${u.name} (${p}) is held back to infiltrate from its edge`, unit: u.id });
  } else {
    const m = s.models[action.model];
    if (!m || m.player !== p) return illegal(`${action.model} is not one of ${p}'s models`);
    if (m.pos) return illegal(`${m.name} is already deployed`);
    if (s.units[m.unit]!.offTable) return illegal(`${m.name}'s unit is held back`);
    const r = radiusOf(m);
    const depth = fromEdge(s, s.edges[p]!, action.x, action.z) + r;
    if (depth > DEPLOY_DEPTH + 1e-9)
      return ruleError(
        'out-of-range',
        `${m.name} must deploy within 4" of ${edgeWords(s.edges[p]!)} (its base reaches ${fmt(depth)}")`,
      );
    const h = standAt(s, q, m, action.x, action.y, action.z);
    if (typeof h === 'string') return illegal(h);
    next = setModel(
      s,
      placed(m, [action.x, h, action.z], bearing([action.x, h, action.z], [s.table.width / 2, 0, s.table.depth / 2])),
    );
    events.push({
      type: 'moved',
      text: `${m.name} deploys ${spotWords(s.table, action.x, action.z)}`,
      model: m.id,
      to: [action.x, h, action.z],
    });
  }
  const waiting = (pl: Player) =>
    Object.values(next.models).some((m) => m.player === pl && !m.pos && !next.units[m.unit]!.offTable);
  if (waiting(p)) return { state: next, events };
  if (waiting(other(p))) return { state: { ...next, turn: other(p) }, events };
  return { state: startRound(next, dice, events), events };
}

function activate(
  s: BlkoutState,
  action: Extract<BlkoutAction, { type: 'activate' | 'chain' | 'controller' }> | { type: 'rewind'; unit: string },
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
): Out {
  if (s.phase !== 'execution') return illegal('units activate in the Execution part of a round');
  let next = s;
  let via: Activation['via'] = 'turn';
  const p = action.type === 'activate' ? s.turn : s.activation?.player;
  if (!p) return illegal('no activation just ended');
  const primed = s.burn.primed;
  if (primed && primed.unit !== action.unit)
    return illegal(
      `${primed.cards.map((c) => BURN_NAMES[c]).join(' and ')} was played on ${s.units[primed.unit]!.name}: it activates next`,
    );
  if (action.type === 'activate') {
    if (s.activation) return illegal(`${s.units[s.activation.unit]!.name} is still activating`);
  } else if (action.type === 'rewind') {
    if (s.activation?.stage !== 'after') return illegal('Rewind is played after a unit activates');
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
      events.push({ type: 'command', text: `${p} spends 1 CP on a chained activation`, player: p });
      via = 'chained';
    } else via = 'controller';
  }
  const u = next.units[action.unit];
  if (!u || u.player !== p) return illegal(`${action.unit} is not one of ${p}'s units`);
  if (!activatable(next, p).includes(u.id))
    return illegal(`${u.name} has already activated this round or has no models left`);
  next = setUnit(next, u.id, { activated: true });
  // Lean-out markers of the unit come off as its models get ready to move again.
  events.push({ type: 'activation', text: `${u.name} (${p}) activates`, unit: u.id, player: p });
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
    next = pinAtActivation(setUnit(next, u.id, { pinned: false }), q, u.id, events);
  } else if (holds(next, other(p), 'perimeter-defense')) {
    // The opponent may answer the activation with Perimeter Defense.
    next = openWindow({ ...next, pending: { kind: 'perimeter', unit: u.id } }, q, dice, events);
  }
  return { state: next, events };
}

/** A unit pinned as it activates: it removes the marker instead of repositioning (Jammer range aside). */
function pinAtActivation(s: BlkoutState, q: Queries, unit: string, events: RuleEvent[]): BlkoutState {
  const u = s.units[unit]!;
  const jammed = aliveModels(s, unit).filter((m) => !jammerCovers(s, q, m));
  events.push({
    type: 'token-removed',
    text: `${u.name} is Pinned: it removes the marker instead of repositioning`,
    unit,
  });
  return { ...s, activation: { ...s.activation!, repositioned: jammed.map((m) => m.id), phaseOut: null } };
}

/** A BURN card played outside a reaction window, at the moment its text names. */
function playBurn(
  s: BlkoutState,
  action: Extract<BlkoutAction, { type: 'burn' }>,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
): Out {
  const p = s.activation?.player ?? s.turn;
  const refused = notInHand(s, p, action.card);
  if (refused) return refused;
  const card = action.card as BurnCard;
  const a = s.activation;
  const unit = action.unit ? s.units[action.unit] : undefined;
  if (action.unit && (!unit || unit.player !== p)) return illegal(`${action.unit} is not one of ${p}'s units`);
  switch (card) {
    case 'amped':
    case 'phase-out': {
      if (s.phase !== 'execution' || a) return illegal(`${BURN_NAMES[card]} is played before a unit activates`);
      if (!unit || !activatable(s, p).includes(unit.id))
        return illegal(`${BURN_NAMES[card]} needs a unit of yours that can activate now`);
      const primed = s.burn.primed;
      if (primed && primed.unit !== unit.id)
        return illegal(`${s.units[primed.unit]!.name} already has a card played on it and activates next`);
      const next = discard(
        s,
        p,
        card,
        events,
        card === 'amped'
          ? `${unit.name}'s weapons deal +1 damage this activation`
          : `${unit.name}'s models may be placed within 2" before it activates`,
      );
      return {
        state: { ...next, burn: { ...next.burn, primed: { unit: unit.id, cards: [...(primed?.cards ?? []), card] } } },
        events,
      };
    }
    case 'blade-runner': {
      if (!a || a.player !== p || a.stage !== 'reposition' || Object.keys(a.moved).length > 0 || inEffect(s, card))
        return illegal('Blade Runner is played as a unit starts to move in its Reposition');
      const next = discard(s, p, card, events, `${s.units[a.unit]!.name} moves 2" further and past obstacles`);
      return { state: { ...next, activation: { ...a, effects: [...(a.effects ?? []), card] } }, events };
    }
    case 'extras': {
      if (!a || a.player !== p || a.stage !== 'after' || (action.unit ?? a.unit) !== a.unit)
        return illegal('Extras! is played as a unit completes its activation, on that unit');
      const u = s.units[a.unit]!;
      if ((u.loadsUsed ?? 0) === 0) return illegal(`${u.name} has no marked combat loads`);
      const next = discard(s, p, card, events, `${u.name}'s combat loads are all unmarked`);
      const after: BlkoutState = { ...next, units: { ...next.units, [u.id]: { ...u, loadsUsed: 0 } } };
      // Nothing else to choose after the activation: the turn passes.
      return { state: afterChoices(after).length > 0 ? after : advance(after, dice, events), events };
    }
    case 'rewind': {
      if (!a || a.player !== p || a.stage !== 'after')
        return illegal('Rewind is played after a unit completes its activation');
      if (!unit || unit.id === a.unit || !activatable(s, p).includes(unit.id))
        return illegal('Rewind activates another of your units that can still activate');
      // Rewind's battle drill is free (no CP), for the unit it activates.
      let drill: DrillId | undefined;
      if (action.drill !== undefined) {
        const d = drillsOf(s, unit.id).find((x) => x.id === action.drill);
        if (!d || !PLAYABLE_DRILLS.includes(d.id)) return illegal(`${unit.name} has no battle drill "${action.drill}"`);
        if (SMOKE_DRILLS[d.id] !== undefined)
          return illegal(`${d.name} puts smoke down before the activation: play it with 1 CP instead`);
        drill = d.id;
      }
      let next = discard(
        s,
        p,
        card,
        events,
        `${unit.name} activates at once${drill ? ` with the battle drill ${drillsOf(s, unit.id).find((x) => x.id === drill)!.name} for free` : ''}`,
      );
      if (drill) next = { ...next, burn: { ...next.burn, primed: { unit: unit.id, cards: [], drill } } };
      return activate(next, { type: 'rewind', unit: unit.id }, q, dice, events);
    }
    default:
      return illegal(`${BURN_NAMES[card]} is played as an answer, when the moment comes`);
  }
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

function reposition(
  s0: BlkoutState,
  action: Extract<BlkoutAction, { type: 'move' | 'jump' | 'lean-out' | 'phase-out' | 'pre-move' | 'end-reposition' }>,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
): Out {
  const a0 = s0.activation;
  if (!a0 || a0.stage !== 'reposition') return illegal('models move in the Reposition step of an activation');
  if (action.type === 'phase-out') {
    // Phase Out: placed within 2" (straight, not a move) before the Reposition begins.
    const m = s0.models[action.model];
    if (!m || !(a0.phaseOut ?? []).includes(m.id))
      return illegal(
        `${action.model} may not be placed by Phase Out now (before the unit's Reposition, once per model)`,
      );
    const h = standAt(s0, q, m, action.x, action.y, action.z);
    if (typeof h === 'string') return illegal(h);
    const gap = Math.hypot(action.x - m.pos![0], action.z - m.pos![2]);
    if (gap > PHASE_OUT_REACH + 1e-6)
      return ruleError('out-of-range', `Phase Out places a model within 2" (that spot is ${fmt(gap)}" away)`);
    const to: [number, number, number] = [action.x, h, action.z];
    events.push({
      type: 'moved',
      text: `${m.name} phases out ${fmt(gap)}", to ${spotWords(s0.table, action.x, action.z)}`,
      model: m.id,
      from: m.pos,
      to,
    });
    return {
      state: {
        ...setModel(s0, placed(m, to)),
        activation: { ...a0, phaseOut: a0.phaseOut!.filter((id) => id !== m.id) },
      },
      events,
    };
  }
  if (action.type === 'pre-move') {
    // Switchback: each model may move up to 2" (measured along its route) before the Reposition.
    const m = s0.models[action.model];
    if (!m || !(a0.preMoves ?? []).includes(m.id))
      return illegal(
        `${action.model} may not make a Switchback move now (before the unit's Reposition, once per model)`,
      );
    const h = standAt(s0, q, m, action.x, action.y, action.z);
    if (typeof h === 'string') return illegal(h);
    const to: [number, number, number] = [action.x, h, action.z];
    const length = q.routeLength(m.id, to);
    if (!(length <= DRILL_MOVE + 1e-6))
      return ruleError(
        'out-of-range',
        `a Switchback move is up to 2" (that route is ${Number.isFinite(length) ? fmt(length) + '"' : 'blocked'})`,
      );
    events.push({ type: 'moved', text: `${m.name} switches back ${fmt(length)}"`, model: m.id, from: m.pos, to });
    return {
      state: {
        ...setModel(s0, placed(m, to)),
        activation: { ...a0, preMoves: a0.preMoves!.filter((id) => id !== m.id) },
      },
      events,
    };
  }
  // Anything else in Reposition ends the Phase Out placements and Switchback moves.
  const s: BlkoutState =
    a0.phaseOut || a0.preMoves ? { ...s0, activation: { ...a0, phaseOut: null, preMoves: null } } : s0;
  const a = s.activation!;
  if (action.type === 'end-reposition') {
    let next: BlkoutState = { ...s, activation: { ...a, stage: 'actions' } };
    if (aliveModels(next, a.unit).every((m) => !m.pos))
      next = { ...next, activation: { ...next.activation!, acted: aliveModels(next, a.unit).map((m) => m.id) } };
    const stillOff = aliveModels(next, a.unit).some((m) => !m.pos);
    if (!stillOff && next.units[a.unit]!.offTable) next = setUnit(next, a.unit, { offTable: false });
    return { state: toAct(next).length === 0 ? finishActivation(next, dice, events) : next, events };
  }
  const m = s.models[action.model];
  if (!m || m.unit !== a.unit || m.destroyed) return illegal(`${action.model} is not a model of the activating unit`);
  if (a.repositioned.includes(m.id)) return illegal(`${m.name} has already repositioned (or its unit is Pinned)`);
  if (action.type === 'lean-out') {
    if (!m.pos) return illegal(`${m.name} is not on the table`);
    if (m.kind === 'drone' || hasRule(m.rules, 'Drone')) return illegal('drones cannot lean out');
    const moved = a.moved[m.id] ?? 0;
    if (moved > m.move / 2 + 1e-9)
      return ruleError(
        'out-of-range',
        `leaning out costs half its Move: ${m.name} has moved ${fmt(moved)}" of ${m.move}"`,
      );
    const gap = Math.hypot(action.x - m.pos[0], action.z - m.pos[2]) - radiusOf(m) - MARKER_25MM_RADIUS;
    if (gap > CONTACT)
      return ruleError('out-of-range', `the lean-out marker goes beside the base (it is ${fmt(gap)}" away)`);
    const h = q.standHeight(25, m.height, action.x, action.z, m.pos[1] + 0.25, m.id);
    if (h === null) return illegal(`no room for a lean-out marker there (${spotWords(s.table, action.x, action.z)})`);
    const next = setModel(s, { ...m, leanOut: [action.x, h, action.z] });
    events.push({
      type: 'token-placed',
      text: `${m.name} leans out`,
      token: 'lean-out',
      model: m.id,
      at: [action.x, h, action.z],
    });
    // No Overwatch against a lean-out made in Reposition.
    return { state: { ...next, activation: { ...a, repositioned: [...a.repositioned, m.id] } }, events };
  }
  // A move: measured along the route (entering models measure from their edge); a jump: straight across.
  let length: number;
  const h = standAt(s, q, m, action.x, action.y, action.z);
  if (typeof h === 'string') return illegal(h);
  const to: [number, number, number] = [action.x, h, action.z];
  if (action.type === 'jump') {
    const reach = ruleX(m.rules, 'Jump');
    if (reach <= 0) return illegal(`${m.name} has no Jump rule`);
    if (!m.pos) return illegal(`${m.name} enters from its edge by moving, not jumping`);
    length = Math.hypot(to[0] - m.pos[0], to[2] - m.pos[2]);
    const rise = to[1] - m.pos[1];
    if (length > reach + 1e-6)
      return ruleError('out-of-range', `${m.name} jumps up to ${reach}" across, and that spot is ${fmt(length)}" away`);
    if (Math.abs(rise) > reach + 1e-6)
      return ruleError(
        'out-of-range',
        `${m.name} jumps up to ${reach}" up or down, and that spot is ${fmt(Math.abs(rise))}" ${rise > 0 ? 'up' : 'down'}`,
      );
    const blocked = q.jumpBlocked(m.id, to, reach);
    if (blocked) return illegal(`${m.name}'s jump is stopped by ${blocked}`);
  } else if (!m.pos) {
    length = fromEdge(s, s.edges[m.player]!, action.x, action.z);
  } else if (inEffect(s, 'blade-runner')) {
    // Blade Runner: straight past obstacles (climbing still counts).
    length = Math.hypot(to[0] - m.pos[0], to[2] - m.pos[2]) + Math.abs(to[1] - m.pos[1]);
  } else {
    length = q.routeLength(m.id, to);
  }
  const allowance = moveOf(s, m) + (action.type === 'move' && inEffect(s, 'blade-runner') ? BLADE_RUNNER_EXTRA : 0);
  if (action.type === 'move' && !(length <= allowance + 1e-6))
    return ruleError(
      'out-of-range',
      `${m.name} can move ${allowance}", and that route is ${Number.isFinite(length) ? fmt(length) + '"' : 'blocked'}`,
    );
  let next = setModel(s, placed(m, to, action.facingDeg));
  next = {
    ...next,
    activation: { ...a, moved: { ...a.moved, [m.id]: length }, repositioned: [...a.repositioned, m.id] },
  };
  events.push({
    type: 'moved',
    text: `${m.name} ${action.type === 'jump' ? 'jumps' : m.pos ? 'moves' : 'enters'} ${fmt(length)}"`,
    model: m.id,
    from: m.pos,
    to,
  });
  q.arrange(layoutOf(next));
  // Overwatch: a move of more than half its Move, ending in sight (not with Assaulters).
  if (length > moveOf(s, m) / 2 + 1e-9 && !drilled(s, m, 'assaulters')) {
    next = openWindow(
      { ...next, pending: { kind: 'overwatch', target: m.id, declared: [], then: 'continue' } },
      q,
      dice,
      events,
    );
  }
  return { state: next, events };
}

function actionStep(
  s: BlkoutState,
  action: Extract<
    BlkoutAction,
    {
      type:
        | 'shoot'
        | 'blast'
        | 'auto-shot'
        | 'end-auto'
        | 'ready'
        | 'sidewinder'
        | 'drone-swarm'
        | 'sprint'
        | 'data-attack'
        | 'hold'
        | 'end-activation';
    }
  >,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
): Out {
  const a = s.activation;
  // Small Unit Tactics: up to half the unit (rounded up) may shoot in the Reposition step instead of acting later.
  const early = a?.stage === 'reposition' && action.type === 'shoot' && a.drill === 'small-unit-tactics';
  if (early) {
    const m = s.models[action.model];
    const n = aliveModels(s, a.unit).length;
    if (a.acted.length >= Math.ceil(n / 2))
      return illegal(`Small Unit Tactics: up to ${Math.ceil(n / 2)} of the unit's models shoot in Reposition`);
    if (m && a.repositioned.includes(m.id)) return illegal(`${m.name} has already repositioned`);
  }
  if (!a || (a.stage !== 'actions' && !early)) return illegal('models act in the Actions step, after Reposition');
  const auto = a.auto?.ready ? a.auto : null;
  if (action.type === 'auto-shot' || action.type === 'end-auto') {
    if (!auto) return illegal('no Auto shots are owed now');
    if (action.type === 'end-auto') {
      const next: BlkoutState = { ...s, activation: { ...a, auto: null } };
      events.push({
        type: 'auto-end',
        text: `${s.models[auto.model]!.name} takes no more Auto shots`,
        model: auto.model,
      });
      return { state: continueActivation(next, q, dice, events, auto.model), events };
    }
    if (action.model !== auto.model) return illegal(`the Auto shots are ${s.models[auto.model]!.name}'s`);
    const why = autoRefusal(s, q, auto, action.target);
    if (why) return illegal(why);
    const left = auto.left - 1;
    let next: BlkoutState = {
      ...s,
      activation: { ...a, auto: { ...auto, left, targeted: [...auto.targeted, action.target] } },
    };
    next = fire(next, q, dice, events, auto.model, auto.weapon, action.target, false, false, 'Auto');
    if (left <= 0 || autoTargets(next, q, next.activation!.auto!).length === 0)
      next = { ...next, activation: { ...next.activation!, auto: null } };
    return { state: continueActivation(next, q, dice, events, auto.model), events };
  }
  if (auto) return illegal(`${s.models[auto.model]!.name} takes its Auto shots first (or declines them)`);
  if (action.type === 'end-activation') {
    if (a.cyclic) return illegal('finish the Cyclic follow-up first (shoot, Ready or hold)');
    const done: BlkoutState = a.endMoves ? { ...s, activation: { ...a, endMoves: null } } : s;
    return { state: finishActivation(done, dice, events), events };
  }
  if (a.endMoves) return illegal('the activation is ending: make the drill\'s 2" moves or end the activation');
  const m = s.models[action.model];
  if (!m || m.unit !== a.unit || !onTable(m))
    return illegal(`${action.model} is not an active model of the activating unit on the table`);
  const follow = a.cyclic?.model === m.id;
  if (a.cyclic && !follow) return illegal(`${s.models[a.cyclic.model]!.name} owes its Cyclic follow-up first`);
  if (!follow && a.acted.includes(m.id)) return illegal(`${m.name} has already taken its action`);
  if (m.engaged) return illegal(`${m.name} is Engaged and cannot act`);
  const acted = follow ? a.acted : [...a.acted, m.id];
  let next: BlkoutState = { ...s, activation: { ...a, acted, cyclic: null } };
  // A shot in Reposition (Small Unit Tactics) is that model's action and its Reposition; it ends any Phase Out or Switchback moves.
  if (early)
    next = {
      ...next,
      activation: { ...next.activation!, repositioned: [...a.repositioned, m.id], phaseOut: null, preMoves: null },
    };
  switch (action.type) {
    case 'hold':
      if (follow) next = { ...next, activation: { ...next.activation!, cyclic: null } };
      events.push({ type: 'hold', text: `${m.name} holds`, model: m.id });
      return { state: continueActivation(next, q, dice, events, m.id), events };
    case 'ready': {
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
        events.push({
          type: 'token-placed',
          text: `${m.name} (${hasRule(m.rules, 'Team Leader') ? 'Team Leader' : 'Linked'}) gives its Ready token to ${to.name}`,
          token: 'ready',
          model: to.id,
          at: to.pos,
        });
        return { state: afterAction(next, q, dice, events, m.id), events };
      }
      next = setModel(next, { ...m, ready: true });
      events.push({
        type: 'token-placed',
        text: `${m.name} takes a Ready token`,
        token: 'ready',
        model: m.id,
        at: m.pos,
      });
      return { state: afterAction(next, q, dice, events, m.id), events };
    }
    case 'drone-swarm': {
      if (follow) return illegal('a Cyclic follow-up is a shot or Ready');
      if (s.special !== 'drone-swarms')
        return illegal('drone swarms are called only when the Drone Swarms special rule is in play');
      if (!touchedHardpoints(s, m).includes(action.hardpoint))
        return illegal(`${m.name} is not in base contact with ${action.hardpoint.replace('-', ' ')}`);
      if (!(action.x >= 0 && action.z >= 0 && action.x <= s.table.width && action.z <= s.table.depth))
        return illegal('the drone swarm marker goes on the table');
      const at: [number, number, number] = [action.x, Number.isFinite(action.y) ? action.y : 0, action.z];
      events.push({
        type: 'blast',
        text: `${m.name} calls a drone swarm from ${action.hardpoint.replace('-', ' ')} (removed) to ${spotWords(s.table, action.x, action.z)}`,
        shooter: m.id,
        at,
        radius: SWARM_REACH,
        weapon: 'drone swarm',
      });
      next = { ...next, hardpoints: next.hardpoints.filter((h) => h.id !== action.hardpoint) };
      for (const id of swarmed(next, action.x, action.z)) {
        const t = next.models[id]!;
        const r = rollArmour(dice, { dice: t.armour[0], target: t.armour[1] });
        const failed = r.rolls.length - r.blocked;
        events.push({
          type: 'armour-check',
          text: `${t.name} is caught by the swarm: armour ${t.armour[0]}/${t.armour[1]}: ${failedDiceWords(r, t.armour[1])}`,
          model: id,
          rolls: r.rolls,
          blocked: r.blocked,
        });
        logRolls(events, dice, t.player);
        next = applyDamage(next, id, failed, events);
      }
      return { state: afterAction(next, q, dice, events, m.id), events };
    }
    case 'sidewinder': {
      if (follow) return illegal('a Cyclic follow-up is a shot or Ready');
      const boxes = ruleX(m.rules, 'Sidewinder');
      if (boxes <= 0) return illegal(`${m.name} is not a Sidewinder`);
      if ((m.checks ?? 0) >= boxes) return illegal(`${m.name} has checked all ${boxes} Sidewinder boxes`);
      const u = s.units[action.target];
      if (!u) return illegal(`no unit ${action.target}`);
      if (!sidewinderReaches(s, q, m, u.id))
        return ruleError('out-of-range', `${u.name} has no model within 12" of ${m.name}`);
      next = setModel(next, { ...next.models[m.id]!, checks: (m.checks ?? 0) + 1 });
      const r = skillRoll(
        dice,
        m,
        withSpecial(s, m, { skill: m.skill, modifier: extraDie(s, m) ? 1 : 0 }),
        'makes a Sidewinder check',
        events,
      );
      if (r.successes > 0) {
        next = setUnit(next, u.id, { pinned: true });
        events.push({
          type: 'token-placed',
          text: `${u.name} is Pinned by ${m.name}`,
          token: 'pinned',
          unit: u.id,
          at: null,
        });
      } else events.push({ type: 'sidewinder', text: `${m.name}'s Sidewinder check fails`, model: m.id });
      return { state: afterAction(next, q, dice, events, m.id), events };
    }
    case 'sprint': {
      if (follow) return illegal('a Cyclic follow-up is a shot or Ready');
      const allowance = sprintAllowance(s, m);
      const h = standAt(s, q, m, action.x, action.y, action.z);
      if (typeof h === 'string') return illegal(h);
      const to: [number, number, number] = [action.x, h, action.z];
      const length = q.routeLength(m.id, to);
      if (!(length <= allowance + 1e-6))
        return ruleError(
          'out-of-range',
          `${m.name} sprints up to ${allowance}", and that route is ${Number.isFinite(length) ? fmt(length) + '"' : 'blocked'}`,
        );
      next = setModel(next, placed(m, to, action.facingDeg));
      events.push({ type: 'moved', text: `${m.name} sprints ${fmt(length)}"`, model: m.id, from: m.pos, to });
      return { state: afterAction(next, q, dice, events, m.id), events };
    }
    case 'data-attack': {
      if (follow) return illegal('a Cyclic follow-up is a shot or Ready');
      const boone = !hasRule(m.rules, 'Data Spike') && booneDataAttack(s, m);
      const spike = hasRule(m.rules, 'Data Spike') || boone;
      if (boone && s.units[action.target]) next = { ...next, forceUsed: { ...next.forceUsed, [m.player]: s.round } };
      const knife = ruleX(m.rules, 'Data Knife');
      const tu = s.units[action.target];
      const tm = s.models[action.target];
      if (tu && spike) {
        next = { ...next, pending: { kind: 'data', attacker: m.id, target: tu.id, mode: 'spike' } };
      } else if (tm && knife > 0) {
        if (!onTable(tm) || tm.player === m.player)
          return illegal(`${action.target} is not an enemy model on the table`);
        if (!hasRule(tm.rules, 'AI') && !hasRule(tm.rules, 'Powered'))
          return illegal('a Data Knife only harms AI or Powered models');
        if (q.distance(m.id, tm.id) > knife)
          return ruleError('out-of-range', `${tm.name} is beyond the Data Knife's ${knife}"`);
        next = { ...next, pending: { kind: 'data', attacker: m.id, target: tm.id, mode: 'knife' } };
      } else return illegal(`${m.name} has no data attack against ${action.target}`);
      if (tu && tu.player === m.player && !tu.pinned) return illegal(`${tu.name} has no Pinned marker to remove`);
      if (tu && hasRule(aliveModels(s, tu.id)[0]?.rules ?? [], 'Low Tech') && tu.player !== m.player)
        return illegal(`${tu.name} is Low Tech: data attacks cannot pin it`);
      events.push({
        type: 'data-attack',
        text: `${m.name} makes a data attack on ${tu?.name ?? tm?.name}`,
        model: m.id,
        target: action.target,
      });
      return { state: openWindow(next, q, dice, events), events };
    }
    case 'blast': {
      if (follow && action.weapon !== a.cyclic!.weapon)
        return illegal(`the Cyclic follow-up uses ${m.weapons[a.cyclic!.weapon]!.name}`);
      const at = placeMarker(s, q, m, action.weapon, action.x, action.y, action.z);
      if ('error' in at) return at;
      if (hasRule(m.weapons[action.weapon]!.rules, 'Cyclic') && !follow)
        next = { ...next, activation: { ...next.activation!, cyclic: { model: m.id, weapon: action.weapon } } };
      next = detonate(
        spend(next, m.id, action.weapon),
        q,
        dice,
        events,
        m.id,
        action.weapon,
        at,
        (a.moved[m.id] ?? 0) > 0,
      );
      return { state: afterAction(next, q, dice, events, m.id), events };
    }
    case 'shoot': {
      const w = m.weapons[action.weapon];
      const t = s.models[action.target];
      if (!w) return illegal(`${m.name} has no weapon #${action.weapon}`);
      if (action.track === 'mobility') {
        if (!t || !isDuster(t)) return illegal('only a Duster has a mobility track to aim at');
        if (hasRule(t.rules, 'Boost')) return illegal(`${t.name} is Boosting: its mobility cannot be targeted`);
        const f = sightOf(s, q, m.id, t.id);
        if (f.smokeBlocked || f.hidden.smoke > 0)
          return illegal(`a Mobility shot cannot be drawn through smoke (${t.name})`);
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
      if (!t || !onTable(t) || t.player === m.player)
        return illegal(`${action.target} is not an enemy model on the table`);
      if (!canSee(s, q, m.id, t.id) && !weaponsAt(s, q, m.id, t.id).includes(action.weapon))
        return ruleError(
          'no-los',
          `${m.name} has no line of sight to ${t.name}${hasRule(w.rules, 'Indirect') ? ' and no friend sees it for an Indirect shot' : ''}`,
        );
      if (!weaponsAt(s, q, m.id, t.id).includes(action.weapon))
        return ruleError(
          'out-of-range',
          `${t.name} is ${fmt(q.distance(m.id, t.id))}" away: outside ${w.name}'s ${w.min}-${w.max}" (or ${w.name} cannot be used on it)`,
        );
      if (hasRule(w.rules, 'Melee')) {
        // The attacker is placed in base contact before actions and reactions resolve.
        const pos = contactSpot(s, q, m, t);
        if (!pos) return illegal(`no room beside ${t.name} for ${m.name}`);
        next = setModel(next, placed(next.models[m.id]!, pos));
        events.push({ type: 'moved', text: `${m.name} closes in on ${t.name}`, model: m.id, from: m.pos, to: pos });
        q.arrange(layoutOf(next));
      }
      // A first Cyclic shot owes the model a follow-up (another shot with it, or Ready) once the action is over (not for a shot in Reposition).
      if (hasRule(w.rules, 'Cyclic') && !follow && !early)
        next = { ...next, activation: { ...next.activation!, cyclic: { model: m.id, weapon: action.weapon } } };
      // Auto: the extra shots come once this shot and the overwatch on it are resolved.
      const autoFire = early ? null : autoFor(m, action.weapon, t);
      if (autoFire) next = { ...next, activation: { ...next.activation!, auto: autoFire } };
      events.push({
        type: 'shot-declared',
        text: `${m.name} declares a shot at ${t.name} with ${w.name}`,
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
      return { state: openWindow(next, q, dice, events), events };
    }
  }
}

/**
 * A model put at a new spot (its lean-out marker comes off). A Duster turns freely: it faces
 * `facingDeg` when given, else the way it went (or keeps its facing when it did not move).
 */
function placed(m: ModelState, to: [number, number, number], facingDeg?: number): ModelState {
  const next: ModelState = { ...m, pos: to, leanOut: null };
  if (!isDuster(m)) return next;
  const went = m.pos && Math.hypot(to[0] - m.pos[0], to[2] - m.pos[2]) > 0.01 ? bearing(m.pos, to) : m.facing;
  const facing = facingDeg !== undefined && Number.isFinite(facingDeg) ? ((facingDeg % 360) + 360) % 360 : went;
  return facing === undefined ? next : { ...next, facing };
}

/** Peel Back / Close Assault: a model's 2" move as its unit's activation ends (Close Assault: only into base contact with an enemy, then CQC). */
function endMove(
  s: BlkoutState,
  action: Extract<BlkoutAction, { type: 'end-move' }>,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
): Out {
  const a = s.activation;
  if (!a?.endMoves?.includes(action.model)) return illegal(`${action.model} has no drill move to make now`);
  const m = s.models[action.model]!;
  const h = standAt(s, q, m, action.x, action.y, action.z);
  if (typeof h === 'string') return illegal(h);
  const to: [number, number, number] = [action.x, h, action.z];
  const length = q.routeLength(m.id, to);
  if (!(length <= DRILL_MOVE + 1e-6))
    return ruleError(
      'out-of-range',
      `the drill's move is up to 2" (that route is ${Number.isFinite(length) ? fmt(length) + '"' : 'blocked'})`,
    );
  const foes = Object.values(s.models).filter(
    (e) => e.player !== m.player && onTable(e) && e.kind === 'infantry' && !hasRule(e.rules, 'Drone'),
  );
  const touching = foes.filter(
    (e) => Math.hypot(e.pos![0] - to[0], e.pos![2] - to[2]) - radiusOf(e) - radiusOf(m) <= CONTACT + 1e-9,
  );
  if (a.drill === 'close-assault' && touching.length === 0)
    return illegal('Close Assault moves a model only into base contact with an enemy model');
  let next = setModel(s, placed(m, to));
  events.push({
    type: 'moved',
    text: `${m.name} ${a.drill === 'close-assault' ? 'closes in' : 'peels back'} ${fmt(length)}"`,
    model: m.id,
    from: m.pos,
    to,
  });
  q.arrange(layoutOf(next));
  if (a.drill === 'close-assault' && m.kind === 'infantry') {
    for (const e of touching)
      if (!next.models[m.id]!.destroyed)
        next = cqc(
          dice,
          next,
          m.id,
          e.id,
          events,
          (x) => extraDie(next, x),
          (x, c) => withSpecial(next, x, c),
        );
  }
  const left = a.endMoves.filter((id) => id !== m.id && !next.models[id]!.destroyed);
  next = { ...next, activation: { ...next.activation!, endMoves: left.length ? left : null } };
  return { state: left.length ? next : finishActivation(next, dice, events), events };
}

/** Sidewinder's reach: a model of the unit within 12" of the Sidewinder. */
export const SIDEWINDER_RANGE = 12;
export function sidewinderReaches(s: BlkoutState, q: Queries, m: ModelState, unit: string): boolean {
  return aliveModels(s, unit).some((t) => onTable(t) && t.id !== m.id && q.distance(m.id, t.id) <= SIDEWINDER_RANGE);
}

/** A spot in base contact with the target on the shooter's side, if there is room. */
function contactSpot(s: BlkoutState, q: Queries, m: ModelState, t: ModelState): [number, number, number] | null {
  const [tx, ty, tz] = t.pos!;
  const [mx, , mz] = m.pos!;
  const base = Math.atan2(mz - tz, mx - tx);
  const d = radiusOf(m) + radiusOf(t) + 0.01;
  for (let k = 0; k < 12; k++) {
    const ang = base + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * (Math.PI / 6);
    const x = tx + Math.cos(ang) * d,
      z = tz + Math.sin(ang) * d;
    const h = q.standHeight(m.baseMm, m.height, x, z, ty + 0.25, m.id);
    if (h !== null) return [x, h, z];
  }
  return null;
}

/** A reaction (or a pass) in an open window. */
function react(
  s: BlkoutState,
  action: BlkoutAction | { type: 'pass' },
  dice: DiceSource,
  q: Queries,
  events: RuleEvent[],
): Out {
  const p = s.pending;
  const w = s.window!;
  if (!p) return illegal('no reaction is pending');
  const offered = (a: Record<string, unknown>) => w.options.some((o) => JSON.stringify(o) === JSON.stringify(a));
  if (action.type === 'pass') {
    let next: BlkoutState = { ...s, window: null };
    if (p.kind === 'shot') next = resolveShot(next, q, dice, events);
    else if (p.kind === 'overwatch') next = resolveOverwatch(next, q, dice, events);
    else if (p.kind === 'juke-move') next = afterAction({ ...next, pending: null }, q, dice, events, p.shooter);
    else if (p.kind === 'perimeter') next = { ...next, pending: null };
    else next = resolveData(next, q, dice, events, null);
    return { state: next, events };
  }
  switch (action.type) {
    case 'burn': {
      if (p.kind !== 'perimeter' || !offered(action)) return ruleError('not-in-window', 'that card is not on offer');
      const by = w.player as Player;
      let next = discard(
        { ...s, pending: null, window: null },
        by,
        'perimeter-defense',
        events,
        `${s.units[p.unit]!.name} is Pinned`,
      );
      next = pinAtActivation(next, q, p.unit, events);
      return { state: next, events };
    }
    case 'return-fire':
    case 'juke': {
      if (p.kind !== 'shot' || !offered(action)) return ruleError('not-in-window', 'that reaction is not on offer');
      let next = engage(s, action.model);
      if (action.type === 'return-fire' && action.item) {
        const armed = armForReaction(next, action.model, action.item, events);
        if ('error' in armed) return armed;
        next = armed;
      }
      const r = next.models[action.model]!;
      if (action.type === 'juke') {
        events.push({
          type: 'reaction',
          text: `${r.name} jukes (Engaged): the shot rolls one die fewer`,
          reaction: 'juke',
          model: r.id,
        });
        next = { ...next, pending: { ...p, juke: true } };
      } else {
        events.push({
          type: 'reaction',
          text: `${r.name} returns fire (Engaged)`,
          reaction: 'return-fire',
          model: r.id,
        });
        next = {
          ...spend(next, action.model, action.weapon),
          pending: { ...p, returnFire: { model: action.model, weapon: action.weapon } },
        };
      }
      return { state: openWindow(next, q, dice, events), events };
    }
    case 'overwatch': {
      if (p.kind !== 'overwatch' || !offered(action))
        return ruleError('not-in-window', 'that overwatch is not on offer');
      let engaged = engage(s, action.model);
      if (action.item) {
        const armed = armForReaction(engaged, action.model, action.item, events);
        if ('error' in armed) return armed;
        engaged = armed;
      }
      const next = spend(engaged, action.model, action.weapon);
      events.push({
        type: 'reaction',
        text: `${next.models[action.model]!.name} declares Overwatch on ${s.models[p.target]!.name} (Engaged)`,
        reaction: 'overwatch',
        model: action.model,
      });
      return {
        state: openWindow(
          { ...next, pending: { ...p, declared: [...p.declared, { model: action.model, weapon: action.weapon }] } },
          q,
          dice,
          events,
        ),
        events,
      };
    }
    case 'juke-move': {
      if (p.kind !== 'juke-move' || action.model !== p.model)
        return ruleError('not-in-window', 'no juke move is owed to that model');
      const m = s.models[p.model]!;
      const h = standAt(s, q, m, action.x, action.y, action.z);
      if (typeof h === 'string') return illegal(h);
      const to: [number, number, number] = [action.x, h, action.z];
      const length = q.routeLength(m.id, to);
      if (!(length <= m.move / 2 + 1e-6))
        return ruleError(
          'out-of-range',
          `a juke moves up to half of ${m.name}'s ${m.move}" Move; that route is ${Number.isFinite(length) ? fmt(length) + '"' : 'blocked'}`,
        );
      const next = setModel({ ...s, pending: null, window: null }, placed(m, to, action.facingDeg));
      events.push({ type: 'moved', text: `${m.name} jukes ${fmt(length)}"`, model: m.id, from: m.pos, to });
      return { state: afterAction(next, q, dice, events, p.shooter), events };
    }
    case 'counter-ewar': {
      if (p.kind !== 'data' || !offered(action))
        return ruleError('not-in-window', 'no Counter EWAR is on offer for that model');
      return { state: resolveData({ ...s, window: null }, q, dice, events, action.model), events };
    }
    default:
      return ruleError('not-in-window', `answer the open window (${w.options.map((o) => o.type).join(', ')}) or pass`);
  }
}

/** Every player, for the contract. */
export const players = (): Player[] => [...PLAYERS];

/** A smoke token in words: "smoke token 3", "chaff token 4". */
const smokeName = (t: { id: string; chaff?: boolean }) =>
  `${t.chaff ? 'chaff' : 'smoke'} token ${t.id.replace(/^smoke-/, '')}`;

/** "no cover", "partial cover", "full cover" for the log. */
const coverWords = (c: 'none' | 'partial' | 'full') => (c === 'none' ? 'no cover' : `${c} cover`);
