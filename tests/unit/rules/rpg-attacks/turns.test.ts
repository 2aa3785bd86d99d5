/** Rpg-attacks battle: initiative, the move, attacks with cover, strays, rounds (scripted dice). */
import { describe, expect, it } from 'vitest';
import { ruleset } from '../../../../src/rules/rpg-attacks';
import { BASE_RADIUS, coverOf, heldWeapon, layoutOf, obstructions } from '../../../../src/rules/rpg-attacks/game';
import { verdict } from '../../../../src/rules/rpg-attacks/summary';
import { planFor } from '../../../../src/rules/rpg-attacks/fight';
import { legalActions } from '../../../../src/rules/rpg-attacks/legal';
import { fresh, matchOf, placed, play, refuse, set, squads, table } from './fixture';
import { SAMPLE, setupState, TABLE } from '../../../../src/rules/rpg-attacks/game';
import { en } from '../../../support/words';
import { rpgAttacksMove } from '../../../../src/rules/rpg-attacks/ai';
import type { Obstruction } from '../../../../src/rules/rpg-attacks/attack';

/** Cover and concealment with their notes in English. */
const noted = (o: { cover?: Obstruction; concealment?: Obstruction }) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.note === undefined ? v : { ...v, note: en(v.note) }]));

/** Two bases this far apart edge to edge, on one line: the x of the second. */
const gapX = (x: number, gap: number) => x + 2 * BASE_RADIUS + gap;

describe('initiative', () => {
  it('begin rolls d20 + Speed for everyone in id order; highest first, a tie goes to the smaller id', () => {
    const q = table();
    // Id order: A.azure A.brannock A.gan A.laszlo A.mireille B.acolyte-1 B.acolyte-2 B.cantor B.deacon B.hollis B.saboteur.
    const r = play(matchOf(fresh()), 'A', { type: 'begin' }, q, [11, 3, 15, 20, 1, 12, 2, 8, 9, 14, 4]);
    const s = r.match.state;
    expect(s.initiative['A.azure']).toBe(17); // 11 + Speed 6
    expect(s.initiative['B.acolyte-1']).toBe(17); // 12 + 5
    expect(s.order).toEqual([
      'A.laszlo', // 24
      'A.gan', // 20
      'B.hollis', // 18
      'A.azure', // 17, before B.acolyte-1 by id
      'B.acolyte-1',
      'B.deacon', // 14
      'B.cantor', // 13
      'B.saboteur', // 10
      'A.brannock', // 8
      'B.acolyte-2', // 7
      'A.mireille', // 6
    ]);
    expect(s.turn).toEqual({ model: 'A.laszlo', moved: false });
    expect(ruleset.currentPlayer(s)).toBe('A');
    expect(r.events.find((e) => e.type === 'initiative')?.order).toEqual(s.order);
    // Each side's initiative dice under its own letter (issue 34: all eleven were credited to A).
    const dice = r.events.filter((e) => e.type === 'dice-rolled');
    expect(dice).toHaveLength(1);
    expect(dice[0]!.by).toEqual(['A', 'A', 'A', 'A', 'A', 'B', 'B', 'B', 'B', 'B', 'B']);
    expect(en(dice[0]!.text)).toBe('A rolled 11, 3, 15, 20, 1 (5d20); B rolled 12, 2, 8, 9, 14, 4 (6d20)');
  });

  it('the round ends after the last turn: AP refilled, a new initiative; the last round ends the battle', () => {
    const q = table();
    const s0 = set('A.azure', { ap: 0 })(placed({ 'A.azure': [10, 20], 'B.saboteur': [20, 10] }));
    let m = matchOf(s0);
    m = play(m, 'A', { type: 'end-turn', model: 'A.azure' }, q).match;
    expect(m.state.turn?.model).toBe('B.saboteur');
    // Round 2: Azure 2 + 6 = 8, the saboteur 5 + 6 = 11.
    const ended = play(m, 'B', { type: 'end-turn', model: 'B.saboteur' }, q, [2, 5]);
    m = ended.match;
    expect(ended.events.filter((e) => e.type === 'dice-rolled').map((e) => e.by)).toEqual([['A', 'B']]);
    expect(m.state.round).toBe(2);
    expect(m.state.order).toEqual(['B.saboteur', 'A.azure']);
    expect(m.state.chars['A.azure']!.ap).toBe(2);
    const last = placed({ 'A.azure': [10, 20], 'B.saboteur': [20, 10] }, 1);
    let n = matchOf(last);
    n = play(n, 'A', { type: 'end-turn', model: 'A.azure' }, q).match;
    n = play(n, 'B', { type: 'end-turn', model: 'B.saboteur' }, q).match;
    expect(n.state.phase).toBe('over');
    expect(ruleset.outcome(n.state)).toEqual({ winner: null, score: { A: 0, B: 0 } });
  });
});

