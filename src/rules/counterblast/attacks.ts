/**
 * Attacks: Shoot and Strike (the pool, splitting it among targets, range, sight and close combat
 * refusals, the Difficulty and cover), the reactions the target's crew is offered against them and
 * the Snapshots after a Maneuver, the checks, and their resolution with the reaction chosen.
 */
import { rollPool } from '../dice/mechanics';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import { other, pieceOf } from '../engine/kit';
import { inch, msg } from '../engine/message';
import type { Queries } from '../engine/queries';
import { ruleError, type RuleError } from '../engine/types';
import type { CbReaction } from './actions';
import { engagers } from './closeCombat';
import { gain, gritDifficulty, gritOf, has, sees, zapOf } from './conditions';
import type { Inflicted } from './data';
import { sufferDamage } from './damage';
import {
  mayReact,
  onTable,
  setModel,
  type CbAttack,
  type CbContext,
  type CbModel,
  type CbPending,
  type CbState,
  type StepHandler,
} from './game';
import { COVER_DICE, sightVerdict, type Cover } from './sight';
import { andList, CHECK, inches2, refuse } from './say';

/** Short range for shooting: Difficulty 7 within it, 8 beyond. */
export const SHORT_RANGE = 8;

/** Why an attack is not possible (sight, weapon, range), or null. `q` is the view of `s`. */
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
  if (!w)
    return refuse(
      kind === 'shoot'
        ? msg('counterblast:err.noShootingWeapon', { name: m.card.name, n: weapon })
        : msg('counterblast:err.noStrikingWeapon', { name: m.card.name, n: weapon }),
    );
  if (kind === 'shoot') {
    // Engaged: no shooting while Engaged; no Shoot at a model in a fight with friends (Snapshots may).
    // The pistol exception: a pistol may make Snapshots while Engaged.
    if (engagers(s, q, m).length && !(snapshot && 'pistol' in w && w.pistol))
      return refuse(
        snapshot
          ? msg('counterblast:err.engagedSnapshot', { name: m.card.name })
          : msg('counterblast:err.engagedShoot', { name: m.card.name }),
      );
    if (
      !snapshot &&
      (engagers(s, q, t).some((e) => e.player === m.player) ||
        Object.values(s.models).some(
          (f) => f.player === m.player && f.id !== m.id && onTable(f) && engagers(s, q, f).some((e) => e.id === t.id),
        ))
    ) {
      return refuse(msg('counterblast:err.friendsInCombat', { target: t.card.name }));
    }
  }
  if (!sees(s, q, m.id, t.id))
    return ruleError(
      'no-los',
      has(m, 'blind')
        ? msg('counterblast:err.noLosBlind', { name: m.card.name, target: t.card.name })
        : msg('counterblast:err.noLos', { name: m.card.name, target: t.card.name }),
    );
  const distance = q.distance(m.id, t.id);
  const reach = 'range' in w ? w.range : w.reach;
  if (distance > reach + 1e-9)
    return ruleError(
      'out-of-range',
      msg('counterblast:err.beyondWeapon', {
        target: t.card.name,
        distance: inches2(distance),
        weapon: w.name,
        reach: inch(reach),
      }),
    );
  return null;
}

/** The dice an attack rolls (and splitting divides): Zap with any Aim-Assist (+1D), or Grit; Blind: Zap 0, Grit 1D; Half-blind: at most 1D. */
export function attackPool(s: CbState, m: CbModel, kind: 'shoot' | 'strike'): number {
  if (kind === 'strike') return gritOf(m);
  const zap = zapOf(m);
  return zap === 0 ? 0 : zap + ((s.activation?.assisted ?? []).includes(m.id) ? 1 : 0);
}

