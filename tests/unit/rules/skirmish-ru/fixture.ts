/** Shared set-up for skirmish-ru battle tests: the sample gangs, a fresh battle, a placed state, scripted moves. */
import { readFileSync } from 'node:fs';
import { newMatch, type Match } from '../../../../src/rules/engine/match';
import { fakeTable, type FakeTable, type FakeTableOptions } from '../../../support/fakeTable';
import { movesFor } from '../../../support/rulesPlay';
import { parseGangs, type GangsData } from '../../../../src/rules/skirmish-ru/data';
import { ruleset, type SkAction, type SkState } from '../../../../src/rules/skirmish-ru';
import { SAMPLE, setupState, TABLE, type SkFighter } from '../../../../src/rules/skirmish-ru/game';

/** The gangs the rule tests play: a frozen copy of the samples, so rebalancing the shipped samples does not move the tests' numbers. */
const FILE = 'tests/fixtures/skirmish-ru-gangs.json';

/** The test gangs, validated. */
export function gangs(): GangsData {
  const r = parseGangs(readFileSync(FILE, 'utf8'), FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A fresh battle of the two sample gangs on 48" x 48". */
export const fresh = (maxRounds?: number): SkState =>
  setupState(TABLE, { data: gangs(), gangs: SAMPLE, ...(maxRounds ? { maxRounds } : {}) });

/** A 48" open table (with sight overrides). */
export const table = (o: FakeTableOptions = {}): FakeTable => fakeTable({ size: 48, ...o });

/** A state change that patches one fighter. */
export const set =
  (id: string, patch: Partial<SkFighter>) =>
  (s: SkState): SkState => ({ ...s, fighters: { ...s.fighters, [id]: { ...s.fighters[id]!, ...patch } } });

/**
 * Round 1 with only the listed fighters on the table at [x, z] facing `facing` (default: A north, 270°;
 * B south, 90°); the others dead. `turn`: whose activation is next.
 */
export function placed(
  place: Record<string, [number, number] | [number, number, number]>,
  turn: 'A' | 'B' = 'A',
): SkState {
  const s = fresh();
  const fighters = Object.fromEntries(
    Object.entries(s.fighters).map(([id, f]) => {
      const at = place[id];
      return [
        id,
        at
          ? { ...f, pos: [at[0], 0, at[1]] as [number, number, number], facing: at[2] ?? f.facing }
          : { ...f, wounds: { wounds: 0, excess: 99, condition: 'dead' as const } },
      ];
    }),
  );
  return { ...s, fighters, turn, first: turn };
}

export const matchOf = (s: SkState, seed = 1): Match<SkState, SkAction> => newMatch(ruleset, s, seed);

/** One move with scripted dice (throws on a refusal or leftover dice), and a refusal (throws if accepted). */
export const { play, refuse } = movesFor(ruleset);
