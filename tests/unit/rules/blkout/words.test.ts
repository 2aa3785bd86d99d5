/** The words a player reads (issue 15, "words that agree with each other"): dice lines, success counts, names, places, cover, edges. */
import { en } from '../../../support/words';
import { movesFor } from '../../../support/rulesPlay';
import { renderStrict } from '../../../../src/i18n/i18n';
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { cards, fresh, matchOf, midGame, options, play, refuse } from './fixture';
import { blkoutMove } from '../../../../src/rules/blkout/ai';
import { legalMoves } from '../../../../src/rules/engine/match';
import { ruleset, type BlkoutAction } from '../../../../src/rules/blkout';
import { layoutOf, setupState } from '../../../../src/rules/blkout/game';
import { gruntName, specialistName } from '../../../../src/rules/blkout/names';
import { describeAction, tableMarkers } from '../../../../src/rules/blkout/describe';
import { tableVerdict } from '../../../../src/rules/blkout/situation';

const refuseWhy = (...a: Parameters<typeof refuse>) => refuse(...a).message;

const spread = { 'A1.0': [10, 10], 'B1.0': [10, 20], 'A2.0': [2, 2], 'B2.0': [34, 34] } as Record<
  string,
  [number, number]
>;

/** A1 activated, repositioned, and A1.0's shot at B1.0 declared (B decides on a reaction). */
function declared(q = fakeTable()) {
  let m = matchOf(midGame(spread));
  m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
  m = play(m, 'A', { type: 'end-reposition' }, q).match;
  return play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q).match;
}

describe('blkout dice lines: each names the player who rolled and follows the check that used the dice', () => {
  it("A's data spike answered by B's Counter EWAR: A's dice after A's check, B's after B's (B decided, A rolled first)", () => {
    const q = fakeTable();
    let m = matchOf(midGame({ 'A2.2': [10, 10], 'B2.0': [30, 34], 'B1.2': [34, 34] }));
    m = play(m, 'A', { type: 'activate', unit: 'A2' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'data-attack', model: 'A2.2', target: 'B2' }, q).match;
    const r = play(m, 'B', { type: 'counter-ewar', model: 'B1.2' }, q, [8, 3, 5, 6]);
    const dice = r.events.filter((e) => e.type === 'dice-rolled');
    expect(dice.map((e) => en(e.text))).toEqual(['A rolled 8, 3 (2d10)', 'B rolled 5, 6 (2d10)']);
    expect(r.events.map((e) => e.type).slice(0, 4)).toEqual([
      'skill-check',
      'dice-rolled',
      'skill-check',
      'dice-rolled',
    ]);
    expect(dice[1]).toMatchObject({
      player: 'B',
      dice: [
        [10, 5],
        [10, 6],
      ],
    });
  });

  it('Return Fire tied twice: the roll-off is a line of its own, and its dice line names both players', () => {
    const q = fakeTable();
    // A: 9, 1, 1 (CQB re-rolls 2, 3) = 1; B: 9, 1, 1 = 1; highest 9 each; roll-off 3-8: B first; A's armour rolls 1.
    const r = play(
      declared(q),
      'B',
      { type: 'return-fire', model: 'B1.0', weapon: 0 },
      q,
      [9, 1, 1, 2, 3, 9, 1, 1, 3, 8, 1],
    );
    const types = r.events.map((e) => e.type);
    expect(types.slice(types.indexOf('skill-check'), types.indexOf('skill-check') + 8)).toEqual([
      'skill-check',
      'dice-rolled',
      'skill-check',
      'dice-rolled',
      'roll-off',
      'dice-rolled',
      'armour-check',
      'dice-rolled',
    ]);
    const dice = r.events.filter((e) => e.type === 'dice-rolled').map((e) => en(e.text));
    expect(dice).toEqual([
      'A rolled 9, 1, 1, 2, 3 (5d10)',
      'B rolled 9, 1, 1 (3d10)',
      'A rolled 3 (d10); B rolled 8 (d10)',
      'A rolled 1 (d10)',
    ]);
    expect(en(r.events.find((e) => e.type === 'roll-off')!.text)).toBe(
      'Assault Team 1 and Bratva Team 1 tie on successes and highest die: roll-off 3-8, Bratva Team 1 goes first',
    );
  });
});

