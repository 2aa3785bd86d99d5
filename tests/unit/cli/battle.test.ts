import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBattle } from '../../../src/cli/battleRun';

const dir = mkdtempSync(join(tmpdir(), 'battle-cli-'));
const scene = join(dir, 'small.json');
writeFileSync(
  scene,
  JSON.stringify({
    format: 'tabletop-scene/1',
    table: { width: 24, depth: 24 },
    terrain: [{ id: 'wall', kind: 'obstacle', shape: 'box', center: [12, 1, 12], size: [6, 2, 0.5] }],
  }),
);

const badScene = join(dir, 'bad.json');
writeFileSync(badScene, JSON.stringify({ format: 'tabletop-scene/1', table: { width: -3, depth: 24 } }));

/** The battle CLI's output: one JSON object per line. */
const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** The CLI run in this process (`runBattle`, what the entry point runs): its exit code and what it wrote. */
async function battle(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '',
    stderr = '';
  const status = await runBattle(
    args,
    (text) => (stdout += text),
    (text) => (stderr += text),
  );
  return { status, stdout, stderr };
}

/** The CLI as a person runs it: a process of its own (one smoke test; the rest run in this process). */
const spawned = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/battle.ts', ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });

describe('battle CLI', () => {
  it('runs as its own process: the entry point prints what runBattle prints, and a bad argument exits 2 with one line', async () => {
    const list = spawned('--list-forces', '--rules', 'skirmish-ru');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toBe((await battle('--list-forces', '--rules', 'skirmish-ru')).stdout);
    const bad = spawned('--rules', 'chess');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe((await battle('--rules', 'chess')).stderr);
    expect(bad.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  }, 60_000);

  it('plays a blkout game to the end of round 5: events as JSON lines, a summary last; same arguments, same bytes (seed 3)', async () => {
    const args = [
      '--rules',
      'blkout',
      '--scenario',
      scene,
      '--seed',
      '3',
      '--players',
      'random,random',
      '--dice',
      '10,1',
    ];
    const a = await battle(...args);
    expect(a.status, a.stderr).toBe(0);
    const lines = a.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const summary = lines.at(-1);
    expect(Object.keys(summary).sort()).toEqual(['actions', 'rounds', 'score', 'stateHash', 'winner']);
    expect(summary.rounds).toBe(5);
    // The forced dice settle the deployment roll-off: 10 against 1.
    expect(lines.find((l) => l.type === 'deployment-roll').text).toMatch(/10-1: A deploys first/);
    expect(lines.some((l) => l.type === 'game-over')).toBe(true);
    expect((await battle(...args)).stdout).toBe(a.stdout);
  }, 120_000);

  it('refuses unknown rulesets and bad arguments with exit code 2', async () => {
    expect((await battle('--rules', 'chess')).stderr).toMatch(/--rules must be one of blkout, counterblast/);
    const side = await battle('--rules', 'fiveparsecs', '--forces', 'A=gangers,B=dusty-comet');
    expect(side.status).toBe(2);
    expect(side.stderr).toMatch(/--forces A=gangers: no crew "gangers" .*an enemy type: side B fields it/);
    expect((await battle('--rules', 'blkout', '--players', 'ai')).stderr).toMatch(/--players takes two/);
    expect((await battle('--rules', 'blkout', '--seed', '-4')).status).toBe(2);
    const level = await battle('--rules', 'blkout', '--ai', 'expert');
    expect(level.status).toBe(2);
    expect(level.stderr).toMatch(/--ai takes easy, normal, hard, or one per side such as hard,normal \(got expert\)/);
    expect((await battle('--rules', 'blkout', '--ai', 'hard,normal,easy')).stderr).toMatch(/--ai takes/);
  }, 60_000);

  it('plays at the strength --ai names: Easy plays another game than Normal on the same seed, the same bytes each time (rpg-attacks, seed 2)', async () => {
    const run = async (...extra: string[]) => battle('--rules', 'rpg-attacks', '--seed', '2', ...extra);
    const normal = await run();
    const named = await run('--ai', 'normal');
    const easy = await run('--ai', 'easy');
    expect(easy.status, easy.stderr).toBe(0);
    expect(named.stdout).toBe(normal.stdout);
    expect(easy.stdout).not.toBe(normal.stdout);
    expect((await run('--ai', 'easy')).stdout).toBe(easy.stdout);
    // One side easy, the other normal: neither both-easy nor both-normal.
    const mixed = await run('--ai', 'easy,normal');
    expect(mixed.status).toBe(0);
    expect(mixed.stdout).not.toBe(easy.stdout);
    expect(mixed.stdout).not.toBe(normal.stdout);
  }, 120_000);

  it('plays a counterblast battle between the AIs to its end with the Battle Scores (seed 2); same arguments, same bytes', async () => {
    const a = await battle('--rules', 'counterblast', '--seed', '2');
    expect(a.status).toBe(0);
    const last = JSON.parse(a.stdout.trim().split('\n').pop()!) as {
      winner: string | null;
      score: Record<string, number>;
      turns: number;
      rounds: number;
    };
    // The five keys every ruleset's summary has, and Counterblast's own beside them.
    expect(Object.keys(last).sort()).toEqual(['actions', 'result', 'rounds', 'score', 'stateHash', 'turns', 'winner']);
    expect(Object.keys(last.score).sort()).toEqual(['A', 'B']);
    expect(last.turns).toBeGreaterThanOrEqual(1);
    expect(last.rounds).toBe(last.turns);
    expect((await battle('--rules', 'counterblast', '--seed', '2')).stdout).toBe(a.stdout);
  }, 120_000);

  it('plays a fiveparsecs battle, the crew bot against the Psychos (Rampaging AI), to its end (seed 4); its own keys heldField, objective and mission', async () => {
    const a = await battle('--rules', 'fiveparsecs', '--seed', '4', '--forces', 'A=dusty-comet,B=psychos');
    expect(a.status, a.stderr).toBe(0);
    const lines = jsonLines(a.stdout);
    const last = lines.at(-1)!;
    expect(Object.keys(last).sort()).toEqual([
      'actions',
      'heldField',
      'mission',
      'objective',
      'rounds',
      'score',
      'stateHash',
      'winner',
    ]);
    expect(last.mission).toBe('fight-off');
    expect(typeof last.heldField).toBe('boolean');
    expect(last.winner).toBe(last.heldField ? 'A' : 'B');
    expect(lines.some((l) => l.type === 'battle-over')).toBe(true);
    expect((await battle('--rules', 'fiveparsecs', '--seed', '4', '--forces', 'A=dusty-comet,B=psychos')).stdout).toBe(
      a.stdout,
    );
  }, 120_000);

  it('plays a skirmish-ru battle between the AIs to its end (seed 3) with its own keys turnOrder, down, dead and jams; whole-side turns and 3 rounds by --options', async () => {
    const run = async (...extra: string[]) =>
      battle('--rules', 'skirmish-ru', '--seed', '3', '--players', 'ai,ai', ...extra);
    const a = await run();
    expect(a.status, a.stderr).toBe(0);
    const lines = jsonLines(a.stdout);
    const last = lines.at(-1)! as {
      score: Record<string, number>;
      down: Record<string, number>;
      dead: Record<string, number>;
      [k: string]: unknown;
    };
    expect(Object.keys(last).sort()).toEqual([
      'actions',
      'dead',
      'down',
      'jams',
      'rounds',
      'score',
      'stateHash',
      'turnOrder',
      'winner',
    ]);
    expect(last.turnOrder).toBe('alternating');
    // The score is the enemy fighters taken out: down or dead.
    expect(last.score).toEqual({ A: last.down.B! + last.dead.B!, B: last.down.A! + last.dead.A! });
    expect(last.winner).toBe(last.score.A! > last.score.B! ? 'A' : last.score.B! > last.score.A! ? 'B' : null);
    expect(lines.some((l) => l.type === 'battle-over')).toBe(true);
    expect((await run()).stdout).toBe(a.stdout);
    const sides = await run('--options', 'turnOrder=sides');
    expect(sides.status, sides.stderr).toBe(0);
    expect(JSON.parse(sides.stdout.trim().split('\n').pop()!).turnOrder).toBe('sides');
    expect((await run('--options', 'turnOrder=initiative')).status).toBe(2);
    // The battle's length: 3 rounds (a set-up option; 8 by default), and a length not offered is refused.
    const short = JSON.parse((await run('--options', 'rounds=3')).stdout.trim().split('\n').pop()!) as {
      rounds: number;
    };
    expect(short.rounds).toBe(3);
    const five = await run('--options', 'rounds=5');
    expect(five.status).toBe(2);
    expect(five.stderr).toBe('battle: --options rounds must be one of 8, 3, 4, 6 (got "5")\n');
  }, 120_000);

  it('plays an rpg-attacks battle between the AIs to its end (seed 2) with its own keys down, wounds and graveWounds; 4 rounds by --options', async () => {
    const run = async (...extra: string[]) =>
      battle('--rules', 'rpg-attacks', '--seed', '2', '--players', 'ai,ai', ...extra);
    const a = await run();
    expect(a.status, a.stderr).toBe(0);
    const lines = jsonLines(a.stdout);
    const last = lines.at(-1)! as { score: Record<string, number>; down: Record<string, number>; [k: string]: unknown };
    expect(Object.keys(last).sort()).toEqual([
      'actions',
      'down',
      'graveWounds',
      'rounds',
      'score',
      'stateHash',
      'winner',
      'wounds',
    ]);
    // The score is the enemy characters down.
    expect(last.score).toEqual({ A: last.down.B, B: last.down.A });
    expect(last.winner).toBe(last.score.A! > last.score.B! ? 'A' : last.score.B! > last.score.A! ? 'B' : null);
    expect(lines.some((l) => l.type === 'battle-over')).toBe(true);
    expect((await run()).stdout).toBe(a.stdout);
    const short = JSON.parse((await run('--options', 'rounds=4')).stdout.trim().split('\n').pop()!) as {
      rounds: number;
    };
    expect(short.rounds).toBeLessThanOrEqual(4);
    expect((await run('--options', 'rounds=5')).status).toBe(2);
  }, 120_000);

  it('--lang ru and --lang ko print the same game with its text in Russian or Korean and the message beside it (skirmish-ru, blkout, seed 3); a bad --lang is refused', async () => {
    const lines = async (rules: string, lang?: string) =>
      jsonLines((await battle('--rules', rules, '--seed', '3', ...(lang ? ['--lang', lang] : []))).stdout).filter(
        (l) => typeof l.type === 'string',
      );
    const en = await lines('skirmish-ru');
    const ru = await lines('skirmish-ru', 'ru');
    expect(ru.map((l) => l.type)).toEqual(en.map((l) => l.type));
    expect(ru.map((l) => l.message)).toEqual(en.map((l) => l.message));
    const moved = ru.findIndex((l) => l.type === 'moved');
    expect(en[moved]!.text).toMatch(/ (moves|runs|sprints) .*" from the (east|west) edge/);
    expect(ru[moved]!.text).toMatch(/[\u0400-\u04ff].*\d+,\d+" от (восточного|западного) края/);
    expect((en[moved]!.message as { id: string }).id).toMatch(/^skirmish-ru:/);
    const ko = (await lines('blkout', 'ko')).slice(0, 30);
    expect(ko.filter((l) => /[\uac00-\ud7a3]/.test(l.text as string)).length).toBe(ko.length);
    const bad = await battle('--rules', 'blkout', '--lang', 'de');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('battle: --lang must be one of en, ko, ru (got "de")\n');
  }, 60_000);

  it("--list-forces prints each playable ruleset's force ids and defaults as JSON; --rules narrows it", async () => {
    const all = await battle('--list-forces');
    expect(all.status, all.stderr).toBe(0);
    const list = JSON.parse(all.stdout) as Record<
      string,
      { file: string; forces: string[]; defaults: Record<string, string> }
    >;
    expect(Object.keys(list)).toEqual(['blkout', 'counterblast', 'fiveparsecs', 'rpg-attacks', 'skirmish-ru']);
    expect(list['rpg-attacks']!.defaults).toEqual({ A: 'kestrel-security', B: 'drowned-choir' });
    expect(list['skirmish-ru']!.defaults).toEqual({ A: 'rzhavye-volki', B: 'deti-kotelnoy' });
    expect(list.fiveparsecs!.defaults).toEqual({ A: 'dusty-comet', B: 'gangers' });
    expect(list.blkout!.forces).toEqual([
      'harlow',
      'manticor-borz',
      'un-3rd-battalion',
      'task-force-boone',
      'un-raid-force-alpha',
      // Harlow's group with the Caber Chassis in its third slot (Dusters by agreement).
      'harlow+duster-caber',
    ]);
    expect(list.blkout!.defaults).toEqual({ A: 'harlow', B: 'manticor-borz' });
    expect(list.counterblast!.forces).toEqual(['rustwater-salvagers', 'vey-syndicate', 'hollow-sun-coven']);
    expect(list.counterblast!.file).toBe('assets/rulesets/counterblast/crews.json');
    expect(Object.keys(JSON.parse((await battle('--list-forces', '--rules', 'counterblast')).stdout))).toEqual([
      'counterblast',
    ]);
  }, 60_000);

  it("--forces sets each side's force (seed 1, random play): Task Force Boone against Raid Force Alpha plays to the end with the five summary keys", async () => {
    const a = await battle(
      '--rules',
      'blkout',
      '--scenario',
      scene,
      '--seed',
      '1',
      '--players',
      'random,random',
      '--forces',
      'A=task-force-boone,B=un-raid-force-alpha',
    );
    expect(a.status, a.stderr).toBe(0);
    const lines = jsonLines(a.stdout);
    expect(Object.keys(lines.at(-1)!).sort()).toEqual(['actions', 'rounds', 'score', 'stateHash', 'winner']);
    const deployed = (side: string) =>
      lines
        .filter((l) => l.type === 'moved' && l.player === side && /deploys/.test(String(l.text)))
        .map((l) => String(l.text));
    expect(deployed('A').some((t) => /^Recon Team \d deploys/.test(t))).toBe(true);
    expect(deployed('B').some((t) => /Assaulters deploys/.test(t))).toBe(true);
    expect(deployed('A').some((t) => /Assaulters|Assault Team/.test(t))).toBe(false);
  }, 120_000);

  it('a bad --forces, scenario or forces file: one line saying what is wrong, exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--rules', 'counterblast', '--forces', 'A=vey-syndicate,B=nobody'],
        /^battle: --forces B=nobody: no crew "nobody" in the crews file \(have: rustwater-salvagers, vey-syndicate, hollow-sun-coven\)\n$/,
      ],
      [['--rules', 'blkout', '--forces', 'A=chaos'], /^battle: --forces A=chaos: no faction "chaos" in the unit cards/],
      [
        ['--rules', 'blkout', '--forces', 'C=harlow'],
        /^battle: --forces takes A=<force>,B=<force> \(got "C=harlow"\)\n$/,
      ],
      [['--rules', 'blkout', '--scenario', join(dir, 'missing.json')], /^battle: .*missing\.json.*cannot read/],
      [['--rules', 'blkout', '--scenario', badScene], /^battle: .*bad\.json: table\.width: .*\(value: -3\)\n$/],
      [['--rules', 'counterblast', '--units', badScene], /^battle: .*bad\.json/],
      [
        ['--rules', 'blkout', '--options', 'mission=acquire'],
        /^battle: --options: blkout has no option "mission" \(has: special, burnWindows\)\n$/,
      ],
      [
        ['--rules', 'blkout', '--options', 'special=fog'],
        /^battle: --options special must be one of "", dome-shields, scrambling, drone-swarms \(got "fog"\)\n$/,
      ],
      [
        ['--rules', 'counterblast', '--options', 'mission'],
        /^battle: --options takes key=value,\.\.\. \(got "mission"\)\n$/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await battle(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n').filter(Boolean), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  }, 120_000);
});
