/** The rpg-attacks bot's choices on a fake table with cover zones: shots, grenades, cover, suppressive fire, Dodge. */
import { describe, expect, it } from 'vitest';
import { rpgAttacksMove } from '../../../../../src/rules/rpg-attacks/ai';
import { attackOdds, successChance } from '../../../../../src/rules/rpg-attacks/ai/odds';
import { Look, threatOf } from '../../../../../src/rules/rpg-attacks/ai/look';
import { HOLD, PRONE, holdWorth, scoreOf } from '../../../../../src/rules/rpg-attacks/ai/score';
import { HEALTHY, PINNED_AT } from '../../../../../src/rules/rpg-attacks/consequences';
import { planFor } from '../../../../../src/rules/rpg-attacks/fight';
import { stuntEdge } from '../../../../../src/rules/rpg-attacks/stunts';
import { layoutOf } from '../../../../../src/rules/rpg-attacks/game';
import { PASS } from '../../../../../src/rules/engine/match';
import type { RpgState } from '../../../../../src/rules/rpg-attacks/game';
import { fresh, matchOf, placed, play, set, table } from '../fixture';
import { covered } from './table';

/** The turn's move already made: only the action is left to choose. */
const moved = (s: RpgState): RpgState => ({ ...s, turn: { ...s.turn!, moved: true } });

describe('rpg-attacks bot: odds', () => {
  it('a d20 test: the share of kept faces (keep-best with boons, keep-worst with banes; a natural 1 fails)', () => {
    // 6 against 9: faces 3-20 pass.
    expect(successChance(6, 9, { boons: 0, banes: 0 })).toBeCloseTo(0.9, 12);
    expect(successChance(6, 9, { boons: 1, banes: 0 })).toBeCloseTo(1 - 0.1 ** 2, 12);
    expect(successChance(6, 9, { boons: 0, banes: 2 })).toBeCloseTo(0.9 ** 3, 12);
    expect(successChance(6, 9, { boons: 1, banes: 1 })).toBeCloseTo(0.9, 12);
    // 30 against 9: only the natural 1 fails.
    expect(successChance(30, 9, { boons: 0, banes: 0 })).toBeCloseTo(0.95, 12);
  });
});

