/**
 * The crew's bot (side A): not one of the seven AI types; it fights the mission: a runner's Move for
 * the objective first (Acquire, Move Through: `objective.ts`), and otherwise Fight Off's way (kill or
 * drive off every enemy). It always tries to Seize the Initiative; gives the lowest Reaction dice to
 * the figures with the best shots, so they act Quick; activates first the figure with the best
 * shot; shoots the best expected hit; brawls when it wins more often than it loses; else moves to a
 * spot in cover with a shot (dashing only when no walk reaches one), closing in when none has.
 */
import type { Queries } from '../../engine/queries';
import type { FpAction, FpState } from '../engine';
import type { FpFigure } from '../game';
import {
  brawlOdds,
  factsAt,
  hitChance,
  keyOf,
  pickBest,
  shotNumbers,
  type BrawlAction,
  type MoveAction,
  type ShootAction,
  type SpotFacts,
} from './common';
import { objectiveMove } from './objective';
import { isAimed } from '../combat';
import { pieceOf } from '../../engine/kit';

type Assign = Extract<FpAction, { type: 'assign' }>;

/** The expected Hits of a legal shot. */
export function expectedHits(s: FpState, q: Queries, a: ShootAction): number {
  const f = pieceOf(s.figures, a.figure, 'figure');
  const w = pieceOf(s.weapons, a.weapon, 'weapon');
  return (
    (w.range === 'brawl' ? 0 : (w.shots ?? 1)) *
    hitChance(shotNumbers(s, q, a).hit, f.combatSkill, s.phase === 'seized', isAimed(s, f))
  );
}

/** How good a figure's best shot is from a spot: the chance one die hits (0: none). */
const shotQuality = (f: FpFigure, x: SpotFacts) => hitChance(x.bestHit, f.combatSkill);

/** The Reaction Roll: the figure with the best shot now takes the lowest die it may (ties by id). */
function assignDie(s: FpState, q: Queries, moves: readonly Assign[]): Assign {
  const dice = s.reaction!.dice;
  const ranked = [...new Set(moves.map((m) => m.figure))]
    .map((id) => ({
      id,
      shot: shotQuality(
        pieceOf(s.figures, id, 'figure'),
        factsAt(s, q, pieceOf(s.figures, id, 'figure'), pieceOf(s.figures, id, 'figure').pos, false),
      ),
    }))
    .sort((a, b) => b.shot - a.shot || a.id.localeCompare(b.id));
  const first = ranked[0]!.id;
  return moves.filter((m) => m.figure === first).sort((a, b) => dice[a.die]! - dice[b.die]! || a.die - b.die)[0]!;
}

/** Which figure acts next: the one in its activation, else the waiting one with the best shot now (ties by id). */
export function crewActor(s: FpState, q: Queries, moves: readonly FpAction[]): string | null {
  if (s.activation) return s.activation.figure;
  const ids = [...new Set(moves.flatMap((m) => ('figure' in m ? [m.figure] : [])))].sort();
  const best = pickBest(
    ids,
    (id) =>
      shotQuality(
        pieceOf(s.figures, id, 'figure'),
        factsAt(s, q, pieceOf(s.figures, id, 'figure'), pieceOf(s.figures, id, 'figure').pos, false),
      ),
    (id) => id,
    'crew-actor',
  );
  return best ?? null;
}

/** The crew's next action among the legal ones. */
export function crewAction(s: FpState, q: Queries, seed: string | number, moves: readonly FpAction[]): FpAction | null {
  if (moves.length === 0) return null;
  if (s.phase === 'seize') return moves.find((m) => m.type === 'seize') ?? moves[0]!;
  if (s.phase === 'reaction')
    return assignDie(
      s,
      q,
      moves.filter((m): m is Assign => m.type === 'assign'),
    );
  // The mission first: a runner's Move for the objective (its shot, if any, follows below).
  const forMission = objectiveMove(s, q, seed, moves);
  if (forMission) return forMission;
  const id = crewActor(s, q, moves);
  if (id === null) return moves[0]!;
  const f = pieceOf(s.figures, id, 'figure');
  const salt = `${seed}|${id}`;
  const mine = moves.filter((m) => 'figure' in m && m.figure === id);
  const done = mine.find((m) => m.type === 'done') ?? moves[0]!;
  const shots = mine.filter((m): m is ShootAction => m.type === 'shoot');
  const bestShot = pickBest(shots, (a) => expectedHits(s, q, a), keyOf, salt);
  if (s.activation) return bestShot ?? done;
  // Stunned: Move or act, so a shot it has is its action.
  if (f.stun > 0 && bestShot) return bestShot;
  const brawls = mine.filter((m): m is BrawlAction => m.type === 'brawl');
  const brawl = pickBest(
    brawls.filter((b) => {
      const o = brawlOdds(s, f, pieceOf(s.figures, b.target, 'figure'));
      return o.win > o.lose;
    }),
    (b) => brawlOdds(s, f, pieceOf(s.figures, b.target, 'figure')).win,
    keyOf,
    salt,
  );
  if (brawl) return brawl;
  const walks = mine.filter((m): m is MoveAction => m.type === 'move');
  const here = factsAt(s, q, f, f.pos, false);
  const spots = walks.map((m) => ({ m, facts: factsAt(s, q, f, [m.x, m.y, m.z]) }));
  // A charge: a spot in contact with an enemy it would beat more often than not.
  const charges = spots.filter((x) => {
    if (x.facts.nearest > 0.15 || x.facts.nearestId === null) return false;
    const o = brawlOdds(s, f, pieceOf(s.figures, x.facts.nearestId, 'figure'));
    return o.win > o.lose;
  });
  // Worth of a spot: a shot from cover best, then a shot, then cover; closing in when nothing else.
  const worth = (x: SpotFacts, dash: boolean) =>
    (dash ? 0 : 4 * shotQuality(f, x)) + (x.covered ? 2 : 0) - 0.05 * Math.min(x.nearest, 99);
  const hereWorth = worth(here, false) + (bestShot ? 0.5 : 0);
  const walkSpots = spots.filter((x) => !x.m.dash && x.facts.nearest > 0.15);
  const bestWalk = pickBest(
    walkSpots,
    (x) => worth(x.facts, false),
    (x) => keyOf(x.m),
    salt,
  );
  if (bestShot && (!bestWalk || worth(bestWalk.facts, false) <= hereWorth)) return bestShot;
  if (!bestShot && charges.length)
    return pickBest(
      charges,
      (x) => -x.facts.nearest,
      (x) => keyOf(x.m),
      salt,
    )!.m;
  if (bestWalk && (worth(bestWalk.facts, false) > hereWorth || !bestShot)) {
    // No walk gives a shot or cover: dash towards one, never when it could fire.
    const dashes = spots.filter((x) => x.m.dash && x.facts.nearest > 0.15);
    if (!bestShot && !Number.isFinite(bestWalk.facts.bestHit) && dashes.length) {
      const d = pickBest(
        dashes,
        (x) => (Number.isFinite(x.facts.bestHit) ? 10 : 0) + worth(x.facts, false),
        (x) => keyOf(x.m),
        salt,
      )!;
      if (Number.isFinite(d.facts.bestHit) || d.facts.covered || d.facts.nearest < bestWalk.facts.nearest) return d.m;
    }
    return bestWalk.m;
  }
  return bestShot ?? done;
}
