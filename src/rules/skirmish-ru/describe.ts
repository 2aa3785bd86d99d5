/**
 * skirmish-ru in the app's words: a move as its button says it (a shot gives the number to roll and
 * why: "4 or less: Shooting 4, cover -1"), the phase line, the score board, tokens beside the fighters
 * (activated, reserved, pinned, jammed...), each standing fighter's 180-degree front on the table, and
 * the Move / Run / Sprint picks a click on the table answers. Pure functions of the state (and the
 * table's queries for a shot, the view of the state, from the caller).
 */
import type { Move } from '../engine/match';
import { bySide, type ScoreBoard } from '../engine/play';
import type { Queries } from '../engine/queries';
import type { TableMarker, TablePick } from '../engine/types';
import { inch, msg, type Msg, type Text } from '../engine/message';
import { compass } from '../engine/words';
import type { MoveMode, SkAction } from './actions';
import { activationOf, allowanceOf } from './activation';
import { meleeProfile, modsWords, planModifiers, planShot, strikeModifiers } from './attack';
import { headingOf } from './facing';
import { contacts, isStanding, standing, takenOut, type Player, type SkFighter, type SkState } from './game';
import type { Modifier } from './shooting';
import { inch2, MODE_IDS, modifierWords } from './say';
import { endWords } from './round';
import { fallbackChoice } from './fallback';
import { testTarget } from './tests';
import { pieceOf } from '../engine/kit';

const nameOf = (s: SkState, id: string): string => s.fighters[id]?.name ?? id;
const modeWord = (m: MoveMode): Msg => msg(MODE_IDS[m]);

/** The number a to-hit d6 must not exceed, and the modifiers in words ("Shooting 4, cover -1"). */
export function toHitWords(shooting: number, modifiers: readonly Modifier[]): { need: number; why: Msg } {
  const need = testTarget(
    shooting,
    modifiers.map((m) => m.value),
  );
  const why = modifiers.length
    ? msg('skirmish-ru:toHit.whyMods', { shooting, mods: modifiers.map(modifierWords) })
    : msg('skirmish-ru:toHit.why', { shooting });
  return { need, why };
}

/** The words of one shot's button: the number to roll on each d6 and why, the weapon, its rate of fire. */
function shotWords(s: SkState, q: Queries, a: Extract<SkAction, { type: 'shoot' }>, reserved: boolean): Msg {
  const f = pieceOf(s.fighters, a.fighter, 'fighter');
  const w = s.weapons[a.weapon];
  const head = msg('skirmish-ru:choice.shoot', {
    name: f.name,
    target: nameOf(s, a.target),
    weapon: w?.name ?? a.weapon,
  });
  const plan = planShot(s, q, f, a.weapon, a.target, activationOf(s, f).moved);
  if ('error' in plan) return msg('skirmish-ru:choice.shoot.no', { head, why: plan.message });
  const modifiers = planModifiers(plan, reserved);
  const { need, why } = toHitWords(f.stats.shooting, modifiers);
  const template: Text = plan.weapon.templateRadius
    ? msg('skirmish-ru:choice.shoot.template', { size: inch(2 * plan.weapon.templateRadius) })
    : '';
  const arm = f.arms[a.weapon];
  const ammo: Text =
    arm?.ammo === null || arm?.ammo === undefined ? '' : msg('skirmish-ru:choice.shoot.ammo', { n: arm.ammo });
  return msg('skirmish-ru:choice.shoot.full', {
    need,
    head,
    distance: inch(plan.distance),
    shots: plan.weapon.rateOfFire ?? 1,
    template,
    why,
    ammo,
  });
}

