/** Shared set-up for fiveparsecs round tests: the test forces, a fresh battle, a mid-round state builder. */
import { readFileSync } from 'node:fs';
import { newMatch, type Match } from '../../../../src/rules/engine/match';
import type { Table } from '../../../../src/rules/engine/queries';
import { movesFor } from '../../../support/rulesPlay';
import { validateForces, type FiveParsecsData } from '../../../../src/rules/fiveparsecs/data';
import { ruleset, type FpAction, type FpState } from '../../../../src/rules/fiveparsecs';
import type { CrewPhase } from '../../../../src/rules/fiveparsecs/initiative';
import { SAMPLE, setupState, TABLE, type FpFigure, type FpOptions } from '../../../../src/rules/fiveparsecs/game';
import { isMsg } from '../../../../src/rules/engine/message';
import { en } from '../../../support/words';

/** A frozen copy of the sample forces, so editing the shipped samples does not move the tests' numbers. */
export const FORCES_FILE = 'tests/fixtures/fiveparsecs-forces.json';

/** The test forces, validated. */
export function forces(): FiveParsecsData {
  const r = validateForces(JSON.parse(readFileSync(FORCES_FILE, 'utf8')), FORCES_FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A fresh battle: the Dusty Comet against Gangers on 36" x 36" (8 Gangers: crew 6 + Numbers 2). */
export function fresh(over: Partial<FpOptions> = {}): FpState {
  return setupState(TABLE, { data: forces(), ...SAMPLE, ...over });
}

/** A state change that patches one figure. */
export const set =
  (id: string, patch: Partial<FpFigure>) =>
  (s: FpState): FpState => ({ ...s, figures: { ...s.figures, [id]: { ...s.figures[id]!, ...patch } } });

/**
 * Round 1 in `phase` with only the listed figures on the table at [x, z] (the others slain);
 * crew figures listed get `crewPhase` (default: the phase itself, or quick in the enemy phase).
 */
export function midRound(
  place: Record<string, [number, number]>,
  phase: 'quick' | 'enemy' | 'slow' | 'seized' = 'quick',
  patch: (s: FpState) => FpState = (s) => s,
): FpState {
  const s = fresh();
  const crewPhase: CrewPhase = phase === 'slow' ? 'slow' : 'quick';
  const figures = Object.fromEntries(
    Object.entries(s.figures).map(([id, f]) => {
      const at = place[id];
      return [
        id,
        at
          ? { ...f, pos: [at[0], 0, at[1]] as [number, number, number], phase: f.side === 'A' ? crewPhase : null }
          : { ...f, out: 'slain' as const },
      ];
    }),
  );
  return patch({ ...s, figures, phase, round: phase === 'seized' ? 0 : 1, reaction: null });
}

export const matchOf = (s: FpState, seed = 1): Match<FpState, FpAction> => newMatch(ruleset, s, seed);

/** One move with scripted dice (throws on a refusal or leftover dice), and a refusal (throws if accepted). */
export const { play, refuse } = movesFor(ruleset);

/** The real table (geometry and movement cores) with three walls, for whole battles (loaded when asked). */
export async function wallsTable(): Promise<Table> {
  const { worldQueries } = await import('../../../../src/state/worldQueries');
  const { box } = await import('../../../support/scenes');
  return worldQueries(
    {
      format: 'tabletop-scene/1',
      table: { width: 36, depth: 36 },
      terrain: [
        box('w1', [10, 0.5, 18], [6, 1, 0.4]),
        box('w2', [26, 1, 14], [3, 2, 3]),
        box('w3', [18, 0.4, 24], [4, 0.8, 0.3]),
      ],
    },
    () => undefined,
  );
}

/** Every message inside a value rendered in English (objects and arrays walked; a name stays as it is). */
export function inEnglish<T>(x: T): T {
  // A message: an id with a namespace and its arguments only (a card or a marker has an id too).
  if (isMsg(x) && x.id.includes(':') && Object.keys(x).every((k) => k === 'id' || k === 'args')) return en(x) as T;
  if (Array.isArray(x)) return x.map(inEnglish) as T;
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, inEnglish(v)])) as T;
  return x;
}
