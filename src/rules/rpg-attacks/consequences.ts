/**
 * Consequences (rpg-attacks.en.txt names them, its "page XXX" that defines them is not in the chapter):
 * Wound, Grave Wound, Hindered, Prone, and going down. The shared README gives "a Wound gives a bane on
 * physical tests; a Grave Wound two banes and a risk of going down"; the rest are fixed readings here,
 * each stated where it is coded:
 * - Banes are cumulative: one ⊖ per Wound, ⊖⊖ per Grave Wound, one ⊖ per Hindered, and together never
 *   more than ⊖⊖⊖ on one physical test (MAX_CONSEQUENCE_BANES). Mental tests (Det, Willpower) take none.
 * - A Grave Wound risks going down: a Det test (d20 + Det) against TN 10 + the Grave Wounds now held
 *   (this one included); a fail, a natural 1 included, puts the character down.
 * - Down without a test once Wounds + 2 x Grave Wounds reaches 6 (the third Grave Wound, or six Wounds).
 * - Prone: its own melee attacks take ⊖, melee attacks against it gain ⊕; ranged attacks are not changed
 *   here (the geometry already sees a prone body as its base alone, so cover and the visible fraction
 *   count it); standing up costs its move action.
 * - Hindered has a cause: a grapple (by = the grappler's id, kept until that grapple frees it: see
 *   grapple.ts) or anything else (by = null); a Called Shot's lasts until the end of the target's next
 *   turn (endTurn clears it).
 * State is plain JSON; every function returns a new condition and never changes its input.
 */
import type { DiceSource } from '../dice/source';
import { msg, type Msg } from '../engine/message';
import { rollTest, type Edge, type TestResult } from './d20';

/** Why a character is Hindered. */
export const HINDERED_CAUSES = ['grapple', 'calledShot', 'other'] as const;
/** Why a character is Hindered. */
export type HinderedCause = (typeof HINDERED_CAUSES)[number];

/** One Hindered consequence. */
export interface Hindrance {
  /** The grappler's id for a grapple's Hindered; null for every other cause. */
  by: string | null;
  cause: HinderedCause;
}

/** A character's consequences, as plain JSON. */
export interface Condition {
  wounds: number;
  graveWounds: number;
  hindered: Hindrance[];
  prone: boolean;
  /** Out of the fight (a failed Det test on a Grave Wound, or the total of DOWN_AT). */
  down: boolean;
  /** Knocked out (a pulled punch that would have dealt a Grave Wound); hours left, or 0. */
  unconsciousHours: number;
}

/** A character with no consequence. */
export const HEALTHY: Condition = {
  wounds: 0,
  graveWounds: 0,
  hindered: [],
  prone: false,
  down: false,
  unconsciousHours: 0,
};

/** The most banes consequences put on one physical test (reading: cumulative, capped at ⊖⊖⊖). */
export const MAX_CONSEQUENCE_BANES = 3;
/** Wounds + 2 x Grave Wounds at which a character goes down without a test (reading). */
export const DOWN_AT = 6;
/** Hindered from grapples (summed over every grappler) at which a character is pinned ("Grappling"). */
export const PINNED_AT = 3;
/** The Det test on a Grave Wound: TN = DOWN_TEST_BASE_TN + Grave Wounds held (reading). */
export const DOWN_TEST_BASE_TN = 10;

/** A consequence to apply. */
export type Consequence =
  | { kind: 'wound' }
  /** `det`: the character's Det (Determination), for the test against going down. */
  | { kind: 'graveWound'; det: number }
  | { kind: 'hindered'; by: string | null; cause: HinderedCause }
  | { kind: 'prone' }
  /** A pulled punch that would have dealt a Grave Wound ("Pulling Punches"): `hours` rolled on 1d10. */
  | { kind: 'unconscious'; hours: number };

/** The result of applying a consequence. */
export interface Applied {
  condition: Condition;
  /** The Det test a Grave Wound called for (absent when none was rolled). */
  downTest?: TestResult;
  /** This consequence put the character down. */
  wentDown: boolean;
}

/** How many banes the consequences put on a physical test (attack, Strength, Speed, Defense-12 dodge). */
export function physicalBanes(c: Condition): number {
  const raw = c.wounds + 2 * c.graveWounds + c.hindered.length;
  return Math.min(MAX_CONSEQUENCE_BANES, raw);
}

/** The edge of a physical test: `edge` plus the consequences' banes. */
export const withPhysicalBanes = (edge: Edge, c: Condition): Edge => ({
  boons: edge.boons,
  banes: edge.banes + physicalBanes(c),
});

/** Wounds + 2 x Grave Wounds: the running total that reaches DOWN_AT. */
export const woundTotal = (c: Condition): number => c.wounds + 2 * c.graveWounds;

/** The character is out of the fight (down or unconscious). */
export const isDown = (c: Condition): boolean => c.down || c.unconsciousHours > 0;

/** Hindered consequences from grapples (those with a grappler). */
export const grappleHindered = (c: Condition): number => c.hindered.filter((h) => h.by !== null).length;