describe('blkout success counts explained: the dice, the Skill or armour to reach, the count, and aces', () => {
  it('a shot: "10, 2 (re-rolled from 3), 5 against 4+: 3 successes, the 10 counts twice"; armour names what it blocks of what came in', () => {
    const q = fakeTable();
    // 10, 3, 5; the 3 is re-rolled by CQB (2). Armour 1/4: a 6 saves one of the 3 damage.
    const r = play(declared(q), 'B', { type: 'pass' }, q, [10, 3, 5, 2, 6]);
    expect(en(r.events.find((e) => e.type === 'skill-check')!.text)).toBe(
      'Assault Team 1 shoots: 10, 2 (re-rolled from 3), 5 against 4+: 3 successes, the 10 counts twice',
    );
    expect(en(r.events.find((e) => e.type === 'armour-check')!.text)).toBe(
      'Bratva Team 1 armour 1/4: 6 against 4+: 1 save: 1 of 3 damage blocked',
    );
    // One success (4; the 1s re-rolled to 1s), and a save: all of it blocked.
    const saved = play(declared(q), 'B', { type: 'pass' }, q, [4, 1, 1, 1, 1, 10]);
    expect(en(saved.events.find((e) => e.type === 'skill-check')!.text)).toBe(
      'Assault Team 1 shoots: 4, 1 (re-rolled from 1), 1 (re-rolled from 1) against 4+: 1 success',
    );
    expect(en(saved.events.find((e) => e.type === 'armour-check')!.text)).toBe(
      'Bratva Team 1 armour 1/4: 10 against 4+: 1 save, a 10 saves once (no aces in armour checks): all 1 damage blocked',
    );
  });
});

