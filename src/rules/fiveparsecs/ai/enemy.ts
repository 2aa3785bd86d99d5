/**
 * The enemy (side B) as the rules run it: each figure by its AI type's habits (`habits.ts`) under the
 * rules for every enemy (issue 18, the rules README): dash only to reach cover or range, never when
 * it could fire; shoot the easiest target (lowest number to hit), then the closest, ties "at random"
 * from a hash of the log length, the dice state and the ids (never Math.random); a Stunned enemy fires at the nearest
 * visible target or falls back to cover, and never brawls. Only legal actions are chosen.
 */
import type { Queries } from '../../engine/queries';
import type { FpAction, FpState } from '../engine';
import { BASE_MM, standing, type FpFigure } from '../game';
import { radiusInches } from '../../engine/units';
import {
  factsAt,
  gap,
  keyOf,
  pickBest,
  shotNumbers,
  type BrawlAction,
  type MoveAction,
  type ShootAction,
} from './common';
import { aiOf, HABITS, wardOf, type Candidate } from './habits';
import type { AiType } from '../data';
import { objectivePull } from './objective';
import { pieceOf } from '../../engine/kit';

/** The figure a list of legal actions is for: the one in its activation, else the first waiting (by id). */
export function actorOf(s: FpState, moves: readonly FpAction[]): string | null {
  if (s.activation) return s.activation.figure;
  const ids = moves.flatMap((m) => ('figure' in m ? [m.figure] : [])).sort();
  return ids[0] ?? null;
}

/** The tie-break salt: the bot's seed (the log length and the match's dice state) and the figure's id. */
const saltOf = (seed: string | number, id: string) => `${seed}|${id}`;

/** Easiest target (lowest number to hit), then closest, ties by the hash; the weapon with the most expected hits. */
export function easiestShot(s: FpState, q: Queries, shots: readonly ShootAction[], salt: string): ShootAction | null {
  return pickBest(
    shots,
    (a) => {
      const n = shotNumbers(s, q, a);
      const w = pieceOf(s.weapons, a.weapon, 'weapon');
      // Lexicographic: the number first, then the distance, then the weapon's shots.
      return -n.hit * 1e6 - n.distance * 1e2 + (w.range === 'brawl' ? 0 : (w.shots ?? 1)) * 1e-3;
    },
    (a) => `${a.target}|${a.weapon}`,
    salt,
  );
}

/**
 * A Guardian "copies its targets": the legal shots at the figure its ward last fired at this round,
 * when there are any; else (and for every other type) all of them.
 */
export function copiedShots(
  s: FpState,
  q: Queries,
  f: FpFigure,
  shots: readonly ShootAction[],
): readonly ShootAction[] {
  if (aiOf(s, f) !== 'guardian') return shots;
  const friends = Object.fromEntries(
    standing(s, f.side)
      .filter((g) => g.id !== f.id)
      .map((g) => [g.id, q.distance(f.id, g.id)]),
  );
  const ward = wardOf(s, f, { friends });
  const target = ward ? pieceOf(s.figures, ward, 'figure').lastTarget : null;
  const copied = target ? shots.filter((a) => a.target === target) : [];
  return copied.length > 0 ? copied : shots;
}

/** The nearest visible target (a Stunned enemy's), ties by the hash. */
function nearestShot(s: FpState, q: Queries, shots: readonly ShootAction[], salt: string): ShootAction | null {
  return pickBest(shots, (a) => -shotNumbers(s, q, a).distance * 1e3 - shotNumbers(s, q, a).hit, keyOf, salt);
}

/**
 * The common dash rule: a dash only when the figure could not fire, and only to reach cover or range. A type
 * that always tries to brawl (`charger`: Rampaging, Beast) may dash into base contact even when it could
 * fire: that dash is its charge (README "Readings": the habit wins there).
 */
export function dashAllowed(c: Candidate, charger = false): boolean {
  if (!c.dash) return true;
  if (charger && c.facts.nearest <= 0.15) return true;
  if (c.couldFire) return false;
  return (
    (c.facts.covered && !c.here.covered) ||
    (Number.isFinite(c.facts.bestHit) && !Number.isFinite(c.here.bestHit)) ||
    c.facts.nearest <= 0.15
  );
}

/** The types that always try to brawl. */
const CHARGERS: ReadonlySet<AiType> = new Set<AiType>(['rampaging', 'beast']);

