/**
 * Legal actions as a finite list. Positions are continuous: moves are offered as samples (eight
 * directions at Speed and at half Speed, and a spot next to each standing enemy within reach); apply
 * accepts any legal spot. Attacks: each weapon (and its automatic fire) at each enemy it may hit (the
 * plan is accepted); a grenade at each seen enemy's spot in range; suppressive fire towards each seen
 * enemy with an Auto weapon loaded; a grapple at each enemy within reach; break-free from each holder;
 * the five stunts at each adjacent enemy; releases; `end-turn`. In the Dodge window: the offered Dodge
 * (the engine adds the pass).
 */
import type { Queries, Table } from '../engine/queries';
import { isError } from '../engine/types';
import type { RpgAction } from './actions';
import { flatDistance } from './area';
import { heldBy, holding } from './grapple';
import { STUNTS, stuntRefusal } from './stunts';
import { throwBand } from './data';
import {
  fireLine,
  heldWeapon,
  conditionsOf,
  engagedWith,
  flatGap,
  BASE_RADIUS,
  ENGAGED_WITHIN,
  layoutOf,
  standing,
  type RpgChar,
  type RpgState,
} from './game';
import { physicalRefusal, planFor } from './fight';
import { moveCheck } from './turn';
import { inGrapple } from './grapple';
import { pieceOf } from '../engine/kit';

const DIRECTIONS = 8;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** A move to (x, z), if legal. */
function spot(s: RpgState, q: Queries, c: RpgChar, x: number, z: number): RpgAction | null {
  const at = [r3(x), r3(z)] as const;
  const r = moveCheck(s, q, c, at[0], at[1], c.pos[1]);
  return isError(r) ? null : { type: 'move', model: c.id, x: at[0], y: r.y, z: at[1] };
}

/** Sampled moves: eight directions at Speed and at half Speed; next to each enemy within reach. */
export function moveSamples(s: RpgState, q: Queries, c: RpgChar): RpgAction[] {
  const out: RpgAction[] = [];
  const speed = c.stats.speed;
  for (const d of [speed - 0.01, speed / 2])
    for (let k = 0; k < DIRECTIONS; k++) {
      const ang = (2 * Math.PI * k) / DIRECTIONS;
      const m = spot(s, q, c, c.pos[0] + Math.cos(ang) * d, c.pos[2] + Math.sin(ang) * d);
      if (m) out.push(m);
    }
  const touch = 2 * BASE_RADIUS + 0.05;
  for (const e of standing(s, c.side === 'A' ? 'B' : 'A')) {
    const dx = c.pos[0] - e.pos[0];
    const dz = c.pos[2] - e.pos[2];
    const len = Math.hypot(dx, dz);
    if (len <= touch + 0.01 || len - touch > speed) continue;
    const m = spot(s, q, c, e.pos[0] + (dx / len) * touch, e.pos[2] + (dz / len) * touch);
    if (m) out.push(m);
  }
  return out;
}