describe('rpg-attacks bot: choices', () => {
  it('plays begin when it is the legal action', () => {
    expect(rpgAttacksMove(matchOf(fresh()), 'A', table())).toEqual({ type: 'begin' });
    expect(rpgAttacksMove(matchOf(fresh()), 'B', table())).toBeNull();
  });

  it('shoots the acolyte in the open, not the one in heavy cover (either way round)', () => {
    const s = moved(placed({ 'A.mireille': [18, 30], 'B.acolyte-1': [12, 14], 'B.acolyte-2': [24, 14] }));
    const coverAt = (x: number) => covered([{ x, z: 14, r: 1, hidden: 0.85 }]);
    const left = rpgAttacksMove(matchOf(s), 'A', coverAt(12));
    expect(left).toMatchObject({ type: 'attack', model: 'A.mireille', weapon: 'carbine', target: 'B.acolyte-2' });
    const right = rpgAttacksMove(matchOf(s), 'A', coverAt(24));
    expect(right).toMatchObject({ type: 'attack', model: 'A.mireille', weapon: 'carbine', target: 'B.acolyte-1' });
  });

  it('takes automatic fire when it adds expected hits (Gan, Auto 5, at an acolyte in the open)', () => {
    const s = moved(placed({ 'A.gan': [18, 30], 'B.acolyte-1': [18, 20] }));
    expect(rpgAttacksMove(matchOf(s), 'A', table())).toEqual({
      type: 'attack',
      model: 'A.gan',
      weapon: 'smg',
      target: 'B.acolyte-1',
      auto: true,
    });
  });

  // Two badly wounded acolytes 1.5" apart, 8" from László: one grenade may take both; the carbine only one.
  const cluster = (friend: boolean): RpgState => {
    const place: Record<string, [number, number]> = {
      'A.laszlo': [18, 30],
      'B.acolyte-1': [18, 22],
      'B.acolyte-2': [19.5, 22],
    };
    if (friend) place['A.azure'] = [16.5, 22.5];
    let s = moved(placed(place));
    for (const id of ['B.acolyte-1', 'B.acolyte-2'])
      s = set(id, { condition: { ...s.chars[id]!.condition, wounds: 5 } })(s);
    return s;
  };

  it('throws a grenade at two clustered enemies', () => {
    const a = rpgAttacksMove(matchOf(cluster(false)), 'A', table());
    expect(a).toMatchObject({ type: 'grenade', model: 'A.laszlo', weapon: 'frag-grenade' });
  });

  it('does not throw it when a friend stands in the blast: it shoots instead', () => {
    const a = rpgAttacksMove(matchOf(cluster(true)), 'A', table());
    expect(a).toMatchObject({ type: 'attack', model: 'A.laszlo', weapon: 'carbine' });
  });

  it('moves into cover over open ground', () => {
    // A crate hiding 85 % of whoever stands within 1.5" of its centre: a full move east (or west) ends in it.
    const s = placed({ 'A.mireille': [18, 30], 'B.deacon': [18, 8], 'B.acolyte-2': [14, 10] });
    for (const zone of [
      { x: 23, z: 30, r: 1.5, hidden: 0.85 },
      { x: 13, z: 30, r: 1.5, hidden: 0.85 },
    ]) {
      const a = rpgAttacksMove(matchOf(s), 'A', covered([zone]));
      expect(a?.type).toBe('move');
      const m = a as { x: number; z: number };
      expect(Math.hypot(m.x - zone.x, m.z - zone.z)).toBeLessThanOrEqual(zone.r);
    }
  });

  it('closes in with a close-combat-only character (Brother Hollis, a maul) instead of taking the cover beside it', () => {
    // The same crate beside Hollis; Mireille 22" off in the open. A shooter would take the crate; the maul walks at her.
    const s = placed({ 'B.hollis': [18, 8], 'A.mireille': [18, 30] });
    const a = rpgAttacksMove(matchOf(s), 'B', covered([{ x: 14, z: 8, r: 1.5, hidden: 0.85 }]));
    expect(a?.type).toBe('move');
    const m = a as { x: number; z: number };
    // At least 3" nearer Mireille (a speed-4 stride), not into the crate.
    expect(Math.hypot(m.x - 18, m.z - 30)).toBeLessThanOrEqual(22 - 3);
    expect(Math.hypot(m.x - 14, m.z - 8)).toBeGreaterThan(1.5);
  });

  it('lays suppressive fire across the lane hidden enemies must cross, when no good shot exists', () => {
    // Gan (Auto 5) at the west edge sees only the Deacon, far east in heavy cover. Hollis and Marrow stand
    // hidden (no line of sight) north of the line between them; their way to Azure, south of it, crosses the
    // cone laid along it.
    const zones = [
      { x: 32, z: 20, r: 1, hidden: 0.85 },
      { x: 18, z: 14, r: 1, hidden: 1 },
      { x: 20, z: 14, r: 1, hidden: 1 },
    ];
    const enemies: Record<string, [number, number]> = {
      'B.deacon': [32, 20],
      'B.hollis': [18, 14],
      'B.acolyte-1': [20, 14],
    };
    const lane = moved(placed({ 'A.gan': [4, 20], ...enemies, 'A.azure': [18, 28] }));
    expect(rpgAttacksMove(matchOf(lane), 'A', covered(zones))).toMatchObject({
      type: 'suppress',
      model: 'A.gan',
      weapon: 'smg',
      directionDeg: 0,
    });
    // Gan alone: they come straight at him and cross no lane; the poor shot at the Deacon is still the best.
    const alone = moved(placed({ 'A.gan': [4, 20], ...enemies }));
    expect(rpgAttacksMove(matchOf(alone), 'A', covered(zones))).toMatchObject({ type: 'attack', target: 'B.deacon' });
  });

  it('dodges with AP when the Dodge takes it out of the blast; passes when it would stay in it', () => {
    const q = table();
    const grenade = { type: 'grenade', model: 'A.laszlo', weapon: 'frag-grenade', x: 18, y: 0, z: 20 } as const;
    // Marrow 2.6" from the landing (the secondary area's edge): 1" away takes it out.
    const edge = placed({ 'A.laszlo': [18, 30], 'B.acolyte-1': [20.6, 20] });
    const w1 = play(matchOf(edge), 'A', grenade, q, [10]).match;
    expect(w1.window?.options).toEqual([{ type: 'dodge', model: 'B.acolyte-1' }]);
    expect(rpgAttacksMove(w1, 'B', q)).toEqual({ type: 'dodge', model: 'B.acolyte-1' });
    // On the landing spot a metre away is still in the primary area: the AP is kept.
    const centre = placed({ 'A.laszlo': [18, 30], 'B.acolyte-1': [18, 20] });
    const w2 = play(matchOf(centre), 'A', grenade, q, [10]).match;
    expect(rpgAttacksMove(w2, 'B', q)).toEqual(PASS);
  });
});

