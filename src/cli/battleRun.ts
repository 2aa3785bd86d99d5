/**
 * Headless battles: plays a whole game between bots and prints every rule event as a JSON line,
 * the last line a summary. Same arguments, same output, byte for byte.
 *
 *   battle --rules <id> [--forces A=<force>,B=<force>] [--options key=value,..] [--scenario <scene.json>] [--seed N] [--players ai,ai] [--ai easy|normal|hard] [--dice 3,10,..] [--units <forces.json>] [--lang en|ko|ru]
 *   battle --list-forces [--rules <id>] [--units <forces.json>]
 *
 * --players: `ai` (the ruleset's own opponent) or `random` (a random legal move), one per side.
 * --ai: the strength of the `ai` players (normal by default), or one per side (`--ai hard,normal`).
 * --dice: the first dice of the game, in order (the seeded dice take over when they run out).
 * --forces: each side's force (a BLKOUT faction's group, a Counterblast crew); --list-forces prints them.
 * --options: the ruleset's set-up options, as the app offers them (BLKOUT special=<rule>, Five Parsecs
 *   mission=fight-off|acquire|move-through); each key and value is checked, the rest take their defaults.
 * --lang: the language of each event's `text` (English by default); `message` keeps its id and arguments.
 * Rulesets come from the list (src/rulesets.ts) only. A bad --rules, --forces, scenario or forces file: one line, exit 2.
 */
import { readFileSync } from 'node:fs';
import { stateHash, stableJson } from '../rules/engine/match';
import type { Table } from '../rules/engine/queries';
import { RULESET_IDS, RULESETS, rulesetEntry, type AnyRuleset } from '../rulesetsLoaded';
import { worldQueries } from '../state/worldQueries';
import { cachedMesh } from '../io/meshCache';
import { playGame, type Player } from './headless';
import { DEFAULT_LEVEL, isLevel, LEVELS, type Level } from '../rules/engine/strength';
import '../i18n/allLanguages';
import { render } from '../i18n/i18n';
import { isLanguage, LANGUAGES, type Language } from '../i18n/catalogues';
import { isMsg } from '../rules/engine/message';
import { setupOptions } from './options';
import { worldFromFile } from './sceneFromDisk';

const USAGE =
  'usage: battle --rules <id> [--forces A=<force>,B=<force>] [--options key=value,..] [--scenario <scene.json>] [--seed N] [--players ai,ai] [--ai easy|normal|hard] [--dice 3,10,..] [--units <forces.json>] [--lang en|ko|ru]\n       battle --list-forces [--rules <id>] [--units <forces.json>]';

/** A bad argument, file or force: one line, exit code 2. */
export class UsageError extends Error {}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
  args.splice(i, 2);
  return v;
}

/** The ruleset for --rules, or a usage error naming the choices. */
function playableRules(rules: string): AnyRuleset {
  const entry = rulesetEntry(rules);
  if (!entry) throw new UsageError(`--rules must be one of ${RULESET_IDS.join(', ')} (got "${rules}")`);
  return entry;
}