/** An attack's odds: the pool, its Difficulty, the damage per success and the cover dice it meets (what the action menu shows, what the check rolls). `q` is the view of `s`. */
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
  const m = pieceOf(s.models, a.attacker),
    t = pieceOf(s.models, a.target);
  const shooting = a.kind === 'shoot';
  const w = shooting ? m.card.shooting[a.weapon]! : m.card.striking[a.weapon]!;
  const facts = q.sight(m.id, t.id);
  const verdict = sightVerdict(facts, t.prone);
  const distance = q.distance(m.id, t.id);
  // Conditions: Grit checks against a Down model are Difficulty 2; Prone: own Grit +1, Grit against it -1; Panicked: Zap and Grit +1.
  // Marked: Zap checks at it are 1 easier.
  const difficulty = shooting
    ? (distance <= SHORT_RANGE ? 7 : 8) - a.aim + (m.panicked ? 1 : 0) - (has(t, 'marked') ? 1 : 0)
    : gritDifficulty(m, t);
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

/** The reactions the target's crew may trigger against an attack. `q` is the view of `s`. */
function attackReactions(s: CbState, q: Queries, a: CbAttack): Record<string, unknown>[] {
  const t = pieceOf(s.models, a.target),
    att = pieceOf(s.models, a.attacker);
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

/** Snapshot: reactive models that see at least a third of a model that just made a Maneuver, in range. `q` is the view of `s`. */
export function snapshotOptions(s: CbState, q: Queries, mover: CbModel): Record<string, unknown>[] {
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

/** One attack's check: the Zap (shots) or Grit (strikes) pool against its Difficulty. */
function attackCheck(
  ctx: CbContext,
  s: CbState,
  a: CbAttack,
): { raw: number; cover: number; inflicts: Inflicted | null } {
  const { dice, events } = ctx;
  const m = pieceOf(s.models, a.attacker),
    t = pieceOf(s.models, a.target);
  const shooting = a.kind === 'shoot';
  const w = shooting ? m.card.shooting[a.weapon]! : m.card.striking[a.weapon]!;
  const odds = attackOdds(s, ctx.at(s), a);
  // Dice explode on 10s, or on the weapon's 8s or 9s.
  const r = rollPool(dice, { dice: odds.dice, difficulty: odds.difficulty, explodeOn: w.explodeOn ?? 10 });
  events.push({
    type: shooting ? 'shot' : 'strike',
    text: msg(shooting ? 'counterblast:event.shot' : 'counterblast:event.strike', {
      name: m.card.name,
      target: t.card.name,
      weapon: w.name,
      check: shooting ? CHECK.zap : CHECK.grit,
      pool: poolWords({ rolls: r.rolls, difficulty: odds.difficulty, explodeOn: w.explodeOn ?? 10 }),
      raw: r.successes * w.damage,
    }),
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
 * `ctx.at(s)` is the view of `s` (after an Action-roll, the target's new spot).
 */
export function resolveAttack(ctx: CbContext, s: CbState, parts: CbAttack[], reaction: CbReaction | null): CbState {
  const att = pieceOf(s.models, parts[0]!.attacker);
  // Every check first (a split attack is one action, resolved together), then the reaction's, then the damage.
  const hits: { a: CbAttack; r: ReturnType<typeof attackCheck> }[] = [];
  for (const a of parts) {
    const t = pieceOf(s.models, a.target);
    // After an Action-roll the attack goes at the new position: out of sight or reach, it misses.
    if (!onTable(t) || attackRefusal(s, ctx.at(s), att, a.kind, a.weapon, t)) {
      ctx.events.push({
        type: 'attack-missed',
        text: msg(a.kind === 'shoot' ? 'counterblast:event.shotMissed' : 'counterblast:event.strikeMissed', {
          name: att.card.name,
          target: t.card.name,
        }),
        model: att.id,
      });
      continue;
    }
    hits.push({ a, r: attackCheck(ctx, s, a) });
  }
  const reactor = reaction ? s.models[reaction.model] : undefined;
  let back: ReturnType<typeof attackCheck> | null = null;
  if (reactor && reaction && (reaction.type === 'return-fire' || reaction.type === 'counterstrike')) {
    back = attackCheck(ctx, s, {
      kind: reaction.type === 'return-fire' ? 'shoot' : 'strike',
      attacker: reactor.id,
      weapon: reaction.weapon,
      target: att.id,
      aim: 0,
    });
  }
  let next = s;
  for (const { a, r } of hits) {
    // Parry adds the Grit Blind or Half-blind leaves it.
    const parry = reaction?.type === 'parry' && reactor?.id === a.target ? gritOf(reactor) : 0;
    next = sufferDamage(ctx, next, a.target, r.raw, r.cover + parry);
    // A weapon's condition lands with a successful check, whatever Defense stops.
    if (r.inflicts) next = gain(ctx, next, a.target, r.inflicts);
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
  if (back && reactor) next = sufferDamage(ctx, next, att.id, back.raw, back.cover);
  if (back?.inflicts) next = gain(ctx, next, att.id, back.inflicts);
  return next;
}

/**
 * Shoot or Strike, at one target or split among several (every part at least 1D, resolved as one
 * action). Spends the attacker; the reactive crew may answer with one reaction (1 Moxie) from any
 * model attacked: a window, or straight to the resolution.
 */
export const attack: StepHandler<'shoot' | 'strike'> = (ctx, action, { before: s, next: n, m }) => {
  const q = ctx.at(s);
  let next = n;
  const pool = attackPool(next, m, action.type);
  const split = action.split;
  if (split !== undefined) {
    if (!Array.isArray(split) || split.length < 2) return refuse(msg('counterblast:err.splitTwo'));
    if (new Set(split.map((x) => x.target)).size !== split.length) return refuse(msg('counterblast:err.splitOnce'));
    if (split.some((x) => !Number.isInteger(x.dice) || x.dice < 1)) return refuse(msg('counterblast:err.splitDice'));
    const total = split.reduce((t, x) => t + x.dice, 0);
    if (total !== pool)
      return ruleError(
        'out-of-range',
        msg('counterblast:err.splitTotal', {
          name: m.card.name,
          pool,
          check: action.type === 'shoot' ? CHECK.zap : CHECK.grit,
          total,
        }),
      );
  }
  const targets = split ? split.map((x) => x.target) : [action.target];
  for (const id of targets) {
    const t = s.models[id];
    if (!t || !onTable(t) || t.player === m.player) return refuse(msg('counterblast:err.notEnemy', { model: id }));
    const why = attackRefusal(next, q, m, action.type, action.weapon, t);
    if (why) return why;
  }
  next = setModel(next, { ...pieceOf(next.models, m.id), spent: true });
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
  const names = andList(
    targets.map((id, i) =>
      split
        ? msg('counterblast:split.part', { name: pieceOf(s.models, id).card.name, dice: split[i]!.dice })
        : pieceOf(s.models, id).card.name,
    ),
  );
  ctx.events.push({
    type: 'attack-declared',
    text: msg(action.type === 'shoot' ? 'counterblast:event.shootsAt' : 'counterblast:event.strikesAt', {
      name: m.card.name,
      targets: names,
    }),
    shooter: m.id,
    target: targets[0],
  });
  const seen = new Set<string>();
  const options = parts
    .flatMap((part) => attackReactions(next, q, part))
    .filter((o) => !seen.has(JSON.stringify(o)) && seen.add(JSON.stringify(o)));
  const pending: CbPending = split
    ? { kind: 'attack', attack: parts[0]!, split: parts }
    : { kind: 'attack', attack: parts[0]! };
  if (options.length) return { stop: { ...next, pending, window: { player: other(m.player), options } } };
  return resolveAttack(ctx, next, parts, null);
};

/** Aim: -1 Difficulty on the model's next Zap check in this activation. */
export const aim: StepHandler<'aim'> = (ctx, _action, { next, m }) => {
  ctx.events.push({ type: 'aim', text: msg('counterblast:event.aim', { name: m.card.name }), model: m.id });
  return { ...next, activation: { ...next.activation!, aim: { ...next.activation!.aim, [m.id]: 1 } } };
};