/** The turn's attacks, throws, grapples and stunts. `q` is the view of `s`. */
function actionsOf(s: RpgState, q: Queries, c: RpgChar): RpgAction[] {
  const out: RpgAction[] = [];
  const foes = standing(s, c.side === 'A' ? 'B' : 'A');
  const cs = conditionsOf(s);
  const engaged = engagedWith(s, c).length > 0 || inGrapple(cs, c.id);
  for (const w of c.weapons) {
    const weapon = pieceOf(s.weapons, w, 'weapon');
    if (weapon.grenade) {
      if ((c.ammo[w] ?? 0) < 1 || engaged) continue;
      for (const e of foes)
        if (throwBand(weapon, c.stats.strength, flatDistance(c.pos, e.pos)) && fireLine(q, c.id, e.id).hasLos)
          out.push({ type: 'grenade', model: c.id, weapon: w, x: e.pos[0], y: e.pos[1], z: e.pos[2] });
      continue;
    }
    for (const e of foes) {
      if (planFor(s, q, c, w, e.id).ok) {
        out.push({ type: 'attack', model: c.id, weapon: w, target: e.id });
        // A melee or unarmed blow may be pulled (half damage; a Grave Wound knocks out instead).
        if (weapon.skill !== 'projectiles')
          out.push({ type: 'attack', model: c.id, weapon: w, target: e.id, pull: true });
      }
      if (weapon.auto > 0 && planFor(s, q, c, w, e.id, true).ok)
        out.push({ type: 'attack', model: c.id, weapon: w, target: e.id, auto: true });
    }
    if (weapon.auto > 0 && (c.ammo[w] ?? Infinity) >= weapon.auto && !(engaged && !weapon.close))
      for (const e of foes)
        if (fireLine(q, c.id, e.id).hasLos) {
          const deg = (Math.atan2(e.pos[2] - c.pos[2], e.pos[0] - c.pos[0]) * 180) / Math.PI;
          out.push({ type: 'suppress', model: c.id, weapon: w, directionDeg: Math.round(deg * 10) / 10 });
        }
  }
  const holders = heldBy(cs, c.id);
  for (const e of foes) {
    if (flatGap(c.pos, e.pos) > ENGAGED_WITHIN || q.distance(c.id, e.id) > ENGAGED_WITHIN) continue;
    if (!holders.includes(e.id)) out.push({ type: 'grapple', model: c.id, target: e.id });
    const w = c.weapons.find(
      (x) => pieceOf(s.weapons, x, 'weapon').skill !== 'projectiles' && planFor(s, q, c, x, e.id).ok,
    );
    if (!w) continue;
    for (const stunt of STUNTS) {
      const t = { ...e.stats, condition: e.condition, weapon: heldWeapon(s, e), position: e.pos };
      const weakpoint = e.stats.armour > 0 ? ('gap' as const) : ('none' as const);
      if (!stuntRefusal(stunt, { size: c.stats.size, position: c.pos }, { ...t, weakpoint }))
        out.push({ type: 'stunt', model: c.id, weapon: w, target: e.id, stunt });
    }
  }
  for (const from of holders) {
    out.push({ type: 'break-free', model: c.id, from, choice: 'release' });
    if (cs[c.id]!.hindered.filter((h) => h.by === from).length === 1)
      out.push({ type: 'break-free', model: c.id, from, choice: 'reverse' });
  }
  return out;
}

/** Every legal action for a player now, for a caller outside the engine: asks the table's view of `s`. */
export function legalActions(s: RpgState, player: string, table: Table): RpgAction[] {
  return legalNow(s, player, table.at(layoutOf(s)));
}

/** Every legal action for a player now; `q` is the view of `s`. */
export function legalNow(s: RpgState, player: string, q: Queries): RpgAction[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'start') return player === 'A' ? [{ type: 'begin' }] : [];
  const head = s.pending?.queue[0];
  if (head) return pieceOf(s.chars, head, 'character').side === player ? [{ type: 'dodge', model: head }] : [];
  const parrying = s.parry?.target;
  if (parrying)
    return pieceOf(s.chars, parrying, 'character').side === player ? [{ type: 'parry', model: parrying }] : [];
  const t = s.turn;
  if (!t) return [];
  const c = pieceOf(s.chars, t.model, 'character');
  if (c.side !== player) return [];
  const out: RpgAction[] = [];
  if (!t.moved) {
    if (c.condition.prone) out.push({ type: 'stand-up', model: c.id });
    else out.push(...moveSamples(s, q, c));
  }
  if (!physicalRefusal(s, c)) out.push(...actionsOf(s, q, c));
  for (const held of holding(conditionsOf(s), c.id)) out.push({ type: 'release', model: c.id, target: held });
  out.push({ type: 'end-turn', model: c.id });
  return out;
}
