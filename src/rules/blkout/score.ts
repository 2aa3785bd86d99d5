/**
 * Match-play scoring: quadrants at the end of rounds 3 and 5, destroyed units at the end (units
 * with more than half their models destroyed roll a D10, 6+ counts).
 */
import { msg } from '../engine/message';
import { whyWords } from './say';
import { logRolls } from '../engine/diceLog';
import type { Ctx } from './context';
import { other, pieceOf } from '../engine/kit';
import { onTable, radiusOf, type BlkoutState, type Player } from './game';

/** Quadrant inset from the table edges: 8" on a 3x3 ft table, 6" on 2x2 ft. */
export function quadrantInset(table: { width: number; depth: number }): number {
  return Math.min(table.width, table.depth) >= 36 ? 8 : 6;
}

/** The four quadrant boxes [x0, z0, x1, z1]. */
export function quadrants(table: { width: number; depth: number }): [number, number, number, number][] {
  const i = quadrantInset(table);
  const cx = table.width / 2,
    cz = table.depth / 2;
  return [
    [i, i, cx, cz],
    [cx, i, table.width - i, cz],
    [i, cz, cx, table.depth - i],
    [cx, cz, table.width - i, table.depth - i],
  ];
}

/** Who controls each quadrant now (models entirely inside; a tracked model counts once per box). */
export function quadrantControl(s: BlkoutState): { counts: Record<Player, number>; controller: Player | null }[] {
  return quadrants(s.table).map(([x0, z0, x1, z1]) => {
    const counts: Record<Player, number> = { A: 0, B: 0 };
    for (const m of Object.values(s.models)) {
      if (!onTable(m)) continue;
      const r = radiusOf(m);
      const [x, , z] = m.pos!;
      if (x - r >= x0 && x + r <= x1 && z - r >= z0 && z + r <= z1) counts[m.player] += Math.max(1, m.track);
    }
    const controller = counts.A === counts.B ? null : counts.A > counts.B ? 'A' : 'B';
    return { counts, controller };
  });
}

function award(ctx: Ctx, s: BlkoutState, player: Player, points: number, why: string): BlkoutState {
  ctx.events.push({
    type: 'score',
    text: msg('blkout:event.score', { player, points, why: whyWords(why) }),
    player,
    points,
  });
  return {
    ...s,
    score: { ...s.score, [player]: s.score[player] + points },
    scoreLog: [...s.scoreLog, { round: s.round, player, points, why }],
  };
}

/** End-of-round scoring (quadrants after rounds 3 and 5). */
export function endRoundScoring(ctx: Ctx, s: BlkoutState): BlkoutState {
  if (s.round !== 3 && s.round !== 5) return s;
  let next = s;
  quadrantControl(s).forEach((q, i) => {
    if (q.controller) next = award(ctx, next, q.controller, 2, `quadrant ${i + 1}, ${q.counts.A}-${q.counts.B}`);
  });
  return next;
}

/** End-of-game scoring: 1 point per enemy unit destroyed. */
export function finalScoring(ctx: Ctx, s: BlkoutState): BlkoutState {
  const { dice, events } = ctx;
  let next = s;
  for (const id of s.unitOrder) {
    const u = pieceOf(s.units, id, 'unit');
    const ms = u.models.map((m) => pieceOf(s.models, m));
    const dead = ms.filter((m) => m.destroyed).length;
    if (dead === ms.length) next = award(ctx, next, other(u.player), 1, `${u.name} destroyed`);
    else if (dead * 2 > ms.length) {
      const r = dice.d(10);
      events.push({
        type: 'unit-roll',
        text:
          r >= 6
            ? msg('blkout:event.halfLostCounts', { unit: u.name, roll: r })
            : msg('blkout:event.halfLostSurvives', { unit: u.name, roll: r }),
        unit: id,
        roll: r,
      });
      logRolls(events, dice, u.player);
      if (r >= 6) next = award(ctx, next, other(u.player), 1, `${u.name} counts as destroyed`);
    }
  }
  return next;
}
