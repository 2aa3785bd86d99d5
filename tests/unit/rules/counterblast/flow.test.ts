import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { renderStrict } from '../../../../src/i18n/i18n';
import { en } from '../../../support/words';
import { reactionLine } from '../../../../src/rules/engine/match';
import { ruleset } from '../../../../src/rules/counterblast';
import { fresh, matchOf, midBattle, play, refuse, samples, set, CREWS_FILE } from './fixture';
import { battleScore } from '../../../../src/rules/counterblast/apply';
import { validateCrews } from '../../../../src/rules/counterblast/data';
import { legalActions } from '../../../../src/rules/counterblast/legal';
import type { CbState } from '../../../../src/rules/counterblast';

// A.gunner-1: Salvager gunner (Zap 4, Rifle 24" / 1, Move 5). B.thug-1: Syndicate thug (Defense 2, Mettle 3, Grit 4).
const duel = { 'A.gunner-1': [10, 10], 'B.thug-1': [10, 16], 'B.thug-2': [40, 30] } as Record<string, [number, number]>;

describe('counterblast crews file', () => {
  it('the sample crews validate (500 points each, labelled samples); a bad file names the field and value', () => {
    const d = samples();
    expect(d.crews.map((c) => [c.id, c.sample, c.models.reduce((t, m) => t + m.points, 0)])).toEqual([
      ['rustwater-salvagers', true, 500],
      ['vey-syndicate', true, 500],
      ['hollow-sun-coven', true, 500],
    ]);
    const bad = validateCrews(
      {
        format: 'counterblast-crews/1',
        crews: [{ id: 'x', name: 'X', models: [{ ...d.crews[0]!.models[0]!, zap: 12 }] }],
      },
      CREWS_FILE,
    );
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.message).toMatch(/crews\[0\]\.models\[0\]\.zap = 12/);
    const twice = validateCrews(
      {
        format: 'counterblast-crews/1',
        crews: [{ id: 'x', name: 'X', models: [d.crews[0]!.models[0]!, { ...d.crews[0]!.models[0]!, id: 'boss-2' }] }],
      },
      'twice.json',
    );
    expect(!twice.ok && twice.error.message).toMatch(/same Character twice/);
  });
});

