/**
 * Five Parsecs in the app's words: a move as its button says it (a shot gives its number and why:
 * "5+: open target in range (9.0")"), the phase line, the score board, Stun markers on the table, and
 * the Move / Dash picks a click on the table answers. Pure functions of the state (and the table's
 * queries for a shot, the view of the state, from the caller).
 */
import { ownerTag } from './coop';
import type { Move } from '../engine/match';
import { bySide, type ScoreBoard } from '../engine/play';
import type { Queries } from '../engine/queries';
import type { TableMarker, TablePick } from '../engine/types';
import type { FpAction } from './actions';
import { brawlBonus } from './brawl';
import { brawlWeapon, planShot } from './combat';
import { standing, takenOut, type FpFigure, type FpState } from './game';
import { phaseFor, SEIZE_TARGET, seizeModifier } from './initiative';
import { itemMarkers, leaveWords, moveNote, objectiveWords } from './missionWords';
import { seizeInput } from './round';
import { hitTargetWords, traitHitModifier } from './shooting';
import { msg, type Msg, type Text } from '../engine/message';
import { crewPhaseName, dotted, fixed1, inch1, inch2, signed } from './say';
import { reasonWords } from './ending';
import { missionName } from './missionWords';
import { aiName } from './say';
import { pieceOf } from '../engine/kit';

const nameOf = (s: FpState, id: string): string => s.figures[id]?.name ?? id;

/** The words of one shot's button: the weapon, its Shots, and the number to hit with why (or why not). */
function shotWords(s: FpState, q: Queries, a: Extract<FpAction, { type: 'shoot' }>): Msg {
  const f = pieceOf(s.figures, a.figure, 'figure');
  const w = s.weapons[a.weapon];
  const head = { name: f.name, target: nameOf(s, a.target), weapon: w?.name ?? a.weapon };
  const plan = planShot(s, q, f, a.weapon, a.target, undefined, s.snap?.mover);
  if ('error' in plan) return msg('fiveparsecs:choice.shootRefused', { ...head, why: plan.message });
  const shots = plan.weapon.shots ?? 1;
  const mod = traitHitModifier(plan.weapon.traits, f.moved, plan.distance);
  const need =
    s.phase === 'seized'
      ? msg('fiveparsecs:need.seizeAt', { distance: inch1(plan.distance) })
      : hitTargetWords(plan.hit, plan.distance);
  const args = { ...head, need, shots, skill: signed(f.combatSkill) };
  return mod !== 0 && s.phase !== 'seized'
    ? msg('fiveparsecs:choice.shootTrait', { ...args, trait: signed(mod) })
    : msg('fiveparsecs:choice.shoot', args);
}

/** One move in words, as its button says it. */
export function describeAction(s: FpState, q: Queries, move: Move<FpAction>): Text {
  const a = move as FpAction | { type: 'pass' };
  switch (a.type) {
    case 'seize': {
      const mod = seizeModifier(seizeInput(s));
      return msg('fiveparsecs:choice.seize', { mod: signed(mod), target: SEIZE_TARGET });
    }
    case 'skip-seize':
      return msg('fiveparsecs:choice.skipSeize');
    case 'assign': {
      const f = pieceOf(s.figures, a.figure, 'figure');
      const die = s.reaction?.dice[a.die] ?? 0;
      const phase = crewPhaseName(phaseFor(die, f.reactions ?? 0));
      return msg('fiveparsecs:choice.assign', {
        die,
        name: f.name,
        owner: ownerTag(s, f.id),
        phase,
        reactions: f.reactions ?? 0,
      });
    }
    case 'move': {
      const f = pieceOf(s.figures, a.figure, 'figure');
      const d = Math.hypot(a.x - f.pos[0], a.z - f.pos[2]);
      return msg(a.dash ? 'fiveparsecs:choice.dash' : 'fiveparsecs:choice.move', {
        name: f.name,
        length: inch1(d),
        x: fixed1(a.x),
        z: fixed1(a.z),
        note: moveNote(s, a),
      });
    }
    case 'shoot':
      return shotWords(s, q, a);
    case 'brawl': {
      const f = pieceOf(s.figures, a.figure, 'figure');
      const t = pieceOf(s.figures, a.target, 'figure');
      const bonus = (x: FpFigure) => x.combatSkill + brawlBonus(brawlWeapon(s, x).traits);
      return msg('fiveparsecs:choice.brawl', {
        name: f.name,
        target: t.name,
        bonus: signed(bonus(f)),
        targetBonus: signed(bonus(t)),
      });
    }
    case 'leave':
      return leaveWords(s, q, a);
    case 'hold':
      return msg('fiveparsecs:choice.hold', { name: nameOf(s, a.figure) });
    case 'snap-fire':
      return msg('fiveparsecs:choice.snapFire', { shot: shotWords(s, q, { ...a, type: 'shoot' }) });
    case 'done':
      return s.activation?.figure === a.figure
        ? msg('fiveparsecs:choice.done', { name: nameOf(s, a.figure) })
        : msg('fiveparsecs:choice.nothing', { name: nameOf(s, a.figure) });
    default:
      return s.snap
        ? msg('fiveparsecs:choice.passSnap', { name: nameOf(s, s.snap.mover) })
        : msg('fiveparsecs:choice.pass');
  }
}

