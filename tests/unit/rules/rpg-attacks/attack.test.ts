/** One attack: TN, the edge from its circumstances with reasons, refusals, hits, automatic fire and pulled punches. */
import { describe, expect, it } from 'vitest';
import { scriptedDice as scripted } from '../../../../src/rules/dice/source';
import {
  attackWords,
  autoHits,
  edgeOf,
  hitsOf,
  planAttack,
  resolveAttack,
  strengthRequirement,
  type AttackOptions,
  type Attacker,
  type Target,
} from '../../../../src/rules/rpg-attacks/attack';
import type { Weapon } from '../../../../src/rules/rpg-attacks/data';
import { en } from '../../../support/words';

const weapon = (w: Partial<Weapon>): Weapon => ({
  id: 'w',
  name: 'Weapon',
  damage: 3,
  damageType: 'cutting',
  skill: 'melee',
  targets: 'defense',
  auto: 0,
  close: false,
  twoHanded: false,
  offhand: false,
  ranges: [{ upTo: 1, banes: 0 }],
  ...w,
});
const knife = weapon({ id: 'knife', name: 'Knife', close: true, offhand: true });
const machete = weapon({ id: 'machete', name: 'Machete', damage: 6 });
const gun = weapon({
  id: 'smg',
  name: 'Machine pistol',
  damage: 5,
  damageType: 'piercing',
  skill: 'projectiles',
  auto: 5,
  ranges: [
    { upTo: 15, banes: 0 },
    { upTo: 40, banes: 1 },
    { upTo: 80, banes: 2 },
  ],
  ammo: 30,
});
const pistol = weapon({ ...gun, id: 'pistol', name: 'Pistol', auto: 0, close: true, offhand: true, ammo: 12 });
const hymn = weapon({
  name: 'Dread hymn',
  skill: 'projectiles',
  targets: 'willpower',
  close: true,
  damageType: 'mental',
});

const who = (skill: number, strength = 5): Attacker => ({
  skills: { melee: skill, projectiles: skill, unarmed: skill },
  strength,
});
const foe = (defense: number, armour = 0, willpower = 8): Target => ({ defense, willpower, armour });
const plan = (a: Attacker, w: Weapon, t: Target, o: AttackOptions) => {
  const p = planAttack(a, w, t, o);
  if (!p.ok) throw new Error(en(p.error.reason));
  return p.value;
};
/** Reasons with their labels in English. */
const labels = (rs: readonly { label: Parameters<typeof en>[0]; edge: number }[]) =>
  rs.map((r) => ({ ...r, label: en(r.label) }));
/** A refusal's reason in English. */
const refused = <T>(
  r: { ok: true; value: T } | { ok: false; error: { code: string; reason: Parameters<typeof en>[0] } },
) => (r.ok ? r : { ok: false, error: { ...r.error, reason: en(r.error.reason) } });

