/**
 * Five Parsecs in the app's words: a move as its button says it (a shot gives its number and why:
 * "5+: open target in range (9.0")"), the phase line, the score board, Stun markers on the table, and
 * the Move / Dash picks a click on the table answers. Pure functions of the state (and the table's
 * queries for a shot, arranged with the state's layout by the caller).
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

/** Inches to one decimal. */
const inch = (v: number): string => `${v.toFixed(1)}"`;
/** A signed modifier: +1, -1, +0. */
const signed = (v: number): string => (v < 0 ? `${v}` : `+${v}`);

const nameOf = (s: FpState, id: string): string => s.figures[id]?.name ?? id;

/** The words of one shot's button: the weapon, its Shots, and the number to hit with why (or why not). */
function shotWords(s: FpState, q: Queries, a: Extract<FpAction, { type: 'shoot' }>): string {
  const f = s.figures[a.figure]!;
  const w = s.weapons[a.weapon];
  const head = `${f.name}: shoot ${nameOf(s, a.target)} with the ${w?.name ?? a.weapon}`;
  const plan = planShot(s, q, f, a.weapon, a.target);
  if ('error' in plan) return `${head} (${plan.message})`;
  const shots = plan.weapon.shots ?? 1;
  const mod = traitHitModifier(plan.weapon.traits, f.moved, plan.distance);
  const need =
    s.phase === 'seized'
      ? `natural 6 only (Seize the Initiative, ${inch(plan.distance)})`
      : hitTargetWords(plan.hit, plan.distance);
  const extra = [
    `1D6 ${signed(f.combatSkill)}`,
    ...(mod !== 0 && s.phase !== 'seized' ? [`${signed(mod)} trait`] : []),
  ];
  return `${need} — ${head}, ${shots} shot${shots === 1 ? '' : 's'} (${extra.join(' ')})`;
}

/** One move in words, as its button says it. */
export function describeAction(s: FpState, q: Queries, move: Move<FpAction>): string {
  const a = move as FpAction | { type: 'pass' };
  switch (a.type) {
    case 'seize': {
      const mod = seizeModifier(seizeInput(s));
      return `Roll to Seize the Initiative: 2D6 ${signed(mod)}, ${SEIZE_TARGET}+ to move or fire before round 1`;
    }
    case 'skip-seize':
      return 'Do not try to Seize the Initiative';
    case 'assign': {
      const f = s.figures[a.figure]!;
      const die = s.reaction?.dice[a.die] ?? 0;
      const phase = phaseFor(die, f.reactions ?? 0) === 'quick' ? 'Quick' : 'Slow';
      return `Die ${die} to ${f.name}${ownerTag(s, f.id)}: ${phase} (Reactions ${f.reactions ?? 0})`;
    }
    case 'move': {
      const f = s.figures[a.figure]!;
      const d = Math.hypot(a.x - f.pos[0], a.z - f.pos[2]);
      return `${f.name}: ${a.dash ? 'dash' : 'move'} ${inch(d)} to (${a.x.toFixed(1)}, ${a.z.toFixed(1)})${moveNote(s, a)}`;
    }
    case 'shoot':
      return shotWords(s, q, a);
    case 'brawl': {
      const f = s.figures[a.figure]!;
      const t = s.figures[a.target]!;
      const bonus = (x: FpFigure) => x.combatSkill + brawlBonus(brawlWeapon(s, x).traits);
      return `${f.name}: brawl ${t.name} (1D6 ${signed(bonus(f))} against 1D6 ${signed(bonus(t))})`;
    }
    case 'leave':
      return leaveWords(s, q, a);
    case 'hold':
      return `${nameOf(s, a.figure)}: hold (Snap Fire when an enemy moves, else act in the Slow Actions phase)`;
    case 'snap-fire':
      return `Snap Fire: ${shotWords(s, q, { ...a, type: 'shoot' })} (its action this round)`;
    case 'done':
      return s.activation?.figure === a.figure
        ? `${nameOf(s, a.figure)}: end the activation`
        : `${nameOf(s, a.figure)}: do nothing this phase`;
    default:
      return s.snap ? `Pass: no Snap Fire at ${nameOf(s, s.snap.mover)}` : 'Pass';
  }
}

