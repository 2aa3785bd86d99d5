/** Shared set-up for blkout rule tests: a frozen copy of the unit cards, two groups, a mid-game state builder. */
import { en } from '../../../support/words';
import { readFileSync } from 'node:fs';
import { newMatch, type Match } from '../../../../src/rules/engine/match';
import { movesFor } from '../../../support/rulesPlay';
import { validateData, type BlkoutData } from '../../../../src/rules/blkout/data';
import { ruleset, type BlkoutAction, type BlkoutState } from '../../../../src/rules/blkout';
import { setupState, type BlkoutOptions } from '../../../../src/rules/blkout/game';

/**
 * The cards the rule tests play: a frozen copy of the shipped cards, so rebalancing the shipped
 * cards (assets/rulesets/blkout/units.json, free to change) does not move the tests' numbers.
 */
export const DATA_FILE = 'tests/fixtures/blkout-units.json';

/** The test cards, validated. */
export function cards(): BlkoutData {
  const r = validateData(JSON.parse(readFileSync(DATA_FILE, 'utf8')), DATA_FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The shipped unit cards (the app's and the CLI's), validated. */
export function shipped(): BlkoutData {
  const file = 'assets/rulesets/blkout/units.json';
  const r = validateData(JSON.parse(readFileSync(file, 'utf8')), file);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Harlow (A) against Manticor Borz (B). */
export function options(): BlkoutOptions {
  return {
    data: cards(),
    groups: {
      A: { faction: 'harlow', handler: 'handler', units: ['hfr-assault-team', 'hfr-control-team', 'hfr-springbok'] },
      B: { faction: 'manticor-borz', handler: 'handler', units: ['mb-bratva', 'mb-insertion', 'mb-cyka'] },
    },
  };
}

/** Side A fields another faction's handler and three force units, against Manticor Borz (B). */
export function sideA(faction: string, units: [string, string, string]): BlkoutOptions {
  const o = options();
  return { ...o, groups: { ...o.groups, A: { faction, handler: 'handler', units } } };
}

/** UN Raid Force Alpha (A: handler, Assaulters, Specialists, Golem) against Manticor Borz (B). */
export const raid = (): BlkoutOptions =>
  sideA('un-raid-force-alpha', ['rfa-assaulters', 'rfa-specialists', 'rfa-golem']);

/** UN 3rd Battalion (A: handler, Reserve, Pointmen, Peacemaker) against Manticor Borz (B). */
export const un3 = (): BlkoutOptions => sideA('un-3rd-battalion', ['unr-reserve', 'unr-pointmen', 'unr-peacemaker']);

/** Task Force Boone (A: handler, Recon, VAT, Razorback) against Manticor Borz (B). */
export function boone(): BlkoutOptions {
  const o = options();
  return {
    ...o,
    groups: {
      ...o.groups,
      A: { faction: 'task-force-boone', handler: 'handler', units: ['tfb-recon', 'tfb-vat', 'tfb-razorback'] },
    },
  };
}

/** A fresh game on a 36" table. */
export function fresh(): BlkoutState {
  return setupState({ width: 36, depth: 36 }, options());
}

/**
 * Round 1 of Execution with the listed models at [x, z] (on the ground); every other model is out
 * of the game. A deployed first (south edge), B on the north edge; A to activate.
 */
export function midGame(
  place: Record<string, [number, number]>,
  patch: (s: BlkoutState) => BlkoutState = (s) => s,
  opts: BlkoutOptions = options(),
): BlkoutState {
  const s = setupState({ width: 36, depth: 36 }, opts);
  const models = Object.fromEntries(
    Object.entries(s.models).map(([id, m]) => {
      const at = place[id];
      return [id, at ? { ...m, pos: [at[0], 0, at[1]] as [number, number, number] } : { ...m, destroyed: true }];
    }),
  );
  return patch({
    ...s,
    models,
    phase: 'execution',
    round: 1,
    firstDeployer: 'A',
    initiative: 'A',
    turn: 'A',
    edges: { A: 'south', B: 'north' },
    hardpoints: [
      { id: 'hardpoint-1', x: 12, z: 18 },
      { id: 'hardpoint-2', x: 24, z: 18 },
    ],
  });
}

/** A match from a state (the engine's PRNG is unused when dice are scripted). */
export function matchOf(s: BlkoutState, seed = 1): Match<BlkoutState, BlkoutAction> {
  return newMatch(ruleset, s, seed);
}

/** One move with scripted dice (throws on a refusal or leftover dice), and a refusal (throws if accepted). */
const moves = movesFor(ruleset);
export const { play } = moves;
/** The refusal, its message in English. */
export const refuse = (...a: Parameters<typeof moves.refuse>) => {
  const r = moves.refuse(...a);
  return { ...r, message: en(r.message) };
};
