/**
 * Legal actions as a finite list. Positions are continuous: moves are offered as samples (eight
 * directions at full and half Movement, at the run's and at the sprint's distance, and a spot in base
 * contact with each standing enemy the sprint reaches, by the shortest mode that gets there); apply
 * accepts any legal spot. Shots: each weapon (a template weapon or grenade too: one template at the
 * enemy aimed at) at each enemy in arc, range and sight; strikes at each enemy in base contact; a
 * technician test on each jammed weapon; reserve; end the activation. In round 1, `hide` for a fighter
 * no enemy sees (hiding.ts); a pinned fighter's moves are fallback.ts's (the nearest cover). Jumps: a few
 * samples (jumps.ts `jumpSamples`), and after a passed jump the rest of its move.
 */
import type { Queries, Table } from '../engine/queries';
import { isError } from '../engine/types';
import type { MoveMode, SkAction } from './actions';
import { activationOf, allowanceOf, attackRefusal, moveCheck } from './activation';
import { planShot } from './attack';
import { hasTrait } from './data';
import { fallbackMoves } from './fallback';
import { jumpSamples } from './jumps';
import { BASE_RADIUS, CONTACT, contacts, layoutOf, standing, waiting, type SkFighter, type SkState } from './game';
import { hideRefusal } from './hiding';
import { pieceOf } from '../engine/kit';

const round = (x: number) => Math.round(x * 1000) / 1000;
const DIRECTIONS = 8;
const MODES: readonly MoveMode[] = ['move', 'run', 'sprint'];

/** A move to (x, z) in `mode`, if legal. */
function spot(s: SkState, q: Queries, f: SkFighter, mode: MoveMode, x: number, z: number): SkAction | null {
  const at = [round(x), round(z)] as const;
  const r = moveCheck(s, q, f, mode, at[0], at[1], f.pos[1]);
  return isError(r) ? null : { type: 'move', fighter: f.id, mode, x: at[0], y: r.y, z: at[1] };
}

/** Sampled moves: eight directions at full and half Movement, a run and a sprint; base contact with each enemy in reach. */
export function moveSamples(s: SkState, q: Queries, f: SkFighter): SkAction[] {
  const a = activationOf(s, f);
  if (a.moved !== 'none') return [];
  // Pinned: the nearest cover, else away from the nearest enemy (fallback.ts).
  if (a.pinned) return fallbackMoves(s, q, f);
  const out: SkAction[] = [];
  const ways: [MoveMode, number][] = [
    ['move', f.stats.movement],
    ['move', f.stats.movement / 2],
  ];
  if (!a.pinned) ways.push(['run', allowanceOf(f, 'run')], ['sprint', allowanceOf(f, 'sprint')]);
  for (const [mode, d0] of ways) {
    const d = d0 - 0.05;
    for (let k = 0; k < DIRECTIONS; k++) {
      const ang = (2 * Math.PI * k) / DIRECTIONS;
      const m = spot(s, q, f, mode, f.pos[0] + Math.cos(ang) * d, f.pos[2] + Math.sin(ang) * d);
      if (m) out.push(m);
    }
  }
  if (a.pinned || contacts(s, f).length > 0) return out;
  // Charges: the spot touching each enemy on the line between them, by the shortest mode that reaches it.
  const touch = 2 * BASE_RADIUS + CONTACT / 2;
  for (const e of standing(s, f.side === 'A' ? 'B' : 'A')) {
    if (e.hidden) continue; // not noticed: no charge at it
    const dx = f.pos[0] - e.pos[0],
      dz = f.pos[2] - e.pos[2];
    const len = Math.hypot(dx, dz);
    if (len <= touch || len - touch > allowanceOf(f, 'sprint')) continue;
    const x = e.pos[0] + (dx / len) * touch,
      z = e.pos[2] + (dz / len) * touch;
    for (const mode of MODES) {
      const m = spot(s, q, f, mode, x, z);
      if (m) {
        out.push(m);
        break;
      }
    }
  }
  return out;
}

/** One fighter's options now: moves (before it has moved), its attacks, reserve, and ending its activation. */
function fighterOptions(s: SkState, q: Queries, f: SkFighter): SkAction[] {
  const a = activationOf(s, f);
  const out = [...moveSamples(s, q, f), ...jumpSamples(s, q, f)];
  if (s.round === 1 && !f.hidden && !hideRefusal(s, q, f)) out.unshift({ type: 'hide', fighter: f.id });
  if (!attackRefusal(s, f)) {
    const foes = standing(s, f.side === 'A' ? 'B' : 'A');
    for (const w of f.weapons) {
      const weapon = pieceOf(s.weapons, w, 'weapon');
      if (hasTrait(weapon, 'melee')) continue;
      for (const t of foes)
        if (!isError(planShot(s, q, f, w, t.id, a.moved)))
          out.push({ type: 'shoot', fighter: f.id, weapon: w, target: t.id });
    }
    for (const t of contacts(s, f)) out.push({ type: 'strike', fighter: f.id, target: t.id });
    if (a.moved === 'none' || a.moved === 'move') {
      for (const w of f.weapons) if (f.arms[w]?.jammed) out.push({ type: 'clear-jam', fighter: f.id, weapon: w });
      out.push({ type: 'reserve', fighter: f.id });
    }
  }
  // A pinned fighter that has not moved must fall back while a move is offered (fallback.ts).
  if (!(a.pinned && a.moved === 'none' && out.some((x) => x.type === 'move')))
    out.push({ type: 'done', fighter: f.id });
  return out;
}

/** Every legal action for a player now, for a caller outside the engine: asks the table's view of `s`. */
export function legalActions(s: SkState, player: string, table: Table): SkAction[] {
  return legalNow(s, player, table.at(layoutOf(s)));
}

/** Every legal action for a player now; `q` is the view of `s`. */
export function legalNow(s: SkState, player: string, q: Queries): SkAction[] {
  if (s.phase === 'over') return [];
  // A reserved action's window: its shots, for the gang that may fire (the engine adds the pass).
  if (s.ambush) return player === s.ambush.side ? [...s.ambush.options] : [];
  if (player !== s.turn) return [];
  if (s.activation) return fighterOptions(s, q, pieceOf(s.fighters, s.activation.fighter, 'fighter'));
  return waiting(s, s.turn).flatMap((f) => fighterOptions(s, q, f));
}
