/**
 * Legal actions. Positions are continuous: moves are offered as samples (eight directions at full
 * and half Speed, eight dashes at Speed + 2", and a spot in base contact with each enemy in reach);
 * apply accepts any legal spot. The Reaction Roll is offered die by die: each figure without a die
 * with each distinct value left (the first die of that value).
 */
import { isError } from '../engine/types';
import type { Queries, Table } from '../engine/queries';
import { radiusInches } from '../engine/units';
import type { FpAction } from './actions';
import { actorRefusal, allowanceOf, moveRefusal } from './activation';
import { mayBrawl, mustFireAt, planShot } from './combat';
import { CONTACT } from './cover';
import { mayMoveAndAct } from './damage';
import { BASE_MM, FIGURE_HEIGHT, layoutOf, standing, type FpFigure, type FpState, type Player } from './game';
import { leaveOptions } from './mission';
import { combatForgone } from './freeActions';
import { moveCost } from './moveCost';
import { assignRefusal, waiting } from './round';
import { pieceOf } from '../engine/kit';

const round = (x: number) => Math.round(x * 1000) / 1000;
const DIRECTIONS = 8;

/** A move to (x, z) if the figure can stand there and its route is within the allowance. */
function spot(s: FpState, q: Queries, f: FpFigure, x: number, z: number, dash: boolean): FpAction | null {
  const allowance = allowanceOf(f, dash);
  const at = [round(x), f.pos[1], round(z)] as const;
  if (moveRefusal(s, f, at, dash)) return null;
  const y = q.standHeight(BASE_MM, FIGURE_HEIGHT, at[0], at[2], f.pos[1] + 0.25, f.id);
  if (y === null || moveCost(q, f.id, [at[0], y, at[2]], allowance) > allowance) return null;
  if (moveRefusal(s, f, [at[0], y, at[2]], dash)) return null;
  return { type: 'move', figure: f.id, x: at[0], y, z: at[2], ...(dash ? { dash: true } : {}) };
}

/** Sampled moves: eight directions at full and half Speed, eight dashes, and base contact with each enemy in reach. */
export function moveSamples(s: FpState, q: Queries, f: FpFigure): FpAction[] {
  const out: FpAction[] = [];
  const seizing = s.phase === 'seized';
  const ways: [number, boolean][] = [
    [f.speed, false],
    [f.speed / 2, false],
  ];
  if (!seizing) ways.push([allowanceOf(f, true), true]);
  for (const [d0, dash] of ways) {
    const d = d0 - 0.05;
    for (let k = 0; k < DIRECTIONS; k++) {
      const a = (2 * Math.PI * k) / DIRECTIONS;
      const m = spot(s, q, f, f.pos[0] + Math.cos(a) * d, f.pos[2] + Math.sin(a) * d, dash);
      if (m) out.push(m);
    }
  }
  // Charges: the spot touching each enemy on the line between them, walking or dashing.
  if (!seizing && mayMoveAndAct(f.stun)) {
    const touch = 2 * radiusInches(BASE_MM) + CONTACT / 2;
    for (const e of standing(s, f.side === 'A' ? 'B' : 'A')) {
      const dx = f.pos[0] - e.pos[0],
        dz = f.pos[2] - e.pos[2];
      const len = Math.hypot(dx, dz);
      if (len <= touch || len - touch > allowanceOf(f, true)) continue;
      const x = e.pos[0] + (dx / len) * touch,
        z = e.pos[2] + (dz / len) * touch;
      const m = spot(s, q, f, x, z, false) ?? spot(s, q, f, x, z, true);
      if (m) out.push(m);
    }
  }
  return out;
}

/** Acquire: a Move (walking, else dashing) onto the lying item, for a crew figure that reaches it (the samples may miss it). */
function itemSamples(s: FpState, q: Queries, f: FpFigure): FpAction[] {
  const at = s.mission.item?.pos;
  if (!at || f.side !== 'A' || s.mission.item!.carrier !== null) return [];
  // On it, else 0.8" short of it on the way (someone may stand on it): both within pick-up reach.
  const d = Math.hypot(f.pos[0] - at[0], f.pos[2] - at[2]) || 1;
  for (const k of [0, 0.8]) {
    const x = at[0] + ((f.pos[0] - at[0]) / d) * k,
      z = at[2] + ((f.pos[2] - at[2]) / d) * k;
    const m = spot(s, q, f, x, z, false) ?? (s.phase === 'seized' ? null : spot(s, q, f, x, z, true));
    if (m) return [m];
  }
  return [];
}

