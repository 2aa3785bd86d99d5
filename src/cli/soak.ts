/**
 * Soak tests at scale (the unit suite runs the same checks with a few hundred cases):
 *
 *   soak --cases N [--rules <id|all>] [--seed S] [--json]
 *   soak --games N [--rules <id|all>] [--json]
 *
 * --cases: N random legal moves per ruleset (walks of up to 200 moves, fast-check seed S, default 22)
 *   with the ruleset's invariants checked after every move and each walk's log replayed; then N mutated
 *   scene files, N mutated forces files and N mutated saves (across the rulesets), each of which must load
 *   or be refused naming the file, without throwing, the current game untouched.
 * --games: N AI-against-AI games per ruleset with seeds 1..N, as `battle` plays them, each written as a
 *   save, read back and replayed: the final state hash and every event must match byte for byte.
 * Both may be given. Prints counts, mismatches and times (`--json`: one JSON object, keys in the README).
 * Exit 1 on any mismatch, violation or problem; 2 on a bad argument.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { stableJson } from '../rules/engine/match';
import { walk, type WalkViolation } from '../rules/engine/walk';
import { RULESET_IDS, RULESETS, rulesetEntry, type AnyRuleset } from '../rulesetsLoaded';
import { PlayController } from '../state/play';
import { createTabletopStore } from '../state/store';
import {
  battleSave,
  checkForces,
  checkSave,
  checkScene,
  mutations,
  type FileVerdict,
  type SaveSession,
} from './soakFiles';
import { battleTable, checkGame, type BattleTable, type GameCheck } from './soakGames';

const USAGE =
  'usage: soak --cases N [--rules <id|all>] [--seed S] [--json]\n       soak --games N [--rules <id|all>] [--json]';

class UsageError extends Error {}

/** Moves per walk of --cases. */
const WALK = 200;
/** Mutated files drawn at a time (a save with its log is large: they are not all held at once). */
const CHUNK = 100;
/** Problems kept per check in the report (the counts are complete). */
const KEEP = 20;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
  args.splice(i, 2);
  return v;
}

