/** The soak CLI (src/cli/soak.ts): its JSON report, its exit codes, and a replay mismatch it must catch. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { battleTable, checkGame } from '../../../src/cli/soakGames';
import type { Ruleset } from '../../../src/rules/engine/types';
import { playableEntry } from '../../support/startStates';

function soak(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/soak.ts', ...args], { encoding: 'utf8' });
}

describe('soak CLI', () => {
  it('--games 1 --rules rpg-attacks --json: one game saved and replayed, the keys the README names', () => {
    const r = soak('--games', '1', '--rules', 'rpg-attacks', '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(report).sort()).toEqual(['failures', 'games', 'ok', 'rules', 'seconds']);
    expect(report).toMatchObject({ ok: true, failures: 0, rules: ['rpg-attacks'] });
    const games = report.games as { perRuleset: number; 'rpg-attacks': Record<string, unknown> };
    expect(games.perRuleset).toBe(1);
    expect(Object.keys(games['rpg-attacks']).sort()).toEqual(['actions', 'games', 'mismatches', 'seconds']);
    expect(games['rpg-attacks']).toMatchObject({ games: 1, mismatches: [] });
    expect(games['rpg-attacks'].actions).toBeGreaterThan(10);
  });

  it('--cases 5 --rules fiveparsecs --json: moves, scene, forces and save files counted', () => {
    const r = soak('--cases', '5', '--rules', 'fiveparsecs', '--json');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as { cases: Record<string, unknown> };
    expect(Object.keys(report.cases).sort()).toEqual(['actions', 'forces', 'perRuleset', 'saves', 'scenes', 'seed']);
    expect(report.cases).toMatchObject({
      perRuleset: 5,
      seed: 22,
      actions: { fiveparsecs: { moves: 5, violationCount: 0, violations: [] } },
      scenes: { cases: 5, problemCount: 0 },
      forces: { cases: 5, problemCount: 0 },
      saves: { cases: 5, problemCount: 0 },
    });
  });

  it('refuses bad arguments with exit 2 and one line', () => {
    for (const args of [
      ['--games', '0'],
      ['--cases', '3', '--rules', 'chess'],
    ]) {
      const r = soak(...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^soak: .+\n$/);
    }
  });
});

describe('checkGame', () => {
  it('finds a replay that differs (a ruleset with hidden state tells other events the second time) and a failed invariant', async () => {
    const entry = playableEntry('rpg-attacks');
    let calls = 0;
    const leaky: Ruleset<unknown, { type: string }> = {
      ...entry.engine,
      apply: (s, a, ctx) => {
        const r = entry.engine.apply(s, a, ctx);
        return 'events' in r ? { ...r, events: [...r.events, { type: 'note', text: `call ${++calls}` }] } : r;
      },
    };
    const t = await battleTable({ ...entry, engine: leaky });
    const g = checkGame(t, 1);
    expect(g.mismatches).toEqual(['the events of move 1 differ on replay']);
    const sound = checkGame(await battleTable(entry), 1);
    expect(sound).toMatchObject({ rules: 'rpg-attacks', seed: 1, mismatches: [] });
    // An invariant that fails at every step: the first five steps are reported, each with its move.
    const strict = checkGame(await battleTable({ ...entry, invariants: () => ['always wrong'] }), 1);
    expect(strict.mismatches).toHaveLength(5);
    expect(strict.mismatches[0]).toMatch(/^move 1 \((A|B): [a-z-]+\): always wrong$/);
  });
});
