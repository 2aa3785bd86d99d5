/**
 * The Counterblast bot's lookahead (src/ai/counterblastBot.ts, src/rules/counterblast/ai/): each scene is
 * on the open test table with the frozen test crews; the bot plays A (and answers for B in any
 * window), and each test states the exact moves it makes.
 */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../../support/fakeTable';
import { counterblastMove } from '../../../../../src/rules/counterblast/ai';
import { act, decider, type Match, type Move } from '../../../../../src/rules/engine/match';
import { isError } from '../../../../../src/rules/engine/types';
import { ruleset, type CbAction, type CbState } from '../../../../../src/rules/counterblast';
import { both, fresh, matchOf, midBattle, play, set } from '../fixture';
import { en } from '../../../../support/words';

const q = fakeTable({ size: 48 });
type Place = Record<string, [number, number]>;
const turn = (n: number) => (s: CbState) => ({ ...s, turn: n });

/** The bot's moves for both sides from `m` until A's activation is over (or A passes): A's as they are, B's answers marked. */
function activation(m0: Match<CbState, CbAction>): string[] {
  let m = m0;
  const out: string[] = [];
  for (let i = 0; i < 12; i++) {
    const who = decider(ruleset, m)!;
    const mv = counterblastMove(m, who, q) as Move<CbAction>;
    out.push(
      `${who === 'A' ? '' : 'B answers '}${mv.type}${'model' in mv ? ` ${mv.model}` : ''}${'target' in mv ? ` at ${mv.target}` : ''}`,
    );
    const r = act(ruleset, m, who, mv, q);
    if (isError(r)) throw new Error(en(r.message));
    m = r.match;
    if (who === 'A' && (mv.type === 'pass-turn' || !m.state.activation)) break;
  }
  return out;
}

