/**
 * One attack against one target (rpg-attacks.en.txt, "Making an Attack", "Damage", "Critical Hits" and
 * the single-target "Attack Options & Circumstances"): the TN, the boons and banes from the attack's
 * circumstances (each with its reason, for the button and the log), the refusals (out of range, a
 * ranged attack while engaged without Close, ...), then the test and its hits. Pure functions over
 * plain inputs; the only dice are the d20s of the test and, for a pulled Grave Wound, the 1d10 hours.
 *
 * Readings where the chapter is silent (also in the ruleset README):
 * - A hit's damage = weapon damage + margin of success (- 5 per earlier automatic-fire hit), halved
 *   (rounded down) when pulled or improvised in a grapple, then minus the target's Armour, never below 0.
 * - A hit that deals 0 damage after Armour deals no consequence (the armour stopped it); otherwise a
 *   Wound, or a Grave Wound for the first hit of a critical.
 * - Automatic fire scores 1 + floor(margin / 5) hits, at most the weapon's Auto rating (no more hits
 *   than shots). A single shot spends 1 round of a weapon with ammo; melee weapons spend none.
 * - A "ranged attack" is one made with Projectiles; Melee and Unarmed attacks are never refused for
 *   being engaged.
 * - Heavy cover/concealment and far range bands are one reason each, carrying two banes (⊖⊖).
 * - A two-handed weapon's requirement is exactly half its damage: Strength 3 < 3.5 takes ⊖.
 * - A grenade throw is an area effect and is refused here (the area rules resolve it, and may refuse
 *   pulling punches: "might not be possible with certain weapons, such as grenades").
 */
import type { DiceSource } from '../dice/source';
import { metres } from './say';
import { msg, type Msg, type Text } from '../engine/message';
import { err, ok, type Result } from '../../result';
import { GRENADE_STRENGTH, rangeBand, type Character, type Skill, type Versus, type Weapon } from './data';
import { rollTest, type Edge, type TestResult } from './d20';
import { coverWeight } from './area';

/** A circumstance that changes the attack's edge: a label and its boons (> 0) or banes (< 0). */
export interface Reason {
  label: Text;
  /** +1 = one boon (⊕), -1 = one bane (⊖), -2 = two banes (heavy cover). */
  edge: number;
}

/** Moderate (⊖) or heavy (⊖⊖) cover or concealment, with the caller's note (e.g. "80 % hidden"). */
export interface Obstruction {
  level: 'moderate' | 'heavy';
  note?: Text;
}

/** What the attacker chooses and what the table says (distances in metres = table inches, edge to edge). */
export interface AttackOptions {
  /** Metres between the bases, edge to edge. */
  distance: number;
  /** This round's Defense (or Willpower) total, when modifiers change it; default the target's score. */
  targetTotal?: number;
  /** Automatic fire (needs Auto > 0): ⊕, spends the Auto rating, extra hits per full Margin 5. */
  auto?: boolean;
  /** Attacking with the weapon held in the offhand: ⊖. */
  offhand?: boolean;
  /** A stunt's name (Called Shot, Disarm, ...): ⊖. */
  stunt?: Text;
  /** Pulling punches (declared before the test): half damage, a Grave Wound becomes a Wound + unconscious. */
  pull?: boolean;
  /** The attacker is engaged in melee: no ranged attack unless the weapon has Close. */
  engaged?: boolean;
  /** The attacker is in a grapple: only Close weapons, or others improvised (⊖, half damage). */
  grapple?: boolean;
  /** In a grapple, using a weapon without Close in an improvised manner (the GM allows it). */
  improvised?: boolean;
  cover?: Obstruction;
  concealment?: Obstruction;
  /** Rounds left in the weapon; an attack needing more is refused. Default: the weapon's ammo, or unlimited. */
  roundsLeft?: number;
  /** Further reasons from traits or the GM. */
  extra?: readonly Reason[];
}

/** The attacker's scores an attack reads. */
export type Attacker = Pick<Character, 'skills' | 'strength'>;
/** The target's scores an attack reads. */
export type Target = Pick<Character, 'defense' | 'willpower' | 'armour'>;

/** Why an attack cannot be made. */
export const REFUSALS = ['out-of-range', 'engaged', 'grapple', 'no-auto', 'no-ammo', 'offhand', 'area'] as const;
/** A refusal's stable code. */
export type RefusalCode = (typeof REFUSALS)[number];
/** A refused attack: its code and a sentence. */
export interface AttackRefusal {
  code: RefusalCode;
  reason: Msg;
}

/** An attack ready to roll: the skill, the TN, the reasons and the net edge. */
export interface AttackPlan {
  skill: Skill;
  skillValue: number;
  versus: Versus;
  tn: number;
  reasons: Reason[];
  edge: Edge;
  /** Rounds the attack spends. */
  shots: number;
  auto: boolean;
  /** Damage is halved (pulled punches, or an improvised weapon in a grapple). */
  halved: boolean;
  pull: boolean;
}

/** The consequence a hit deals. */
export type Consequence = 'grave-wound' | 'wound' | 'none';

