/**
 * The headless geometry tool. Prints JSON on stdout; errors go to stderr with a non-zero exit.
 *
 *   geo los <scene.json> [--samples N] [--rules <id>] [--skill N] [--weapon-range R]
 *                                             facts for every ordered pair of models (with a ruleset's verdict;
 *                                             --skill and --weapon-range for the rulesets that read them)
 *   geo measure <scene.json> <idA> <idB>      edge-to-edge distance and height difference
 *   geo drop <scene.json> <x> <y> <z> [--radius R] [--base MM]
 *                                             drop height and the landing spot within R (default 3")
 *   geo path <scene.json> <modelId> <x> <y> <z> [--climb 1|2] [--max-climb H] [--difficult N] [--pass-friends]
 *                                             measured path (climb 1: vertical counts, 2: counts double)
 *   geo reach <scene.json> <modelId> <allowance> [--cell C] [--climb 1|2] [--max-climb H]
 *                                             reach grid: route length per cell on the model's level
 */
import { dropHeight, landing } from '../geometry/drop';
import { pairFacts } from '../geometry/facts';
import { baseDistance, heightDifference } from '../geometry/measure';
import { COLUMNS, DEFAULT_ROWS } from '../geometry/visibility';
import { modelIndexOf } from '../geometry/world';
import { measuredPath, type MoveOptions } from '../movement/path';
import { reach } from '../movement/reach';
import { createCollisionWorld } from '../physics/collisions';
import { worldFromFile } from './sceneFromDisk';
import { cachedMesh } from '../io/meshCache';
import { RULESET_IDS, RULESETS, rulesetEntry, type AnyRuleset } from '../rulesetsLoaded';
import { sceneView } from '../state/worldQueries';
import { mmToInches } from '../geometry/units';

const COMMANDS = ['los', 'measure', 'drop', 'path', 'reach'] as const;
/** Whether `c` names a command (the switch below then names each one). */
const isCommand = (c: string | undefined): c is (typeof COMMANDS)[number] =>
  COMMANDS.includes(c as (typeof COMMANDS)[number]);

/** The verdict flags the rulesets read (`[--skill N]`), each with the rulesets that read it. */
const FLAG_USAGE = RULESETS.flatMap((r) =>
  Object.entries(r.cli.verdictFlags).map(([name, kind]) => ({ name, kind, rules: r.id })),
);

const USAGE = `usage:
  geo los <scene.json> [--samples N] [--rules <ruleset>]${FLAG_USAGE.map((f) => ` [--${f.name} ${f.kind === 'whole' ? 'N' : 'X'}]`).join('')}
${FLAG_USAGE.map((f) => `      (--${f.name}: ${f.kind === 'whole' ? 'a whole number from 0' : 'a positive number'}, with --rules ${f.rules})\n`).join('')}  geo measure <scene.json> <idA> <idB>
  geo drop <scene.json> <x> <y> <z> [--radius R] [--base MM]
  geo path <scene.json> <modelId> <x> <y> <z> [--climb 1|2] [--max-climb H] [--difficult N] [--pass-friends]
  geo reach <scene.json> <modelId> <allowance> [--cell C] [--climb 1|2] [--max-climb H]`;

class UsageError extends Error {}

function option(args: string[], name: string): number | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const raw = args[i + 1];
  const value = Number(raw);
  if (raw === undefined || !Number.isFinite(value) || value <= 0)
    throw new UsageError(`${name} needs a positive number (got ${raw ?? 'nothing'})`);
  args.splice(i, 2);
  return value;
}

function number(raw: string | undefined, what: string): number {
  const v = Number(raw);
  if (raw === undefined || !Number.isFinite(v))
    throw new UsageError(`${what} must be a number (got ${raw ?? 'nothing'})`);
  return v;
}

/**
 * The verdict flags of a ruleset entry (`--skill 1`), taken out of `args`: each must be a number of its
 * kind, and a flag the entry does not read is refused, naming the rulesets that do.
 */
