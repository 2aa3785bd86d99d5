/**
 * rpg-attacks in the app's words: each button gives its TN, boons and banes and why ("Projectiles vs
 * Defense 11, ⊖ heavy cover (80 % hidden), ⊕ auto"), the phase line, the score board, tokens beside
 * the characters (AP, consequences, who holds whom in a grapple), the suppression cones and a grenade's
 * blast rings on the table, and the Move pick a click on the table answers. Pure functions of the state
 * (and the table's queries for an attack, arranged with the state's layout by the caller).
 */
import type { Move } from '../engine/match';
import { bySide, type ScoreBoard } from '../engine/play';
import type { Queries } from '../engine/queries';
import type { TableMarker, TablePick } from '../engine/types';
import { compass, inches } from '../engine/words';
import type { RpgAction } from './actions';
import { attackWords } from './attack';
import { THROWN_STRENGTH } from './area';
import { conditionWords, physicalBanes } from './consequences';
import { maxRange, THROW_STRENGTH, throwBand } from './data';
import { planFor } from './fight';
import { conditionsOf, isStanding, standing, type Player, type RpgChar, type RpgState } from './game';
import { holding } from './grapple';
import { STUNT_NAMES } from './stunts';

const nameOf = (s: RpgState, id: string): string => s.chars[id]?.name ?? id;
const weaponName = (s: RpgState, id: string): string => s.weapons[id]?.name ?? id;

/** An attack's button: the TN and why, then what it is. */
function attackButton(s: RpgState, q: Queries, a: Extract<RpgAction, { type: 'attack' | 'stunt' }>): string {
  const c = s.chars[a.model]!;
  const what =
    a.type === 'stunt'
      ? `${c.name}: ${STUNT_NAMES[a.stunt]} on ${nameOf(s, a.target)} with ${weaponName(s, a.weapon)}`
      : `${c.name}: ${a.auto ? 'automatic fire' : 'attack'} at ${nameOf(s, a.target)} with ${weaponName(s, a.weapon)}`;
  const p = planFor(s, q, c, a.weapon, a.target, a.type === 'attack' && a.auto === true);
  if (!p.ok) return `${what} (${p.error.message})`;
  const stunt = a.type === 'stunt' ? ', ⊖ stunt' : '';
  return `${attackWords(p.value.plan)}${stunt} — ${what}`;
}

/** One move in words, as its button says it. */
export function describeAction(s: RpgState, q: Queries, move: Move<RpgAction>): string {
  const a = move as RpgAction | { type: 'pass' };
  switch (a.type) {
    case 'begin':
      return 'Roll initiative for round 1 (d20 + Speed each)';
    case 'move': {
      const c = s.chars[a.model]!;
      const d = Math.hypot(a.x - c.pos[0], a.z - c.pos[2]);
      return `${c.name}: move ${inches(d)} ${compass(Math.atan2(a.z - c.pos[2], a.x - c.pos[0]) * (180 / Math.PI))} (Speed ${c.stats.speed})`;
    }
    case 'stand-up':
      return `${nameOf(s, a.model)}: stand up (costs the move)`;
    case 'attack':
    case 'stunt':
      return attackButton(s, q, a);
    case 'grenade': {
      const c = s.chars[a.model]!;
      const d = Math.hypot(a.x - c.pos[0], a.z - c.pos[2]);
      const w = s.weapons[a.weapon];
      const band = w ? throwBand(w, c.stats.strength, d) : null;
      const wounds = physicalBanes(c.condition);
      const why = [
        ...(band && band.banes > 0 ? [`${'⊖'.repeat(band.banes)} range ${inches(d)}`] : []),
        ...(c.stats.strength < THROWN_STRENGTH ? ['⊖ Strength under 3'] : []),
        ...(wounds > 0 ? [`${'⊖'.repeat(wounds)} wounds`] : []),
      ];
      const [primary, secondary] = w?.blast ?? [1, 3];
      return `${['Projectiles vs 10', ...why].join(', ')} — ${c.name}: throw ${weaponName(s, a.weapon)} ${inches(d)} (Blast ${primary}/${secondary}; a miss deviates by the margin)`;
    }
    case 'suppress': {
      const c = s.chars[a.model]!;
      const w = s.weapons[a.weapon];
      return `${c.name}: suppressive fire ${compass(a.directionDeg)} with ${w?.name ?? a.weapon} (20° cone until its next turn; d10 + cover ≤ Auto ${w?.auto ?? 0} hits)`;
    }
    case 'grapple':
      return `${nameOf(s, a.model)}: grapple ${nameOf(s, a.target)} (Unarmed vs Defense; a hit Hinders)`;
    case 'break-free':
      return `${nameOf(s, a.model)}: break free of ${nameOf(s, a.from)} (${a.choice === 'release' ? 'and let go' : 'and take control'})`;
    case 'release':
      return `${nameOf(s, a.model)}: let go of ${nameOf(s, a.target)}`;
    case 'end-turn':
      return `${nameOf(s, a.model)}: end the turn`;
    case 'dodge': {
      const c = s.chars[a.model]!;
      return `${c.name}: Dodge the grenade (1 AP of ${c.ap}; Defense vs 12, a success moves 1 m away)`;
    }
    default:
      return s.pending?.queue[0] ? `${nameOf(s, s.pending.queue[0])}: do not Dodge` : 'Pass';
  }
}

