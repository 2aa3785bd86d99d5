/**
 * The odds the rpg-attacks bot weighs, read from the rules' own functions: a test's chances are the
 * share of kept d20 faces for which the rules' `judge` succeeds (with net boons, the best of 1 + n
 * d20s is kept; with net banes, the worst: the exact chance of each kept face), and an attack's hits
 * come from `hitsOf` for each kept face, so the bot keeps no copy of a table. Values are "takeouts":
 * the expected harm (a Wound 1, a Grave Wound 2, or down on a failed Det test) as a share of the harm
 * the target can still take before it goes down (1 = it goes down).
 */
import { hitsOf, type AttackPlan } from '../attack';
import { DOWN_AT, DOWN_TEST_BASE_TN, woundTotal } from '../consequences';
import { judge, netEdge, type Edge, type TestResult } from '../d20';
import type { Weapon } from '../data';
import type { RpgChar } from '../game';
import { judgeSuppression } from '../suppression';
import type { Cover } from '../area';

const FACES = Array.from({ length: 20 }, (_, i) => i + 1);

/** The chance that the kept die shows `k` when 1 + |net| d20s are rolled, keeping the best (net > 0) or worst. */
export function keptChance(k: number, net: number): number {
  const n = 1 + Math.abs(net);
  return net >= 0 ? (k / 20) ** n - ((k - 1) / 20) ** n : ((21 - k) / 20) ** n - ((20 - k) / 20) ** n;
}

const memo = new Map<string, readonly { p: number; test: TestResult }[]>();

/** Each kept face with its chance and the rules' judgement of the test (memoised). */
export function outcomes(skill: number, tn: number, edge: Edge): readonly { p: number; test: TestResult }[] {
  const net = netEdge(edge);
  const key = `${skill}|${tn}|${net}`;
  let o = memo.get(key);
  if (!o) memo.set(key, (o = FACES.map((k) => ({ p: keptChance(k, net), test: judge(k, skill, tn) }))));
  return o;
}

/** The chance a test of `skill` against `tn` with `edge` succeeds. */
export const successChance = (skill: number, tn: number, edge: Edge): number =>
  outcomes(skill, tn, edge).reduce((sum, o) => sum + (o.test.success ? o.p : 0), 0);

/** The harm a character can still take before it goes down (Wounds + 2 x Grave Wounds reach DOWN_AT). */
export const harmLeft = (t: RpgChar): number => Math.max(1, DOWN_AT - woundTotal(t.condition));

/** The takeout of `wounds` Wounds and `graves` Grave Wounds on `t` (a Grave Wound may put it down on the Det test). */
export function takeout(t: RpgChar, wounds: number, graves: number): number {
  const left = harmLeft(t);
  const harm = wounds + 2 * graves;
  if (harm >= left) return 1;
  if (graves === 0) return harm / left;
  // The first Grave Wound's Det test against going down (DOWN_TEST_BASE_TN + Grave Wounds after it).
  const stay = successChance(t.stats.det, DOWN_TEST_BASE_TN + t.condition.graveWounds + 1, { boons: 0, banes: 0 });
  return (1 - stay) * 1 + stay * (harm / left);
}

/** An attack's odds: expected takeout, hit and critical chances, expected hits. */
export interface Odds {
  value: number;
  hit: number;
  critical: number;
  hits: number;
}

const attacks = new Map<string, Odds>();

/** An attack's expected takeout, its hit chance and its critical chance (`hitsOf` for each kept face; memoised). */
export function attackOdds(plan: AttackPlan, weapon: Weapon, t: RpgChar): Odds {
  const c = t.condition;
  const key = [
    plan.skillValue,
    plan.tn,
    netEdge(plan.edge),
    plan.auto,
    plan.halved,
    plan.pull,
    weapon.id,
    weapon.damage,
    weapon.auto,
    t.stats.armour,
    t.stats.det,
    woundTotal(c),
    c.graveWounds,
  ].join('|');
  let odds = attacks.get(key);
  if (!odds) attacks.set(key, (odds = computeOdds(plan, weapon, t)));
  return odds;
}

function computeOdds(plan: AttackPlan, weapon: Weapon, t: RpgChar): Odds {
  let value = 0,
    hit = 0,
    critical = 0,
    hits = 0;
  for (const { p, test } of outcomes(plan.skillValue, plan.tn, plan.edge)) {
    if (!test.success || p === 0) continue;
    hit += p;
    if (test.critical) critical += p;
    const { hits: h, knockout } = hitsOf(plan, weapon, test, t.stats.armour);
    const wounds = h.filter((x) => x.consequence === 'wound').length;
    const graves = h.filter((x) => x.consequence === 'grave-wound').length;
    hits += p * h.length;
    // A pulled blow's would-be Grave Wound knocks the target out: out of the fight.
    value += p * (knockout ? 1 : takeout(t, wounds, graves));
  }
  return { value, hit, critical, hits };
}

/** The chance a suppression d10 hits a character with `cover` and armour, and deals harm (`judgeSuppression`). */
export function suppressionChance(auto: number, damage: number, cover: Cover, armour: number): number {
  let n = 0;
  for (let d = 1; d <= 10; d++) if (judgeSuppression(d, auto, cover, damage, armour).damage > 0) n++;
  return n / 10;
}
