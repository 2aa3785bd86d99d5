/**
 * Shooting, armour, damage and CQC: the text's six shooting steps with scripted-dice-testable
 * functions. Everything here is pure given a DiceSource (the steps that write events take the
 * action's apply context, whose dice they roll).
 */
import { msg, type Msg } from '../engine/message';
import type { DiceSource } from '../dice/source';
import { rollArmour, rollSkill, skillDice, type SkillCheck } from '../dice/mechanics';
import { armourWords, skillWords } from '../dice/words';
import { discard } from './burn';
import { damageAnswer } from './damageMoment';
import { logRolls } from '../engine/diceLog';
import type { Ctx } from './context';
import { hasRule, ruleX } from './data';
import type { Cover } from './cover';
import { coverDice } from './cover';
import type { BlkoutState, BurnCard, ModelState, Weapon } from './game';
import { pieceOf } from '../engine/kit';

/** What a shot's skill check depends on besides the cards. */
export interface ShotSituation {
  cover: Cover;
  /** Edge-to-edge distance to the target. */
  distance: number;
  /** A reaction (Overwatch, Return Fire) rather than a Shoot action. */
  reaction: boolean;
  /** The shooter moved in this activation's Reposition (not counting a lean-out alone). */
  moved: boolean;
  /** The target juked: one die fewer. */
  juked: boolean;
  /** Force rule: one more die in every skill check. */
  extraDie: boolean;
  /** Force rule: re-roll failed shots (base contact with other infantry). */
  buddyReroll: boolean;
  /** A special rule caps the shot at one die (Dome Shields, Scrambling). */
  oneDie?: boolean;
}

/** The skill check a shot rolls. */
export function shotCheck(shooter: ModelState, w: Weapon, s: ShotSituation): SkillCheck {
  const ignoresFull = hasRule(w.rules, 'Seeking') || hasRule(w.rules, 'Melee');
  let modifier = coverDice(s.cover, ignoresFull);
  if (hasRule(w.rules, 'Heavy') && (s.reaction || !s.moved)) modifier += 1;
  if (s.juked) modifier -= 1;
  if (s.extraDie) modifier += 1;
  const hard = (hasRule(w.rules, 'Deployed') && !s.reaction && s.moved) || s.oneDie === true;
  let reroll: SkillCheck['reroll'];
  // UN 3rd Battalion's buddy re-roll is for non-armoury weapons only.
  if ((hasRule(w.rules, 'CQB') && s.distance <= w.max / 2) || (s.buddyReroll && !w.armoury)) reroll = 'failed';
  else if (hasRule(w.rules, 'Medium') && !s.reaction) reroll = 'one';
  return { skill: shooter.skill, modifier, hard, reroll };
}

/** Dice a shot rolls (for the cover verdict panel and the AI). */
export const shotDice = (shooter: ModelState, w: Weapon, s: ShotSituation): number =>
  skillDice(shotCheck(shooter, w, s));

/**
 * The damage a target takes from some successes of a weapon, after its armour check (its dice, the
 * number they need, the Sustained re-rolls). The check rolls the armour's dice (an HE blast: one
 * per success) plus any extra dice; never more damage is blocked than came in.
 */
export function damageFromHits(
  src: DiceSource,
  target: ModelState,
  w: Weapon,
  successes: number,
  extraArmour = 0,
  armourDice = target.armour[0],
): { incoming: number; blocked: number; taken: number; rolls: number[]; needs: number; rerolls: number } {
  const needs = target.armour[1] + ruleX(w.rules, 'AP');
  if (successes <= 0) return { incoming: 0, blocked: 0, taken: 0, rolls: [], needs, rerolls: 0 };
  const incoming = successes * w.damage;
  if (hasRule(w.rules, 'EMP')) {
    // EMP only harms AI, and ignores armour.
    const ai = hasRule(target.rules, 'AI');
    return { incoming: ai ? incoming : 0, blocked: 0, taken: ai ? incoming : 0, rolls: [], needs, rerolls: 0 };
  }
  const armour = rollArmour(src, {
    dice: armourDice + extraArmour,
    target: needs,
    sustained: ruleX(w.rules, 'Sustained'),
  });
  const blocked = Math.min(armour.blocked, incoming);
  return { incoming, blocked, taken: incoming - blocked, rolls: armour.rolls, needs, rerolls: armour.rerolls };
}

