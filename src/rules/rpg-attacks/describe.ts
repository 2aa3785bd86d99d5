/**
 * rpg-attacks in the app's words: each button gives its TN, boons and banes and why ("Projectiles vs
 * Defense 11, ⊖ heavy cover (80 % hidden), ⊕ auto"), the phase line, the score board, tokens beside
 * the characters (AP, consequences, who holds whom in a grapple), the suppression cones and a grenade's
 * blast rings on the table, and the Move pick a click on the table answers. Pure functions of the state
 * (and the table's queries for an attack, the view of the state, from the caller).
 */
import type { Move } from '../engine/match';
import { metres } from './say';
import { bySide, type ScoreBoard } from '../engine/play';
import type { Queries } from '../engine/queries';
import type { TableMarker, TablePick } from '../engine/types';
import { inch, msg, type Msg, type Text } from '../engine/message';
import { compass } from '../engine/words';
import type { RpgAction } from './actions';
import { attackWords, reasonWords } from './attack';
import { THROWN_STRENGTH } from './area';
import { conditionWords, physicalBanes } from './consequences';
import { maxRange, THROW_STRENGTH, throwBand } from './data';
import { planFor } from './fight';
import { resultWords } from './round';
import { conditionsOf, isStanding, standing, type Player, type RpgChar, type RpgState } from './game';
import { holding } from './grapple';
import { STUNT_NAMES } from './stunts';
import { pieceOf } from '../engine/kit';

const nameOf = (s: RpgState, id: string): string => s.chars[id]?.name ?? id;
const weaponName = (s: RpgState, id: string): string => s.weapons[id]?.name ?? id;

/** Words joined by a middle dot: "AP 2 · prone". */
export const dotted = (parts: readonly Text[]): Text =>
  parts.length === 0 ? '' : parts.reduce((a, b) => msg('rpg-attacks:dot', { a, b }));

/** An attack's button: the TN and why, then what it is. */
function attackButton(s: RpgState, q: Queries, a: Extract<RpgAction, { type: 'attack' | 'stunt' }>): Msg {
  const c = pieceOf(s.chars, a.model, 'character');
  const names = { name: c.name, target: nameOf(s, a.target), weapon: weaponName(s, a.weapon) };
  const what =
    a.type === 'stunt'
      ? msg('rpg-attacks:choice.stuntWhat', { ...names, stunt: STUNT_NAMES[a.stunt] })
      : msg(
          a.auto
            ? 'rpg-attacks:choice.autoWhat'
            : a.pull
              ? 'rpg-attacks:choice.pulledWhat'
              : 'rpg-attacks:choice.attackWhat',
          names,
        );
  const p =
    a.type === 'attack'
      ? planFor(s, q, c, a.weapon, a.target, a.auto === true, a.pull === true)
      : planFor(s, q, c, a.weapon, a.target);
  if (!p.ok) return msg('rpg-attacks:choice.refused', { what, why: p.error.message });
  return msg(a.type === 'stunt' ? 'rpg-attacks:choice.stunt' : 'rpg-attacks:choice.attack', {
    words: attackWords(p.value.plan),
    what,
  });
}

