/**
 * The end of the battle: the Battle Score (points standing against the game's points), the
 * objectives held, the Mission Score and the degree of victory.
 */
import { msg } from '../engine/message';
import {
  crewOnTable,
  OBJECTIVE_POINTS,
  OBJECTIVE_RANGE,
  radiusOf,
  type CbContext,
  type CbResult,
  type CbState,
  type Player,
} from './game';
import { DEGREE_NAMES } from './say';

/** The Battle Score: points on the table, not Down or Panicked, against the game's points. */
export function battleScore(s: CbState, p: Player): number {
  const standing = crewOnTable(s, p)
    .filter((m) => !m.down && !m.panicked)
    .reduce((t, m) => t + m.card.points, 0);
  return battleScoreOf(standing / s.gamePoints);
}

/** The Battle Score for a share of the game's points standing: over 3/4 6, at least half 3, else 1. */
export const battleScoreOf = (share: number): number => (share > 0.75 ? 6 : share >= 0.5 ? 3 : 1);

/** Who holds each objective: the crew with more models within range that are on the table, not Down and not Panicked (Downed models do not count for objectives). */
export function objectiveHolders(s: CbState): Record<string, Player | null> {
  const held: Record<string, Player | null> = {};
  for (const o of s.mission.objectives) {
    const near = (p: Player) =>
      crewOnTable(s, p).filter(
        (m) =>
          !m.down &&
          !m.panicked &&
          Math.hypot(m.pos![0] - o.x, m.pos![2] - o.z) - radiusOf(m) <= OBJECTIVE_RANGE + 1e-9,
      ).length;
    const a = near('A'),
      b = near('B');
    held[o.id] = a > b ? 'A' : b > a ? 'B' : null;
  }
  return held;
}

/** The degree of victory for a difference in Mission Scores (6+ Heroic, 4-5 Major, 1-3 Minor; 0 is a draw). */
export const degreeOf = (difference: number): CbResult['degree'] =>
  difference >= 6 ? 'Heroic Victory' : difference >= 4 ? 'Major Victory' : difference >= 1 ? 'Minor Victory' : null;

/** The battle ends: each crew's Battle and Objective Score, the Mission Scores, who won and by how much. */
export function endBattle(ctx: CbContext, s: CbState): CbState {
  const battle = { A: battleScore(s, 'A'), B: battleScore(s, 'B') };
  const held = objectiveHolders(s);
  const objective = { A: 0, B: 0 };
  for (const p of Object.values(held)) if (p) objective[p] += OBJECTIVE_POINTS;
  const mission = { A: battle.A + objective.A, B: battle.B + objective.B };
  const winner: Player | null = mission.A === mission.B ? null : mission.A > mission.B ? 'A' : 'B';
  const degree = degreeOf(Math.abs(mission.A - mission.B));
  const result: CbResult = { battle, objective, mission, held, winner, degree };
  ctx.events.push({
    type: 'game-over',
    text: msg('counterblast:event.gameOver', {
      turn: s.turn,
      a: mission.A,
      battleA: battle.A,
      objA: objective.A,
      b: mission.B,
      battleB: battle.B,
      objB: objective.B,
      result:
        winner && degree
          ? msg('counterblast:result.win', { side: winner, degree: DEGREE_NAMES[degree]! })
          : msg('counterblast:result.draw'),
    }),
    score: mission,
  });
  return { ...s, phase: 'over', score: mission, result };
}