/** One hit: the damage dealt after armour and its consequence. */
export interface Hit {
  damage: number;
  consequence: Consequence;
}

/** A resolved attack. */
export interface AttackResult {
  plan: AttackPlan;
  test: TestResult;
  hits: Hit[];
  shots: number;
  /** A pulled would-be Grave Wound: the target is knocked out (for `unconsciousHours`). */
  knockout: boolean;
  /** Hours the target is unconscious after it (1d10, when rolled now), else 0. */
  unconsciousHours: number;
  /** The plan's button text. */
  words: Msg;
}

/** The skills' names. */
export const SKILL_NAMES: Record<Skill, Msg> = {
  melee: msg('rpg-attacks:skill.melee'),
  projectiles: msg('rpg-attacks:skill.projectiles'),
  unarmed: msg('rpg-attacks:skill.unarmed'),
};
const VERSUS_NAMES: Record<Versus, Msg> = {
  defense: msg('rpg-attacks:versus.defense'),
  willpower: msg('rpg-attacks:versus.willpower'),
};

/** Moderate or heavy cover or concealment, in words. */
export const OBSTRUCTION_NAMES = {
  cover: { moderate: msg('rpg-attacks:obstruction.moderateCover'), heavy: msg('rpg-attacks:obstruction.heavyCover') },
  concealment: {
    moderate: msg('rpg-attacks:obstruction.moderateConcealment'),
    heavy: msg('rpg-attacks:obstruction.heavyConcealment'),
  },
} as const;

/**
 * The Strength requirement: "For one-handed weapons, if your Strength is less than the damage value of
 * your weapon, you suffer a ⊖ ... For two-handed weapons ... less than half the weapon's damage value."
 * Returns the requirement to compare with `<` (half may be x.5); an explicit `strengthReq` wins, and a
 * thrown grenade requires 3.
 */
export function strengthRequirement(w: Pick<Weapon, 'damage' | 'twoHanded' | 'grenade' | 'strengthReq'>): number {
  if (w.strengthReq !== undefined) return w.strengthReq;
  if (w.grenade) return GRENADE_STRENGTH;
  return w.twoHanded ? w.damage / 2 : w.damage;
}

const obstruction = (what: 'cover' | 'concealment', o: Obstruction | undefined): Reason[] =>
  o
    ? [
        {
          label: o.note
            ? msg('rpg-attacks:reason.obstructionNote', { what: OBSTRUCTION_NAMES[what][o.level], note: o.note })
            : OBSTRUCTION_NAMES[what][o.level],
          edge: -coverWeight(o.level),
        },
      ]
    : [];

/** Sums reasons into boons and banes. */
export function edgeOf(reasons: readonly Reason[]): Edge {
  let boons = 0;
  let banes = 0;
  for (const r of reasons)
    if (r.edge > 0) boons += r.edge;
    else banes -= r.edge;
  return { boons, banes };
}

/**
 * The attack before the dice: refusals first (the first that applies is given), then every reason
 * for a boon or a bane. Grenades are refused here: their throw is an area effect (the area rules).
 */
export function planAttack(
  attacker: Attacker,
  weapon: Weapon,
  target: Target,
  o: AttackOptions,
): Result<AttackPlan, AttackRefusal> {
  const refuse = (code: RefusalCode, reason: Msg) => err({ code, reason });
  const weaponArg = { weapon: weapon.name };
  if (weapon.grenade) return refuse('area', msg('rpg-attacks:refuse.area', weaponArg));
  const band = rangeBand(weapon, o.distance);
  if (!band) return refuse('out-of-range', msg('rpg-attacks:refuse.range', { ...weaponArg, d: metres(o.distance) }));
  const ranged = weapon.skill === 'projectiles';
  if (ranged && o.engaged && !weapon.close) return refuse('engaged', msg('rpg-attacks:refuse.engaged', weaponArg));
  if (o.grapple && !weapon.close && !o.improvised)
    return refuse('grapple', msg('rpg-attacks:refuse.grapple', weaponArg));
  if (o.offhand && !weapon.offhand) return refuse('offhand', msg('rpg-attacks:refuse.offhand', weaponArg));
  if (o.auto && weapon.auto === 0) return refuse('no-auto', msg('rpg-attacks:refuse.noAuto', weaponArg));
  const shots = o.auto ? weapon.auto : weapon.ammo !== undefined ? 1 : 0;
  const left = o.roundsLeft ?? weapon.ammo;
  if (left !== undefined && shots > left)
    return refuse('no-ammo', msg('rpg-attacks:refuse.noAmmo', { ...weaponArg, shots, left }));

  const reasons: Reason[] = [];
  if (band.banes > 0)
    reasons.push({
      label: msg('rpg-attacks:reason.range', { d: metres(o.distance) }),
      edge: -band.banes,
    });
  const need = strengthRequirement(weapon);
  if (attacker.strength < need)
    reasons.push({
      label: weapon.twoHanded
        ? msg('rpg-attacks:reason.strengthTwoHanded', { strength: attacker.strength, need })
        : msg('rpg-attacks:reason.strength', { strength: attacker.strength, need }),
      edge: -1,
    });
  if (o.offhand) reasons.push({ label: msg('rpg-attacks:reason.offhand'), edge: -1 });
  if (o.grapple && !weapon.close) reasons.push({ label: msg('rpg-attacks:reason.improvised'), edge: -1 });
  if (o.stunt) reasons.push({ label: msg('rpg-attacks:reason.stunt', { stunt: o.stunt }), edge: -1 });
  reasons.push(...obstruction('cover', o.cover), ...obstruction('concealment', o.concealment));
  if (o.auto) reasons.push({ label: msg('rpg-attacks:reason.auto', { rounds: weapon.auto }), edge: 1 });
  reasons.push(...(o.extra ?? []));

  const versus = weapon.targets;
  return ok({
    skill: weapon.skill,
    skillValue: attacker.skills[weapon.skill],
    versus,
    tn: o.targetTotal ?? target[versus],
    reasons,
    edge: edgeOf(reasons),
    shots,
    auto: o.auto === true,
    halved: o.pull === true || (o.grapple === true && !weapon.close),
    pull: o.pull === true,
  });
}