/** One move in words, as its button says it. */
export function describeAction(s: RpgState, q: Queries, move: Move<RpgAction>): Msg {
  const a = move as RpgAction | { type: 'pass' };
  switch (a.type) {
    case 'begin':
      return msg('rpg-attacks:choice.begin');
    case 'move': {
      const c = pieceOf(s.chars, a.model, 'character');
      const d = Math.hypot(a.x - c.pos[0], a.z - c.pos[2]);
      return msg('rpg-attacks:choice.move', {
        name: c.name,
        d: inch(d),
        dir: compass(Math.atan2(a.z - c.pos[2], a.x - c.pos[0]) * (180 / Math.PI)),
        speed: c.stats.speed,
      });
    }
    case 'stand-up':
      return msg('rpg-attacks:choice.standUp', { name: nameOf(s, a.model) });
    case 'attack':
    case 'stunt':
      return attackButton(s, q, a);
    case 'grenade': {
      const c = pieceOf(s.chars, a.model, 'character');
      const d = Math.hypot(a.x - c.pos[0], a.z - c.pos[2]);
      const w = s.weapons[a.weapon];
      const band = w ? throwBand(w, c.stats.strength, d) : null;
      const wounds = physicalBanes(c.condition);
      const why = [
        ...(band && band.banes > 0
          ? [reasonWords(-band.banes, msg('rpg-attacks:reason.range', { d: metres(d) }))]
          : []),
        ...(c.stats.strength < THROWN_STRENGTH ? [reasonWords(-1, msg('rpg-attacks:reason.strengthUnder3'))] : []),
        ...(wounds > 0 ? [reasonWords(-wounds, msg('rpg-attacks:reason.woundsShort'))] : []),
      ];
      const [primary, secondary] = w?.blast ?? [1, 3];
      return msg('rpg-attacks:choice.grenade', {
        test: msg('rpg-attacks:list', { items: [msg('rpg-attacks:grenade.test'), ...why] }),
        name: c.name,
        weapon: weaponName(s, a.weapon),
        d: metres(d),
        primary,
        secondary,
      });
    }
    case 'suppress': {
      const c = pieceOf(s.chars, a.model, 'character');
      const w = s.weapons[a.weapon];
      return msg('rpg-attacks:choice.suppress', {
        name: c.name,
        dir: compass(a.directionDeg),
        weapon: w?.name ?? a.weapon,
        auto: w?.auto ?? 0,
      });
    }
    case 'grapple':
      return msg('rpg-attacks:choice.grapple', { name: nameOf(s, a.model), target: nameOf(s, a.target) });
    case 'break-free':
      return msg(
        a.choice === 'release' ? 'rpg-attacks:choice.breakFreeRelease' : 'rpg-attacks:choice.breakFreeReverse',
        {
          name: nameOf(s, a.model),
          from: nameOf(s, a.from),
        },
      );
    case 'release':
      return msg('rpg-attacks:choice.release', { name: nameOf(s, a.model), target: nameOf(s, a.target) });
    case 'end-turn':
      return msg('rpg-attacks:choice.endTurn', { name: nameOf(s, a.model) });
    case 'dodge': {
      const c = pieceOf(s.chars, a.model, 'character');
      return msg('rpg-attacks:choice.dodge', { name: c.name, ap: c.ap });
    }
    case 'parry': {
      const c = pieceOf(s.chars, a.model, 'character');
      return msg('rpg-attacks:choice.parry', { name: c.name, ap: c.ap, tn: s.parry?.total ?? 0 });
    }
    default:
      return s.pending?.queue[0]
        ? msg('rpg-attacks:choice.noDodge', { name: nameOf(s, s.pending.queue[0]) })
        : s.parry
          ? msg('rpg-attacks:choice.noParry', { name: nameOf(s, s.parry.target) })
          : msg('rpg-attacks:choice.pass');
  }
}

/** The phase line: the round, whose turn, and a Dodge window. */
export function phaseLine(s: RpgState): Text {
  if (s.phase === 'over')
    return s.result
      ? msg('rpg-attacks:phase.overWhy', { round: s.round, reason: resultWords(s) })
      : msg('rpg-attacks:phase.over', { round: s.round });
  if (s.phase === 'start') return msg('rpg-attacks:phase.start');
  const parts: Msg[] = [msg('rpg-attacks:phase.round', { round: s.round, max: s.maxRounds })];
  if (s.turn) {
    const c = pieceOf(s.chars, s.turn.model, 'character');
    parts.push(
      msg(s.turn.moved ? 'rpg-attacks:phase.toActMoved' : 'rpg-attacks:phase.toAct', {
        name: c.name,
        squad: s.squads[c.side].name,
      }),
    );
  }
  const head = s.pending?.queue[0];
  if (head) parts.push(msg('rpg-attacks:phase.dodge', { name: nameOf(s, head) }));
  if (s.parry) parts.push(msg('rpg-attacks:phase.parry', { name: nameOf(s, s.parry.target) }));
  return dotted(parts);
}