describe('the move', () => {
  it('exactly Speed (6") is allowed; 0.01" more is refused', () => {
    const q = table();
    const m = matchOf(placed({ 'A.azure': [10, 20], 'B.saboteur': [30, 5] }));
    const r = play(m, 'A', { type: 'move', model: 'A.azure', x: 16, y: 0, z: 20 }, q);
    expect(r.match.state.chars['A.azure']!.pos).toEqual([16, 0, 20]);
    expect(r.events.find((e) => e.type === 'moved')).toMatchObject({
      model: 'A.azure',
      from: [10, 0, 20],
      to: [16, 0, 20],
    });
    expect(
      refuse(m, 'A', { type: 'move', model: 'A.azure', x: 16.01, y: 0, z: 20 }, q, 'rpg-attacks:error.tooFar').error,
    ).toBe('out-of-range');
    // One move a turn.
    expect(
      en(
        refuse(r.match, 'A', { type: 'move', model: 'A.azure', x: 15, y: 0, z: 20 }, q, 'rpg-attacks:error.moved')
          .message,
      ),
    ).toMatch(/used its move/);
  });

  it('a prone character cannot move: standing up costs the move', () => {
    const q = table();
    const s = placed({ 'A.azure': [10, 20], 'B.saboteur': [30, 5] });
    const m = matchOf(set('A.azure', { condition: { ...s.chars['A.azure']!.condition, prone: true } })(s));
    expect(
      en(refuse(m, 'A', { type: 'move', model: 'A.azure', x: 12, y: 0, z: 20 }, q, 'rpg-attacks:error.prone').message),
    ).toMatch(/prone/);
    expect(legalActions(m.state, 'A', q).filter((a) => a.type === 'move')).toEqual([]);
    const up = play(m, 'A', { type: 'stand-up', model: 'A.azure' }, q).match;
    expect(up.state.chars['A.azure']!.condition.prone).toBe(false);
    expect(
      en(refuse(up, 'A', { type: 'move', model: 'A.azure', x: 12, y: 0, z: 20 }, q, 'rpg-attacks:error.moved').message),
    ).toMatch(/used its move/);
  });
});