/** The phase line: the round, whose turn, and a Dodge window. */
export function phaseLine(s: RpgState): string {
  if (s.phase === 'over') return `Battle over after round ${s.round}${s.result ? `: ${s.result.reason}` : ''}`;
  if (s.phase === 'start') return 'Before round 1: roll initiative';
  const parts = [`Round ${s.round} of ${s.maxRounds}`];
  if (s.turn) {
    const c = s.chars[s.turn.model]!;
    parts.push(`${c.name} (${s.squads[c.side].name}) to act${s.turn.moved ? ', has moved' : ''}`);
  }
  const head = s.pending?.queue[0];
  if (head) parts.push(`${nameOf(s, head)}: Dodge the grenade?`);
  return parts.join(' · ');
}

/** The score board: each squad's characters up and the enemies it put down. */
export function board(s: RpgState): ScoreBoard {
  const all = (side: Player) => Object.values(s.chars).filter((c) => c.side === side);
  const down = (side: Player) => all(side).filter((c) => !isStanding(c)).length;
  const foe = (side: Player): Player => (side === 'A' ? 'B' : 'A');
  return {
    rows: bySide((side) => [
      { text: `${standing(s, side).length}/${all(side).length} up`, title: 'Characters standing / at the start' },
      { text: `${down(foe(side))} down`, title: 'Enemy characters this squad put down', points: true },
    ]),
    lines: s.order.length
      ? [
          {
            id: 'order',
            text: `Initiative: ${s.order.map((id) => `${nameOf(s, id)} ${s.initiative[id] ?? ''}`).join(', ')}`,
          },
        ]
      : [],
    result: s.result
      ? { columns: ['Down'], rows: bySide((side) => [String(down(foe(side)))]), footer: s.result.reason }
      : null,
  };
}

/**
 * A character's tokens in words: AP; its consequences, a grapple's Hindered naming who holds it
 * ("Hindered x2 (grappled by Azure Vance)") and a pin; for a controller, whom it holds and how hard
 * ("holds Brother Hollis (Hindered x2)"); down.
 */
export function tokenWords(s: RpgState, c: RpgChar): string[] {
  if (!isStanding(c)) return ['down'];
  const cs = conditionsOf(s);
  const named = conditionWords(c.condition).map((w) =>
    w.replace(/grappled by ([^)]+)\)/, (_m, id: string) => `grappled by ${nameOf(s, id)})`),
  );
  const holds = holding(cs, c.id).map((id) => {
    const n = s.chars[id]?.condition.hindered.filter((h) => h.by === c.id).length ?? 0;
    return `holds ${nameOf(s, id)} (Hindered${n > 1 ? ` x${n}` : ''})`;
  });
  return [`AP ${c.ap}`, ...named, ...holds];
}