const PHASE_NAMES: Record<FpState['phase'], string> = {
  seize: 'Before the battle: Seize the Initiative',
  seized: 'Initiative seized: each figure may move or fire',
  reaction: 'Reaction Roll',
  quick: 'Quick Actions',
  enemy: 'Enemy Actions',
  slow: 'Slow Actions',
  over: 'Battle over',
};

/** The phase line: the round, the phase, who acts, and the dice still to assign. */
export function phaseLine(s: FpState): string {
  if (s.phase === 'over') {
    const r = s.result;
    const objective = objectiveWords(s);
    const head = r
      ? `Battle over after round ${s.round}: ${r.heldField ? 'Held the Field' : 'did not Hold the Field'} (${r.reason})`
      : 'Battle over';
    return objective ? `${head} · ${objective}` : head;
  }
  if (s.phase === 'seize' || s.phase === 'seized') return PHASE_NAMES[s.phase];
  const parts = [`Round ${s.round}`, PHASE_NAMES[s.phase]];
  if (s.phase === 'reaction' && s.reaction) {
    const used = new Set(Object.values(s.reaction.assigned));
    const left = s.reaction.dice.filter((_, i) => !used.has(i));
    parts.push(`dice ${s.reaction.dice.join(' ')}; ${left.length} to assign`);
  }
  if (s.activation) parts.push(`${nameOf(s, s.activation.figure)}${ownerTag(s, s.activation.figure)} acting`);
  const objective = objectiveWords(s);
  if (objective) parts.push(objective);
  if (s.snap) parts.push(`Snap Fire at ${nameOf(s, s.snap.mover)}?`);
  return parts.join(' · ');
}

/** The score board (the force's name is beside it already): each side's figures standing and Stunned, and at the end who took out how many. */
export function board(s: FpState): ScoreBoard {
  const all = (side: 'A' | 'B') => Object.values(s.figures).filter((f) => f.side === side);
  const out = (side: 'A' | 'B') => all(side).filter(takenOut).length;
  return {
    rows: bySide((side) => {
      const up = standing(s, side);
      return [
        { text: `${up.length}/${all(side).length} up`, title: 'Figures on the table / at the start' },
        { text: `${up.filter((f) => f.stun > 0).length} Stunned`, title: 'Figures with Stun markers' },
        { text: `${out(side === 'A' ? 'B' : 'A')} taken out`, title: 'Enemy figures this side took out', points: true },
      ];
    }),
    lines: [
      { id: 'mission', text: `Mission: ${s.mission.name}` },
      ...(objectiveWords(s) ? [{ id: 'objective', text: objectiveWords(s)! }] : []),
      { id: 'panic', text: `${s.enemy.name}: Panic 1-${s.enemy.panic}, AI ${s.enemy.ai}` },
    ],
    result: s.result
      ? {
          columns: ['Taken out'],
          rows: bySide((side) => [String(out(side === 'A' ? 'B' : 'A'))]),
          footer:
            (s.result.heldField ? 'The crew Held the Field' : 'The crew did not Hold the Field') +
            (s.mission.wonRound !== null ? ' and won the objective' : ''),
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
    const parts: string[] = [];
    // Once the battle is over, only the Stun markers stay.
    const die = s.phase === 'over' ? undefined : s.reaction?.assigned[f.id];
    if (f.acted && s.phase !== 'reaction' && s.phase !== 'over' && s.round > 0) parts.push('acted');
    else if (die !== undefined) {
      const phase = f.phase ?? phaseFor(s.reaction!.dice[die] ?? 0, f.reactions ?? 0);
      parts.push(`${phase === 'quick' ? 'Quick' : 'Slow'} ${s.reaction!.dice[die]}`);
    }
    if (f.stun > 0) parts.push(`Stun ${f.stun}`);
    const owner = s.owners?.[f.id];
    if (owner) parts.unshift(`P${owner}`);
    if (parts.length)
      out.push({ id: `token-${f.id}`, kind: 'token', label: parts.join(' · '), at: f.pos, side: f.side });
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
    const f = s.figures[a.figure]!;
    const reach = f.speed + (dash ? 2 : 0);
    out.push({
      type: 'move',
      model: f.id,
      dash,
      label: `${dash ? 'Dash' : 'Move'} ${f.name} (up to ${reach}")`,
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