/** One figure's options now: moves (before it has moved), each shot it may take, each Brawl, and ending its activation. */
function figureOptions(s: FpState, q: Queries, f: FpFigure, withMoves = true): FpAction[] {
  const out: FpAction[] = s.activation || !withMoves ? [] : moveSamples(s, q, f);
  const foes = standing(s, f.side === 'A' ? 'B' : 'A');
  const ranged = f.weapons.filter((w) => pieceOf(s.weapons, w, 'weapon').range !== 'brawl');
  const close = ranged.length ? mustFireAt(s, q, f) : null;
  for (const w of ranged)
    for (const t of foes)
      if (!isError(planShot(s, q, f, w, t.id, close)))
        out.push({ type: 'shoot', figure: f.id, weapon: w, target: t.id });
  if (!s.activation && s.phase !== 'seized' && !combatForgone(f))
    for (const t of foes) if (mayBrawl(f, t)) out.push({ type: 'brawl', figure: f.id, target: t.id });
  if (!s.activation && withMoves) out.push(...leaveOptions(s, q, f), ...itemSamples(s, q, f));
  out.push({ type: 'done', figure: f.id });
  // Snap Fire: a Quick figure may hold instead of acting now.
  if (!s.activation && s.phase === 'quick' && f.side === 'A') out.push({ type: 'hold', figure: f.id });
  return out;
}

/** Every legal action for a player now, for a caller outside the engine: asks the table's view of `s`. */
export function legalActions(s: FpState, player: Player, table: Table): FpAction[] {
  return legalNow(s, player as Player, table.at(layoutOf(s)));
}

/** Every legal action for a player now; `q` is the view of `s`. */
export function legalNow(s: FpState, player: string, q: Queries): FpAction[] {
  if (s.phase === 'over') return [];
  // Snap Fire's window: its offers, the crew's (the engine adds the pass).
  if (s.snap) return player === 'A' ? [...s.snap.options] : [];
  if ((s.phase === 'enemy' ? 'B' : 'A') !== player) return [];
  if (s.phase === 'seize') return [{ type: 'seize' }, { type: 'skip-seize' }];
  if (s.phase === 'reaction') {
    const r = s.reaction!;
    const out: FpAction[] = [];
    for (const f of standing(s, 'A')) {
      if (f.id in r.assigned) continue;
      const values = new Set<number>();
      r.dice.forEach((d, i) => {
        if (values.has(d) || assignRefusal(s, f.id, i)) return;
        values.add(d);
        out.push({ type: 'assign', figure: f.id, die: i });
      });
    }
    return out;
  }
  if (s.activation) {
    const f = pieceOf(s.figures, s.activation.figure, 'figure');
    return actorRefusal(s, f.id) ? [] : figureOptions(s, q, f);
  }
  return waiting(s).flatMap((f) => figureOptions(s, q, f));
}

/**
 * The legal actions of one figure that may start its activation now (`legalNow` filtered to it, without
 * sampling the others' moves), or none; `q` is the view of `s`. For a bot that has already chosen
 * which figure acts (the enemy: the first waiting by id).
 */
export function figureLegal(s: FpState, q: Queries, id: string): FpAction[] {
  if (s.phase === 'over' || s.activation || s.snap) return [];
  const f = waiting(s).find((w) => w.id === id);
  return f ? figureOptions(s, q, f) : [];
}

/**
 * Every waiting figure's legal actions but its moves (no Move, dash, leave or item spot sampled):
 * shots, Brawls, done, hold. For a bot that chooses which figure acts before it looks at where it
 * might go; `q` is the view of `s`.
 */
export function offersWithoutMoves(s: FpState, q: Queries): FpAction[] {
  if (s.phase === 'over' || s.activation || s.snap) return [];
  return waiting(s).flatMap((f) => figureOptions(s, q, f, false));
}