describe('attacks through the battle', () => {
  // The saboteur has spent its AP: no parry window (parries below).
  const melee = () => set('B.saboteur', { ap: 0 })(placed({ 'A.azure': [10, 10], 'B.saboteur': [gapX(10, 0.5), 10] }));

  it("Azure's knife: 8 + Melee 5 = 13 against the saboteur's Defense 9 is a hit: 3 + 4 damage, a Wound; the saboteur's turn follows", () => {
    const r = play(
      matchOf(melee()),
      'A',
      { type: 'attack', model: 'A.azure', weapon: 'knife', target: 'B.saboteur' },
      table(),
      [8],
    );
    expect(r.events.find((e) => e.type === 'shot')).toMatchObject({
      shooter: 'A.azure',
      target: 'B.saboteur',
      hit: true,
    });
    expect(r.events.find((e) => e.type === 'damage')).toMatchObject({ target: 'B.saboteur', amount: 7 });
    expect(r.match.state.chars['B.saboteur']!.condition.wounds).toBe(1);
    expect(r.match.state.turn).toEqual({ model: 'B.saboteur', moved: false });
  });

  const pulled = { type: 'attack', model: 'A.azure', weapon: 'knife', target: 'B.saboteur', pull: true } as const;

  it('a pulled knife blow, 8 + 5 = 13 against 9: half of 3 + 4 is 3, a Wound; no knockout, no d10', () => {
    const r = play(matchOf(melee()), 'A', pulled, table(), [8]);
    expect(r.events.find((e) => e.type === 'damage')).toMatchObject({ target: 'B.saboteur', amount: 3 });
    expect(r.match.state.chars['B.saboteur']!.condition).toMatchObject({ wounds: 1, unconsciousHours: 0 });
  });

  it.each([
    [12, 17, false],
    [13, 18, true],
  ])(
    'pulled, d20 %i: total %i, critical %s: a Wound either way; the critical knocks the saboteur out for the d10 (4) hours',
    (d20, _total, critical) => {
      const r = play(matchOf(melee()), 'A', pulled, table(), critical ? [d20, 4] : [d20]);
      const wren = r.match.state.chars['B.saboteur']!.condition;
      expect([wren.wounds, wren.graveWounds, wren.unconsciousHours]).toEqual([1, 0, critical ? 4 : 0]);
      // Half of 3 + margin (8 or 9), rounded down.
      expect(r.events.find((e) => e.type === 'damage')!.amount).toBe(critical ? 6 : 5);
      const out = r.events.find((e) => e.type === 'model-down');
      if (critical) {
        expect(en(out!.text)).toBe('Wren the Saboteur is knocked out for 4 hours (a pulled blow): out of the fight');
        expect(r.match.state.phase).toBe('over');
      } else expect(out).toBeUndefined();
    },
  );

  it('pulled blows are offered for melee and unarmed attacks, never for a shot (refused, saying why)', () => {
    const offered = legalActions(melee(), 'A', table()).filter((a) => a.type === 'attack' && a.pull);
    expect(offered.map((a) => (a as { weapon: string }).weapon)).toEqual(['knife', 'fists']);
    const shot = { ...pulled, weapon: 'pistol' };
    expect(en(refuse(matchOf(melee()), 'A', shot, table(), 'rpg-attacks:refuse.pullShot').message)).toBe(
      'Service pistol fires: only a melee or unarmed blow can be pulled',
    );
  });

  it('dual wielding: with her pistol in her offhand Azure shoots at one more ⊖ (three d20s, not two: 15, 5 and 2, the 2 kept: 6 misses); her knife is unaffected', () => {
    const dual = set('A.azure', { offhand: 'pistol' })(melee());
    const shot = { type: 'attack', model: 'A.azure', weapon: 'pistol', target: 'B.saboteur' } as const;
    const r = play(matchOf(dual), 'A', shot, table(), [15, 5, 2]);
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toBe(
      'Azure Vance attacks Wren the Saboteur with Service pistol (Projectiles vs Defense 9, ⊖ Strength 4 < 5, ⊖ offhand): 6 against 9, a miss',
    );
    // One-handed, her pistol takes only the Strength ⊖: two d20s (15 and 5: 9 hits).
    const single = play(matchOf(melee()), 'A', shot, table(), [15, 5]);
    expect(single.events.find((e) => e.type === 'shot')).toMatchObject({ hit: true, total: 9 });
    const knife = play(matchOf(dual), 'A', { ...shot, weapon: 'knife' }, table(), [8]);
    expect(knife.events.find((e) => e.type === 'shot')).toMatchObject({ hit: true, total: 13 });
  });

  it('an improvised object in play: Mireille swings a heavy wrench (blunt: as the baton, Damage 4; Strength 3 < 4: ⊖): 11 + 2 = 13 against 9 deals 8', () => {
    const data = squads();
    const withWrench = {
      ...data,
      improvised: [{ id: 'wrench', name: 'Heavy wrench', kind: 'blunt' as const }],
      improvisedAs: { knife: 'knife', baton: 'baton', unarmed: 'fists' },
      squads: data.squads.map((sq) => ({
        ...sq,
        characters: sq.characters.map((c) => (c.id === 'mireille' ? { ...c, weapons: [...c.weapons, 'wrench'] } : c)),
      })),
    };
    const s0 = setupState(TABLE, { data: withWrench, squads: SAMPLE });
    expect(s0.weapons['wrench']).toMatchObject({ name: 'Heavy wrench', damage: 4, skill: 'melee' });
    const s = {
      ...placed({ 'A.mireille': [10, 10], 'B.saboteur': [gapX(10, 0.5), 10] }),
      weapons: s0.weapons,
    };
    const armed = set('B.saboteur', { ap: 0 })(set('A.mireille', { weapons: s0.chars['A.mireille']!.weapons })(s));
    const swing = { type: 'attack', model: 'A.mireille', weapon: 'wrench', target: 'B.saboteur' } as const;
    expect(legalActions(armed, 'A', table())).toContainEqual(swing);
    const r = play(matchOf(armed), 'A', swing, table(), [12, 11]);
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toBe(
      'Mireille Sato attacks Wren the Saboteur with Heavy wrench (Melee vs Defense 9, ⊖ Strength 3 < 4): 13 against 9, a hit',
    );
    expect(r.events.find((e) => e.type === 'damage')).toMatchObject({ target: 'B.saboteur', amount: 8 });
  });

  it('3 + 5 = 8 misses; 13 + 5 = 18 is a critical: a Grave Wound, Det 5 + 3 against 11 fails, down: the battle ends', () => {
    const miss = play(
      matchOf(melee()),
      'A',
      { type: 'attack', model: 'A.azure', weapon: 'knife', target: 'B.saboteur' },
      table(),
      [3],
    );
    expect(miss.match.state.chars['B.saboteur']!.condition.wounds).toBe(0);
    const r = play(
      matchOf(melee()),
      'A',
      { type: 'attack', model: 'A.azure', weapon: 'knife', target: 'B.saboteur' },
      table(),
      [13, 5],
    );
    expect(r.match.state.chars['B.saboteur']!.condition).toMatchObject({ graveWounds: 1, down: true });
    expect(r.events.some((e) => e.type === 'model-down' && e.model === 'B.saboteur')).toBe(true);
    expect(r.match.state.phase).toBe('over');
    expect(ruleset.outcome(r.match.state)).toEqual({ winner: 'A', score: { A: 1, B: 0 } });
  });

  it('a Wound puts ⊖ on the wounded attacker: two d20s, the worst kept', () => {
    const s = melee();
    const m = matchOf(set('A.azure', { condition: { ...s.chars['A.azure']!.condition, wounds: 1 } })(s));
    const r = play(
      m,
      'A',
      { type: 'attack', model: 'A.azure', weapon: 'knife', target: 'B.saboteur' },
      table(),
      [19, 3],
    );
    expect(r.events.find((e) => e.type === 'shot')).toMatchObject({ hit: false, total: 8 });
  });

  it("a Wound's ⊖ is for physical tests only: the wounded Cantor's hymn (against Willpower) rolls one d20", () => {
    const s = placed({ 'B.cantor': [18, 10], 'A.azure': [18, 18] });
    const hurt = set('B.cantor', { condition: { ...s.chars['B.cantor']!.condition, wounds: 1 } })(s);
    const hymn = { type: 'attack', model: 'B.cantor', weapon: 'dread-hymn', target: 'A.azure' } as const;
    // Projectiles 6 + the one die's 2: 8.
    const r = play(matchOf(hurt), 'B', hymn, table(), [2]);
    expect(r.events.find((e) => e.type === 'shot')).toMatchObject({ hit: false, total: 8 });
    // Its physical attack still takes the ⊖: the knife rolls two d20s, the worse kept.
    const near = placed({ 'B.cantor': [18, 10], 'A.azure': [18, 11.1] });
    const knifeHurt = set('B.cantor', { condition: { ...near.chars['B.cantor']!.condition, wounds: 1 } })(near);
    const knife = { ...hymn, weapon: 'knife' } as const;
    expect(play(matchOf(knifeHurt), 'B', knife, table(), [19, 2]).events.find((e) => e.type === 'shot')).toMatchObject({
      total: 5,
    });
  });

  it('out of sight is refused (no-los); out of range is refused', () => {
    const s = placed({ 'A.azure': [10, 30], 'B.saboteur': [10, 10] });
    const attack = { type: 'attack', model: 'A.azure', weapon: 'pistol', target: 'B.saboteur' } as const;
    expect(
      refuse(matchOf(s), 'A', attack, table({ sight: () => ({ hasLos: false }) }), 'rpg-attacks:error.cannotSee').error,
    ).toBe('no-los');
    expect(refuse(matchOf(s), 'A', { ...attack, weapon: 'knife' }, table(), 'rpg-attacks:refuse.range').error).toBe(
      'out-of-range',
    );
  });
});