/** One move in words, as its button says it. */
export function describeAction(s: SkState, q: Queries, move: Move<SkAction>): Text {
  const a = move as SkAction | { type: 'pass' };
  switch (a.type) {
    case 'move': {
      const f = pieceOf(s.fighters, a.fighter, 'fighter');
      const d = Math.hypot(a.x - f.pos[0], a.z - f.pos[2]);
      const foe = contacts(s, f).length ? undefined : contacts(s, f, [a.x, a.y, a.z])[0];
      if (foe)
        return msg('skirmish-ru:choice.charge', {
          name: f.name,
          foe: foe.name,
          mode: modeWord(a.mode),
          distance: inch(d),
        });
      const back = fallbackChoice(s, q, f);
      if (back && back.move.x === a.x && back.move.z === a.z && back.move.mode === a.mode)
        return msg(back.cover ? 'skirmish-ru:choice.fallback.cover' : 'skirmish-ru:choice.fallback.away', {
          name: f.name,
          enemy: back.enemy?.name ?? '',
          distance: inch2(back.length),
          way: compass(headingOf(f.pos, [a.x, a.y, a.z])),
        });
      const reach = inch(allowanceOf(f, a.mode));
      return d < 1e-6
        ? msg('skirmish-ru:choice.move.still', { name: f.name, mode: modeWord(a.mode), distance: inch(d), reach })
        : msg('skirmish-ru:choice.move', {
            name: f.name,
            mode: modeWord(a.mode),
            distance: inch(d),
            way: compass(headingOf(f.pos, [a.x, a.y, a.z])),
            reach,
          });
    }
    case 'shoot':
      return s.ambush
        ? msg('skirmish-ru:choice.reservedShot', { shot: shotWords(s, q, a, true) })
        : shotWords(s, q, { ...a, type: 'shoot' }, false);
    case 'strike': {
      const f = pieceOf(s.fighters, a.fighter, 'fighter');
      const p = meleeProfile(s, f);
      const mods = strikeModifiers(pieceOf(s.fighters, a.target, 'fighter'));
      return msg('skirmish-ru:choice.strike', {
        name: f.name,
        target: nameOf(s, a.target),
        weapon: p.name,
        attacks: f.stats.attacks,
        need: testTarget(
          f.stats.shooting,
          mods.map((m) => m.value),
        ),
        mods: modsWords(mods),
      });
    }
    case 'clear-jam': {
      const f = pieceOf(s.fighters, a.fighter, 'fighter');
      return msg('skirmish-ru:choice.clearJam', {
        name: f.name,
        weapon: s.weapons[a.weapon]?.name ?? a.weapon,
        technician: f.stats.technician,
      });
    }
    case 'reserve':
      return msg('skirmish-ru:choice.reserve', { name: nameOf(s, a.fighter) });
    case 'jump': {
      const f = pieceOf(s.fighters, a.fighter, 'fighter');
      const rise = a.y - f.pos[1];
      const across = Math.hypot(a.x - f.pos[0], a.z - f.pos[2]);
      const what =
        a.how === 'down'
          ? msg('skirmish-ru:choice.jump.down', { height: inch(-rise) })
          : a.how === 'climb'
            ? msg('skirmish-ru:choice.jump.climb', { height: inch(rise) })
            : msg('skirmish-ru:choice.jump.leap', { gap: inch(across) });
      return msg('skirmish-ru:choice.jump', {
        name: f.name,
        what,
        way: compass(headingOf(f.pos, [a.x, a.y, a.z])),
        mode: modeWord(a.mode),
        acrobatics: f.stats.acrobatics,
      });
    }
    case 'hide':
      return msg('skirmish-ru:choice.hide', { name: nameOf(s, a.fighter) });
    case 'done':
      return msg('skirmish-ru:choice.done', { name: nameOf(s, a.fighter) });
    default:
      return s.ambush
        ? msg('skirmish-ru:choice.holdFire', { mover: nameOf(s, s.ambush.mover) })
        : msg('skirmish-ru:choice.pass');
  }
}

/** The phase line: the round, whose activation, who acts, and a reserved-action window. */
export function phaseLine(s: SkState): Text {
  if (s.phase === 'over')
    return s.result
      ? msg('skirmish-ru:status.overWhy', { round: s.round, why: endWords(s) })
      : msg('skirmish-ru:status.over', { round: s.round });
  const parts: Text[] = [
    msg('skirmish-ru:status.round', { round: s.round, of: s.maxRounds }),
    msg('skirmish-ru:status.turn', { gang: s.gangs[s.turn].name, side: s.turn }),
  ];
  if (s.activation) {
    const a = s.activation;
    parts.push(msg(ACTING_IDS[a.moved], { name: nameOf(s, a.fighter) }));
  }
  if (s.ambush)
    parts.push(
      msg('skirmish-ru:status.ambush', { gang: s.gangs[s.ambush.side].name, mover: nameOf(s, s.ambush.mover) }),
    );
  return parts.reduce((a, b) => msg('skirmish-ru:join.dot', { a, b }));
}

/** The acting fighter in the phase line, with how it moved. */
const ACTING_IDS = {
  none: 'skirmish-ru:status.acting',
  move: 'skirmish-ru:status.acting.moved',
  run: 'skirmish-ru:status.acting.ran',
  sprint: 'skirmish-ru:status.acting.sprinted',
} as const;

/** The score board: each gang's fighters up and down, and the enemies it took out. */
export function board(s: SkState): ScoreBoard {
  const all = (side: Player) => Object.values(s.fighters).filter((f) => f.side === side);
  const out = (side: Player) => all(side).filter(takenOut).length;
  const foe = (side: Player): Player => (side === 'A' ? 'B' : 'A');
  return {
    rows: bySide((side) => [
      {
        text: msg('skirmish-ru:board.up', { up: standing(s, side).length, all: all(side).length }),
        title: msg('skirmish-ru:board.up.title'),
      },
      {
        text: msg('skirmish-ru:board.out', { n: out(foe(side)) }),
        title: msg('skirmish-ru:board.out.title'),
        points: true,
      },
    ]),
    lines: [
      {
        id: 'order',
        text: msg(
          s.turnOrder === 'alternating' ? 'skirmish-ru:board.order.alternating' : 'skirmish-ru:board.order.sides',
          {
            n: s.maxRounds,
          },
        ),
      },
    ],
    result: s.result
      ? {
          columns: [msg('skirmish-ru:board.takenOut')],
          rows: bySide((side) => [String(out(foe(side)))]),
          footer: endWords(s),
        }
      : null,
  };
}