/** An armour check against some damage in words: "6, 2 against 6+: 1 save: 1 of 3 damage blocked" (never more blocked than came in). */
export function armourCheckWords(d: {
  rolls: number[];
  needs: number;
  rerolls: number;
  incoming: number;
  blocked: number;
}): Msg {
  const saves = d.rolls.filter((v) => v >= d.needs).length;
  const blocked =
    saves >= d.incoming
      ? msg('blkout:armour.allBlocked', { n: d.incoming })
      : d.blocked === 0
        ? msg('blkout:armour.noneBlocked', { n: d.incoming })
        : msg('blkout:armour.someBlocked', { blocked: d.blocked, n: d.incoming });
  return msg('blkout:armour.check', {
    roll: armourWords({ rolls: d.rolls, target: d.needs, rerolls: d.rerolls }),
    blocked,
  });
}

/** Armour dice where each failed die is one damage (an HE blast, a drone swarm): "3, 7 against 5+: 1 save: 1 die fails, 1 damage". */
export function failedDiceWords(r: { rolls: number[]; rerolls: number }, needs: number): Msg {
  const failed = r.rolls.filter((v) => v < needs).length;
  return msg('blkout:armour.failed', {
    roll: armourWords({ rolls: r.rolls, target: needs, rerolls: r.rerolls }),
    failed,
  });
}

/** Marks damage on a model's track; returns the new model and whether it was destroyed. */
export function markDamage(m: ModelState, taken: number): { model: ModelState; destroyed: boolean } {
  if (taken <= 0 || m.destroyed) return { model: m, destroyed: false };
  const damage = m.damage + taken;
  const destroyed = damage >= Math.max(1, m.track);
  return {
    model: {
      ...m,
      damage: Math.min(damage, Math.max(1, m.track)),
      destroyed,
      ready: destroyed ? false : m.ready,
      leanOut: destroyed ? null : m.leanOut,
    },
    destroyed,
  };
}

/** Whether a unit's models roll Personal Shielding's 2 more armour dice now. */
export const isShielded = (s: BlkoutState, unit: string): boolean => (s.activation?.shielded ?? []).includes(unit);

/** Personal Shielding played: the unit's models roll 2 more armour dice for the rest of the activation. */
export function shieldUnit(ctx: Ctx, s: BlkoutState, t: ModelState): BlkoutState {
  const next = discard(
    ctx,
    s,
    t.player,
    'personal-shielding',
    msg('blkout:burn.shielded', { unit: pieceOf(s.units, t.unit, 'unit').name }),
  );
  return { ...next, activation: { ...next.activation!, shielded: [...(next.activation!.shielded ?? []), t.unit] } };
}

/** Personal Shielding may answer damage to a unit not yet shielded, during an activation. */
export const shieldable = (s: BlkoutState, t: ModelState): boolean => !!s.activation && !isShielded(s, t.unit);

/**
 * Puts damage on a model in the state, with its events (a Duster's mobility track when aimed at).
 * A damage moment first: Juiced may answer; so may Personal Shielding when no armour check came
 * before (after an armour check it was offered before that check, at step ④).
 */
export function applyDamage(
  ctx: Ctx,
  s0: BlkoutState,
  targetId: string,
  taken: number,
  track: 'mobility' | 'chassis' = 'chassis',
  afterArmour = false,
): BlkoutState {
  const events = ctx.events;
  const t = pieceOf(s0.models, targetId);
  if (taken <= 0) return s0;
  // A damage moment: the owner may answer with a card (the action pauses to ask).
  const cards: BurnCard[] = afterArmour || !shieldable(s0, t) ? ['juiced'] : ['juiced', 'personal-shielding'];
  const moment = damageAnswer(s0, { player: t.player, model: t.id, unit: t.unit, taken, cards });
  let s = moment.state;
  if (moment.answer === 'juiced')
    return discard(ctx, s, t.player, 'juiced', msg('blkout:burn.juiced', { name: t.name, n: taken }));
  if (moment.answer === 'personal-shielding') s = shieldUnit(ctx, s, t);
  if (track === 'mobility' && t.mobility) {
    const damage = Math.min(t.mobility.track, t.mobility.damage + taken);
    const destroyed = damage >= t.mobility.track;
    events.push({
      type: 'damage',
      text: destroyed
        ? msg('blkout:event.mobilityDamageFull', { name: t.name, n: taken })
        : msg('blkout:event.mobilityDamage', { name: t.name, n: taken, marked: damage, track: t.mobility.track }),
      target: t.id,
      amount: taken,
    });
    if (destroyed)
      events.push({ type: 'removed', text: msg('blkout:event.destroyedMobility', { name: t.name }), model: t.id });
    return {
      ...s,
      models: {
        ...s.models,
        [t.id]: { ...t, mobility: { ...t.mobility, damage }, destroyed, ready: destroyed ? false : t.ready },
      },
    };
  }
  const { model, destroyed } = markDamage(t, taken);
  events.push({
    type: 'damage',
    text:
      model.track > 1 && !destroyed
        ? msg('blkout:event.damageTrack', { name: t.name, n: taken, marked: model.damage, track: model.track })
        : msg('blkout:event.damage', { name: t.name, n: taken }),
    target: t.id,
    amount: taken,
  });
  if (destroyed) events.push({ type: 'removed', text: msg('blkout:event.destroyed', { name: t.name }), model: t.id });
  return { ...s, models: { ...s.models, [t.id]: model } };
}