describe('cover and concealment from the sight facts', () => {
  it('coverOf: below 0.25 none; 0.25 to 0.75 moderate (ends included); above 0.75 heavy', () => {
    expect([0, 0.2499, 0.25, 0.5, 0.75, 0.7501, 1].map(coverOf)).toEqual([
      'none',
      'none',
      'moderate',
      'moderate',
      'moderate',
      'heavy',
      'heavy',
    ]);
    const hidden = { terrain: 0.8, vehicles: 0, models: 0, smoke: 0.3 };
    expect(noted(obstructions({ hidden }))).toEqual({
      cover: { level: 'heavy', note: '80 % hidden' },
      concealment: { level: 'moderate', note: '30 % hidden' },
    });
  });

  it.each([
    [0.2499, 0],
    [0.25, 1],
    [0.75, 1],
    [0.7501, 2],
  ])('terrain hiding %f of the target gives %i banes; smoke likewise as concealment', (share, banes) => {
    // Gan's machine pistol: Strength 5 meets its Damage 5, and 4" is its nearest band (no other bane).
    const s = placed({ 'A.gan': [10, 25], 'B.saboteur': [10, 20] });
    const hidden = (terrain: number, smoke: number) => ({ hidden: { terrain, vehicles: 0, models: 0, smoke } });
    for (const [t, sm] of [
      [share, 0],
      [0, share],
    ] as const) {
      let q = table({ sight: () => hidden(t, sm) });
      q = q.at(ruleset.layout!(s));
      const p = planFor(s, q, s.chars['A.gan']!, 'smg', 'B.saboteur');
      if (!p.ok) throw new Error(en(p.error.message));
      expect(p.value.plan.edge.banes).toBe(banes);
    }
  });

  it('through the battle, heavy cover rolls three d20s and keeps the worst (Gan, Projectiles 6: 2 + 6 = 8 misses Defense 9)', () => {
    const s = placed({ 'A.gan': [10, 25], 'B.saboteur': [10, 20] });
    const q = table({ sight: () => ({ hidden: { terrain: 0.8, vehicles: 0, models: 0, smoke: 0 } }) });
    const r = play(
      matchOf(s),
      'A',
      { type: 'attack', model: 'A.gan', weapon: 'smg', target: 'B.saboteur' },
      q,
      [20, 18, 2],
    );
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toContain('⊖⊖ heavy cover (80 % hidden)');
    expect(r.events.find((e) => e.type === 'shot')).toMatchObject({ hit: false, total: 8 });
  });
});

