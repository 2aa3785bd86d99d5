/** Small tables for the Five Parsecs AI tests: open ground with "woods" where a figure is covered, and a mid-round state with chosen AI types. */
import { fakeTable, type FakeTable } from '../../../../support/fakeTable';
import { act, decider, newMatch, type Match } from '../../../../../src/rules/engine/match';
import type { Table } from '../../../../../src/rules/engine/queries';
import { isError } from '../../../../../src/rules/engine/types';
import { ruleset, type FpAction, type FpState } from '../../../../../src/rules/fiveparsecs';
import type { AiType } from '../../../../../src/rules/fiveparsecs/data';
import { fiveparsecsMove } from '../../../../../src/rules/fiveparsecs/ai';
import { fresh, matchOf, midRound } from '../fixture';
import { en } from '../../../../support/words';

/** A fake table where a figure standing where `wood(x, z)` holds is inside a feature (covered from everyone). */
export function woods(wood: (x: number, z: number) => boolean = () => false): FakeTable {
  return fakeTable({
    sight: (_v, t, layout) => {
      const p = layout.models[t]!.position;
      return wood(p[0], p[2]) ? { targetInStructure: 'wood' } : {};
    },
  });
}

/** The enemy phase of round 1 with the listed figures placed, the battle's AI type `ai`, and a patch. */
export function enemyTurn(
  place: Record<string, [number, number]>,
  ai: AiType,
  patch: (s: FpState) => FpState = (s) => s,
): FpState {
  return midRound(place, 'enemy', (s) => patch({ ...s, enemy: { ...s.enemy, ai } }));
}

/** The bot's move for a state (a fresh match, so the log is empty). */
export const botMove = (s: FpState, player: 'A' | 'B', q: FakeTable) => fiveparsecsMove(matchOf(s), player, q);

/** Plane gap between base centres. */
export const centres = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[2]! - b[2]!);
/** Edge-to-edge gap between two 25 mm bases. */
export const edges = (a: readonly number[], b: readonly number[]) => centres(a, b) - 25 / 25.4;

/** A whole battle, both sides by the bots (the enemy type's AI as set up; open ground unless a table is given). */
export function botBattle(seed: number, start: FpState = fresh(), q: Table = fakeTable()): Match<FpState, FpAction> {
  let m = newMatch(ruleset, start, seed);
  for (let i = 0; i < 3000 && decider(ruleset, m); i++) {
    const who = decider(ruleset, m)!;
    const move = fiveparsecsMove(m, who, q);
    if (!move) throw new Error(`${who} has no move`);
    const r = act(ruleset, m, who, move, q);
    if (isError(r)) throw new Error(`${who} ${JSON.stringify(move)}: ${en(r.message)}`);
    m = r.match;
  }
  return m;
}