/** Highest single die of a check (for ties). */
const highest = (rolls: number[]) => rolls.reduce((a, b) => Math.max(a, b), 0);

/**
 * Who goes first between two simultaneous checks (the models `who` made them): more successes, then
 * the highest die, then a D10 roll-off (ties rolled again), which is logged.
 */
export function firstOf(
  ctx: Ctx,
  a: { successes: number; rolls: number[] },
  b: { successes: number; rolls: number[] },
  who: [ModelState, ModelState],
): 'a' | 'b' {
  const { dice: src, events } = ctx;
  if (a.successes !== b.successes) return a.successes > b.successes ? 'a' : 'b';
  const ha = highest(a.rolls),
    hb = highest(b.rolls);
  if (ha !== hb) return ha > hb ? 'a' : 'b';
  const pairs: string[] = [];
  for (;;) {
    const ra = src.d(10),
      rb = src.d(10);
    pairs.push(`${ra}-${rb}`);
    if (ra === rb) continue;
    const first = ra > rb ? who[0] : who[1];
    events.push({
      type: 'roll-off',
      text: msg('blkout:event.tieRollOff', { a: who[0].name, b: who[1].name, rolls: pairs, first: first.name }),
      model: first.id,
    });
    logRolls(events, src, [who[0].player, who[1].player]);
    return ra > rb ? 'a' : 'b';
  }
}

/** A skill check with its events. */
export function skillRoll(
  ctx: Ctx,
  who: ModelState,
  check: SkillCheck,
  what: Msg,
): { successes: number; rolls: number[] } {
  const { dice: src, events } = ctx;
  const r = rollSkill(src, check);
  events.push({
    type: 'skill-check',
    text: msg('blkout:event.check', {
      name: who.name,
      what,
      roll: skillWords({ rolls: r.rolls, skill: check.skill, rerolled: r.rerolled, replaced: r.replaced }),
    }),
    model: who.id,
    rolls: r.rolls,
    successes: r.successes,
  });
  logRolls(events, src, who.player);
  return r;
}

/** The most CQC exchanges before the fight is called (both sides keep rolling no successes). */
export const CQC_ROUNDS = 100;

/** Close-quarters combat between two infantry models until one is destroyed. */
export function cqc(
  ctx: Ctx,
  s: BlkoutState,
  aId: string,
  bId: string,
  extraDie: (m: ModelState) => boolean,
  special: (m: ModelState, c: SkillCheck) => SkillCheck = (_m, c) => c,
): BlkoutState {
  ctx.events.push({
    type: 'cqc',
    text: msg('blkout:event.cqc', { a: pieceOf(s.models, aId).name, b: pieceOf(s.models, bId).name }),
    a: aId,
    b: bId,
  });
  let state = s;
  for (let round = 0; round < CQC_ROUNDS; round++) {
    const a = pieceOf(state.models, aId),
      b = pieceOf(state.models, bId);
    const dice = (m: ModelState) => (hasRule(m.rules, '3-dice CQC') ? 1 : 0) + (extraDie(m) ? 1 : 0);
    const ra = skillRoll(ctx, a, special(a, { skill: a.skill, modifier: dice(a) }), msg('blkout:check.fights'));
    const rb = skillRoll(ctx, b, special(b, { skill: b.skill, modifier: dice(b) }), msg('blkout:check.fights'));
    const first = firstOf(ctx, ra, rb, [a, b]);
    const [w, l, rw, rl] = first === 'a' ? [a, b, ra, rb] : [b, a, rb, ra];
    state = applyDamage(ctx, state, l.id, rw.successes);
    if (!pieceOf(state.models, l.id).destroyed) state = applyDamage(ctx, state, w.id, rl.successes);
    if (pieceOf(state.models, aId).destroyed || pieceOf(state.models, bId).destroyed) return state;
  }
  ctx.events.push({
    type: 'cqc',
    text: msg('blkout:event.cqcBroken', { n: CQC_ROUNDS }),
    a: aId,
    b: bId,
  });
  return state;
}