/** One enemy figure's next action among its legal ones. */
export function enemyAction(
  s: FpState,
  q: Queries,
  seed: string | number,
  moves: readonly FpAction[],
): FpAction | null {
  const id = actorOf(s, moves);
  if (id === null) return moves[0] ?? null;
  const f = pieceOf(s.figures, id, 'figure');
  const mine = moves.filter((m) => 'figure' in m && m.figure === id);
  const salt = saltOf(seed, id);
  const shots = mine.filter((m): m is ShootAction => m.type === 'shoot');
  const done = mine.find((m) => m.type === 'done') ?? moves[0]!;
  // After its Move, the Combat Action: the easiest target, else nothing.
  if (s.activation) return easiestShot(s, q, copiedShots(s, q, f, shots), salt) ?? done;
  const here = factsAt(s, q, f, f.pos, false);
  const walks = mine.filter((m): m is MoveAction => m.type === 'move');
  if (f.stun > 0) return stunned(s, q, f, here, shots, walks, salt) ?? done;
  const habit = HABITS[aiOf(s, f)];
  const brawls = mine.filter((m): m is BrawlAction => m.type === 'brawl');
  const wanted = brawls.filter((b) => habit.brawls(s, f, pieceOf(s.figures, b.target, 'figure'), shots.length > 0));
  const brawl = pickBest(wanted, (b) => -pieceOf(s.figures, b.target, 'figure').combatSkill, keyOf, salt);
  if (brawl) return brawl;
  const ward = aiOf(s, f) === 'guardian' ? wardOf(s, f, here) : null;
  const base = { here, couldFire: shots.length > 0, ward };
  const stay: Candidate = { ...base, stay: true, dash: false, half: true, facts: here };
  const candidates = [
    stay,
    ...walks.map((m): Candidate => ({
      ...base,
      stay: false,
      dash: m.dash === true,
      half: gap([m.x, m.y, m.z], f.pos) <= f.speed / 2 + 0.01,
      facts: factsAt(s, q, f, [m.x, m.y, m.z]),
    })),
  ].filter((c) => dashAllowed(c, CHARGERS.has(aiOf(s, f))));
  if (!here.seesAny) byRoute(q, f, candidates);
  const best = pickBest(
    candidates,
    (c) => habit.score(s, f, c) + objectivePull(s, aiOf(s, f), c.here.pos, c.facts.pos),
    (c) => JSON.stringify(c.facts.pos) + c.dash,
    salt,
  )!;
  if (best.stay) return easiestShot(s, q, copiedShots(s, q, f, shots), salt) ?? done;
  return walks.find((m) => m.x === best.facts.pos[0] && m.z === best.facts.pos[2] && (m.dash === true) === best.dash)!;
}

/**
 * With no enemy in sight, "runs at the nearest" (README, the AI table) goes round the terrain: each
 * spot's distance to that enemy is its measured route (`routeLength`, from the enemy: its own base is
 * not in the way), and where the figure stands is the best of the spots' routes plus the step to
 * them (its own base stands in any route to it). So a figure behind a wall walks round it instead of
 * standing where the straight line is shortest. A spot with no route within the search counts as that
 * far (the search's limit).
 */
function byRoute(q: Queries, f: FpFigure, candidates: Candidate[]): void {
  const target = candidates[0]?.here.nearestId;
  if (!target || candidates.length < 2) return;
  const here = candidates[0]!.here;
  const within = here.nearest + ROUTE_SLACK + 3 * f.speed;
  const edge = 2 * radiusInches(BASE_MM);
  let best = Infinity;
  const routed = new Map<Candidate, number>();
  for (const c of candidates) {
    if (c.stay) continue;
    // No route within the search (walled off, or further round than that): at least that far by route.
    const r = Math.min(q.routeLength(target, c.facts.pos, within), within);
    const d = Math.max(0, r - edge);
    routed.set(c, d);
    best = Math.min(best, d + gap(c.facts.pos, f.pos));
  }
  if (!Number.isFinite(best) || best <= here.nearest + 1e-9) return;
  const hereRouted = { ...here, nearest: best };
  for (const c of candidates) {
    c.here = hereRouted;
    if (c.stay) c.facts = hereRouted;
    else c.facts = { ...c.facts, nearest: routed.get(c)!, nearestId: target };
  }
}

/** How much longer than the straight line a route round the terrain is searched for, inches. */
const ROUTE_SLACK = 12;

/** A Stunned enemy: fire at the nearest visible target, else fall back to cover (away from the nearest enemy); never a Brawl. */
function stunned(
  s: FpState,
  q: Queries,
  f: FpFigure,
  here: ReturnType<typeof factsAt>,
  shots: readonly ShootAction[],
  walks: readonly MoveAction[],
  salt: string,
): FpAction | null {
  const shot = nearestShot(s, q, shots, salt);
  if (shot) return shot;
  if (here.covered) return null;
  const spots = walks
    .map((m) => ({ m, facts: factsAt(s, q, f, [m.x, m.y, m.z]) }))
    .filter((x) => x.facts.nearest > 0.15 && (!x.m.dash || x.facts.covered));
  const best = pickBest(
    spots,
    (x) => (x.facts.covered ? 100 : 0) + x.facts.nearest,
    (x) => keyOf(x.m),
    salt,
  );
  return best?.m ?? null;
}