/** A forces file, parsed; a bad one is a usage error naming the file, field and value. */
function readForces(entry: AnyRuleset, file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`--units: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const parsed = entry.forces.parse(text, file);
  if (!parsed.ok) throw new UsageError(parsed.error.message);
  return parsed.value;
}

/** --forces A=x,B=y: each side's force, checked against the data (unknown or illegal: a usage error with the reason). */
function sideForces(entry: AnyRuleset, data: unknown, text: string | undefined): Record<'A' | 'B', string> {
  const forces: Record<'A' | 'B', string> = { ...entry.forces.defaults };
  if (text !== undefined) {
    for (const part of text.split(',')) {
      const m = /^(A|B)=(.+)$/.exec(part.trim());
      if (!m) throw new UsageError(`--forces takes A=<force>,B=<force> (got "${part}")`);
      forces[m[1] as 'A' | 'B'] = m[2]!;
    }
  }
  for (const side of ['A', 'B'] as const) {
    const problem = entry.forces.problem(data, forces[side], side);
    if (problem) throw new UsageError(`--forces ${side}=${forces[side]}: ${render(problem, 'en')}`);
  }
  return forces;
}

/** Runs `battle` with its arguments, writing its lines through `write`; the exit code. */
/**
 * The CLI run in this process (the entry point and the tests share it): its exit code, its output written
 * through `out`, and a failure as one line through `err` ("battle: ..."; 2 for a bad argument, file or force,
 * 1 for anything else).
 */
export async function runBattle(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  try {
    return await battle(argv, out);
  } catch (e) {
    err(`battle: ${e instanceof Error ? e.message : String(e)}\n`);
    return e instanceof UsageError ? 2 : 1;
  }
}

export async function battle(argv: string[], write: (text: string) => void): Promise<number> {
  const args = [...argv];
  if (args.includes('--help')) {
    write(`${USAGE}\n`);
    return 0;
  }
  if (args.includes('--list-forces')) {
    args.splice(args.indexOf('--list-forces'), 1);
    const only = flag(args, '--rules');
    const units = flag(args, '--units');
    if (args.length) throw new UsageError(`unexpected argument: ${args[0]}`);
    const entries = only === undefined ? RULESETS : [playableRules(only)];
    if (units !== undefined && entries.length !== 1) throw new UsageError('--units with --list-forces needs --rules');
    const list: Record<string, { file: string; forces: string[]; defaults: Record<string, string> }> = {};
    for (const e of entries) {
      const file = units ?? e.forces.file;
      list[e.id] = { file, forces: e.forces.ids(readForces(e, file)), defaults: e.forces.defaults };
    }
    write(`${stableJson(list)}\n`);
    return 0;
  }
  const rules = flag(args, '--rules');
  if (!rules) throw new UsageError('--rules is required');
  const entry = playableRules(rules);
  const seedText = flag(args, '--seed') ?? '1';
  const seed = Number(seedText);
  if (!Number.isInteger(seed) || seed < 0) throw new UsageError(`--seed must be a whole number (got ${seedText})`);
  const players = (flag(args, '--players') ?? 'ai,ai').split(',');
  if (players.length !== 2 || players.some((p) => p !== 'ai' && p !== 'random'))
    throw new UsageError(`--players takes two of ai, random (got ${players.join(',')})`);
  const levels = aiLevels(flag(args, '--ai') ?? DEFAULT_LEVEL);
  const diceText = flag(args, '--dice');
  const forced = diceText ? diceText.split(',').map(Number) : [];
  if (forced.some((d) => !Number.isInteger(d) || d < 1))
    throw new UsageError(`--dice must be whole numbers from 1 up (got ${diceText})`);
  const scenario = flag(args, '--scenario') ?? entry.scenario;
  const unitsFile = flag(args, '--units') ?? entry.forces.file;
  const forcesText = flag(args, '--forces');
  const optionsText = flag(args, '--options');
  const lang = flag(args, '--lang') ?? 'en';
  if (!isLanguage(lang)) throw new UsageError(`--lang must be one of ${LANGUAGES.join(', ')} (got "${lang}")`);
  if (args.length) throw new UsageError(`unexpected argument: ${args[0]}`);
  let options: Record<string, string>;
  try {
    options = setupOptions(optionsText, entry.play.options, entry.id);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }

  const data = readForces(entry, unitsFile);
  const forces = sideForces(entry, data, forcesText);
  const loaded = await worldFromFile(scenario);
  if (!loaded.ok) throw new UsageError(loaded.error.message.split('\n')[0]!);
  const { scene, world } = loaded.value;
  const q: Table = worldQueries({ ...scene, models: [] }, cachedMesh, world);
  const initial = entry.setupByIds(scene.table, data, forces, options);
  return playOut(entry, initial, seed, q, players as [Player, Player], levels, forced, lang, write);
}

/** `--ai`'s value: one strength for both sides, or one per side. */
function aiLevels(text: string): [Level, Level] {
  const named = text.split(',');
  if (named.length > 2 || !named.every(isLevel))
    throw new UsageError(`--ai takes ${LEVELS.join(', ')}, or one per side such as hard,normal (got ${text})`);
  return [named[0] as Level, (named[1] ?? named[0]) as Level];
}

/** Plays a whole game between bots, printing every event as a JSON line and a summary last. */
function playOut(
  entry: AnyRuleset,
  initial: unknown,
  seed: number,
  q: Table,
  players: readonly [Player, Player],
  levels: readonly [Level, Level],
  forced: number[],
  lang: Language,
  write: (text: string) => void,
): number {
  const out = (line: unknown) => write(`${stableJson(line)}\n`);
  const { match: m } = playGame(entry, initial, q, {
    seed,
    players,
    levels,
    forced,
    fail: (e) => new UsageError(`--dice: ${e}`),
    onEvents: (move, player, events) => {
      for (const e of events)
        out({ move, player, ...e, text: render(e.text, lang), ...(isMsg(e.text) ? { message: e.text } : {}) });
    },
  });
  const outcome = entry.engine.outcome(m.state);
  const rest = entry.summary(m.state);
  out({
    winner: outcome?.winner ?? null,
    ...rest,
    score: outcome?.score ?? rest.score,
    actions: m.log.length,
    stateHash: stateHash(m),
  });
  return 0;
}
