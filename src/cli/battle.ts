/**
 * Headless battles: plays a whole game between bots and prints every rule event as a JSON line,
 * the last line a summary. Same arguments, same output, byte for byte.
 *
 *   battle --rules <id> [--scenario <scene.json>] [--seed N] [--players ai,ai] [--dice 3,10,..] [--units <cards.json>]
 *
 * --players: `ai` (the ruleset's own opponent) or `random` (a random legal move), one per side.
 * --dice: the first dice of the game, in order (the seeded dice take over when they run out).
 */
import { readFileSync } from 'node:fs';
import { blkoutMove } from '../ai/blkoutBot';
import { counterblastMove } from '../ai/counterblastBot';
import { randomMove } from '../ai/randomBot';
import { rngState, type RngState } from '../rules/dice/rng';
import { seededDice, type DiceSource } from '../rules/dice/source';
import { act, decider, newMatch, stateHash, stableJson, type Match, type Move } from '../rules/engine/match';
import type { Queries } from '../rules/engine/queries';
import { isError, RULESET_IDS, type Action, type Ruleset, type RulesetId } from '../rules/engine/types';
import { ruleset as blkout } from '../rules/blkout';
import { parseData } from '../rules/blkout/data';
import { STARTER_GROUPS } from '../rules/blkout/game';
import { worldQueries } from '../state/worldQueries';
import { ruleset as counterblast } from '../rules/counterblast';
import { parseCrews } from '../rules/counterblast/data';
import { SAMPLE_CREWS } from '../rules/counterblast/game';
import { cachedMesh } from '../io/meshCache';
import { worldFromFile } from './sceneFromDisk';

const USAGE = 'usage: battle --rules <id> [--scenario <scene.json>] [--seed N] [--players ai,ai] [--dice 3,10,..] [--units <cards.json>]';
/** A game that has not ended after this many moves is a bug, not a long game. */
const MAX_MOVES = 50_000;

class UsageError extends Error {}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
  args.splice(i, 2);
  return v;
}

/** Dice that come from a list first, then from the match's PRNG. */
function forcedThenSeeded(forced: number[], rng: RngState): DiceSource & { readonly state: RngState } {
  const seeded = seededDice(rng);
  const rolled: [number, number][] = [];
  return {
    d(sides) {
      const v = forced.length ? forced.shift()! : seeded.d(sides);
      if (!Number.isInteger(v) || v < 1 || v > sides) throw new UsageError(`--dice: ${v} cannot be rolled on a d${sides}`);
      rolled.push([sides, v]);
      return v;
    },
    get state() {
      return seeded.state;
    },
    rolled,
  };
}


async function main(argv: string[]): Promise<number> {
  const args = [...argv];
  const rules = flag(args, '--rules');
  if (!rules) throw new UsageError('--rules is required');
  if (!(RULESET_IDS as readonly string[]).includes(rules)) throw new UsageError(`--rules must be one of ${RULESET_IDS.join(', ')} (got "${rules}")`);
  const id = rules as RulesetId;
  if (id !== 'blkout' && id !== 'counterblast') throw new UsageError(`the ${id} ruleset is not playable yet (playable: blkout, counterblast)`);
  const seedText = flag(args, '--seed') ?? '1';
  const seed = Number(seedText);
  if (!Number.isInteger(seed) || seed < 0) throw new UsageError(`--seed must be a whole number (got ${seedText})`);
  const players = (flag(args, '--players') ?? 'ai,ai').split(',');
  if (players.length !== 2 || players.some((p) => p !== 'ai' && p !== 'random')) throw new UsageError(`--players takes two of ai, random (got ${players.join(',')})`);
  const diceText = flag(args, '--dice');
  const forced = diceText ? diceText.split(',').map(Number) : [];
  if (forced.some((d) => !Number.isInteger(d) || d < 1)) throw new UsageError(`--dice must be whole numbers from 1 up (got ${diceText})`);
  const scenario = flag(args, '--scenario') ?? (id === 'blkout' ? 'assets/scenarios/blkout-36.json' : 'assets/scenarios/default.json');
  const unitsFile = flag(args, '--units') ?? (id === 'blkout' ? 'assets/rulesets/blkout/units.json' : 'assets/rulesets/counterblast/crews.json');
  if (args.length) throw new UsageError(`unexpected argument: ${args[0]}`);

  const loaded = await worldFromFile(scenario);
  if (!loaded.ok) return refuse(loaded.error.message);
  const { scene, world } = loaded.value;
  const q: Queries = worldQueries({ ...scene, models: [] }, cachedMesh, world);
  const text = readFileSync(unitsFile, 'utf8');
  if (id === 'counterblast') {
    const crews = parseCrews(text, unitsFile);
    if (!crews.ok) return refuse(crews.error.message);
    const initial = counterblast.setup({ table: scene.table, models: [] }, { data: crews.data, crews: SAMPLE_CREWS });
    return playOut(counterblast, initial, seed, q, players, forced, counterblastMove, (s) => ({ score: s.score, result: s.result ?? null, turns: s.turn }));
  }
  const data = parseData(text, unitsFile);
  if (!data.ok) return refuse(data.error.message);
  const initial = blkout.setup({ table: scene.table, models: [] }, { data: data.data, groups: STARTER_GROUPS });
  return playOut(blkout, initial, seed, q, players, forced, blkoutMove, (s) => ({ score: s.score, rounds: s.round }));
}

function refuse(message: string): number {
  process.stderr.write(`${message}\n`);
  return 1;
}

/**
 * Plays a whole game between bots (`ai`: the ruleset's own opponent; `random`: random legal moves),
 * printing every event as a JSON line and a summary last.
 */
function playOut<S, A extends Action>(
  rules: Ruleset<S, A>,
  initial: S,
  seed: number,
  q: Queries,
  players: string[],
  forced: number[],
  ai: (m: Match<S, A>, who: string, q: Queries) => Move<A> | null,
  summary: (s: S) => Record<string, unknown>,
): number {
  let m: Match<S, A> = newMatch(rules, initial, seed);
  let botRng = rngState(seed ^ 0x5eed);
  let moves = 0;
  const out = (line: unknown) => process.stdout.write(`${stableJson(line)}\n`);
  for (;;) {
    const who = decider(rules, m);
    if (!who) break;
    if (++moves > MAX_MOVES) throw new Error(`no result after ${MAX_MOVES} moves: stopping (a bug)`);
    let move: Move<A> | null;
    if (players[who === 'A' ? 0 : 1] === 'random') {
      const r = randomMove(rules, m, who, botRng, q);
      botRng = r.rng;
      move = r.move;
    } else move = ai(m, who, q);
    if (!move) throw new Error(`${who} has no legal move (a bug)`);
    const dice = forced.length ? forcedThenSeeded(forced, m.rng) : undefined;
    const r = act(rules, m, who, move, q, dice);
    if (isError(r)) throw new Error(`${who}'s move ${stableJson(move)} was refused: ${r.message}`);
    m = dice ? { ...r.match, rng: dice.state } : r.match;
    for (const e of r.events) out({ move: moves, player: who, ...e });
  }
  const outcome = rules.outcome(m.state);
  const rest = summary(m.state);
  out({ winner: outcome?.winner ?? null, ...rest, score: outcome?.score ?? rest.score, actions: m.log.length, stateHash: stateHash(m) });
  return 0;
}

// process.exitCode, not process.exit: a large answer piped to another program must be written out in full.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError) process.stderr.write(`${e.message}\n${USAGE}\n`);
    else process.stderr.write(`battle: ${(e as Error).message}\n`);
    process.exitCode = e instanceof UsageError ? 2 : 1;
  },
);
