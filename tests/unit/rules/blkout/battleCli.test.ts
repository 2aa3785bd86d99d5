import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'battle-cli-'));
const scene = join(dir, 'small.json');
writeFileSync(scene, JSON.stringify({ format: 'tabletop-scene/1', table: { width: 24, depth: 24 }, terrain: [{ id: 'wall', kind: 'obstacle', shape: 'box', center: [12, 1, 12], size: [6, 2, 0.5] }] }));

function battle(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/battle.ts', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

describe('battle CLI', () => {
  it('plays a blkout game to the end of round 5: events as JSON lines, a summary last; same arguments, same bytes (seed 3)', () => {
    const args = ['--rules', 'blkout', '--scenario', scene, '--seed', '3', '--players', 'random,random', '--dice', '10,1'];
    const a = battle(...args);
    expect(a.status, a.stderr).toBe(0);
    const lines = a.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const summary = lines.at(-1);
    expect(Object.keys(summary).sort()).toEqual(['actions', 'rounds', 'score', 'stateHash', 'winner']);
    expect(summary.rounds).toBe(5);
    // The forced dice settle the deployment roll-off: 10 against 1.
    expect(lines.find((l) => l.type === 'deployment-roll').text).toMatch(/10-1: A deploys first/);
    expect(lines.some((l) => l.type === 'game-over')).toBe(true);
    expect(battle(...args).stdout).toBe(a.stdout);
  }, 120_000);

  it('refuses unknown rulesets, unplayable ones and bad arguments with exit code 2', () => {
    expect(battle('--rules', 'chess').stderr).toMatch(/--rules must be one of blkout, counterblast/);
    const cb = battle('--rules', 'fiveparsecs');
    expect(cb.status).toBe(2);
    expect(cb.stderr).toMatch(/not playable yet/);
    expect(battle('--rules', 'blkout', '--players', 'ai').stderr).toMatch(/--players takes two/);
    expect(battle('--rules', 'blkout', '--seed', '-4').status).toBe(2);
  }, 60_000);

  it('plays a counterblast battle between the AIs to its end with the Battle Scores (seed 2); same arguments, same bytes', () => {
    const a = battle('--rules', 'counterblast', '--seed', '2');
    expect(a.status).toBe(0);
    const last = JSON.parse(a.stdout.trim().split('\n').pop()!) as { winner: string | null; score: Record<string, number>; turns: number };
    expect(Object.keys(last.score).sort()).toEqual(['A', 'B']);
    expect(last.turns).toBeGreaterThanOrEqual(1);
    expect(battle('--rules', 'counterblast', '--seed', '2').stdout).toBe(a.stdout);
  }, 120_000);
});