/** Tokens beside the characters, each suppression cone's reach, and a grenade's two rings while its Dodge window is open. */
export function markers(s: RpgState): TableMarker[] {
  const out: TableMarker[] = [];
  for (const c of Object.values(s.chars).sort((a, b) => a.id.localeCompare(b.id)))
    out.push({
      id: `token-${c.id}`,
      kind: 'token',
      label: tokenWords(s, c).join(' · '),
      at: [c.pos[0], c.pos[1], c.pos[2]],
      side: c.side,
    });
  for (const z of s.zones) {
    const side = s.chars[z.shooterId]?.side ?? null;
    // The cone as an arc 20 degrees wide (the scene's facing: counter-clockwise from +x seen from above).
    out.push({
      id: `cone-${z.shooterId}`,
      kind: 'arc',
      label: '',
      at: [z.origin[0], z.origin[1], z.origin[2]],
      side,
      radius: Math.min(z.range, 40),
      facingDeg: (360 - z.directionDeg) % 360,
      arcDeg: 20,
    });
  }
  const p = s.pending;
  if (p) {
    const side = s.chars[p.thrower]?.side ?? null;
    const at: [number, number, number] = [p.landing[0], p.landing[1], p.landing[2]];
    // The weapon's Blast (grenades are 1/3 unless their profile says otherwise).
    const [primary, secondary] = s.weapons[p.weapon]?.blast ?? [1, 3];
    out.push({
      id: 'blast-primary',
      kind: 'area',
      label: `Blast ${primary}`,
      at,
      side,
      radius: primary,
      from: [p.aim[0], p.aim[1], p.aim[2]],
    });
    out.push({ id: 'blast-secondary', kind: 'area', label: String(secondary), at, side, radius: secondary });
  }
  return out;
}

/** A click on the table: a character's move, or a grenade thrown at the spot clicked. */
export interface RpgPick extends TablePick {
  type: 'move' | 'grenade';
  /** The grenade thrown (a grenade pick). */
  weapon?: string;
}

/** Whether a move needs a point on the table (a move: a spot, clicked). */
export const needsPoint = (a: { type: string }): boolean => a.type === 'move';

/**
 * The picks among the legal moves: a Move per character that may move (reach: its Speed), and a Throw per
 * grenade a character may throw now, at any spot clicked (reach: the grenade's last band at its Strength).
 */
export function picksOf(s: RpgState, legal: readonly Move<RpgAction>[]): RpgPick[] {
  const seen = new Set<string>();
  const out: RpgPick[] = [];
  for (const a of legal as readonly RpgAction[]) {
    if (a.type === 'move' && !seen.has(`move:${a.model}`)) {
      seen.add(`move:${a.model}`);
      const c = s.chars[a.model]!;
      out.push({
        type: 'move',
        model: c.id,
        label: `Move ${c.name} (up to ${c.stats.speed}")`,
        allowance: c.stats.speed,
      });
    }
    if (a.type === 'grenade' && !seen.has(`grenade:${a.model}:${a.weapon}`)) {
      seen.add(`grenade:${a.model}:${a.weapon}`);
      const c = s.chars[a.model]!;
      const w = s.weapons[a.weapon]!;
      const reach = Math.round(((maxRange(w) * c.stats.strength) / THROW_STRENGTH) * 10) / 10;
      out.push({
        type: 'grenade',
        model: c.id,
        weapon: w.id,
        label: `Throw ${w.name} (${c.name}, up to ${reach}")`,
        allowance: reach,
      });
    }
  }
  return out;
}

/** The action a click at (x, y, z) makes for a pick (to the thousandth of an inch). */
export function pickAction(p: RpgPick, x: number, y: number, z: number): RpgAction {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return p.type === 'grenade'
    ? { type: 'grenade', model: p.model!, weapon: p.weapon!, x: r(x), y: r(y), z: r(z) }
    : { type: 'move', model: p.model!, x: r(x), y: r(y), z: r(z) };
}