describe('counterblast AI lookahead', () => {
  it('stands a Prone model up on the objective it holds before it strikes the thug in reach (turn 5)', () => {
    // Boss Kade Prone on the middle objective, a thug in base contact: standing is better than striking Prone or walking off.
    const m = matchOf(
      midBattle({ 'A.boss': [24, 18], 'B.thug-1': [24, 19.3], 'B.thug-2': [44, 34] }, 4, (s) =>
        turn(5)(set('A.boss', { prone: true })(s)),
      ),
    );
    expect(activation(m)).toEqual([
      'activate A.boss',
      'stand-up A.boss',
      'strike A.boss at B.thug-1',
      // The thug Parries: its Grit on Defense saves more than a spare Moxie is worth.
      'B answers parry B.thug-1',
      'end-activation',
    ]);
  });

  it('Aims before the shot Aim improves, and uses its second action for it (a gunner 6" from a thug with no Moxie to answer)', () => {
    const noMoxie = (s: CbState): CbState => ({ ...s, moxie: { ...s.moxie, B: 0 } });
    let m = matchOf(
      midBattle({ 'A.gunner-1': [24, 18], 'B.thug-1': [24, 24], 'B.thug-2': [44, 34] }, 4, both(turn(5), noMoxie)),
    );
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    expect(activation(m)).toEqual(['aim A.gunner-1', 'shoot A.gunner-1 at B.thug-1', 'end-activation']);
  });

  it("the target of a shot worth a Moxie Action-rolls out of the shooter's range rather than return fire; the shooter, expecting it, does not Aim", () => {
    let m = matchOf(midBattle({ 'A.boss': [24, 18], 'B.enforcer': [24, 28], 'B.thug-2': [44, 34] }, 4, turn(5)));
    m = play(m, 'A', { type: 'activate', model: 'A.boss' }, q).match;
    const shot = counterblastMove(m, 'A', q)!;
    expect(shot).toMatchObject({ type: 'shoot', model: 'A.boss', target: 'B.enforcer' });
    m = play(m, 'A', shot, q).match;
    const answer = counterblastMove(m, 'B', q)!;
    expect(answer).toMatchObject({ type: 'action-roll', model: 'B.enforcer' });
    const roll = answer as { x: number; z: number };
    const range = Math.max(...m.state.models['A.boss']!.card.shooting.map((w) => w.range));
    expect(Math.hypot(roll.x - 24, roll.z - 18)).toBeGreaterThan(range);
  });

  it('uses both actions: walks on towards the objectives, then shoots the thug it closed on (from 22" it could Action-roll out of range)', () => {
    const m = matchOf(midBattle({ 'A.gunner-1': [12, 4], 'B.thug-1': [12, 26], 'B.thug-2': [44, 34] }));
    const moves = activation(m);
    expect(moves.filter((x) => !x.startsWith('B answers'))).toEqual([
      'activate A.gunner-1',
      'move A.gunner-1',
      'shoot A.gunner-1 at B.thug-1',
      'end-activation',
    ]);
  });

  it("splits Boss Kade's pool between two thugs a token short of Down each (3 dice and 2), the candidate the lookahead weighs against the whole pool at one", () => {
    const hurt = (id: string) => (s: CbState) => set(id, { damage: s.models[id]!.card.mettle - 1 })(s);
    const scene = (...patches: ((s: CbState) => CbState)[]) => {
      const m = matchOf(
        midBattle({ 'A.boss': [24, 18], 'B.thug-1': [22, 24], 'B.thug-2': [26, 24] }, 4, both(turn(3), ...patches)),
      );
      return play(m, 'A', { type: 'activate', model: 'A.boss' }, q).match;
    };
    expect(counterblastMove(scene(hurt('B.thug-1'), hurt('B.thug-2')), 'A', q)).toEqual({
      type: 'shoot',
      model: 'A.boss',
      weapon: 0,
      target: 'B.thug-1',
      split: [
        { target: 'B.thug-1', dice: 3 },
        { target: 'B.thug-2', dice: 2 },
      ],
    });
  });

  it('throws the smaller Cyber-hound in base contact straight away from it (it lands Prone); a thug its own size it strikes', () => {
    const scene = (enemy: string) =>
      play(
        matchOf(midBattle({ 'A.boss': [24, 18], [enemy]: [24, 19.2], 'B.thug-2': [44, 34] }, 4, turn(3))),
        'A',
        { type: 'activate', model: 'A.boss' },
        q,
      ).match;
    expect(counterblastMove(scene('B.hound'), 'A', q)).toEqual({
      type: 'throw',
      model: 'A.boss',
      target: 'B.hound',
      directionDeg: 90,
    });
    expect(counterblastMove(scene('B.thug-1'), 'A', q)).toEqual({
      type: 'strike',
      model: 'A.boss',
      weapon: 0,
      target: 'B.thug-1',
    });
  });

  it('buys an action (a Moxie) for an Aimed shot worth more than the Moxie, and not for nothing', () => {
    // Boss Kade has Moved and Aimed: both free actions used.
    const spent = (s: CbState): CbState => ({
      ...s,
      activation: {
        player: 'A',
        models: ['A.boss'],
        actions: { 'A.boss': { left: 0, used: ['move', 'aim'] } },
        aim: { 'A.boss': 1 },
      },
    });
    const near = matchOf(midBattle({ 'A.boss': [24, 10], 'B.enforcer': [24, 16], 'B.thug-2': [44, 34] }, 4, spent));
    expect(counterblastMove(near, 'A', q)).toEqual({ type: 'buy-action', model: 'A.boss' });
    const none = matchOf(midBattle({ 'A.boss': [4, 4], 'B.enforcer': [44, 34], 'B.thug-2': [44, 34] }, 4, spent));
    expect(counterblastMove(none, 'A', q)).toEqual({ type: 'end-activation' });
  });

  it('keeps its Moxie to calm its dread when a panic test looms, and spends it when none does', () => {
    const place: Place = {
      'A.gunner-1': [12, 4],
      'A.gunner-2': [16, 4],
      'A.boss': [20, 4],
      'B.thug-1': [12, 34],
      'B.thug-2': [44, 34],
    };
    // Dread 3 with three models: after this turn's rise it is over the count unless two Moxie go on it at Upkeep.
    const dread = matchOf(midBattle(place, 2, (s) => ({ ...s, dread: { A: 3, B: 0 } })));
    expect(counterblastMove(dread, 'A', q)).toEqual({ type: 'pass-turn' });
    const calm = counterblastMove(matchOf(midBattle(place, 2)), 'A', q);
    expect(calm).toMatchObject({ type: 'activate-group', hero: 'A.boss' });
  });

  it('Rushes towards the objective it walks to after its Move, and takes the Rush spot nearest it', () => {
    // Doc Ruiz has Moved and has one action left, 12" short of the middle objective, no enemy in reach.
    const moved = (s: CbState): CbState => ({
      ...s,
      activation: { player: 'A', models: ['A.medic'], actions: { 'A.medic': { left: 1, used: ['move'] } }, aim: {} },
    });
    let m = matchOf(midBattle({ 'A.medic': [24, 4], 'B.thug-2': [46, 34] }, 4, both(turn(4), moved)));
    expect(counterblastMove(m, 'A', q)).toEqual({ type: 'rush', model: 'A.medic' });
    // The d10 rolls 7.
    m = play(m, 'A', { type: 'rush', model: 'A.medic' }, q, [7]).match;
    expect(m.state.activation!.rush!.allowance).toBe(7);
    const spot = counterblastMove(m, 'A', q) as Extract<CbAction, { type: 'rush-move' }>;
    // On the open table, straight at the objective (24, 18): the full 7".
    expect(spot).toMatchObject({ type: 'rush-move', model: 'A.medic', x: 24 });
    expect(spot.z).toBeCloseTo(11, 0);
  });

  it('in a group step, a lackey steps rather than Doing Nothing when the step costs it nothing', () => {
    const group = (s: CbState): CbState => ({
      ...s,
      activation: {
        player: 'A',
        models: ['A.boss', 'A.gunner-1'],
        actions: { 'A.boss': { left: 1, used: ['move'] }, 'A.gunner-1': { left: 2, used: [] } },
        aim: {},
        group: { chosen: 'move', done: ['A.boss'] },
      },
    });
    // Boss Kade is nearer every objective than the gunner: the gunner's step changes no objective's way,
    // so it is worth the same as Doing Nothing (listed first among the candidates).
    const m = matchOf(
      midBattle({ 'A.boss': [24, 13], 'A.gunner-1': [24, 2], 'B.thug-2': [46, 34] }, 4, both(turn(3), group)),
    );
    const mv = counterblastMove(m, 'A', q) as Extract<CbAction, { type: 'move' }>;
    expect(mv).toMatchObject({ type: 'move', model: 'A.gunner-1' });
  });

  it('with Moxie beyond its dread, activates a model rather than passing and losing it; with none spare it passes', () => {
    // The gunner holds the left objective; no enemy is in its reach; the Moxie is lost at the turn's end.
    const place: Place = { 'A.gunner-1': [8, 18], 'B.thug-2': [46, 34] };
    const spare = matchOf(
      midBattle(
        place,
        2,
        both(turn(3), (s) => ({ ...s, dread: { A: 1, B: 0 } })),
      ),
    );
    expect(counterblastMove(spare, 'A', q)).toEqual({ type: 'activate', model: 'A.gunner-1' });
    const kept = matchOf(
      midBattle(
        place,
        2,
        both(turn(3), (s) => ({ ...s, dread: { A: 2, B: 0 } })),
      ),
    );
    expect(counterblastMove(kept, 'A', q)).toEqual({ type: 'pass-turn' });
  });

  it('a Burning model lies down (Prone: +3d Defense against the burn) where it holds its objective; not burning, it does not', () => {
    const place: Place = { 'A.gunner-1': [8, 18], 'B.thug-2': [46, 34] };
    const act = (patch: (s: CbState) => CbState) => {
      let m = matchOf(midBattle(place, 4, both(turn(3), patch)));
      m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
      return counterblastMove(m, 'A', q);
    };
    const burning = set('A.gunner-1', (m) => ({ conditions: [...(m.conditions ?? []), 'burning'] }));
    expect(act(burning)).toEqual({ type: 'move', model: 'A.gunner-1', x: 8, y: 0, z: 18, prone: true });
    expect(act((s) => s)).not.toMatchObject({ prone: true });
  });

  it("a model holding its objective lies down on it where an enemy gun reaches it (the Vey sniper's 36\"), and not out of every gun's range", () => {
    const act = (sniper: [number, number]) => {
      let m = matchOf(midBattle({ 'A.gunner-1': [8, 18], 'B.sniper': sniper, 'B.thug-2': [46, 34] }, 4, turn(3)));
      m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
      return counterblastMove(m, 'A', q);
    };
    expect(act([40, 30])).toEqual({ type: 'move', model: 'A.gunner-1', x: 8, y: 0, z: 18, prone: true });
    expect(act([46, 30])).not.toMatchObject({ prone: true });
  });

  it('deploys near the objectives, spread out, and not alike in every seed', () => {
    const deploy = (seed: number) => {
      let m = matchOf(fresh(), seed);
      const spots: string[] = [];
      for (let i = 0; i < 4; i++) {
        const who = decider(ruleset, m)!;
        const mv = counterblastMove(m, who, q) as Extract<CbAction, { type: 'deploy' }>;
        spots.push(`${mv.model}@${mv.x}`);
        m = play(m, who, mv, q).match;
      }
      return spots.join(' ');
    };
    const openings = new Set([1, 2, 3, 4, 5, 6, 7, 8].map(deploy));
    expect(openings.size).toBeGreaterThanOrEqual(4);
    // The first model goes where its distance to an objective ((8, 18), (24, 18), (40, 18)) is within an
    // inch of the best (12.6" from the strip, A's at z = 30.6): the tolerance is an inch of that distance.
    for (const o of openings) {
      const x = Number(o.split(' ')[0]!.split('@')[1]);
      const d = Math.min(...[8, 24, 40].map((ox) => Math.hypot(ox - x, 30.6 - 18)));
      expect(d).toBeLessThanOrEqual(12.6 + 1 + 0.05);
    }
  });

  it('does not read the game PRNG: the same state and seed give the same move, and dice drawn on the stream change nothing', () => {
    const s = midBattle({ 'A.boss': [24, 18], 'B.enforcer': [24, 28], 'B.thug-2': [44, 34] }, 4, turn(5));
    const m = matchOf(s, 1);
    const first = counterblastMove(m, 'A', q);
    expect(counterblastMove(matchOf(s, 1), 'A', q)).toEqual(first);
    // The same seed with 17 dice already drawn: the tie-breaking stream (seed and log) is the same, the dice's place is not.
    expect(counterblastMove({ ...m, rng: { ...m.rng, n: 17 } }, 'A', q)).toEqual(first);
    expect(counterblastMove(matchOf(s, 99), 'A', q)).toEqual(first);
  });
});