/** A fighter's tokens in words: activated, reserved, pinned, hidden, prone, jammed weapons, down (fatigue, which has no effect, only on its card). */
export function tokenWords(s: SkState, f: SkFighter): Msg[] {
  if (!isStanding(f)) return [msg(f.wounds.condition === 'dead' ? 'skirmish-ru:token.dead' : 'skirmish-ru:token.down')];
  const parts: Msg[] = [];
  if (f.activated && s.phase !== 'over') parts.push(msg('skirmish-ru:token.activated'));
  if (f.reserved) parts.push(msg('skirmish-ru:token.reserved'));
  if (f.pinned) parts.push(msg('skirmish-ru:token.pinned'));
  if (f.hidden) parts.push(msg('skirmish-ru:token.hidden'));
  if (f.prone) parts.push(msg('skirmish-ru:token.prone'));
  for (const w of f.weapons)
    if (f.arms[w]?.jammed) parts.push(msg('skirmish-ru:token.jammed', { weapon: s.weapons[w]?.name ?? w }));
  return parts;
}

/** The front of a standing fighter as the table draws it (a half disc this many inches across the middle). */
export const ARC_RADIUS = 2.5;

/** The latest template on the table: where it came down, and the line it scattered along (from the aim, or from the shooter on a detonation). */
export function blastMarker(s: SkState): TableMarker | null {
  const b = s.blast;
  if (!b?.centre) return null;
  const from = b.outcome === 'detonation' ? s.fighters[b.shooter]?.pos : b.aim;
  const word = {
    hit: msg('skirmish-ru:blast.hit'),
    scatter: msg('skirmish-ru:blast.scatter', { distance: inch(b.scatter?.distance ?? 0) }),
    lost: msg('skirmish-ru:blast.lost'),
    detonation: msg('skirmish-ru:blast.detonation'),
  };
  return {
    id: 'blast',
    kind: 'area',
    label: msg('skirmish-ru:join.colon', { a: s.weapons[b.weapon]?.name ?? b.weapon, b: word[b.outcome] }),
    at: b.centre,
    side: s.fighters[b.shooter]?.side ?? null,
    radius: b.radius,
    ...(from && b.outcome !== 'hit' ? { from: [from[0], from[1], from[2]] as [number, number, number] } : {}),
  };
}

/** Tokens beside the fighters, each standing fighter's 180-degree front (the acting fighter's drawn larger), and the latest template. */
export function markers(s: SkState): TableMarker[] {
  const blast = blastMarker(s);
  const out: TableMarker[] = blast ? [blast] : [];
  for (const f of Object.values(s.fighters).sort((a, b) => a.id.localeCompare(b.id))) {
    if (f.wounds.condition === 'dead') continue;
    const words = tokenWords(s, f);
    if (words.length)
      out.push({
        id: `token-${f.id}`,
        kind: 'token',
        label: words.reduce((a, b) => msg('skirmish-ru:join.dot', { a, b })),
        at: f.pos,
        side: f.side,
      });
    if (!isStanding(f) || s.phase === 'over') continue;
    const acting = s.activation?.fighter === f.id || s.ambush?.mover === f.id;
    out.push({
      id: `arc-${f.id}`,
      kind: 'arc',
      label: '',
      at: f.pos,
      side: f.side,
      radius: acting ? 2 * ARC_RADIUS : ARC_RADIUS,
      // The scene's facing: counter-clockwise from +x seen from above (the rules' is towards +z).
      facingDeg: (360 - f.facing) % 360,
    });
  }
  return out;
}

/** A click on the table: a move, a run or a sprint of one fighter. */
export interface SkPick extends TablePick {
  type: 'move';
  mode: MoveMode;
}

/** The Move, Run and Sprint picks among the legal moves: one each per fighter and mode (reach: its allowance). */
export function picksOf(s: SkState, legal: readonly Move<SkAction>[]): SkPick[] {
  const out: SkPick[] = [];
  const seen = new Set<string>();
  for (const a of legal as readonly SkAction[]) {
    if (a.type !== 'move') continue;
    const key = `${a.fighter}:${a.mode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const f = pieceOf(s.fighters, a.fighter, 'fighter');
    const reach = allowanceOf(f, a.mode);
    out.push({
      type: 'move',
      model: f.id,
      mode: a.mode,
      label: msg(PICK_IDS[a.mode], { name: f.name, reach: inch(reach) }),
      allowance: reach,
    });
  }
  return out;
}

/** The Move, Run and Sprint picks' words. */
const PICK_IDS = {
  move: 'skirmish-ru:pick.move',
  run: 'skirmish-ru:pick.run',
  sprint: 'skirmish-ru:pick.sprint',
} as const;

/** The action a click at (x, y, z) makes for a pick (to the thousandth of an inch). */
export function pickAction(p: SkPick, x: number, y: number, z: number): SkAction {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return { type: 'move', fighter: p.model!, mode: p.mode, x: r(x), y: r(y), z: r(z) };
}
