/**
 * An enemy with no crew figure in sight walks round the terrain to the nearest (README, the AI table:
 * Aggressive "runs at the nearest when none is visible"): on the real table (geometry and movement
 * cores), a Ganger inside the corner of an L-shaped ruin, the crew's captain just outside it. Found
 * by the battle bench: seed 34 of the Dusty Comet against Raiders ran 324 rounds, both sides standing
 * either side of the wall.
 */
import { describe, expect, it } from 'vitest';
import type { Table } from '../../../../../src/rules/engine/queries';
import { layoutOf } from '../../../../../src/rules/fiveparsecs/game';
import { botMove, centres, enemyTurn } from './table';

async function ruinTable(): Promise<Table> {
  const { worldQueries } = await import('../../../../../src/state/worldQueries');
  const { box } = await import('../../../../support/scenes');
  return worldQueries(
    {
      format: 'tabletop-scene/1',
      table: { width: 36, depth: 36 },
      terrain: [box('ruin-south', [7, 1.5, 27], [5, 3, 0.5]), box('ruin-side', [4.75, 1.25, 24.75], [0.5, 2.5, 4])],
    },
    () => undefined,
  );
}

describe('fiveparsecs enemy: the way round the terrain', () => {
  it('an Aggressive Ganger that sees no one walks out of the ruin round its wall towards the captain, not standing still', async () => {
    const q = await ruinTable();
    const captain: [number, number] = [1.98, 25.94];
    const ganger: [number, number] = [6.57, 25.93];
    const s = enemyTurn({ 'A.captain': captain, 'B.gangers-1': ganger }, 'aggressive');
    expect(q.at(layoutOf(s)).sight('B.gangers-1', 'A.captain').hasLos).toBe(false);
    const mv = botMove(s, 'B', q as never) as { type: string; x: number; z: number };
    expect(mv.type).toBe('move');
    // North, towards the open end of the side wall (z 22.75), though the straight line to the captain grows.
    expect(mv.z).toBeLessThan(ganger[1] - 1);
    expect(centres([mv.x, 0, mv.z], [captain[0], 0, captain[1]])).toBeGreaterThan(
      centres([ganger[0], 0, ganger[1]], [captain[0], 0, captain[1]]),
    );
  });

  it('with the captain in sight (no route asked) it runs straight at him as before', async () => {
    const q = await ruinTable();
    const s = enemyTurn({ 'A.captain': [20, 30], 'B.gangers-1': [20, 10] }, 'aggressive');
    const mv = botMove(s, 'B', q as never) as { type: string; x: number; z: number };
    expect(mv.type).toBe('move');
    expect(mv.x).toBeCloseTo(20, 1);
    expect(mv.z).toBeGreaterThan(13);
  });
});
