/**
 * skirmish-ru in the app's words: a move as its button says it (a shot gives the number to roll and
 * why: "4 or less: Shooting 4, cover -1"), the phase line, the score board, tokens beside the fighters
 * (activated, reserved, pinned, jammed...), each standing fighter's 180-degree front on the table, and
 * the Move / Run / Sprint picks a click on the table answers. Pure functions of the state (and the
 * table's queries for a shot, arranged with the state's layout by the caller).
 */
import type { Move } from '../engine/match';
import { bySide, type ScoreBoard } from '../engine/play';
import type { Queries } from '../engine/queries';
import type { TableMarker, TablePick } from '../engine/types';
import { compass, inches } from '../engine/words';
import type { MoveMode, SkAction } from './actions';
import { activationOf, allowanceOf } from './activation';
import { meleeProfile, planModifiers, planShot } from './attack';
import { headingOf } from './facing';
import { contacts, isStanding, standing, takenOut, type Player, type SkFighter, type SkState } from './game';
import type { Modifier } from './shooting';
import { testTarget } from './tests';

const nameOf = (s: SkState, id: string): string => s.fighters[id]?.name ?? id;
const signed = (v: number): string => (v < 0 ? `${v}` : `+${v}`);
const MODE_WORDS: Record<MoveMode, string> = { move: 'move', run: 'run', sprint: 'sprint' };

/** The number a to-hit d6 must not exceed, and the modifiers in words ("Shooting 4, cover -1"). */
export function toHitWords(shooting: number, modifiers: readonly Modifier[]): { need: number; why: string } {
  const need = testTarget(
    shooting,
    modifiers.map((m) => m.value),
  );
  const why = [`Shooting ${shooting}`, ...modifiers.map((m) => `${m.reason} ${signed(m.value)}`)].join(', ');
  return { need, why };
}

/** The words of one shot's button: the number to roll on each d6 and why, the weapon, its rate of fire. */
function shotWords(s: SkState, q: Queries, a: Extract<SkAction, { type: 'shoot' }>, reserved: boolean): string {
  const f = s.fighters[a.fighter]!;
  const w = s.weapons[a.weapon];
  const head = `${f.name}: shoot ${nameOf(s, a.target)} with ${w?.name ?? a.weapon}`;
  const plan = planShot(s, q, f, a.weapon, a.target, activationOf(s, f).moved);
  if ('error' in plan) return `${head} (${plan.message})`;
  const modifiers = planModifiers(plan, reserved);
  const { need, why } = toHitWords(f.stats.shooting, modifiers);
  const template = plan.weapon.templateRadius ? `, a ${inches(2 * plan.weapon.templateRadius)} template` : '';
  const shots = plan.weapon.rateOfFire ?? 1;
  const arm = f.arms[a.weapon];
  const ammo = arm?.ammo === null || arm?.ammo === undefined ? '' : `, ${arm.ammo} rounds left`;
  return `${need} or less on d6 — ${head} at ${inches(plan.distance)}, ${shots} shot${shots === 1 ? '' : 's'}${template} (${why}${ammo})`;
}

/** One move in words, as its button says it. */
export function describeAction(s: SkState, q: Queries, move: Move<SkAction>): string {
  const a = move as SkAction | { type: 'pass' };
  switch (a.type) {
    case 'move': {
      const f = s.fighters[a.fighter]!;
      const d = Math.hypot(a.x - f.pos[0], a.z - f.pos[2]);
      const way = d < 1e-6 ? '' : ` ${compass(headingOf(f.pos, [a.x, a.y, a.z]))}`;
      const foe = contacts(s, f).length ? undefined : contacts(s, f, [a.x, a.y, a.z])[0];
      if (foe) return `${f.name}: charge ${foe.name} (${MODE_WORDS[a.mode]} ${inches(d)}, then strike at once)`;
      return `${f.name}: ${MODE_WORDS[a.mode]} ${inches(d)}${way} (up to ${inches(allowanceOf(f, a.mode))})`;
    }
    case 'shoot':
      return s.ambush
        ? `Reserved shot at -1: ${shotWords(s, q, a, true)}`
        : shotWords(s, q, { ...a, type: 'shoot' }, false);
    case 'strike': {
      const f = s.fighters[a.fighter]!;
      const p = meleeProfile(s, f);
      return `${f.name}: strike ${nameOf(s, a.target)} with ${p.name} (${f.stats.attacks} d6, each ${f.stats.melee} or less)`;
    }
    case 'clear-jam': {
      const f = s.fighters[a.fighter]!;
      return `${f.name}: clear the jammed ${s.weapons[a.weapon]?.name ?? a.weapon} (technician test, ${f.stats.technician} or less)`;
    }
    case 'reserve':
      return `${nameOf(s, a.fighter)}: reserve the action (fire at -1 when an enemy moves)`;
    case 'jump': {
      const f = s.fighters[a.fighter]!;
      const rise = a.y - f.pos[1];
      const across = Math.hypot(a.x - f.pos[0], a.z - f.pos[2]);
      const what =
        a.how === 'down'
          ? `jump down ${inches(-rise)}`
          : a.how === 'climb'
            ? `climb ${inches(rise)} (double movement)`
            : `leap ${inches(across)} across the gap`;
      return `${f.name}: ${what} ${compass(headingOf(f.pos, [a.x, a.y, a.z]))} (${MODE_WORDS[a.mode]}, acrobatics ${f.stats.acrobatics} or less)`;
    }
    case 'hide':
      return `${nameOf(s, a.fighter)}: hide (no enemy sees it; coming into sight or within 6" calls a stealth test)`;
    case 'done':
      return `${nameOf(s, a.fighter)}: end the activation`;
    default:
      return s.ambush ? `Hold fire: no reserved shot at ${nameOf(s, s.ambush.mover)}` : 'Pass';
  }
}