/** The score board: each squad's characters up and the enemies it put down. */
export function board(s: RpgState): ScoreBoard {
  const all = (side: Player) => Object.values(s.chars).filter((c) => c.side === side);
  const down = (side: Player) => all(side).filter((c) => !isStanding(c)).length;
  const foe = (side: Player): Player => (side === 'A' ? 'B' : 'A');
  return {
    rows: bySide((side) => [
      {
        text: msg('rpg-attacks:board.up', { up: standing(s, side).length, all: all(side).length }),
        title: msg('rpg-attacks:board.upTitle'),
      },
      {
        text: msg('rpg-attacks:board.down', { n: down(foe(side)) }),
        title: msg('rpg-attacks:board.downTitle'),
        points: true,
      },
    ]),
    lines: s.order.length
      ? [
          {
            id: 'order',
            text: msg('rpg-attacks:board.initiative', {
              order: s.order.map((id) =>
                msg('rpg-attacks:initiative.entry', { name: nameOf(s, id), total: s.initiative[id] ?? '' }),
              ),
            }),
          },
        ]
      : [],
    result: s.result
      ? {
          columns: [msg('rpg-attacks:board.downColumn')],
          rows: bySide((side) => [String(down(foe(side)))]),
          footer: resultWords(s),
        }
      : null,
  };
}

/**
 * A character's tokens in words: AP; its consequences, a grapple's Hindered naming who holds it
 * ("Hindered x2 (grappled by Azure Vance)") and a pin; for a controller, whom it holds and how hard
 * ("holds Brother Hollis (Hindered x2)"); down.
 */
export function tokenWords(s: RpgState, c: RpgChar): Msg[] {
  if (!isStanding(c)) return [msg('rpg-attacks:condition.down')];
  const cs = conditionsOf(s);
  const named = conditionWords(c.condition, (id) => nameOf(s, id));
  const holds = holding(cs, c.id).map((id) => {
    const n = s.chars[id]?.condition.hindered.filter((h) => h.by === c.id).length ?? 0;
    return msg('rpg-attacks:token.holds', { name: nameOf(s, id), n });
  });
  return [msg('rpg-attacks:token.ap', { n: c.ap }), ...named, ...holds];
}

/** Tokens beside the characters, each suppression cone's reach, and a grenade's two rings while its Dodge window is open. */
export function markers(s: RpgState): TableMarker[] {
  const out: TableMarker[] = [];
  for (const c of Object.values(s.chars).sort((a, b) => a.id.localeCompare(b.id)))
    out.push({
      id: `token-${c.id}`,
      kind: 'token',
      label: dotted(tokenWords(s, c)),
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
      label: msg('rpg-attacks:marker.blast', { n: primary }),
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
 * grenade a character may throw now, at any spot clicked (reach: the grenade's last band at its Strength),
 * played only by its button.
 */
export function picksOf(s: RpgState, legal: readonly Move<RpgAction>[]): RpgPick[] {
  const seen = new Set<string>();
  const out: RpgPick[] = [];
  for (const a of legal as readonly RpgAction[]) {
    if (a.type === 'move' && !seen.has(`move:${a.model}`)) {
      seen.add(`move:${a.model}`);
      const c = pieceOf(s.chars, a.model, 'character');
      out.push({
        type: 'move',
        model: c.id,
        label: msg('rpg-attacks:pick.move', { name: c.name, reach: inch(c.stats.speed) }),
        allowance: c.stats.speed,
      });
    }
    if (a.type === 'grenade' && !seen.has(`grenade:${a.model}:${a.weapon}`)) {
      seen.add(`grenade:${a.model}:${a.weapon}`);
      const c = pieceOf(s.chars, a.model, 'character');
      const w = pieceOf(s.weapons, a.weapon, 'weapon');
      const reach = Math.round(((maxRange(w) * c.stats.strength) / THROW_STRENGTH) * 10) / 10;
      out.push({
        type: 'grenade',
        model: c.id,
        weapon: w.id,
        label: msg('rpg-attacks:pick.throw', { weapon: w.name, name: c.name, reach: metres(reach) }),
        allowance: reach,
        // A throw is not a kind of move: a click on the table with the character selected never throws
        // (its reach, longer than the Move's, would otherwise take a click past the Move or one it refuses).
        explicit: true,
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
