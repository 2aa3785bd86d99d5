/** Shared set-up for rpg-attacks battle tests: the sample squads, a fresh battle, a placed state, scripted moves. */
import { readFileSync } from 'node:fs';
import { newMatch, type Match } from '../../../../src/rules/engine/match';
import { fakeTable, type FakeTable, type FakeTableOptions } from '../../../support/fakeTable';
import { movesFor } from '../../../support/rulesPlay';
import { parseSquads, type SquadsData } from '../../../../src/rules/rpg-attacks/data';
import { ruleset, type RpgAction, type RpgState } from '../../../../src/rules/rpg-attacks';
import { SAMPLE, setupState, TABLE, type RpgChar } from '../../../../src/rules/rpg-attacks/game';

/** The squads the rule tests play: a frozen copy of the samples, so rebalancing the shipped samples does not move the tests' numbers. */
const FILE = 'tests/fixtures/rpg-attacks-squads.json';

/** The test squads, validated. */
export function squads(): SquadsData {
  const r = parseSquads(readFileSync(FILE, 'utf8'), FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A fresh battle of the two sample squads on 36" x 36" (round 1's initiative not yet rolled). */
export const fresh = (maxRounds?: number): RpgState =>
  setupState(TABLE, { data: squads(), squads: SAMPLE, ...(maxRounds ? { maxRounds } : {}) });

/** A 36" open table (with sight overrides). */
export const table = (o: FakeTableOptions = {}): FakeTable => fakeTable({ size: 36, ...o });

/** A state change that patches one character. */
export const set =
  (id: string, patch: Partial<RpgChar>) =>
  (s: RpgState): RpgState => ({ ...s, chars: { ...s.chars, [id]: { ...s.chars[id]!, ...patch } } });

/**
 * Round 1 with the listed characters at [x, z], in this initiative order (the first's turn has begun);
 * the others are not in the battle.
 */
export function placed(place: Record<string, [number, number]>, maxRounds?: number): RpgState {
  const s = fresh(maxRounds);
  const chars = Object.fromEntries(
    Object.entries(place).map(([id, at]) => [
      id,
      { ...s.chars[id]!, pos: [at[0], 0, at[1]] as [number, number, number] },
    ]),
  );
  const order = Object.keys(place);
  return {
    ...s,
    chars,
    phase: 'battle',
    order,
    initiative: Object.fromEntries(order.map((id, i) => [id, 30 - i])),
    turn: { model: order[0]!, moved: false },
  };
}

export const matchOf = (s: RpgState, seed = 1): Match<RpgState, RpgAction> => newMatch(ruleset, s, seed);

/** One move with scripted dice (throws on a refusal or leftover dice), and a refusal (throws if accepted). */
export const { play, refuse } = movesFor(ruleset);