describe('blkout sight words', () => {
  it("sight only from the base's edge while the eye sees nothing: the choice, the shot and the geo verdict say so, not '100% hidden'", () => {
    const wall = {
      visibleFraction: 0,
      hidden: { terrain: 1, vehicles: 0, models: 0, smoke: 0 },
      coverPieces: [{ id: 'wall', kind: 'obstacle', share: 1, distance: 3 }],
    };
    const q = fakeTable({ sight: (_v, t) => (t === 'B1.0' ? wall : {}) });
    let m = matchOf(midGame(spread));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    const why = 'hidden from the eye, seen from the base\'s edge, more than 1" from the terrain that hides it';
    expect(
      en(describeAction(m.state, q.at(layoutOf(m.state)), { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' })),
    ).toBe(`Assault Team 1 shoots Bratva Team 1 with FAL-32C: partial cover (${why}), 2D10`);
    m = play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q).match;
    const r = play(m, 'B', { type: 'pass' }, q, [1, 1, 1, 1]);
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toBe(
      `Assault Team 1 shoots Bratva Team 1 with FAL-32C (partial cover: ${why})`,
    );
    expect(tableVerdict(q.at(layoutOf(m.state)), 'A1.0', 'B1.0', { 'A1.0': 'infantry', 'B1.0': 'infantry' })).toEqual({
      cover: 'partial',
      los: true,
      dice: 2,
      reason: why,
    });
  });
});

describe('blkout model names say no word twice', () => {
  it.each([
    ['Assault Team', 'Team Leader', 'Assault Team Leader'],
    ['Handler and Operator', 'Operator', 'Operator'],
    ['Engineers', 'Engineer', 'Engineer'],
    ['Control Team', 'Data Spike', 'Control Team Data Spike'],
  ])('the specialist of "%s" called "%s" is "%s"', (unit, specialist, name) => {
    expect(specialistName(unit, specialist)).toBe(name);
  });
  it.each([
    ['Handler and Operator', ['Operator'], 'Handler'],
    ['Assault Team', ['Team Leader'], 'Assault Team'],
  ])('the grunts of "%s" (specialists %j) are "%s"', (unit, specialists, name) => {
    expect(gruntName(unit, specialists)).toBe(name);
  });
  it('"Assault Team" + "Team Leader" is "Assault Team Leader"; "Handler and Operator" has a Handler and an Operator; "Engineers" an Engineer', () => {
    // Every shipped card, every model: no word twice in a row (a plural aside).
    const names = cards().units.flatMap((u) => [
      gruntName(
        u.name,
        u.specialists.map((x) => x.name),
      ),
      ...u.specialists.map((x) => specialistName(u.name, x.name)),
    ]);
    expect(names.filter((n) => /\b(\w+) \1\b|\b(\w{3,})s \2\b|\b(\w{3,}) \3s\b/i.test(n))).toEqual([]);
    const handler = setupState(
      { width: 36, depth: 36 },
      { ...options(), groups: { ...options().groups, B: { ...options().groups.B, handler: 'handler-operator' } } },
    );
    const b = Object.values(handler.units).find((u) => u.player === 'B' && u.role === 'handler')!;
    // Both sides now have a model called Handler: each says whose it is (issue 34); the Operator is B's alone.
    expect(b.models.map((id) => handler.models[id]!.name)).toEqual(['Handler (B)', 'Operator']);
    const a = Object.values(handler.units).find((u) => u.player === 'A' && u.role === 'handler')!;
    expect(a.models.map((id) => handler.models[id]!.name)).toEqual(['Handler (A)']);
    expect([a.name, b.name]).toEqual(['Handler', 'Handler and Operator']);
    // With the same Handler card on both sides, the units' names say whose too.
    const same = setupState({ width: 36, depth: 36 }, options());
    expect(
      Object.values(same.units)
        .filter((u) => u.role === 'handler')
        .map((u) => u.name),
    ).toEqual(['Handler (A)', 'Handler (B)']);
  });
});

describe('blkout places in words, not coordinates', () => {
  it('a hardpoint is told as inches from the nearest edges', () => {
    const q = fakeTable();
    const m = matchOf(fresh());
    const r = play(m, 'A', { type: 'place-hardpoint', x: 12, z: 18 }, q);
    expect(en(r.events[0]!.text)).toBe('A places hardpoint 1 12" from the west edge, 18" from the north edge');
  });
});

describe('blkout edges match the screen: north the far side (z = 0), south nearest the player (z = depth)', () => {
  it('the edge choices and the log say where each edge is drawn; the south strip is at z = depth; deploying there is told in words', () => {
    const q = fakeTable();
    const m = matchOf({
      ...fresh(),
      phase: 'edge',
      firstDeployer: 'A',
      turn: 'A',
      hardpoints: [
        { id: 'hardpoint-1', x: 12, z: 18 },
        { id: 'hardpoint-2', x: 24, z: 18 },
      ],
    });
    const choices = legalMoves(ruleset, m, 'A', q);
    expect(choices.map((a) => en(describeAction(m.state, q.at(layoutOf(m.state)), a as BlkoutAction)))).toEqual([
      'Deploy on the south edge (nearest you)',
      'Deploy on the north edge (far side)',
      'Deploy on the west edge (left)',
      'Deploy on the east edge (right)',
    ]);
    const chosen = play(m, 'A', { type: 'choose-edge', edge: 'south' }, q);
    expect(en(chosen.events[0]!.text)).toBe(
      'A deploys on the south edge (nearest you), B on the north edge (far side)',
    );
    expect(
      tableMarkers(chosen.match.state)
        .filter((k) => k.kind === 'zone')
        .map((k) => [k.side, k.rect]),
    ).toEqual([
      ['A', [0, 32, 36, 36]],
      ['B', [0, 0, 36, 4]],
    ]);
    expect(
      refuseWhy(chosen.match, 'A', { type: 'deploy', model: 'A1.0', x: 10, y: 0, z: 2 }, q, 'blkout:error.deployDepth'),
    ).toBe('Assault Team 1 must deploy within 4" of the south edge (nearest you) (its base reaches 34.49")');
    // Russian puts the edge after "от" in the genitive (issue 34: "от южный край").
    const far = movesFor(ruleset).refuse(
      chosen.match,
      'A',
      { type: 'deploy', model: 'A1.0', x: 10, y: 0, z: 2 },
      q,
      'blkout:error.deployDepth',
    );
    expect(renderStrict(far.message, 'ru')).toMatch(/в пределах 4" от южного края \(ближнего к вам\)/);
    expect(renderStrict(chosen.events[0]!.text, 'ru')).toBe(
      'A разворачивается у южного края (ближнего к вам), B — у северного края (дальнего)',
    );
    const d = play(chosen.match, 'A', { type: 'deploy', model: 'A1.0', x: 10.04, y: 0, z: 34.46 }, q);
    expect(en(d.events[0]!.text)).toBe('Assault Team 1 deploys 10" from the west edge, 1.5" from the south edge');
  });

  it('the AI picks the edges of the seats: as A the south edge (nearest the player), as B the north', () => {
    const q = fakeTable();
    const at = (p: 'A' | 'B') => matchOf({ ...fresh(), phase: 'edge', firstDeployer: p, turn: p });
    expect(blkoutMove(at('A'), 'A', q)).toEqual({ type: 'choose-edge', edge: 'south' });
    expect(blkoutMove(at('B'), 'B', q)).toEqual({ type: 'choose-edge', edge: 'north' });
  });
});