describe('line of fire', () => {
  it("a critical failure hits the next character in the line of fire (no AP: no Dodge): the machine pistol's 5, a Wound", () => {
    const s = set('B.acolyte-1', { ap: 0 })(
      placed({ 'A.gan': [10, 30], 'B.saboteur': [10, 20], 'B.acolyte-1': [10.2, 12] }),
    );
    const r = play(
      matchOf(s),
      'A',
      { type: 'attack', model: 'A.gan', weapon: 'smg', target: 'B.saboteur' },
      table(),
      [1],
    );
    expect(r.events.find((e) => e.type === 'stray')).toMatchObject({ target: 'B.acolyte-1', hit: true });
    expect(r.match.state.chars['B.acolyte-1']!.condition.wounds).toBe(1);
    // With an AP it dodges (automatically), spending it.
    const d = play(
      matchOf(set('B.acolyte-1', { ap: 2 })(s)),
      'A',
      { type: 'attack', model: 'A.gan', weapon: 'smg', target: 'B.saboteur' },
      table(),
      [1],
    );
    expect(d.match.state.chars['B.acolyte-1']).toMatchObject({ ap: 1, condition: { wounds: 0 } });
  });
});

describe('a parry (a defensive reaction before a melee hit is resolved)', () => {
  // The saboteur (Melee 4, a knife, 2 AP) is hit by Azure's knife, 8 + 5 = 13 against 9.
  const melee = () => placed({ 'A.azure': [10, 10], 'B.saboteur': [gapX(10, 0.5), 10] });
  const knife = { type: 'attack', model: 'A.azure', weapon: 'knife', target: 'B.saboteur' } as const;
  const parry = { type: 'parry', model: 'B.saboteur' } as const;

  it('the hit waits on its window: the saboteur is offered the parry (or a pass); nobody else acts', () => {
    const m = play(matchOf(melee()), 'A', knife, table(), [8]).match;
    expect(m.window).toMatchObject({ player: 'B', timing: 'before', options: [parry], trigger: knife });
    expect(legalActions(m.state, 'B', table())).toEqual([parry]);
    expect(legalActions(m.state, 'A', table())).toEqual([]);
    expect(m.state.chars['B.saboteur']!.condition.wounds).toBe(0);
    expect(refuse(m, 'A', { type: 'end-turn', model: 'A.azure' }, table(), 'engine:error.wrong-player').error).toBe(
      'wrong-player',
    );
  });

  it.each([
    [9, 13, true],
    [8, 12, false],
  ])(
    'the parry: d20 %i + Melee 4 = %i against the attack total 13: turned aside %s (1 AP spent either way)',
    (d20, total, parried) => {
      const m = play(matchOf(melee()), 'A', knife, table(), [8]).match;
      const r = play(m, 'B', parry, table(), [d20]);
      const wren = r.match.state.chars['B.saboteur']!;
      expect(wren.ap).toBe(1);
      expect(wren.condition.wounds).toBe(parried ? 0 : 1);
      expect(r.events.find((e) => e.type === 'parry')).toMatchObject({ passed: parried, total, tn: 13 });
      expect(en(r.events.find((e) => e.type === 'parry')!.text)).toBe(
        parried
          ? 'Wren the Saboteur parries: Melee 13 against 13: the blow is turned aside'
          : 'Wren the Saboteur tries to parry: Melee 12 against 13: the blow lands',
      );
      expect(r.match.state.parry).toBeNull();
      expect(r.match.state.turn).toEqual({ model: 'B.saboteur', moved: false });
    },
  );

  it('a pass lets the hit land (3 + 4 = 7, a Wound) and keeps the AP', () => {
    const m = play(matchOf(melee()), 'A', knife, table(), [8]).match;
    const r = play(m, 'B', { type: 'pass' }, table());
    expect(r.events.find((e) => e.type === 'damage')).toMatchObject({ target: 'B.saboteur', amount: 7 });
    expect(r.match.state.chars['B.saboteur']).toMatchObject({ ap: 2, condition: { wounds: 1 } });
  });

  it('no window: a miss, a shot, no AP, or no melee weapon to parry with (fists only)', () => {
    const none = (
      s: ReturnType<typeof melee>,
      a:
        | typeof knife
        | { readonly type: 'attack'; readonly model: string; readonly weapon: string; readonly target: string },
      dice: number[],
    ) => play(matchOf(s), 'A', a, table(), dice).match.window;
    expect(none(melee(), knife, [3])).toBeNull();
    expect(none(melee(), { ...knife, weapon: 'pistol' }, [15, 5])).toBeNull();
    expect(none(set('B.saboteur', { ap: 0 })(melee()), knife, [8])).toBeNull();
    expect(none(set('B.saboteur', { weapons: ['pistol', 'fists'] })(melee()), knife, [8])).toBeNull();
  });

  it('a pulled critical blow (13 + 5 = 18) rolls its 1d10 hours only when it lands: parried (14 + 4 = 18), no d10; let through, the d10 (4) knocks the saboteur out', () => {
    const pulled = { ...knife, pull: true };
    const m = play(matchOf(melee()), 'A', pulled, table(), [13]).match;
    expect(m.window?.options).toEqual([parry]);
    const parried = play(m, 'B', parry, table(), [14]);
    expect(parried.match.state.chars['B.saboteur']!.condition).toMatchObject({ wounds: 0, unconsciousHours: 0 });
    const through = play(m, 'B', { type: 'pass' }, table(), [4]);
    expect(through.match.state.chars['B.saboteur']!.condition).toMatchObject({ wounds: 1, unconsciousHours: 4 });
  });

  it('the bot parries a hit that would wound it when its Melee test has a chance', () => {
    const m = play(matchOf(melee()), 'A', knife, table(), [8]).match;
    expect(rpgAttacksMove(m, 'B', table())).toEqual(parry);
  });
});

