/**
 * Jumps and falls in play on the Boiler Yard's real heights (geometry and movement cores), with
 * scripted dice: a normal move keeps its level; jumping down, climbing and leaping at Agility and
 * past it; falls of 2", 4", 8" and 13"; a fall onto a model; a leap as a charge; standing up.
 */
import { describe, expect, it } from 'vitest';
import type { RuleEvent } from '../../../../src/rules/engine/types';
import type { SkState } from '../../../../src/rules/skirmish-ru';
import type { ActionOf, JumpHow, MoveMode } from '../../../../src/rules/skirmish-ru/actions';
import { legalActions } from '../../../../src/rules/skirmish-ru/legal';
import { randomGame } from '../../../support/rulesPlay';
import { ruleset } from '../../../../src/rules/skirmish-ru';
import { fresh, matchOf, placed, play, refuse, set } from './fixture';
import { yardTable } from './yard';
import { en } from '../../../support/words';

const V = 'A.vozhak-grom'; // Movement 4, Agility 3, acrobatics 3, Toughness 4, 3 wounds
const M = 'A.maloy'; // Movement 5, Agility 4, acrobatics 4, Toughness 3, 1 wound
const K = 'A.kosoy'; // Agility 3
const L = 'A.leha-ogon'; // Agility 2
const BATYA = 'B.batya';
const SHILO = 'B.shilo';
const q = yardTable();

/** Round 1, gang A to act, with these fighters at [x, y, z] (the others dead), and stat or flag patches. */
function at(spots: Record<string, [number, number, number]>, ...patches: ((s: SkState) => SkState)[]): SkState {
  let s = placed(Object.fromEntries(Object.entries(spots).map(([id, p]) => [id, [p[0], p[2]]])));
  for (const [id, p] of Object.entries(spots)) s = set(id, { pos: p })(s);
  return patches.reduce((x, p) => p(x), s);
}
const stat = (id: string, k: string, v: number) => (s: SkState) =>
  set(id, { stats: { ...s.fighters[id]!.stats, [k]: v } })(s);
const jumpTo = (fighter: string, how: JumpHow, mode: MoveMode, [x, y, z]: number[]): ActionOf<'jump'> => ({
  type: 'jump',
  fighter,
  how,
  mode,
  x: x!,
  y: y!,
  z: z!,
});
const falls = (events: RuleEvent[]) => events.filter((e) => e.type === 'fall');