/** "⊕⊕", "⊖" or "" for a reason's edge. */
const symbols = (edge: number): string => (edge > 0 ? '⊕'.repeat(edge) : '⊖'.repeat(-edge));

/** The button text: "Projectiles vs Defense 11, ⊖⊖ heavy cover (80 % hidden), ⊕ auto (5 rounds)". */
export function attackWords(p: Pick<AttackPlan, 'skill' | 'versus' | 'tn' | 'reasons'>): Msg {
  const head = msg('rpg-attacks:attack.head', {
    skill: SKILL_NAMES[p.skill],
    versus: VERSUS_NAMES[p.versus],
    tn: p.tn,
  });
  return msg('rpg-attacks:list', {
    items: [head, ...p.reasons.filter((r) => r.edge !== 0).map((r) => reasonWords(r.edge, r.label))],
  });
}

/** One reason with its boons or banes: "⊖⊖ heavy cover". */
export const reasonWords = (edge: number, label: Text): Msg =>
  msg('rpg-attacks:reason.signed', { sign: symbols(edge), label });

/** The hits an automatic-fire success scores: one, plus one per full Margin 5, at most the Auto rating. */
export function autoHits(margin: number, autoRating: number): number {
  return Math.max(1, Math.min(1 + Math.floor(margin / 5), autoRating));
}

/**
 * The hits of a rolled test (none on a failure). Hit i (0-based) does weapon damage + margin - 5i
 * ("Reduce the damage of each subsequent hit by five"), halved when the plan says so, minus Armour.
 * Only hit 0 of a critical is a Grave Wound, even when Armour takes all its damage; a pulled Grave Wound is
 * a Wound (`knockout` says so). Any other hit Armour takes to 0 deals no consequence.
 */
export function hitsOf(
  plan: Pick<AttackPlan, 'auto' | 'halved' | 'pull'>,
  weapon: Pick<Weapon, 'damage' | 'auto'>,
  test: Pick<TestResult, 'success' | 'margin' | 'critical'>,
  armour: number,
): { hits: Hit[]; knockout: boolean } {
  if (!test.success) return { hits: [], knockout: false };
  const n = plan.auto ? autoHits(test.margin, weapon.auto) : 1;
  let knockout = false;
  const hits = Array.from({ length: n }, (_, i): Hit => {
    const raw = weapon.damage + test.margin - 5 * i;
    const damage = Math.max(0, (plan.halved ? Math.floor(raw / 2) : raw) - armour);
    // "If you score a critical hit, you deal a Grave Wound": the first hit's, whatever Armour leaves of its damage.
    if (i === 0 && test.critical) {
      if (!plan.pull) return { damage, consequence: 'grave-wound' };
      knockout = true;
      return { damage, consequence: 'wound' };
    }
    if (damage === 0) return { damage, consequence: 'none' };
    return { damage, consequence: 'wound' };
  });
  return { hits, knockout };
}

/**
 * Rolls one planned attack: 1 + |net edge| d20s, then 1d10 hours for a pulled Grave Wound (`hoursNow`; the
 * battle rolls them when the blow lands, after a parry window).
 */
export function rollAttack(
  dice: DiceSource,
  plan: AttackPlan,
  weapon: Weapon,
  target: Target,
  hoursNow = true,
): AttackResult {
  const test = rollTest(dice, plan.skillValue, plan.tn, plan.edge);
  const { hits, knockout } = hitsOf(plan, weapon, test, target.armour);
  return {
    plan,
    test,
    hits,
    shots: plan.shots,
    knockout,
    unconsciousHours: knockout && hoursNow ? dice.d(10) : 0,
    words: attackWords(plan),
  };
}

/** Plans and rolls one attack; a refused attack rolls nothing. */
export function resolveAttack(
  dice: DiceSource,
  attacker: Attacker,
  weapon: Weapon,
  target: Target,
  o: AttackOptions,
): Result<AttackResult, AttackRefusal> {
  const p = planAttack(attacker, weapon, target, o);
  return p.ok ? ok(rollAttack(dice, p.value, weapon, target)) : p;
}