describe('counterblast turn', () => {
  it('deployment alternates within 6" of each edge; the Moxie phase gives each crew a pool of its models; a Moxie check vs 7 picks the Active crew', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(fresh());
    // A's edge is the south edge (z = 36, nearest the player), B's the north (z = 0).
    expect(
      refuse(m, 'A', { type: 'deploy', model: 'A.boss', x: 10, y: 0, z: 30 }, q, 'counterblast:err.deployDepth').error,
    ).toBe('out-of-range');
    expect(
      refuse(m, 'A', { type: 'deploy', model: 'A.boss', x: 10, y: 0, z: 2 }, q, 'counterblast:err.deployDepth').message,
    ).toBe('Boss Kade deploys within 6" of A\'s edge, the south edge (nearest you) (its base reaches 34.59")');
    // Deploy every model, A and B in turn, in two lines.
    while (m.state.phase === 'deploy') {
      const p = m.state.deployTurn;
      const next = Object.values(m.state.models).find((x) => x.player === p && !x.pos)!;
      const placed = Object.values(m.state.models).filter((x) => x.player === p && x.pos).length;
      const last = Object.values(m.state.models).filter((x) => !x.pos).length === 1;
      // The last deployment starts turn 1: Moxie checks, A 6 dice (7, 7, 1, 1, 1, 1), B 6 dice (all 1s).
      m = play(
        m,
        p,
        { type: 'deploy', model: next.id, x: 4 + placed * 6, y: 0, z: p === 'A' ? 34 : 2 },
        q,
        last ? [7, 7, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] : [],
      ).match;
    }
    expect(m.state).toMatchObject({ phase: 'activation', turn: 1, moxie: { A: 6, B: 6 }, active: 'A' });
  });

  it('ties go to the larger pool, then to d10 roll-offs; a crew that passed fails the checks for the rest of the turn', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel, 3, (s) => ({ ...s, moxie: { A: 3, B: 2 } })));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    // A has 2 Moxie left, B 2: one success each, equal pools: roll-off 3-5, B is Active.
    m = play(m, 'A', { type: 'end-activation' }, q, [7, 1, 8, 1, 3, 5]).match;
    expect(m.state.active).toBe('B');
    // B passes: A is the only crew that can act, no roll.
    m = play(m, 'B', { type: 'pass-turn' }, q).match;
    expect(m.state.active).toBe('A');
    expect(m.state.passed).toEqual({ A: false, B: true });
  });

  it('a single activation costs 1 Moxie and gives two actions; the Multitasking Rule; an extra action for 1 Moxie; Move does not Spend, Shoot does', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    expect(m.state.moxie.A).toBe(3);
    m = play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 12, y: 0, z: 10 }, q).match;
    // The thug sees the gunner finish a Maneuver in its Scattergun's range: B may Snapshot; it declines.
    expect(m.window?.options).toEqual([{ type: 'snapshot', model: 'B.thug-1', weapon: 0, target: 'A.gunner-1' }]);
    m = play(m, 'B', { type: 'pass' }, q).match;
    expect(
      refuse(m, 'A', { type: 'move', model: 'A.gunner-1', x: 13, y: 0, z: 10 }, q, 'counterblast:err.multitasking')
        .message,
    ).toMatch(/Multitasking/);
    expect(m.state.models['A.gunner-1']!.spent).toBe(false);
    m = play(m, 'A', { type: 'aim', model: 'A.gunner-1' }, q).match;
    expect(
      refuse(
        m,
        'A',
        { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' },
        q,
        'counterblast:err.noActionsLeft',
      ).message,
    ).toMatch(/no actions left/);
    m = play(m, 'A', { type: 'buy-action', model: 'A.gunner-1' }, q).match;
    expect(m.state.moxie.A).toBe(2);
    // Aimed shot within 8": Difficulty 6. Zap 4: 6, 10 (explodes: 2), 1, 1 = 2 successes; Rifle 1: 2 raw;
    // thug Defense 2 vs 7: 1, 1 -> 2 tokens (Mettle 3: not Down).
    const shot = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q);
    m = shot.match;
    // B may react, the reactions named in words (issue 34: not their ids, "(return-fire, action-roll)"),
    // in every language: it passes, and the shot resolves.
    const opened = shot.events.find((e) => e.type === 'reaction-window')!;
    expect(en(opened.text)).toBe('B may react: return fire, action roll');
    const line = reactionLine(ruleset, shot.match.window!);
    expect(renderStrict(line, 'ru')).toBe('B может отреагировать: ответный огонь, перекат');
    expect(renderStrict(line, 'ko')).toBe('B: 반응할 수 있음 (응사, 회피 구르기)');
    const r = play(m, 'B', { type: 'pass' }, q, [6, 10, 2, 1, 1, 1, 1]);
    expect(r.events.find((e) => e.type === 'shot')?.text).toMatch(
      /: Zap 6, 10, 2, 1, 1 against 6\+: 2 successes, the 10 exploded into one more die, /,
    );
    expect(r.match.state.models['B.thug-1']).toMatchObject({ damage: 2, down: false });
    expect(r.match.state.models['A.gunner-1']!.spent).toBe(true);
  });

  // Half hidden by a wall (heavy cover).
  const walled = () =>
    fakeTable({
      size: 48,
      sight: (_v, t) =>
        t === 'B.thug-1'
          ? {
              visibleFraction: 0.5,
              hidden: { terrain: 0.5, vehicles: 0, models: 0, smoke: 0 },
              coverPieces: [{ id: 'wall', kind: 'obstacle', share: 0.5, distance: 0.2 }],
            }
          : {},
    });
  const open = () => fakeTable({ size: 48 });
  it.each([
    [
      // 3 successes -> 3 raw; Defense 1, 1: 3 tokens = Mettle 3: Down and Stable.
      'tokens up to Mettle: Down and Stable',
      open,
      (s: CbState) => s,
      [7, 7, 7, 1, 1, 1],
      { damage: 3, down: true, stable: true },
    ],
    [
      // With 4 tokens already, 3 more make 7 > 6: a casualty.
      'more than double Mettle: a casualty',
      open,
      set('B.thug-1', { damage: 4, down: true, stable: true }),
      [7, 7, 7, 1, 1, 1],
      { casualty: true, pos: null },
    ],
    [
      // Defense rolls 2 + 2 dice: 7, 7, 1, 1 stop 2 of 3.
      'heavy cover adds 2 Defense dice against shooting',
      walled,
      (s: CbState) => s,
      [7, 7, 7, 1, 7, 7, 1, 1],
      { damage: 1, down: false },
    ],
  ])(
    'damage: Defense against 7 stops 1 per success; tokens up to Mettle: Down and Stable; more than double Mettle: a casualty; cover adds Defense dice against shooting (%s)',
    (_case, table, patch, dice, thug) => {
      const q = table();
      let m = matchOf(midBattle(duel, 4, patch));
      m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
      const shot = { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' } as const;
      // A Down target cannot react: the shot resolves at once; otherwise B passes on its reactions.
      const r = m.state.models['B.thug-1']!.down
        ? play(m, 'A', shot, q, dice)
        : play(play(m, 'A', shot, q).match, 'B', { type: 'pass' }, q, dice);
      expect(r.match.state.models['B.thug-1']).toMatchObject(thug);
    },
  );

  it('Strike: Difficulty 7 against equal or lower Grit, 8 against higher; Grit dice; reach', () => {
    const q = fakeTable({ size: 48 });
    // A.loader (Grit 6, claw reach 1, damage 3) against thug-1 (Grit 4): Difficulty 7.
    const r0 = 40 / 25.4 / 2 + 30 / 25.4 / 2;
    let m = matchOf(midBattle({ 'A.loader': [10, 10], 'B.thug-1': [10, 10 + r0 + 0.5], 'B.thug-2': [40, 30] }));
    m = play(m, 'A', { type: 'activate', model: 'A.loader' }, q).match;
    m = play(m, 'A', { type: 'strike', model: 'A.loader', weapon: 0, target: 'B.thug-1' }, q).match;
    const r = play(m, 'B', { type: 'pass' }, q, [7, 1, 1, 1, 1, 1, 1, 1]);
    expect(r.events.find((e) => e.type === 'strike')?.text).toMatch(/: Grit 7, 1, 1, 1, 1, 1 against 7\+: 1 success, /);
    // 1 x 3 = 3 raw; Defense 1, 1: 3 tokens: Down.
    expect(r.match.state.models['B.thug-1']!.down).toBe(true);
    // Out of reach: refused.
    let far = matchOf(midBattle({ 'A.loader': [10, 10], 'B.thug-1': [10, 14], 'B.thug-2': [40, 30] }));
    far = play(far, 'A', { type: 'activate', model: 'A.loader' }, q).match;
    expect(
      refuse(
        far,
        'A',
        { type: 'strike', model: 'A.loader', weapon: 0, target: 'B.thug-1' },
        q,
        'counterblast:err.beyondWeapon',
      ).error,
    ).toBe('out-of-range');
  });

  it('Upkeep, Panic and the end of the battle: unstable Down models die, dread rises, a crew with more dread than models rolls Knack; after turn 6 the Battle Score', () => {
    const q = fakeTable({ size: 48 });
    // Turn 6; B.thug-1 is Down and unstable; B's dread is already 2, so 2 + 1 (turn) + 1 (a casualty) = 4 > 1 model left: Knack rolls.
    const s = midBattle(duel, 1, (st) => ({
      ...st,
      turn: 6,
      dread: { A: 0, B: 2 },
      models: { ...st.models, 'B.thug-1': { ...st.models['B.thug-1']!, damage: 3, down: true, stable: false } },
    }));
    let m = matchOf(s);
    m = play(m, 'A', { type: 'pass-turn' }, q).match;
    // B can act (thug-2): it passes too; the turn ends. thug-2 (Knack 2): 1, 1 -> Panicked.
    const r = play(m, 'B', { type: 'pass-turn' }, q, [1, 1]);
    expect(r.match.state.models['B.thug-1']).toMatchObject({ casualty: true });
    expect(r.match.state.dread).toEqual({ A: 1, B: 4 });
    expect(r.match.state.models['B.thug-2']!.panicked).toBe(true);
    expect(r.match.state.phase).toBe('over');
    // A: the gunner (60 of 500) stands: under 50% -> 1; B: nothing standing unpanicked -> 1.
    expect(r.match.state.score).toEqual({ A: 1, B: 1 });
    expect(battleScore({ ...r.match.state, gamePoints: 100 }, 'A')).toBe(3);
  });

  it('a Panicked model must Rally first: 2+ successes clear it, a failure ends its activation', () => {
    const q = fakeTable({ size: 48 });
    const s = midBattle(duel, 4, (st) => ({
      ...st,
      models: { ...st.models, 'A.gunner-1': { ...st.models['A.gunner-1']!, panicked: true } },
    }));
    let m = matchOf(s);
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    expect(
      legalActions(m.state, 'A', q)
        .filter((a) => a.type !== 'end-activation' && a.type !== 'buy-action')
        .map((a) => a.type),
    ).toEqual(['rally']);
    expect(refuse(m, 'A', { type: 'aim', model: 'A.gunner-1' }, q, 'counterblast:err.panickedRally').message).toMatch(
      /Rally/,
    );
    const ok = play(m, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [7, 9]);
    expect(ok.match.state.models['A.gunner-1']!.panicked).toBe(false);
    // A failure: Spent, the activation ends; its run is a Maneuver (B may Snapshot: it passes); A has nobody
    // left to activate, so B is Active without a roll.
    const fail = play(m, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [1, 1]);
    expect(fail.match.state.models['A.gunner-1']!.spent).toBe(true);
    expect(fail.match.window?.player).toBe('B');
    expect(play(fail.match, 'B', { type: 'pass' }, q).match.state.active).toBe('B');
  });

  it('Upkeep: a leader on the table and not Down may spend Moxie to cut dread before the Panic phase', () => {
    const q = fakeTable({ size: 48 });
    // A's leader (Boss Kade) stands; A has 3 Moxie and 2 dread carried over. Turn 6, so the battle ends after Panic.
    const s = midBattle({ 'A.boss': [10, 10], 'B.thug-1': [40, 30] }, 3, (st) => ({
      ...st,
      turn: 6,
      dread: { A: 2, B: 0 },
    }));
    let m = matchOf(s);
    m = play(m, 'A', { type: 'pass-turn' }, q).match;
    m = play(m, 'B', { type: 'pass-turn' }, q).match;
    expect(m.state).toMatchObject({ phase: 'upkeep', upkeepTurn: 'A' });
    expect(legalActions(m.state, 'A', q)).toEqual([
      { type: 'calm', amount: 0 },
      { type: 'calm', amount: 1 },
      { type: 'calm', amount: 2 },
    ]);
    expect(refuse(m, 'A', { type: 'calm', amount: 3 }, q, 'counterblast:err.calmAmount').error).toBe('out-of-range');
    // 2 spent: dread 0, then Panic adds 1 for the turn: 1, not above A's 1 model, no Knack rolls.
    const r = play(m, 'A', { type: 'calm', amount: 2 }, q);
    expect(r.match.state.dread.A).toBe(1);
    expect(r.match.state.phase).toBe('over');
    expect('upkeepTurn' in r.match.state).toBe(false);
  });

  it('Moxie phase: a crew whose leader is gone may elect a new one for 1 Moxie (or not)', () => {
    const q = fakeTable({ size: 48 });
    // Turn 1 ends with A's leader (Boss Kade) a casualty; in turn 2 A may elect the medic.
    const s = midBattle({ 'A.medic': [10, 10], 'A.gunner-1': [14, 10], 'B.enforcer': [40, 30] }, 1);
    let m = matchOf(s);
    m = play(m, 'A', { type: 'pass-turn' }, q).match;
    // B passes: Upkeep (B's leader may cut dread: none yet), Panic, then turn 2's Moxie phase.
    m = play(m, 'B', { type: 'pass-turn' }, q).match;
    expect(m.state).toMatchObject({ turn: 2, phase: 'moxie', electTurn: 'A', moxie: { A: 2, B: 1 } });
    expect(legalActions(m.state, 'A', q)).toContainEqual({ type: 'elect', model: 'A.medic' });
    // Elect the medic: 1 Moxie; then the Activation phase rolls (A 1 die, B 1 die: 7 and 1).
    const r = play(m, 'A', { type: 'elect', model: 'A.medic' }, q, [7, 1]);
    expect(r.match.state.leader?.A).toBe('A.medic');
    expect(r.match.state).toMatchObject({ phase: 'activation', moxie: { A: 1, B: 1 }, active: 'A' });
    // The phase's marker is dropped, not left undefined (JSON would drop it, and a state read back would hash differently).
    expect('electTurn' in r.match.state).toBe(false);
  });
});