describe('a normal move keeps its level (0.25" at most up or down)', () => {
  it('stepping off the 4" pump shed or onto it is refused: that is a jump or a climb', () => {
    const m = matchOf(at({ [V]: [16, 4, 14] }));
    expect(
      en(
        refuse(m, 'A', { type: 'move', fighter: V, mode: 'move', x: 16, y: 0, z: 17.5 }, q, 'skirmish-ru:refuse.level')
          .message,
      ),
    ).toMatch(/change level by -4".*jump or a climb/);
    const n = matchOf(at({ [V]: [16, 0, 17.2] }));
    expect(
      en(
        refuse(n, 'A', { type: 'move', fighter: V, mode: 'run', x: 16, y: 4, z: 16 }, q, 'skirmish-ru:refuse.level')
          .message,
      ),
    ).toMatch(/change level by 4"/);
  });
});

describe('jumping down (up to Agility; acrobatics; a pass leaves the rest of the move, a fail ends it)', () => {
  const down = jumpTo(M, 'down', 'run', [16, 0, 17.5]);
  it('4" off the pump shed at Agility 4, 3.5" across: the drop and the way across spend 7.5" of a 9" run; a 4 passes, 1.5" left', () => {
    const r = play(matchOf(at({ [M]: [16, 4, 14] })), 'A', down, q, [4]);
    const s = r.match.state;
    expect(s.fighters[M]!.pos).toEqual([16, 0, 17.5]);
    expect(s.activation).toMatchObject({ fighter: M, moved: 'run', rest: 1.5 });
    expect(en(r.events.find((e) => e.type === 'jump')!.text)).toMatch(
      /jumps down 4".*acrobatics test 4 against 4: passes/,
    );
    // The rest: 1.5" more of the run (a route of 1.5" is accepted, 1.51" is not; not as a move); then the run is over.
    refuse(
      r.match,
      'A',
      { type: 'move', fighter: M, mode: 'run', x: 16, y: 0, z: 19.01 },
      q,
      'skirmish-ru:refuse.reach.run',
    );
    refuse(
      r.match,
      'A',
      { type: 'move', fighter: M, mode: 'move', x: 16, y: 0, z: 18.5 },
      q,
      'skirmish-ru:refuse.restOf',
    );
    const n = play(r.match, 'A', { type: 'move', fighter: M, mode: 'run', x: 16, y: 0, z: 19 }, q);
    expect(n.match.state.activation).toBeNull();
    expect(n.match.state.fighters[M]!.activated).toBe(true);
  });

  it('the drop counts: 1" across and 4" down is exactly a 5" move; 1.01" across is refused', () => {
    const m = matchOf(at({ [M]: [16, 4, 16] }));
    refuse(m, 'A', jumpTo(M, 'down', 'move', [16, 0, 17.01]), q, 'skirmish-ru:refuse.jumpCost.move');
    const r = play(m, 'A', jumpTo(M, 'down', 'move', [16, 0, 17]), q, [4]);
    expect(r.match.state.activation).toMatchObject({ fighter: M, moved: 'move' });
    expect(r.match.state.activation!.rest).toBeUndefined();
  });

  it('a fail (5 against 4) lands unhurt and ends the move: no rest, the attack action is still to come', () => {
    const r = play(matchOf(at({ [M]: [16, 4, 16] })), 'A', jumpTo(M, 'down', 'move', [16, 0, 17]), q, [5]);
    const f = r.match.state.fighters[M]!;
    expect([f.pos, f.wounds.wounds, f.prone]).toEqual([[16, 0, 17], 1, false]);
    expect(r.match.state.activation).toEqual({ fighter: M, moved: 'move', left: false, pinned: false });
    refuse(
      r.match,
      'A',
      { type: 'move', fighter: M, mode: 'move', x: 16, y: 0, z: 17.5 },
      q,
      'skirmish-ru:refuse.movedAlready',
    );
    expect(falls(r.events)).toEqual([]);
  });

  it('at Agility 3.99 the 4" drop is refused with no die', () => {
    const e = refuse(
      matchOf(at({ [M]: [16, 4, 14] }, stat(M, 'agility', 3.99))),
      'A',
      down,
      q,
      'skirmish-ru:refuse.jump.downMax',
    );
    expect(en(e.message)).toMatch(/at most 3.99" \(Agility\), not 4"/);
  });
});

describe('climbing (up to Agility; double movement; acrobatics; a fail falls from the top)', () => {
  // From the foot of the 2" loading dock onto it: 1.2" across, 2 x 2" up: 5.2" of movement.
  const up = (mode: MoveMode) => jumpTo(V, 'climb', mode, [8, 2, 32]);
  const foot = { [V]: [8, 0, 33.2] as [number, number, number] };
  it('2" at Agility 2: 5.2" is beyond a 4" move, within a 6" run; passes on a 3 with 0.8" to spare', () => {
    const m = matchOf(at(foot, stat(V, 'agility', 2)));
    expect(refuse(m, 'A', up('move'), q, 'skirmish-ru:refuse.jumpCost.move')).toMatchObject({ error: 'out-of-range' });
    const r = play(m, 'A', up('run'), q, [3]);
    expect(r.match.state.fighters[V]!.pos).toEqual([8, 2, 32]);
    expect(r.match.state.activation!.rest).toBeCloseTo(0.8, 9);
    expect(en(r.events.find((e) => e.type === 'jump')!.text)).toMatch(/climbs 2" .*\(5.2" of movement\)/);
  });

  it('at Agility 1.99 the 2" climb is refused with no die', () => {
    expect(
      en(
        refuse(matchOf(at(foot, stat(V, 'agility', 1.99))), 'A', up('run'), q, 'skirmish-ru:refuse.jump.climbMax')
          .message,
      ),
    ).toMatch(/climbs at most 1.99"/);
  });

  it('a failed climb (4 against 3) falls 2" back to the foot: 1 wound, no save, prone and pinned, the activation over (and the pin with its turn)', () => {
    const r = play(matchOf(at(foot)), 'A', up('run'), q, [4]);
    const f = r.match.state.fighters[V]!;
    // Pinned in its own turn, it loses what was left of it and is itself again at its end.
    expect([f.pos, f.wounds.wounds, f.prone, f.pinned, f.activated]).toEqual([[8, 0, 33.2], 2, true, false, true]);
    expect(falls(r.events)).toEqual([
      expect.objectContaining({ model: V, from: [8, 2, 32], to: [8, 0, 33.2], height: 2, band: 'one', wounds: 1 }),
    ]);
    expect(en(falls(r.events)[0]!.text)).toBe('Вожак Гром falls 2" (1 wound): 1 wound, no save, prone');
    expect(r.match.state.activation).toBeNull();
  });

  it('a failed 4" climb onto the pump shed (a sprint) falls 4": a d3 (a 3: 2 wounds); then the sprint\'s athletics test', () => {
    const s = at({ [M]: [16, 0, 17.2] }, set(M, { wounds: { wounds: 3, excess: 0, condition: 'active' } }));
    const climb = jumpTo(M, 'climb', 'sprint', [16, 4, 16]);
    expect(refuse(matchOf(s), 'A', { ...climb, mode: 'run' }, q, 'skirmish-ru:refuse.jumpCost.run')).toMatchObject({
      error: 'out-of-range',
    });
    const r = play(matchOf(s), 'A', climb, q, [5, 3, 1]);
    const f = r.match.state.fighters[M]!;
    expect([f.pos, f.wounds.wounds, f.prone]).toEqual([[16, 0, 17.2], 1, true]);
    expect(falls(r.events)[0]).toMatchObject({ height: 4, band: 'd3', wounds: 2 });
  });
});

describe('leaping a gap (up to Agility wide; the horizontal run counts; a fail falls into the gap)', () => {
  // Across the 2.5" alley between the 8" warehouses: 3.7" from roof to roof.
  const across = jumpTo(V, 'leap', 'move', [35.1, 8, 20]);
  const west = { [V]: [31.4, 8, 20] as [number, number, number] };
  it('at Agility 2.5: passes on a 1, lands on the east roof with 0.3" to spare', () => {
    const r = play(matchOf(at(west, stat(V, 'agility', 2.5))), 'A', across, q, [1]);
    expect(r.match.state.fighters[V]!.pos).toEqual([35.1, 8, 20]);
    expect(r.match.state.activation!.rest).toBeCloseTo(0.3, 9);
    expect(en(r.events.find((e) => e.type === 'jump')!.text)).toMatch(/leaps a 2.5" gap/);
  });

  it('at Agility 2.49 the 2.5" gap is refused with no die', () => {
    expect(
      en(
        refuse(matchOf(at(west, stat(V, 'agility', 2.49))), 'A', across, q, 'skirmish-ru:refuse.jump.leapMax').message,
      ),
    ).toMatch(/leaps at most 2.49" \(Agility\), not a 2.5" gap/);
  });

  it('a fail falls 8" into the alley: a d6 (a 2), prone, landing on the ground', () => {
    const r = play(matchOf(at(west)), 'A', across, q, [6, 2]);
    const f = r.match.state.fighters[V]!;
    expect([f.pos[1], f.wounds.wounds, f.prone, f.activated]).toEqual([0, 1, true, true]);
    expect(f.pos[0]).toBeGreaterThan(32);
    expect(f.pos[0]).toBeLessThan(34.5);
    expect(falls(r.events)[0]).toMatchObject({ model: V, height: 8, band: 'd6', wounds: 2 });
  });

  it('a fail from the 13" water tower towards the 10.5" boiler house is a fall over 12": removed, no dice', () => {
    const s = at({ [M]: [39.5, 13, 33] });
    const leap = jumpTo(M, 'leap', 'move', [44, 10.5, 33]);
    const r = play(matchOf(s), 'A', leap, q, [5]);
    expect(r.match.state.fighters[M]!.wounds.condition).toBe('dead');
    expect(falls(r.events)[0]).toMatchObject({ height: 13, band: 'removed', wounds: 0 });
    expect(en(falls(r.events)[0]!.text)).toMatch(/falls 13" \(over 12"\): removed from the table/);
    // Jumping down across the alley is refused: the gap makes it a leap.
    expect(
      en(refuse(matchOf(s), 'A', { ...leap, how: 'down' }, q, 'skirmish-ru:refuse.jump.gapBelow').message),
    ).toMatch(/cross a gap.*a leap/);
    // A pass lands on the boiler house 2.5" lower.
    expect(play(matchOf(s), 'A', leap, q, [4]).match.state.fighters[M]!.pos).toEqual([44, 10.5, 33]);
  });

  it('a fall onto a model in the alley: it fails its agility dodge and takes the same band; both prone', () => {
    const s = at({ ...west, [BATYA]: [33.25, 0, 20] });
    // V fails (6), falls 8" (d6: 2); Батя dodges on agility 3 and rolls 5 (fails), takes a d6 (1).
    const r = play(matchOf(s), 'A', across, q, [6, 2, 5, 1]);
    const b = r.match.state.fighters[BATYA]!;
    const v = r.match.state.fighters[V]!;
    expect([b.pos, b.wounds.wounds, b.prone, b.pinned]).toEqual([[33.25, 0, 20], 2, true, true]);
    expect([v.wounds.wounds, v.prone]).toEqual([1, true]);
    expect(Math.hypot(v.pos[0] - 33.25, v.pos[2] - 20)).toBeGreaterThanOrEqual(0.98);
    expect(en(r.events.find((e) => e.type === 'landed-on')!.text)).toMatch(
      /falls onto Батя: agility test 5 against 3: fails/,
    );
    // A dodge (a 3) leaves Батя unhurt.
    const d = play(matchOf(s), 'A', across, q, [6, 2, 3]);
    expect(d.match.state.fighters[BATYA]!.wounds.wounds).toBe(3);
  });

  it('a leap into base contact is a charge: the leaper strikes at once', () => {
    const s = at({ ...west, [SHILO]: [36, 8, 20] });
    const r = play(matchOf(s), 'A', jumpTo(V, 'leap', 'move', [35, 8, 20]), q, [1, 6, 6]);
    expect(r.events.map((e) => e.type)).toEqual(['jump', 'close-combat', 'strike', 'dice-rolled']);
    expect(r.match.state.fighters[V]!.activated).toBe(true);
  });
});

describe('prone after a fall: the text gives standing up no cost', () => {
  it('a prone fighter (Movement 4) moves its whole 4" and is up; 4.01" is too far', () => {
    const m = matchOf(at({ [V]: [20, 0, 40] }, set(V, { prone: true })));
    expect(
      refuse(
        m,
        'A',
        { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 35.99 },
        q,
        'skirmish-ru:refuse.reach.move',
      ),
    ).toMatchObject({
      error: 'out-of-range',
    });
    const r = play(m, 'A', { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 36 }, q);
    expect(r.match.state.fighters[V]!.prone).toBe(false);
  });
});

describe('legal jumps on the yard', () => {
  it('a fighter on the pump shed is offered jumps down, each accepted', () => {
    const s = at({ [M]: [16, 4, 14], [V]: [31.4, 8, 20], [K]: [39.5, 13, 33], [L]: [8, 0, 34] });
    // (No wall-clock limit: these machines are shared; the legal list's cost is measured in tests/bench.)
    const list = legalActions(s, 'A', q);
    const jumps = list.filter((a) => a.type === 'jump');
    expect(jumps.some((a) => a.fighter === M && a.how === 'down')).toBe(true);
    expect(jumps.some((a) => a.fighter === V && a.how === 'leap')).toBe(true);
    expect(jumps.some((a) => a.fighter === M && a.how === 'leap')).toBe(false);
    expect(jumps.some((a) => a.fighter === K && a.how === 'leap' && a.y === 10.5)).toBe(true);
    expect(jumps.some((a) => a.fighter === K && a.how === 'down')).toBe(false);
    expect(jumps.some((a) => a.fighter === L && a.how === 'climb' && a.y === 2)).toBe(true);
    for (const a of jumps) expect(() => play(matchOf(s), 'A', a, q, a.mode === 'sprint' ? [1, 1] : [1])).not.toThrow();
  });

  it('a fighter on the east container is offered the 2" leap to the one beside it (and one with Agility 1.99 is not)', () => {
    const s = at({ [M]: [44, 3, 12.5], [V]: [31.4, 0, 40], [K]: [20, 0, 40], [L]: [8, 0, 34] });
    const leaps = (st: typeof s) =>
      legalActions(st, 'A', q).filter((a) => a.type === 'jump' && a.fighter === M && a.how === 'leap');
    const over = leaps(s).filter((a) => a.type === 'jump' && a.z >= 15.25);
    expect(over.length).toBeGreaterThan(0);
    for (const a of over) expect(a.type === 'jump' && a.y).toBe(3);
    expect(
      leaps(
        at({ [M]: [44, 3, 12.5], [V]: [31.4, 0, 40], [K]: [20, 0, 40], [L]: [8, 0, 34] }, stat(M, 'agility', 1.99)),
      ),
    ).toEqual([]);
  });
});

describe('a random battle on the yard', () => {
  it('two rounds with fighters on the roofs play to the end; the bots jump and every offered jump is accepted', () => {
    const s = [
      set(M, { pos: [16, 4, 14] }),
      set(K, { pos: [39.5, 13, 33] }),
      set(SHILO, { pos: [29, 8, 20] }),
      set('B.tikhonya', { pos: [8, 0, 34] }),
    ].reduce((x, p) => p(x), fresh(2));
    const m = randomGame(ruleset, s, 2, 9, q);
    expect(m.state.phase).toBe('over');
    expect(m.log.filter((e) => 'action' in e && e.action.type === 'jump').length).toBeGreaterThan(0);
  }, 60000);
});