/**
 * Applies one consequence. A Grave Wound rolls the Det test against going down on `dice` (required for
 * it), unless the character is already down or the total reaches DOWN_AT (then down without a test).
 */
export function applyConsequence(c: Condition, k: Consequence, dice?: DiceSource): Applied {
  switch (k.kind) {
    case 'wound': {
      const condition = { ...c, wounds: c.wounds + 1 };
      return settleDown(c, condition);
    }
    case 'graveWound': {
      const condition = { ...c, graveWounds: c.graveWounds + 1 };
      if (c.down || woundTotal(condition) >= DOWN_AT) return settleDown(c, condition);
      if (!dice) throw new RangeError('a Grave Wound needs dice for its Det test against going down');
      const downTest = rollTest(dice, k.det, DOWN_TEST_BASE_TN + condition.graveWounds);
      const down = !downTest.success;
      return { condition: { ...condition, down }, downTest, wentDown: down };
    }
    case 'hindered':
      return { condition: { ...c, hindered: [...c.hindered, { by: k.by, cause: k.cause }] }, wentDown: false };
    case 'prone':
      return { condition: { ...c, prone: true }, wentDown: false };
    case 'unconscious': {
      const hours = Math.max(c.unconsciousHours, k.hours);
      return { condition: { ...c, unconsciousHours: hours }, wentDown: c.unconsciousHours === 0 && !c.down };
    }
  }
}

function settleDown(before: Condition, after: Condition): Applied {
  const down = before.down || woundTotal(after) >= DOWN_AT;
  return { condition: { ...after, down }, wentDown: down && !before.down };
}

/** Removes one Hindered of the grapple by `by` (the first found); unchanged when there is none. */
export function removeHindered(c: Condition, by: string): Condition {
  const i = c.hindered.findIndex((h) => h.by === by);
  if (i < 0) return c;
  return { ...c, hindered: c.hindered.filter((_, j) => j !== i) };
}

/** Removes every Hindered of the grapple by `by` (a released grapple). */
export const removeAllHinderedBy = (c: Condition, by: string): Condition => ({
  ...c,
  hindered: c.hindered.filter((h) => h.by !== by),
});

/** The end of this character's own turn: a Called Shot's Hindered ends ("until the end of its next turn"). */
export const endTurn = (c: Condition): Condition => ({
  ...c,
  hindered: c.hindered.filter((h) => h.cause !== 'calledShot'),
});

/** What standing up costs (reading): the character's move action. */
export const STAND_UP_COSTS = 'move' as const;

/** Stands a prone character up (the caller spends its move action: STAND_UP_COSTS). */
export const standUp = (c: Condition): Condition => ({ ...c, prone: false });

/** Attack kinds as far as Prone is concerned. */
export type AttackKind = 'melee' | 'ranged';

/**
 * The edge Prone gives an attack (reading): ⊖ on a prone attacker's melee attack, ⊕ on a melee attack
 * against a prone target; ranged attacks none (the geometry counts the lower body). They cancel.
 */
export function proneEdge(attacker: Condition, target: Condition, kind: AttackKind): Edge {
  if (kind === 'ranged') return { boons: 0, banes: 0 };
  return { boons: target.prone ? 1 : 0, banes: attacker.prone ? 1 : 0 };
}

/**
 * The consequences in words, one phrase each ("2 Wounds", "Hindered (grappled by a1)", "prone"); `name`
 * names a grappler by its id (default: the id).
 */
export function conditionWords(c: Condition, name: (id: string) => string = (id) => id): Msg[] {
  const words: Msg[] = [];
  if (c.wounds > 0) words.push(msg('rpg-attacks:condition.wounds', { n: c.wounds }));
  if (c.graveWounds > 0) words.push(msg('rpg-attacks:condition.graveWounds', { n: c.graveWounds }));
  const groups = new Map<string, { why: Msg; n: number }>();
  for (const h of c.hindered) {
    const key = h.by !== null ? `by:${h.by}` : h.cause === 'calledShot' ? 'called' : 'other';
    const why =
      h.by !== null
        ? msg('rpg-attacks:hindered.grappledBy', { name: name(h.by) })
        : h.cause === 'calledShot'
          ? msg('rpg-attacks:hindered.calledShot')
          : msg('rpg-attacks:hindered.other');
    groups.set(key, { why, n: (groups.get(key)?.n ?? 0) + 1 });
  }
  for (const { why, n } of groups.values()) words.push(msg('rpg-attacks:condition.hindered', { n, why }));
  if (grappleHindered(c) >= PINNED_AT) words.push(msg('rpg-attacks:condition.pinned'));
  if (c.prone) words.push(msg('rpg-attacks:condition.prone'));
  if (c.down) words.push(msg('rpg-attacks:condition.down'));
  if (c.unconsciousHours > 0) words.push(msg('rpg-attacks:condition.unconscious', { n: c.unconsciousHours }));
  const banes = physicalBanes(c);
  if (banes > 0) words.push(msg('rpg-attacks:condition.banes', { sign: '⊖'.repeat(banes) }));
  return words;
}