describe('rpg-attacks: one attack', () => {
  it("Azure's knife: Melee total 13 against Defense 9 is a hit (margin 4, damage 3 + 4); 17 is not critical, 18 is", () => {
    const azure = who(5, 4);
    const saboteur = foe(9);
    const at = (d20: number) => resolveAttack(scripted([d20]), azure, knife, saboteur, { distance: 1 });
    expect(at(8)).toMatchObject({
      ok: true,
      value: { test: { total: 13, success: true, margin: 4, critical: false } },
    });
    expect(at(8)).toMatchObject({ value: { hits: [{ damage: 7, consequence: 'wound' }], shots: 0 } });
    expect(at(12)).toMatchObject({ value: { test: { total: 17, critical: false }, hits: [{ consequence: 'wound' }] } });
    expect(at(13)).toMatchObject({
      value: { test: { total: 18, margin: 9, critical: true }, hits: [{ damage: 12, consequence: 'grave-wound' }] },
    });
    expect(at(3)).toMatchObject({ value: { test: { total: 8, success: false }, hits: [] } });
  });

  it("Gan's Auto 5, Damage 5, critical with Margin 11: ⊕, 5 rounds, hits of 16, 11 and 6, only the first a Grave Wound", () => {
    const r = resolveAttack(scripted([4, 15]), who(6), gun, foe(10), { distance: 12, auto: true });
    expect(r.ok && en(r.value.words)).toBe('Projectiles vs Defense 10, ⊕ auto (5 rounds)');
    expect(r).toMatchObject({
      ok: true,
      value: {
        test: { dice: [4, 15], kept: 15, total: 21, margin: 11, critical: true },
        shots: 5,
        hits: [
          { damage: 16, consequence: 'grave-wound' },
          { damage: 11, consequence: 'wound' },
          { damage: 6, consequence: 'wound' },
        ],
      },
    });
  });

  it('automatic fire: one extra hit per full Margin 5 (4 → 1 hit, 5 → 2, 9 → 2, 10 → 3), at most the Auto rating', () => {
    expect([0, 4, 5, 9, 10, 11, 14, 15].map((m) => autoHits(m, 5))).toEqual([1, 1, 2, 2, 3, 3, 3, 4]);
    expect(autoHits(30, 3)).toBe(3);
    const auto = { auto: true, halved: false, pull: false };
    const dmg = (margin: number) =>
      hitsOf(auto, gun, { success: true, margin, critical: false }, 0).hits.map((h) => h.damage);
    expect(dmg(9)).toEqual([14, 9]);
    expect(dmg(10)).toEqual([15, 10, 5]);
    expect(hitsOf({ ...auto, auto: false }, gun, { success: true, margin: 10, critical: false }, 0).hits).toHaveLength(
      1,
    );
  });

  it('Armour comes off each hit, never below 0; a hit that deals nothing deals no consequence, unless it is a critical', () => {
    const single = { auto: false, halved: false, pull: false };
    expect(hitsOf(single, knife, { success: true, margin: 4, critical: false }, 2).hits).toEqual([
      { damage: 5, consequence: 'wound' },
    ]);
    expect(hitsOf(single, knife, { success: true, margin: 0, critical: false }, 3).hits).toEqual([
      { damage: 0, consequence: 'none' },
    ]);
    // "If you score a critical hit, you deal a Grave Wound": Armour 9 takes all 4 damage, the Grave Wound stays.
    expect(hitsOf(single, knife, { success: true, margin: 1, critical: true }, 9).hits).toEqual([
      { damage: 0, consequence: 'grave-wound' },
    ]);
    // Pulled: a Wound and unconscious instead.
    expect(hitsOf({ ...single, pull: true }, knife, { success: true, margin: 1, critical: true }, 9)).toEqual({
      hits: [{ damage: 0, consequence: 'wound' }],
      knockout: true,
    });
    const auto = { ...single, auto: true };
    expect(hitsOf(auto, gun, { success: true, margin: 11, critical: true }, 7).hits).toEqual([
      { damage: 9, consequence: 'grave-wound' },
      { damage: 4, consequence: 'wound' },
      { damage: 0, consequence: 'none' },
    ]);
  });

  it('pulling punches: half damage (rounded down, before Armour); a Grave Wound becomes a Wound and 1d10 hours out', () => {
    const hit = resolveAttack(scripted([8]), who(5), knife, foe(9), { distance: 1, pull: true });
    expect(hit).toMatchObject({ value: { hits: [{ damage: 3, consequence: 'wound' }], unconsciousHours: 0 } });
    const crit = resolveAttack(scripted([13, 7]), who(5), knife, foe(9, 1), { distance: 1, pull: true });
    expect(crit).toMatchObject({ value: { hits: [{ damage: 5, consequence: 'wound' }], unconsciousHours: 7 } });
    // Armour 6 takes all the damage; the critical's Grave Wound stays, so pulled it is a Wound and 1d10 hours out.
    const stopped = resolveAttack(scripted([13, 4]), who(5), knife, foe(9, 6), { distance: 1, pull: true });
    expect(stopped).toMatchObject({ value: { hits: [{ damage: 0, consequence: 'wound' }], unconsciousHours: 4 } });
    // Not a critical (12 + 5 = 17 < 18): nothing at all.
    const plain = resolveAttack(scripted([12]), who(5), knife, foe(9, 9), { distance: 1, pull: true });
    expect(plain).toMatchObject({ value: { hits: [{ damage: 0, consequence: 'none' }], unconsciousHours: 0 } });
  });

  it('the Strength requirement: one-handed at the damage (5 none, 4 ⊖), two-handed at exactly half (7: 4 none, 3 ⊖)', () => {
    const banes = (w: Weapon, strength: number) => plan(who(5, strength), w, foe(9), { distance: 1 }).edge.banes;
    const heavy = weapon({ damage: 5 });
    expect([banes(heavy, 6), banes(heavy, 5), banes(heavy, 4)]).toEqual([0, 0, 1]);
    const twoHanded = weapon({ damage: 7, twoHanded: true });
    expect(strengthRequirement(twoHanded)).toBe(3.5);
    expect([banes(twoHanded, 4), banes(twoHanded, 3)]).toEqual([0, 1]);
    const maul = weapon({ damage: 10, twoHanded: true });
    expect([banes(maul, 5), banes(maul, 4)]).toEqual([0, 1]);
    expect(labels(plan(who(5, 4), heavy, foe(9), { distance: 1 }).reasons)).toEqual([
      { label: 'Strength 4 < 5', edge: -1 },
    ]);
    expect(strengthRequirement(weapon({ damage: 8, grenade: true }))).toBe(3);
    expect(strengthRequirement(weapon({ damage: 8, strengthReq: 2 }))).toBe(2);
  });

  it('a ranged attack while engaged in melee is refused, allowed with Close; melee is never refused for it', () => {
    expect(refused(planAttack(who(5), gun, foe(9), { distance: 1, engaged: true }))).toEqual({
      ok: false,
      error: { code: 'engaged', reason: 'no ranged attack while engaged in melee: Machine pistol lacks Close' },
    });
    expect(planAttack(who(5), gun, foe(9), { distance: 1 }).ok).toBe(true);
    expect(planAttack(who(5), pistol, foe(9), { distance: 1, engaged: true }).ok).toBe(true);
    expect(planAttack(who(5), machete, foe(9), { distance: 1, engaged: true }).ok).toBe(true);
  });

  it('out of range is refused; range bands give their banes (15 m none, 16 m ⊖, 80 m ⊖⊖, 81 m refused)', () => {
    const at = (distance: number) => planAttack(who(5), gun, foe(9), { distance });
    expect(at(15)).toMatchObject({ ok: true, value: { reasons: [] } });
    expect(labels((at(16) as { value: { reasons: { label: string; edge: number }[] } }).value.reasons)).toEqual([
      { label: 'range 16" (16 m)', edge: -1 },
    ]);
    expect(at(80)).toMatchObject({ ok: true, value: { edge: { boons: 0, banes: 2 } } });
    expect(refused(at(81))).toEqual({
      ok: false,
      error: { code: 'out-of-range', reason: 'Machine pistol does not reach 81" (81 m)' },
    });
    expect(planAttack(who(5), knife, foe(9), { distance: 1.5 })).toMatchObject({ error: { code: 'out-of-range' } });
  });

  it('a refused attack rolls no dice', () => {
    const dice = scripted([]);
    expect(resolveAttack(dice, who(5), gun, foe(9), { distance: 100 }).ok).toBe(false);
    expect(dice.rolled).toEqual([]);
  });

  it('the button words: cover and concealment (moderate ⊖, heavy ⊖⊖), offhand, stunt, automatic fire, in order', () => {
    const p = plan(who(6), gun, foe(11), {
      distance: 20,
      auto: true,
      cover: { level: 'heavy', note: '80 % hidden' },
      concealment: { level: 'moderate' },
    });
    expect(en(attackWords(p))).toBe(
      'Projectiles vs Defense 11, ⊖ range 20" (20 m), ⊖⊖ heavy cover (80 % hidden), ⊖ moderate concealment, ⊕ auto (5 rounds)',
    );
    expect(p.edge).toEqual({ boons: 1, banes: 4 });
    const off = plan(who(5), knife, foe(9), { distance: 1, offhand: true, stunt: 'Disarm', targetTotal: 12 });
    expect(en(attackWords(off))).toBe('Melee vs Defense 12, ⊖ offhand, ⊖ stunt: Disarm');
    expect(edgeOf([{ label: 'trait', edge: 1 }, ...off.reasons])).toEqual({ boons: 1, banes: 2 });
  });

  it('a ⊕ and a ⊖ cancel: automatic fire from moderate cover rolls one d20', () => {
    const r = resolveAttack(scripted([9]), who(6), gun, foe(10), {
      distance: 5,
      auto: true,
      cover: { level: 'moderate' },
    });
    expect(r).toMatchObject({ ok: true, value: { test: { dice: [9], total: 15, margin: 5 }, hits: [{}, {}] } });
  });

  it('mental attacks target Willpower', () => {
    const p = plan(who(6), hymn, foe(9, 0, 13), { distance: 1 });
    expect([p.versus, p.tn, en(attackWords(p))]).toEqual(['willpower', 13, 'Projectiles vs Willpower 13']);
  });

  it('in a grapple: Close weapons unimpeded; others refused, or improvised with ⊖ and half damage', () => {
    expect(plan(who(5), knife, foe(9), { distance: 1, grapple: true }).reasons).toEqual([]);
    expect(planAttack(who(5), machete, foe(9), { distance: 1, grapple: true })).toMatchObject({
      ok: false,
      error: { code: 'grapple' },
    });
    const r = resolveAttack(scripted([14, 9]), who(5, 6), machete, foe(9), {
      distance: 1,
      grapple: true,
      improvised: true,
    });
    // ⊖: two d20s, the worst (9) kept; total 14 against 9, margin 5; (6 + 5) / 2 rounds down to 5
    expect(r.ok && labels(r.value.plan.reasons)).toEqual([{ label: 'improvised in a grapple', edge: -1 }]);
    expect(r).toMatchObject({
      ok: true,
      value: {
        test: { kept: 9, margin: 5 },
        hits: [{ damage: 5, consequence: 'wound' }],
      },
    });
  });

  it('automatic fire needs an Auto rating and the rounds; a single shot spends 1; offhand needs an offhand weapon', () => {
    expect(planAttack(who(5), pistol, foe(9), { distance: 5, auto: true })).toMatchObject({
      error: { code: 'no-auto' },
    });
    expect(refused(planAttack(who(5), gun, foe(9), { distance: 5, auto: true, roundsLeft: 4 }))).toEqual({
      ok: false,
      error: { code: 'no-ammo', reason: 'Machine pistol needs 5 rounds, 4 left' },
    });
    expect(plan(who(5), gun, foe(9), { distance: 5, auto: true, roundsLeft: 5 }).shots).toBe(5);
    expect(plan(who(5), gun, foe(9), { distance: 5 }).shots).toBe(1);
    expect(planAttack(who(5), pistol, foe(9), { distance: 5, roundsLeft: 0 })).toMatchObject({
      error: { code: 'no-ammo' },
    });
    expect(planAttack(who(5), machete, foe(9), { distance: 1, offhand: true })).toMatchObject({
      error: { code: 'offhand' },
    });
  });

  it('a grenade is an area effect, refused as a single-target attack', () => {
    const frag = weapon({ name: 'Frag grenade', skill: 'projectiles', grenade: true, blast: [1, 3], ammo: 2 });
    expect(planAttack(who(5), frag, foe(9), { distance: 5 })).toMatchObject({ error: { code: 'area' } });
  });
});