describe('stunts through the battle', () => {
  const melee = () => placed({ 'A.azure': [10, 10], 'B.saboteur': [gapX(10, 0.5), 10] });
  const stunt = (k: 'unbalancingAttack' | 'calledShot' | 'drivingAttack') =>
    ({ type: 'stunt', model: 'A.azure', weapon: 'knife', target: 'B.saboteur', stunt: k }) as const;

  it('Unbalancing Attack: ⊖ (two d20s, 12 kept) + 5 = 17 hits; Speed 5 + 6 = 11 against 17 fails: prone, and 3 + 8 damage', () => {
    const r = play(matchOf(melee()), 'A', stunt('unbalancingAttack'), table(), [15, 12, 5]);
    expect(r.match.state.chars['B.saboteur']!.condition).toMatchObject({ prone: true, wounds: 1 });
    expect(r.events.find((e) => e.type === 'damage')).toMatchObject({ amount: 11 });
  });

  it("Called Shot: Hindered until the end of the target's next turn", () => {
    const m = play(matchOf(melee()), 'A', stunt('calledShot'), table(), [15, 12]).match;
    expect(m.state.chars['B.saboteur']!.condition.hindered).toEqual([{ by: null, cause: 'calledShot' }]);
    // The round's end rolls initiative (Azure 1 + 6, the saboteur 1 + 6: a tie, A.azure first by id).
    const after = play(m, 'B', { type: 'end-turn', model: 'B.saboteur' }, table(), [1, 1]).match;
    expect(after.state.chars['B.saboteur']!.condition.hindered).toEqual([]);
  });

  it('Driving Attack: both move 1" away from the attacker', () => {
    const s = melee();
    const m = play(matchOf(s), 'A', stunt('drivingAttack'), table(), [15, 12]).match;
    expect(m.state.chars['A.azure']!.pos).toEqual([11, 0, 10]);
    expect(m.state.chars['B.saboteur']!.pos[0]).toBeCloseTo(s.chars['B.saboteur']!.pos[0] + 1, 9);
  });
});