function count(args: string[], name: string): number | undefined {
  const text = flag(args, name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} must be a whole number from 1 up (got ${text})`);
  return n;
}

const seconds = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;

/** --cases' walks of one ruleset: N moves in all. */
function walks(t: BattleTable, n: number, seed: number) {
  const t0 = performance.now();
  const violations: (WalkViolation & { walk: number; gameSeed: number })[] = [];
  let moves = 0;
  let runs = 0;
  const spec = fc.tuple(
    fc.array(fc.nat(), { minLength: WALK, maxLength: WALK }),
    fc.integer({ min: 1, max: 1_000_000 }),
  );
  while (moves < n) {
    const [picks, gameSeed] = fc.sample(spec, { seed: seed + runs, numRuns: 1 })[0]!;
    const r = walk(t.entry.engine, t.entry.invariants, t.initial, gameSeed, t.queries(), picks.slice(0, n - moves));
    runs++;
    // A walk that cannot move (the game ended at once) would loop for ever.
    if (r.moves === 0 && r.violations.length === 0) throw new Error(`${t.entry.id}: a walk made no move`);
    moves += r.moves;
    violations.push(...r.violations.map((v) => ({ ...v, walk: runs, gameSeed })));
  }
  return {
    walks: runs,
    moves,
    violations: violations.slice(0, KEEP),
    violationCount: violations.length,
    seconds: seconds(t0),
  };
}

/** N mutated files of one kind: the tally and the problems. */
async function files<T>(n: number, seed: number, arb: fc.Arbitrary<T>, check: (x: T) => Promise<FileVerdict>) {
  const t0 = performance.now();
  const tally = { cases: 0, loaded: 0, refused: 0, problems: [] as string[], problemCount: 0, seconds: 0 };
  for (let done = 0; done < n; done += CHUNK) {
    for (const x of fc.sample(arb, { seed: seed + done, numRuns: Math.min(CHUNK, n - done) })) {
      const v = await check(x);
      tally.cases++;
      if (v.kind === 'problem') {
        tally.problemCount++;
        if (tally.problems.length < KEEP) tally.problems.push(v.problem);
      } else tally[v.kind]++;
    }
  }
  tally.seconds = seconds(t0);
  return tally;
}

/** Reads a file from disk as the app fetches it (meshes of tables and forces). */
const fromDisk = async (src: string): Promise<ArrayBuffer> => {
  const b = readFileSync(src);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

/** A play controller and its store on an empty table (the soak CLI's one controller). */
function saveSession(): SaveSession {
  const store = createTabletopStore(
    { format: 'tabletop-scene/1', table: { width: 48, depth: 36 }, models: [] },
    'soak.json',
  );
  return { store, play: new PlayController(store, fromDisk, { aiDelayMs: 0, waitForAnimations: false }) };
}

async function cases(tables: BattleTable[], n: number, seed: number, log: (line: string) => void) {
  const actions: Record<string, ReturnType<typeof walks>> = {};
  for (const t of tables) {
    actions[t.entry.id] = walks(t, n, seed);
    const a = actions[t.entry.id]!;
    log(
      `${t.entry.id}: ${a.moves} random legal moves in ${a.walks} walks, ${a.violationCount} violations, ${a.seconds} s`,
    );
    for (const v of a.violations) log(`  walk ${v.walk} (game seed ${v.gameSeed}) move ${v.move}: ${v.problem}`);
  }
  const scene = JSON.parse(readFileSync('assets/scenarios/default.json', 'utf8')) as unknown;
  const session = saveSession();
  const scenes = await files(n, seed, mutations(scene), (m) => checkScene(m, session.store, fromDisk));
  const bases = tables.map((t) => ({ entry: t.entry, json: JSON.parse(readFileSync(t.entry.forces.file, 'utf8')) }));
  const forces = await files(
    n,
    seed,
    fc.oneof(...bases.map((b) => mutations(b.json).map((m) => ({ entry: b.entry, m })))),
    ({ entry, m }) => checkForces(entry, m),
  );
  const texts: string[] = [];
  for (const t of tables) texts.push(await battleSave(session, t, 12));
  const current = texts[texts.length - 1]!;
  const restore = async () => {
    const r = await session.play.loadText(current, 'current.json');
    if (!r.ok) throw new Error(`the current game does not load back: ${r.reason}`);
  };
  await restore();
  const saves = await files(n, seed, fc.oneof(...texts.map((x) => mutations(JSON.parse(x)))), (m) =>
    checkSave(session, m, restore),
  );
  session.play.stop();
  for (const [name, f] of Object.entries({ scene: scenes, forces, save: saves })) {
    log(
      `${f.cases} mutated ${name} files: ${f.loaded} loaded, ${f.refused} refused, ${f.problemCount} problems, ${f.seconds} s`,
    );
    for (const p of f.problems) log(`  ${p.split('\n')[0]}`);
  }
  return { actions, scenes, forces, saves };
}

function games(tables: BattleTable[], n: number, log: (line: string) => void) {
  const out: Record<string, { games: number; actions: number; mismatches: GameCheck[]; seconds: number }> = {};
  for (const t of tables) {
    const t0 = performance.now();
    const r = { games: 0, actions: 0, mismatches: [] as GameCheck[], seconds: 0 };
    for (let seed = 1; seed <= n; seed++) {
      const g = checkGame(t, seed);
      r.games++;
      r.actions += g.actions;
      if (g.mismatches.length) r.mismatches.push(g);
    }
    r.seconds = seconds(t0);
    out[t.entry.id] = r;
    log(`${t.entry.id}: ${r.games} games, ${r.actions} actions, ${r.mismatches.length} mismatches, ${r.seconds} s`);
    for (const g of r.mismatches) log(`  seed ${g.seed}: ${g.mismatches.join('; ')}`);
  }
  return out;
}

async function main(argv: string[]): Promise<number> {
  const args = [...argv];
  if (args.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const json = args.includes('--json');
  if (json) args.splice(args.indexOf('--json'), 1);
  const nCases = count(args, '--cases');
  const nGames = count(args, '--games');
  const seedText = flag(args, '--seed') ?? '22';
  const seed = Number(seedText);
  if (!Number.isInteger(seed) || seed < 0) throw new UsageError(`--seed must be a whole number (got ${seedText})`);
  const rules = flag(args, '--rules') ?? 'all';
  if (args.length) throw new UsageError(`unexpected argument: ${args[0]}`);
  if (nCases === undefined && nGames === undefined) throw new UsageError('give --cases N, --games N or both');
  let entries: AnyRuleset[];
  if (rules === 'all') entries = [...RULESETS];
  else {
    const e = rulesetEntry(rules);
    if (!e) throw new UsageError(`--rules must be all or one of ${RULESET_IDS.join(', ')} (got "${rules}")`);
    entries = [e];
  }
  const t0 = performance.now();
  const log = (line: string) => {
    if (!json) process.stdout.write(`${line}\n`);
  };
  const tables: BattleTable[] = [];
  for (const e of entries) tables.push(await battleTable(e));
  const report: Record<string, unknown> = { rules: entries.map((e) => e.id) };
  let bad = 0;
  if (nCases !== undefined) {
    const c = await cases(tables, nCases, seed, log);
    report.cases = { perRuleset: nCases, seed, ...c };
    bad += Object.values(c.actions).reduce((s, a) => s + a.violationCount, 0);
    bad += c.scenes.problemCount + c.forces.problemCount + c.saves.problemCount;
  }
  if (nGames !== undefined) {
    const g = games(tables, nGames, log);
    report.games = { perRuleset: nGames, ...g };
    bad += Object.values(g).reduce((s, r) => s + r.mismatches.length, 0);
  }
  report.failures = bad;
  report.ok = bad === 0;
  report.seconds = seconds(t0);
  if (json) process.stdout.write(`${stableJson(report)}\n`);
  else log(`${bad === 0 ? 'ok' : `FAILED: ${bad} mismatches, violations or problems`} in ${report.seconds} s`);
  return bad === 0 ? 0 : 1;
}

// process.exitCode, not process.exit: a large report piped to another program must be written out in full.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`soak: ${(e as Error).message}\n`);
    process.exitCode = e instanceof UsageError ? 2 : 1;
  },
);
