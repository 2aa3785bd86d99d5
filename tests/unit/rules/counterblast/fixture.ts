/** Shared set-up for counterblast rule tests: the sample crews and a mid-battle state builder. */
import { readFileSync } from 'node:fs';
import { newMatch, type Match } from '../../../../src/rules/engine/match';
import { movesFor } from '../../../support/rulesPlay';
import { validateCrews, type CounterblastData } from '../../../../src/rules/counterblast/data';
import { ruleset, type CbAction, type CbState } from '../../../../src/rules/counterblast';
import { SAMPLE_CREWS, setupState } from '../../../../src/rules/counterblast/game';

/** The crews the rule tests play: a frozen copy of the samples, so rebalancing the shipped samples does not move the tests' numbers. */
export const CREWS_FILE = 'tests/fixtures/counterblast-crews.json';
/** The shipped sample crews (free to be rebalanced; the app and the CLI play them). */
export const SAMPLE_FILE = 'assets/rulesets/counterblast/crews.json';

/** The test crews. */
export function crews(): CounterblastData {
  const r = validateCrews(JSON.parse(readFileSync(CREWS_FILE, 'utf8')), CREWS_FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

/** The shipped sample crews, validated. */
export function samples(): CounterblastData {
  const r = validateCrews(JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')), SAMPLE_FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

/** A fresh battle on a 48" x 36" table: Rustwater Salvagers (A) against the Vey Syndicate (B). */
export function fresh(): CbState {
  return setupState({ width: 48, depth: 36 }, { data: crews(), crews: SAMPLE_CREWS });
}

/**
 * Turn 1's Activation phase with the listed models at [x, z]; the others are casualties. A is
 * Active with the given Moxie (B has as many).
 */
export function midBattle(place: Record<string, [number, number]>, moxie = 4, patch: (s: CbState) => CbState = (s) => s): CbState {
  const s = fresh();
  const models = Object.fromEntries(
    Object.entries(s.models).map(([id, m]) => {
      const at = place[id];
      return [id, at ? { ...m, pos: [at[0], 0, at[1]] as [number, number, number] } : { ...m, casualty: true }];
    }),
  );
  return patch({ ...s, models, phase: 'activation', turn: 1, active: 'A', moxie: { A: moxie, B: moxie } });
}

export const matchOf = (s: CbState, seed = 1): Match<CbState, CbAction> => newMatch(ruleset, s, seed);

/** One move with scripted dice (throws on a refusal or leftover dice), and a refusal (throws if accepted). */
export const { play, refuse } = movesFor(ruleset);