describe('rpg-attacks concealment from area terrain', () => {
  it('a target in foliage is moderately concealed (⊖), in it and seen through more heavily (⊖⊖); smoke counts when heavier', () => {
    const none = { hidden: { terrain: 0, vehicles: 0, models: 0, smoke: 0 } };
    expect(noted(obstructions(none, { inside: 'foliage', through: null }))).toEqual({
      concealment: { level: 'moderate', note: 'in foliage' },
    });
    expect(noted(obstructions(none, { inside: 'foliage', through: 'crops' }))).toEqual({
      concealment: { level: 'heavy', note: 'in foliage, through crops' },
    });
    expect(noted(obstructions({ hidden: { ...none.hidden, smoke: 0.8 } }, { inside: null, through: 'crops' }))).toEqual(
      {
        concealment: { level: 'heavy', note: '80 % hidden' },
      },
    );
    expect(noted(obstructions(none))).toEqual({});
  });
});

describe('the weapon a Disarm knocks away', () => {
  it("Cantor's held weapon is her knife, not the dread hymn (a mental power) or her fists; with only those left, none", () => {
    const s = placed({ 'A.azure': [18, 20], 'B.cantor': [18, 21] });
    expect(heldWeapon(s, s.chars['B.cantor']!)).toBe('knife');
    const bare = set('B.cantor', { weapons: ['dread-hymn', 'fists'] })(s);
    expect(heldWeapon(bare, bare.chars['B.cantor']!)).toBeNull();
  });
});