describe('rpg-attacks bot: stunts', () => {
  // Azure Vance (Melee 5, knife) in reach of Deacon Pell (Armour 2, Speed 5), her move made.
  const duel = () => {
    const s = placed({ 'A.azure': [18, 20], 'B.deacon': [18, 21.1] });
    return { ...s, turn: { ...s.turn!, moved: true } };
  };
  const stunt = (name: string) => ({
    type: 'stunt',
    model: 'A.azure',
    weapon: 'knife',
    target: 'B.deacon',
    stunt: name,
  });

  it('weighs Targeted Weakpoint as the attack with one more bane against the Armour halved, as the rules resolve it', () => {
    const s = duel();
    const q = table();
    const look = new Look(s, q.at(layoutOf(s)));
    const p = planFor(s, look.q, s.chars['A.azure']!, 'knife', 'B.deacon');
    if (!p.ok) throw new Error('no plan');
    const { plan, weapon, target } = p.value;
    const halved = { ...target, stats: { ...target.stats, armour: 1 } };
    const stay = scoreOf(look, { type: 'end-turn', model: 'A.azure' })!;
    expect(scoreOf(look, stunt('targetedWeakpoint'))! - stay).toBeCloseTo(
      attackOdds({ ...plan, edge: stuntEdge(plan.edge) }, weapon, halved).value,
      12,
    );
    // Unbalancing: the same attack's worth with the bane, plus PRONE for each chance of a Prone Deacon.
    const edged = attackOdds({ ...plan, edge: stuntEdge(plan.edge) }, weapon, target);
    const keeps = successChance(target.stats.speed, plan.tn, { boons: 0, banes: 0 });
    expect(scoreOf(look, stunt('unbalancingAttack'))! - stay).toBeCloseTo(
      edged.value + PRONE * edged.hit * (1 - keeps),
      12,
    );
    // The stunts it does not weigh are never chosen.
    expect(scoreOf(look, stunt('calledShot'))).toBeNull();
  });

  it('keeps the plain knife attack when the bane costs more than the stunt gains (Azure at Deacon Pell): pulled, a critical knocks him out', () => {
    const s = duel();
    expect(rpgAttacksMove(matchOf(s), 'A', table())).toEqual({
      type: 'attack',
      model: 'A.azure',
      weapon: 'knife',
      target: 'B.deacon',
      pull: true,
    });
  });

  it('weighs a pulled blow as the rules resolve it: half damage, and a would-be Grave Wound is a knockout (out of the fight)', () => {
    const s = duel();
    const look = new Look(s, table().at(layoutOf(s)));
    const blow = { type: 'attack', model: 'A.azure', weapon: 'knife', target: 'B.deacon' } as const;
    const plain = planFor(s, look.q, s.chars['A.azure']!, 'knife', 'B.deacon');
    const held = planFor(s, look.q, s.chars['A.azure']!, 'knife', 'B.deacon', false, true);
    if (!plain.ok || !held.ok) throw new Error('planned');
    const deacon = s.chars['B.deacon']!;
    const p = attackOdds(plain.value.plan, plain.value.weapon, deacon);
    const q = attackOdds(held.value.plan, held.value.weapon, deacon);
    expect(q.critical).toBeCloseTo(p.critical, 12);
    expect(q.value).toBeGreaterThan(p.value);
    expect(scoreOf(look, { ...blow, pull: true })! - scoreOf(look, blow)!).toBeCloseTo(q.value - p.value, 12);
  });

  it('against a target already Prone, Unbalancing is worth only its attack (no second fall)', () => {
    const d = duel();
    const s = set('B.deacon', { condition: { ...d.chars['B.deacon']!.condition, prone: true } })(d);
    const q = table();
    const look = new Look(s, q.at(layoutOf(s)));
    const p = planFor(s, look.q, s.chars['A.azure']!, 'knife', 'B.deacon');
    if (!p.ok) throw new Error('no plan');
    const stay = scoreOf(look, { type: 'end-turn', model: 'A.azure' })!;
    expect(scoreOf(look, stunt('unbalancingAttack'))! - stay).toBeCloseTo(
      attackOdds({ ...p.value.plan, edge: stuntEdge(p.value.plan.edge) }, p.value.weapon, p.value.target).value,
      12,
    );
  });
});