function verdictFlags(args: string[], entry: AnyRuleset | null): Record<string, number> {
  const out: Record<string, number> = {};
  const known = new Set(RULESETS.flatMap((r) => Object.keys(r.cli.verdictFlags)));
  for (const name of known) {
    const i = args.indexOf(`--${name}`);
    if (i < 0) continue;
    const kind = entry?.cli.verdictFlags[name];
    if (!kind) {
      const readers = RULESETS.filter((r) => name in r.cli.verdictFlags).map((r) => r.id);
      throw new UsageError(`--${name} is read by --rules ${readers.join(' or ')} only`);
    }
    const raw = args[i + 1];
    const v = Number(raw);
    const ok = raw !== undefined && Number.isFinite(v) && (kind === 'whole' ? Number.isInteger(v) && v >= 0 : v > 0);
    if (!ok)
      throw new UsageError(
        `--${name} needs ${kind === 'whole' ? 'a whole number from 0' : 'a positive number'} (got ${raw ?? 'nothing'})`,
      );
    out[name] = v;
    args.splice(i, 2);
  }
  return out;
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4 || 0;

async function main(argv: string[], write: (text: string) => void, err: (text: string) => void): Promise<number> {
  const args = [...argv];
  const command = args.shift();
  if (!isCommand(command)) throw new UsageError(command ? `unknown command "${command}"` : 'no command');
  const samples = option(args, '--samples');
  const rulesAt = args.indexOf('--rules');
  const rules = rulesAt >= 0 ? args.splice(rulesAt, 2)[1] : undefined;
  const entry = rules === undefined ? null : rulesetEntry(rules);
  if (rulesAt >= 0 && !entry)
    throw new UsageError(`--rules: a verdict is available for ${RULESET_IDS.join(', ')} (got ${rules ?? 'nothing'})`);
  const verdictOf = entry ? entry.cli.verdict : null;
  const flags = verdictFlags(args, entry);
  const radius = option(args, '--radius');
  const baseMm = option(args, '--base');
  const climb = option(args, '--climb');
  if (climb !== undefined && climb !== 1 && climb !== 2) throw new UsageError(`--climb must be 1 or 2 (got ${climb})`);
  const maxClimb = option(args, '--max-climb');
  const difficult = option(args, '--difficult');
  const cell = option(args, '--cell');
  const passFriends = args.includes('--pass-friends');
  if (passFriends) args.splice(args.indexOf('--pass-friends'), 1);
  const moveOptions: MoveOptions = {
    climb: climb === 2 ? 'double' : climb === 1 ? 'measured' : 'none',
    ...(maxClimb !== undefined ? { maxClimb } : {}),
    ...(difficult !== undefined ? { difficultEvery: difficult } : {}),
    passFriends,
  };
  const file = args.shift();
  if (!file) throw new UsageError('no scene file');
  const loaded = await worldFromFile(file);
  if (!loaded.ok) {
    err(`${loaded.error.message}\n`);
    return 1;
  }
  const { world } = loaded.value;
  let out: unknown;
  switch (command) {
    case 'los': {
      const rows = samples === undefined ? DEFAULT_ROWS : Math.max(2, Math.round(samples / COLUMNS));
      const pairs = [];
      const q = verdictOf ? sceneView(loaded.value.scene, cachedMesh, world) : null;
      for (const v of world.models) {
        for (const t of world.models) {
          if (v.id === t.id) continue;
          const facts = pairFacts(world, v.id, t.id, { rows });
          const verdict = q && verdictOf ? verdictOf(q, v.id, t.id, world.models, flags) : null;
          pairs.push(verdict ? { ...facts, verdict } : facts);
        }
      }
      out = { pairs };
      break;
    }
    case 'measure': {
      const [a, b] = [args.shift(), args.shift()];
      if (!a || !b) throw new UsageError('measure needs two model ids');
      const ba = world.bodies[modelIndexOf(world, a)]!;
      const bb = world.bodies[modelIndexOf(world, b)]!;
      out = { a, b, distance: r4(baseDistance(ba, bb)), heightDifference: r4(heightDifference(ba, bb)) };
      break;
    }
    case 'drop': {
      const point = [number(args[0], 'x'), number(args[1], 'y'), number(args[2], 'z')];
      const spot = landing(world, point, radius ?? 3, baseMm ? { baseRadius: mmToInches(baseMm) / 2 } : {});
      out = {
        point,
        dropHeight: r4(dropHeight(world, point)),
        landing: spot && { position: spot.position.map(r4), offset: r4(spot.offset), fall: r4(spot.fall) },
      };
      break;
    }
    case 'path': {
      const id = args.shift();
      if (!id) throw new UsageError('path needs a model id');
      const dest = [number(args[0], 'x'), number(args[1], 'y'), number(args[2], 'z')];
      const collisions = await createCollisionWorld(world);
      const p = measuredPath(world, id, dest, { ...moveOptions, collisions });
      collisions.dispose();
      out = {
        length: Number.isFinite(p.length) ? r4(p.length) : null,
        points: p.points.map((q) => q.map(r4)),
        climb: r4(p.climb),
        horizontal: Number.isFinite(p.horizontal) ? r4(p.horizontal) : null,
        difficultExtra: p.difficultExtra,
        reachable: p.reachable,
        ...(p.reason ? { reason: p.reason } : {}),
      };
      break;
    }
    case 'reach': {
      const id = args.shift();
      if (!id) throw new UsageError('reach needs a model id');
      out = reach(world, id, number(args[0], 'allowance'), { ...moveOptions, ...(cell !== undefined ? { cell } : {}) });
      break;
    }
  }
  write(`${JSON.stringify(out)}\n`);
  return 0;
}

/**
 * The CLI run in this process (the entry point and the tests share it): its exit code, its JSON written
 * through `out`, and a failure through `err` ("geo: ..."; a usage error with the usage and exit 2, a bad scene
 * file with exit 1).
 */
export async function runGeo(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  try {
    return await main(argv, out, err);
  } catch (e) {
    if (e instanceof UsageError) err(`geo: ${e.message}\n${USAGE}\n`);
    else err(`geo: ${e instanceof Error ? e.message : String(e)}\n`);
    return e instanceof UsageError ? 2 : 1;
  }
}