describe('rpg-attacks smoke is concealment, not a wall ("darkness, smoke or heavy foliage may obstruct sight ... ⊖ or ⊖⊖")', () => {
  // Mireille at (18, 30), the acolyte at (18, 20); a smoke token on the table.
  const s = () => placed({ 'A.mireille': [18, 30], 'B.acolyte-1': [18, 20] });
  const smokeLayout = (st: ReturnType<typeof s>) => ({
    ...layoutOf(st),
    smoke: [{ id: 'smoke-1', position: [18, 0, 25] as [number, number, number], radius: 3 }],
  });
  /** Sight where smoke between them blocks every line (unless looked through), the target standing `inSmoke`. */
  const smoky = (inSmoke: number) =>
    table({
      sight: (_v, _t, layout) =>
        layout.smoke.length
          ? {
              hasLos: false,
              visibleFraction: 0,
              smokeBlocked: true,
              hidden: { terrain: 0, vehicles: 0, models: 0, smoke: 1 },
              baseInSmoke: { viewer: 0, target: inSmoke },
            }
          : { baseInSmoke: { viewer: 0, target: inSmoke } },
    });

  it('smoke between them: a line of fire, no cover, heavy concealment (⊖⊖); the attack is allowed', () => {
    const st = s();
    const q = smoky(0).at(smokeLayout(st));
    expect(verdict(q, 'A.mireille', 'B.acolyte-1')).toEqual({
      lineOfFire: true,
      cover: 'none',
      concealment: 'heavy',
      banes: 2,
    });
    const p = planFor(st, q, st.chars['A.mireille']!, 'carbine', 'B.acolyte-1');
    expect(p.ok).toBe(true);
  });

  it('a target standing in smoke (and seen clear of any between): moderate concealment (⊖)', () => {
    const st = s();
    const q = table({ sight: () => ({ baseInSmoke: { viewer: 0, target: 0.6 } }) }).at(smokeLayout(st));
    expect(verdict(q, 'A.mireille', 'B.acolyte-1')).toMatchObject({
      lineOfFire: true,
      concealment: 'moderate',
      banes: 1,
    });
  });

  it('no smoke on the table: nothing changes (open ground, no concealment)', () => {
    const st = s();
    const q = table().at(layoutOf(st));
    expect(verdict(q, 'A.mireille', 'B.acolyte-1')).toEqual({
      lineOfFire: true,
      cover: 'none',
      concealment: 'none',
      banes: 0,
    });
  });
});
