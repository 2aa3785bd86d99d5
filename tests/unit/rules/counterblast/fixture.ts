/** Shared set-up for counterblast rule tests: the sample crews and a mid-battle state builder. */
import { readFileSync } from 'node:fs';
import { newMatch, type Match } from '../../../../src/rules/engine/match';
import { movesFor } from '../../../support/rulesPlay';
import { en } from '../../../support/words';
import type { RuleEvent } from '../../../../src/rules/engine/types';
import { validateCrews, type CounterblastData } from '../../../../src/rules/counterblast/data';
import { ruleset, type CbAction, type CbState } from '../../../../src/rules/counterblast';
import { SAMPLE_CREWS, setupState } from '../../../../src/rules/counterblast/game';

/** The crews the rule tests play: a frozen copy of the samples, so rebalancing the shipped samples does not move the tests' numbers. */
export const CREWS_FILE = 'tests/fixtures/counterblast-crews.json';
/** The shipped sample crews (free to be rebalanced; the app and the CLI play them). */
export const SAMPLE_FILE = 'assets/rulesets/counterblast/crews.json';

function readCrews(file: string): CounterblastData {
  const r = validateCrews(JSON.parse(readFileSync(file, 'utf8')), file);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The test crews. */
export const crews = (): CounterblastData => readCrews(CREWS_FILE);
/** The shipped sample crews, validated. */
export const samples = (): CounterblastData => readCrews(SAMPLE_FILE);

/** One model of a state. */
type M = CbState['models'][string];
/** A state change that patches one model (fields, or a function of the model). */
export const set =
  (id: string, patch: Partial<M> | ((m: M) => Partial<M>)) =>
  (s: CbState): CbState => ({
    ...s,
    models: {
      ...s.models,
      [id]: { ...s.models[id]!, ...(typeof patch === 'function' ? patch(s.models[id]!) : patch) },
    },
  });
/** Several state changes in order. */
export const both =
  (...fs: ((s: CbState) => CbState)[]) =>
  (s: CbState): CbState =>
    fs.reduce((x, f) => f(x), s);

/** A fresh battle on a 48" x 36" table: Rustwater Salvagers (A) against the Vey Syndicate (B). */
export function fresh(): CbState {
  return setupState({ width: 48, depth: 36 }, { data: crews(), crews: SAMPLE_CREWS });
}

/**
 * Turn 1's Activation phase with the listed models at [x, z]; the others are casualties. A is
 * Active with the given Moxie (B has as many).
 */
export function midBattle(
  place: Record<string, [number, number]>,
  moxie = 4,
  patch: (s: CbState) => CbState = (s) => s,
): CbState {
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

const moves = movesFor(ruleset);

/**
 * One move with scripted dice (throws on a refusal or leftover dice), its events' words in English;
 * and a refusal (throws if accepted), its message in English.
 */
export function play(...args: Parameters<typeof moves.play>) {
  const r = moves.play(...args);
  return { ...r, events: r.events.map((e): RuleEvent => ({ ...e, text: en(e.text) })) };
}
export function refuse(...args: Parameters<typeof moves.refuse>) {
  const r = moves.refuse(...args);
  return { ...r, message: en(r.message) };
}