const PHASE_NAMES = {
  seize: 'fiveparsecs:phaseName.seize',
  seized: 'fiveparsecs:phaseName.seized',
  reaction: 'fiveparsecs:phaseName.reaction',
  quick: 'fiveparsecs:phaseName.quick',
  enemy: 'fiveparsecs:phaseName.enemy',
  slow: 'fiveparsecs:phaseName.slow',
  over: 'fiveparsecs:phaseName.over',
} as const satisfies Record<FpState['phase'], string>;

/** The phase line: the round, the phase, who acts, and the dice still to assign. */
export function phaseLine(s: FpState): Msg {
  if (s.phase === 'over') {
    const r = s.result;
    const objective = objectiveWords(s);
    const head = r
      ? msg(r.heldField ? 'fiveparsecs:status.overHeld' : 'fiveparsecs:status.overNotHeld', {
          round: s.round,
          reason: reasonWords(s, r.reason),
        })
      : msg(PHASE_NAMES.over);
    return objective ? dotted([head, objective]) : head;
  }
  if (s.phase === 'seize' || s.phase === 'seized') return msg(PHASE_NAMES[s.phase]);
  const parts: Msg[] = [msg('fiveparsecs:status.round', { round: s.round }), msg(PHASE_NAMES[s.phase])];
  if (s.phase === 'reaction' && s.reaction) {
    const used = new Set(Object.values(s.reaction.assigned));
    const left = s.reaction.dice.filter((_, i) => !used.has(i));
    parts.push(msg('fiveparsecs:status.dice', { dice: s.reaction.dice.join(' '), left: left.length }));
  }
  if (s.activation)
    parts.push(
      msg('fiveparsecs:status.acting', {
        name: nameOf(s, s.activation.figure),
        owner: ownerTag(s, s.activation.figure),
      }),
    );
  const objective = objectiveWords(s);
  if (objective) parts.push(objective);
  if (s.snap) parts.push(msg('fiveparsecs:status.snap', { name: nameOf(s, s.snap.mover) }));
  return dotted(parts);
}

/** The score board (the force's name is beside it already): each side's figures standing and Stunned, and at the end who took out how many. */
export function board(s: FpState): ScoreBoard {
  const all = (side: 'A' | 'B') => Object.values(s.figures).filter((f) => f.side === side);
  const out = (side: 'A' | 'B') => all(side).filter(takenOut).length;
  return {
    rows: bySide((side) => {
      const up = standing(s, side);
      return [
        {
          text: msg('fiveparsecs:board.up', { up: up.length, all: all(side).length }),
          title: msg('fiveparsecs:board.upTitle'),
        },
        {
          text: msg('fiveparsecs:board.stunned', { n: up.filter((f) => f.stun > 0).length }),
          title: msg('fiveparsecs:board.stunnedTitle'),
        },
        {
          text: msg('fiveparsecs:board.out', { n: out(side === 'A' ? 'B' : 'A') }),
          title: msg('fiveparsecs:board.outTitle'),
          points: true,
        },
      ];
    }),
    lines: [
      { id: 'mission', text: msg('fiveparsecs:board.mission', { mission: missionName(s.mission.id) }) },
      ...(objectiveWords(s) ? [{ id: 'objective', text: objectiveWords(s)! }] : []),
      {
        id: 'panic',
        text: msg('fiveparsecs:board.panic', { enemy: s.enemy.name, panic: s.enemy.panic, ai: aiName(s.enemy.ai) }),
      },
    ],
    result: s.result
      ? {
          columns: [msg('fiveparsecs:board.outColumn')],
          rows: bySide((side) => [String(out(side === 'A' ? 'B' : 'A'))]),
          footer: msg(s.result.heldField ? 'fiveparsecs:board.footerHeld' : 'fiveparsecs:board.footerNotHeld', {
            won: s.mission.wonRound !== null ? 'yes' : 'no',
          }),
        }
      : null,
  };
}