describe('rpg-attacks bot: grapples', () => {
  // Mireille (Unarmed 2, a pistol, no melee skill to speak of) in reach of Hollis (Defense 10, a maul).
  const clinch = (a = 'A.mireille', b = 'B.hollis', patch: Partial<RpgState['chars'][string]> = {}) => {
    const s = placed({ [a]: [18, 20], [b]: [18, 21.1] });
    return set(b, patch)({ ...s, turn: { ...s.turn!, moved: true } });
  };

  it('weighs a grapple as the Hindered it adds, each a third of a pin of the foe threat, for HOLD turns', () => {
    const s = clinch();
    const look = new Look(s, table().at(layoutOf(s)));
    const stay = scoreOf(look, { type: 'end-turn', model: 'A.mireille' })!;
    const threat = threatOf(s, look.q, s.chars['B.hollis']!, s.chars['A.mireille']!);
    expect(threat).toBeGreaterThan(0);
    // 2 + d20 against 10: faces 8-17 add one Hindered, 18-20 (a total of 20, twice the TN) two.
    const expected = ((10 / 20) * 1 + (3 / 20) * 2) / PINNED_AT;
    expect(scoreOf(look, { type: 'grapple', model: 'A.mireille', target: 'B.hollis' })! - stay).toBeCloseTo(
      HOLD * threat * expected,
      12,
    );
    // Worth more to her than her pistol: she grabs the maul-bearer.
    expect(rpgAttacksMove(matchOf(s), 'A', table())).toEqual({
      type: 'grapple',
      model: 'A.mireille',
      target: 'B.hollis',
    });
  });

  it('adds nothing past a pin: a pinned foe is worth no more Hindered', () => {
    const s = clinch('A.mireille', 'B.hollis', {
      condition: { ...HEALTHY, hindered: [1, 2, 3].map(() => ({ by: 'A.gan', cause: 'grapple' as const })) },
    });
    const look = new Look(s, table().at(layoutOf(s)));
    const stay = scoreOf(look, { type: 'end-turn', model: 'A.mireille' })!;
    expect(scoreOf(look, { type: 'grapple', model: 'A.mireille', target: 'B.hollis' })! - stay).toBe(0);
  });

  const holding = (foe: Partial<RpgState['chars'][string]['condition']>, n = 2) => {
    // Gan holds the acolyte (`n` Hindered); Hollis stands 10" off.
    const s = placed({ 'A.gan': [18, 20], 'B.acolyte-1': [18, 21.1], 'B.hollis': [28, 20] });
    const held = {
      ...HEALTHY,
      hindered: Array.from({ length: n }, () => ({ by: 'A.gan', cause: 'grapple' as const })),
      ...foe,
    };
    return set('B.acolyte-1', { condition: held })(s);
  };

  it('lets go of a foe who is down, to move on (release is free; the move is weighed after it)', () => {
    const s = holding({ down: true });
    const look = new Look(s, table().at(layoutOf(s)));
    expect(holdWorth(look, s.chars['A.gan']!, s.chars['B.acolyte-1']!, 2)).toBe(0);
    expect(rpgAttacksMove(matchOf(s), 'A', table())).toEqual({
      type: 'release',
      model: 'A.gan',
      target: 'B.acolyte-1',
    });
  });

  it('lets go of a well-guarded acolyte (Defense 16: no critical, so no knockout) held by one Hindered when moving off and firing at Hollis is worth more', () => {
    const s1 = holding({}, 1);
    const acolyte = s1.chars['B.acolyte-1']!;
    const s = set('B.acolyte-1', { stats: { ...acolyte.stats, defense: 16 } })(s1);
    const look = new Look(s, table().at(layoutOf(s)));
    const gan = s.chars['A.gan']!;
    const hold = holdWorth(look, gan, s.chars['B.acolyte-1']!, 1);
    expect(hold).toBeGreaterThan(0);
    const release = { type: 'release', model: 'A.gan', target: 'B.acolyte-1' } as const;
    expect(rpgAttacksMove(matchOf(s), 'A', table())).toEqual(release);
    // Free of the grapple, the turn goes on: Gan moves.
    const after = play(matchOf(s), 'A', release, table(), []).match;
    expect(rpgAttacksMove(after, 'A', table())).toMatchObject({ type: 'move', model: 'A.gan' });
  });

  it('keeps a pinned Hollis pinned: the hold is worth more than what freedom buys', () => {
    const s0 = placed({ 'A.gan': [18, 20], 'B.hollis': [18, 21.1] });
    const pin = { ...HEALTHY, hindered: [1, 2, 3].map(() => ({ by: 'A.gan', cause: 'grapple' as const })) };
    const s = set('B.hollis', { condition: pin })(s0);
    const look = new Look(s, table().at(layoutOf(s)));
    const chosen = rpgAttacksMove(matchOf(s), 'A', table())!;
    expect(chosen.type).not.toBe('release');
    const release = scoreOf(look, { type: 'release', model: 'A.gan', target: 'B.hollis' })!;
    expect(scoreOf(look, chosen as never)!).toBeGreaterThan(release);
  });

  it('weighs breaking free as its chance times the hold it undoes; reversing the last Hindered adds a hold of its own', () => {
    const held = { ...HEALTHY, hindered: [{ by: 'B.hollis', cause: 'grapple' as const }] };
    const s = clinch('A.mireille', 'B.hollis');
    const t = set('A.mireille', { condition: held })(s);
    const look = new Look(t, table().at(layoutOf(t)));
    const [me, hollis] = [t.chars['A.mireille']!, t.chars['B.hollis']!];
    const stay = scoreOf(look, { type: 'end-turn', model: 'A.mireille' })!;
    // Unarmed 2 against Defense 10, one bane from the Hindered: the worst of two d20s must show 8 or more.
    const chance = (13 / 20) ** 2;
    const free = { type: 'break-free', model: 'A.mireille', from: 'B.hollis' } as const;
    expect(scoreOf(look, { ...free, choice: 'release' })! - stay).toBeCloseTo(
      chance * holdWorth(look, hollis, me, 1),
      12,
    );
    expect(scoreOf(look, { ...free, choice: 'reverse' })! - stay).toBeCloseTo(
      chance * (holdWorth(look, hollis, me, 1) + holdWorth(look, me, hollis, 1)),
      12,
    );
    expect(rpgAttacksMove(matchOf(t), 'A', table())).toEqual({ ...free, choice: 'reverse' });
  });
});
