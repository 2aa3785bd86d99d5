/**
 * Replay at scale, for `npm run soak -- --games N`: a ruleset's battle starts as the battle CLI starts
 * it (its default scenario, forces file, forces and options), is played AI against AI with seed 1..N,
 * written as a save (the JSON text of the initial state and the log), read back, and replayed; the
 * replay must reach the same state hash and tell the same events, byte for byte.
 */
import { readFileSync } from 'node:fs';
import { cachedMesh } from '../io/meshCache';
import { act, replay, ReplayError, stateHash, type Match } from '../rules/engine/match';
import { render } from '../i18n/i18n';
import type { Table } from '../rules/engine/queries';
import { isError, type Action, type RuleEvent } from '../rules/engine/types';
import type { AnyRuleset } from '../rulesets';
import { SAVE_FORMAT } from '../state/play';
import { worldQueries } from '../state/worldQueries';
import type { GeometryWorld } from '../geometry/world';
import type { Scene } from '../io/sceneSchema';
import { playGame } from './headless';
import { setupOptions } from './options';
import { worldFromFile } from './sceneFromDisk';

/** A ruleset's battle as the battle CLI sets it up with no flags: its start state and its table. */
export interface BattleTable {
  entry: AnyRuleset;
  initial: unknown;
  forces: Record<'A' | 'B', string>;
  options: Record<string, string>;
  scene: Scene;
  world: GeometryWorld;
  /** A fresh Table (the queries) (each game and each replay gets its own). */
  queries: () => Table;
}

/**
 * Loads a ruleset's default scenario and forces file and sets the battle up (the default forces and set-up
 * options unless given: `options` as the battle CLI's `key=value,...`); throws naming the file on a bad one.
 */
export async function battleTable(
  entry: AnyRuleset,
  sides: Record<'A' | 'B', string> = entry.forces.defaults,
  optionsText?: string,
): Promise<BattleTable> {
  const parsed = entry.forces.parse(readFileSync(entry.forces.file, 'utf8'), entry.forces.file);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const loaded = await worldFromFile(entry.scenario);
  if (!loaded.ok) throw new Error(loaded.error.message);
  const { scene, world } = loaded.value;
  const options = setupOptions(optionsText, entry.play.options, entry.id);
  const forces = { ...sides };
  const initial = entry.setupByIds(scene.table, parsed.value, forces, options);
  return {
    entry,
    initial,
    forces,
    options,
    scene,
    world,
    queries: () => worldQueries({ ...scene, models: [] }, cachedMesh, world),
  };
}

/** The save of a finished match: the saved-game format of the app (initial state and log). */
export function saveOf(t: BattleTable, m: Match<unknown, Action>): string {
  return `${JSON.stringify({
    format: SAVE_FORMAT,
    rules: t.entry.id,
    seats: { A: 'ai', B: 'ai' },
    forces: t.forces,
    options: t.options,
    casualUndo: m.casualUndo,
    initial: m.initial,
    log: m.log,
  })}\n`;
}

/** The ruleset's invariants over every step of a saved game (the first five problems, each with its move). */
function stepProblems(t: BattleTable, save: Pick<Match<unknown, Action>, 'initial' | 'log'>): string[] {
  const q = t.queries();
  const out: string[] = [];
  const { initial } = save;
  let m: Match<unknown, Action> = {
    ...{ rulesetId: t.entry.id, initial, state: initial.state, rng: initial.rng, window: null },
    ...{ log: [], undone: [], casualUndo: false },
  };
  for (const [i, e] of save.log.entries()) {
    const r = act(t.entry.engine, m, e.player, e.action, q);
    if (isError(r)) return [...out, `move ${i + 1} is refused: ${render(r.message, 'en')}`];
    const problems = t.entry.invariants({
      before: m.state,
      player: e.player,
      action: e.action,
      after: r.match.state,
      events: r.events,
    });
    out.push(...problems.map((p) => `move ${i + 1} (${e.player}: ${e.action.type}): ${p}`));
    if (out.length >= 5) return out.slice(0, 5);
    m = r.match;
  }
  return out;
}

/** One game's verdict. */
export interface GameCheck {
  rules: string;
  seed: number;
  actions: number;
  stateHash: string;
  /** Empty when the replay matched; else what differed. */
  mismatches: string[];
}

/** Plays game `seed` AI against AI, saves it, replays the save and compares; the invariants hold over every move. */
export function checkGame(t: BattleTable, seed: number): GameCheck {
  const played: RuleEvent[][] = [];
  const { match } = playGame(t.entry, t.initial, t.queries(), {
    seed,
    players: ['ai', 'ai'],
    onEvents: (_move, _player, events) => played.push(events),
  });
  const hash = stateHash(match);
  const save = JSON.parse(saveOf(t, match)) as Pick<Match<unknown, Action>, 'initial' | 'log' | 'casualUndo'>;
  const replayed: RuleEvent[][] = [];
  const mismatches: string[] = [];
  try {
    const back = replay(t.entry.engine, save, save.log, t.queries(), (events) => replayed.push(events));
    if (stateHash(back) !== hash) mismatches.push(`state hash ${stateHash(back)} on replay, ${hash} in play`);
    if (replayed.length !== played.length)
      mismatches.push(`${replayed.length} moves told events on replay, ${played.length} in play`);
    const first = played.findIndex((e, i) => JSON.stringify(e) !== JSON.stringify(replayed[i]));
    if (first >= 0) mismatches.push(`the events of move ${first + 1} differ on replay`);
    mismatches.push(...stepProblems(t, save));
  } catch (e) {
    mismatches.push(
      `the save did not replay: ${e instanceof ReplayError ? render(e.words, 'en') : (e as Error).message}`,
    );
  }
  return { rules: t.entry.id, seed, actions: match.log.length, stateHash: hash, mismatches };
}