/** A token beside each figure (its Reaction die, phase, Stun markers), and Acquire's item. */
export function markers(s: FpState): TableMarker[] {
  return [...figureTokens(s), ...itemMarkers(s)];
}

/**
 * One token beside each figure that has something to show: its Reaction die and phase this round
 * ("Quick 2", "Slow 5"; "acted" once its activation is over) and its Stun markers ("Stun 2").
 */
function figureTokens(s: FpState): TableMarker[] {
  const out: TableMarker[] = [];
  for (const f of Object.values(s.figures).sort((a, b) => a.id.localeCompare(b.id))) {
    if (f.out !== null) continue;
    const parts: Msg[] = [];
    // Once the battle is over, only the Stun markers stay.
    const die = s.phase === 'over' ? undefined : s.reaction?.assigned[f.id];
    if (f.acted && s.phase !== 'reaction' && s.phase !== 'over' && s.round > 0)
      parts.push(msg('fiveparsecs:marker.acted'));
    else if (die !== undefined) {
      const phase = f.phase ?? phaseFor(s.reaction!.dice[die] ?? 0, f.reactions ?? 0);
      parts.push(msg('fiveparsecs:marker.die', { phase: crewPhaseName(phase), die: s.reaction!.dice[die] ?? 0 }));
    }
    if (f.stun > 0) parts.push(msg('fiveparsecs:marker.stun', { n: f.stun }));
    const owner = s.owners?.[f.id];
    if (owner) parts.unshift(msg('fiveparsecs:marker.player', { player: owner }));
    if (parts.length) out.push({ id: `token-${f.id}`, kind: 'token', label: dotted(parts), at: f.pos, side: f.side });
  }
  return out;
}

/** A click on the table: a Move or a Dash of one figure. */
export interface FpPick extends TablePick {
  type: 'move';
  dash: boolean;
}

/** Whether a move needs a point on the table (a Move or a Dash: a spot, clicked). */
export const needsPoint = (a: { type: string }): boolean => a.type === 'move';

/** The Move and Dash picks among the legal moves: one each per figure that has one (reach: Speed, Speed + 2"). */
export function picksOf(s: FpState, legal: readonly Move<FpAction>[]): FpPick[] {
  const out: FpPick[] = [];
  const seen = new Set<string>();
  for (const a of legal as readonly { type: string; figure?: string; dash?: boolean }[]) {
    if (a.type !== 'move' || !a.figure) continue;
    const dash = a.dash === true;
    const key = `${a.figure}:${dash}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const f = pieceOf(s.figures, a.figure, 'figure');
    const reach = f.speed + (dash ? 2 : 0);
    out.push({
      type: 'move',
      model: f.id,
      dash,
      label: msg(dash ? 'fiveparsecs:pick.dash' : 'fiveparsecs:pick.move', { name: f.name, reach: inch2(reach) }),
      allowance: reach,
    });
  }
  return out;
}

/** The action a click at (x, y, z) makes for a pick (to the thousandth of an inch). */
export function pickAction(p: FpPick, x: number, y: number, z: number): FpAction {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return { type: 'move', figure: p.model!, x: r(x), y: r(y), z: r(z), ...(p.dash ? { dash: true } : {}) };
}