/** The phase line: the round, whose activation, who acts, and a reserved-action window. */
export function phaseLine(s: SkState): string {
  if (s.phase === 'over') return `Battle over after round ${s.round}${s.result ? `: ${s.result.reason}` : ''}`;
  const parts = [`Round ${s.round} of ${s.maxRounds}`, `${s.gangs[s.turn].name} (${s.turn}) to activate`];
  if (s.activation) {
    const a = s.activation;
    parts.push(
      `${nameOf(s, a.fighter)} acting${a.moved !== 'none' ? ` (${a.moved === 'move' ? 'moved' : a.moved === 'run' ? 'ran' : 'sprinted'})` : ''}`,
    );
  }
  if (s.ambush) parts.push(`${s.gangs[s.ambush.side].name}: fire a reserved shot at ${nameOf(s, s.ambush.mover)}?`);
  return parts.join(' · ');
}

/** The score board: each gang's fighters up and down, and the enemies it took out. */
export function board(s: SkState): ScoreBoard {
  const all = (side: Player) => Object.values(s.fighters).filter((f) => f.side === side);
  const out = (side: Player) => all(side).filter(takenOut).length;
  const foe = (side: Player): Player => (side === 'A' ? 'B' : 'A');
  return {
    rows: bySide((side) => [
      { text: `${standing(s, side).length}/${all(side).length} up`, title: 'Fighters standing / at the start' },
      { text: `${out(foe(side))} taken out`, title: 'Enemy fighters this gang took out', points: true },
    ]),
    lines: [
      {
        id: 'order',
        text: `${s.turnOrder === 'alternating' ? 'Alternating activations' : 'Whole-side turns'}, ${s.maxRounds} rounds`,
      },
    ],
    result: s.result
      ? {
          columns: ['Taken out'],
          rows: bySide((side) => [String(out(foe(side)))]),
          footer: s.result.reason,
        }
      : null,
  };
}

/** A fighter's tokens in words: activated, reserved, pinned, hidden, prone, jammed weapons, down (fatigue, which has no effect, only on its card). */
export function tokenWords(s: SkState, f: SkFighter): string[] {
  if (!isStanding(f)) return [f.wounds.condition === 'dead' ? 'dead' : 'down'];
  const parts: string[] = [];
  if (f.activated && s.phase !== 'over') parts.push('activated');
  if (f.reserved) parts.push('reserved');
  if (f.pinned) parts.push('pinned');
  if (f.hidden) parts.push('hidden');
  if (f.prone) parts.push('prone');
  for (const w of f.weapons) if (f.arms[w]?.jammed) parts.push(`${s.weapons[w]?.name ?? w} jammed`);
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
    hit: 'HIT',
    scatter: `scatter ${inches(b.scatter?.distance ?? 0)}`,
    lost: 'lost',
    detonation: 'detonation',
  };
  return {
    id: 'blast',
    kind: 'area',
    label: `${s.weapons[b.weapon]?.name ?? b.weapon}: ${word[b.outcome]}`,
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
      out.push({ id: `token-${f.id}`, kind: 'token', label: words.join(' · '), at: f.pos, side: f.side });
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

/** Whether a move needs a point on the table (a move, run or sprint: a spot, clicked). */
export const needsPoint = (a: { type: string }): boolean => a.type === 'move';

/** The Move, Run and Sprint picks among the legal moves: one each per fighter and mode (reach: its allowance). */
export function picksOf(s: SkState, legal: readonly Move<SkAction>[]): SkPick[] {
  const out: SkPick[] = [];
  const seen = new Set<string>();
  for (const a of legal as readonly SkAction[]) {
    if (a.type !== 'move') continue;
    const key = `${a.fighter}:${a.mode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const f = s.fighters[a.fighter]!;
    const reach = allowanceOf(f, a.mode);
    const word = a.mode === 'move' ? 'Move' : a.mode === 'run' ? 'Run' : 'Sprint';
    out.push({
      type: 'move',
      model: f.id,
      mode: a.mode,
      label: `${word} ${f.name} (up to ${inches(reach)})`,
      allowance: reach,
    });
  }
  return out;
}

/** The action a click at (x, y, z) makes for a pick (to the thousandth of an inch). */
export function pickAction(p: SkPick, x: number, y: number, z: number): SkAction {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return { type: 'move', fighter: p.model!, mode: p.mode, x: r(x), y: r(y), z: r(z) };
}
