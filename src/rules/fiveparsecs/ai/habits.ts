/**
 * The seven enemy AI types' habits (../../../../shared/rules/README.md, the AI table), table-driven:
 * each type scores a spot it could end on (or staying put) and says whether it brawls a figure in
 * contact. The common rules (dash, targets, Stunned) are in `enemy.ts`; this file is the table.
 */
import type { AiType } from '../data';
import type { FpFigure, FpState } from '../game';
import { brawlOdds, type SpotFacts } from './common';
import { pieceOf } from '../../engine/kit';

/** "within 12"" in the table (Cautious, Aggressive, Tactical). */
export const CLOSE_IN = 12;
/** Tactical stays within 3" of a friend; a Beast within 2"; a Guardian within 3" of its ward. */
export const TACTICAL_FRIEND = 3;
export const BEAST_FRIEND = 2;
export const WARD_RANGE = 3;
/** Bases closer than this count as in contact for a charge spot's score (the ruleset's own test decides the Brawl). */
const TOUCH = 0.15;

/** One candidate: a spot (or staying put) with its facts, against the facts where the figure stands. */
export interface Candidate {
  /** Staying put (then firing if it can). */
  stay: boolean;
  dash: boolean;
  /** Half Speed or less. */
  half: boolean;
  facts: SpotFacts;
  here: SpotFacts;
  /** It could fire from where it stands now. */
  couldFire: boolean;
  /** Its ward (Guardian), if any. */
  ward: string | null;
}

/** How a type scores a candidate (higher is better) and whether it brawls `t` when in contact. */
export interface Habit {
  score(s: FpState, f: FpFigure, c: Candidate): number;
  brawls(s: FpState, f: FpFigure, t: FpFigure, hasShot: boolean): boolean;
}

const finite = Number.isFinite;
const advance = (c: Candidate) => c.here.nearest - c.facts.nearest;
const inContact = (c: Candidate) => c.facts.nearest <= TOUCH;
/** A clear shot is worth more the lower the number (3+ is 4, 6+ is 1, none 0). */
const shotWorth = (x: SpotFacts) => (finite(x.bestHit) ? Math.max(0, 7 - x.bestHit) : 0);
const nearFriend = (x: SpotFacts, within: number) => {
  const ds = Object.values(x.friends);
  return ds.length === 0 || ds.some((d) => d <= within);
};
/** Its own half: the enemy (B) sets up on the north edge (z = 0). */
const ownHalf = (s: FpState, f: FpFigure, x: SpotFacts) =>
  f.side === 'B' ? x.pos[2] <= s.table.depth / 2 : x.pos[2] >= s.table.depth / 2;
/**
 * A spot in base contact with the nearest enemy when `f` would not choose that Brawl (`welcome` says whether
 * it would): the move would start it anyway (activation.ts), so the spot is refused by its score.
 */
const unwelcomeContact = (s: FpState, f: FpFigure, c: Candidate, welcome: (t: FpFigure) => boolean): boolean => {
  if (c.stay || !inContact(c) || c.facts.nearestId === null) return false;
  const t = s.figures[c.facts.nearestId];
  return t !== undefined && !welcome(t);
};
/** The score of a spot whose move would start a Brawl the type refuses. */
const REFUSED_BRAWL = -100;
/** An Aggressive figure brawls unless outclassed: it wins at least as often as it loses. */
const notOutclassed = (s: FpState, f: FpFigure) => (t: FpFigure) => {
  const o = brawlOdds(s, f, t);
  return o.win >= o.lose;
};
/** A Tactical figure brawls only with the higher Combat Skill. */
const higherSkill = (f: FpFigure) => (t: FpFigure) => f.combatSkill > t.combatSkill;
const hasHeavy = (s: FpState, f: FpFigure) =>
  f.weapons.some((w) => pieceOf(s.weapons, w, 'weapon').traits.includes('heavy'));

export const HABITS: Record<AiType, Habit> = {
  // Stays in cover; with a target in range it holds (and fires); never closes inside 12" on purpose; rarely brawls.
  cautious: {
    score: (_s, _f, c) =>
      (c.facts.covered ? 10 : 0) +
      shotWorth(c.facts) +
      (c.stay && c.couldFire ? 30 : 0) -
      (c.facts.nearest < CLOSE_IN && advance(c) > 0 ? 20 : 0),
    brawls: (_s, _f, _t, hasShot) => !hasShot,
  },
  // At least half a move towards visible enemies, using cover; at the nearest when none is visible or one is within 12"; brawls unless outclassed.
  aggressive: {
    score: (s, f, c) => {
      // Outclassed, it does not walk into the Brawl its move would start.
      if (unwelcomeContact(s, f, c, notOutclassed(s, f))) return REFUSED_BRAWL;
      if (!c.here.seesAny || c.here.nearest <= CLOSE_IN)
        return 3 * advance(c) + (inContact(c) ? 5 : 0) + (c.facts.covered ? 1 : 0);
      return (advance(c) < f.speed / 2 - 0.1 ? -20 : 0) + advance(c) + (c.facts.covered ? 4 : 0) + shotWorth(c.facts);
    },
    brawls: (s, f, t) => notOutclassed(s, f)(t),
  },
  // Half speed in cover, dashes across open ground; closes to 12" then flanks for a clear shot; within 3" of a friend.
  tactical: {
    score: (_s, _f, c) =>
      (c.facts.covered ? 5 : 0) +
      (c.half && c.facts.covered ? 2 : 0) +
      (c.dash && !c.here.covered ? 3 : 0) +
      (c.here.nearest > CLOSE_IN ? 1.5 * Math.min(advance(c), c.here.nearest - CLOSE_IN) : 0) +
      2 * shotWorth(c.facts) +
      (nearFriend(c.facts, TACTICAL_FRIEND) ? 4 : 0),
    brawls: (_s, f, t) => higherSkill(f)(t),
  },
  // Advances only to weapon range, stays in its own half and in cover; fires standing; brawls who enters its terrain.
  defensive: {
    score: (s, f, c) =>
      (ownHalf(s, f, c.facts) ? 0 : -50) +
      (c.facts.covered ? 5 : 0) +
      (finite(c.facts.bestHit) ? 6 : 0) +
      (c.stay && c.couldFire ? 10 : 0) +
      (finite(c.here.bestHit) ? 0 : 0.2 * advance(c)),
    brawls: () => true,
  },
  // Full speed at the nearest enemy, always tries to brawl; heavy weapons stand and fire.
  rampaging: {
    score: (s, f, c) =>
      hasHeavy(s, f) && c.couldFire ? (c.stay ? 100 : 0) : -3 * c.facts.nearest + (inContact(c) ? 10 : 0),
    brawls: () => true,
  },
  // Closes on the nearest from cover to cover; breaks cover only to brawl within two moves; within 2" of a friend.
  beast: {
    score: (_s, _f, c) =>
      (c.facts.covered ? 6 : inContact(c) ? 12 : -8) + advance(c) + (nearFriend(c.facts, BEAST_FRIEND) ? 4 : 0),
    brawls: () => true,
  },
  // Stays within 3" of the figure it guards (README "Readings": its ward) and copies its pace.
  guardian: {
    score: (s, _f, c) => {
      const d = c.ward === null ? 0 : (c.facts.friends[c.ward] ?? 0);
      const wardMoved = c.ward !== null && pieceOf(s.figures, c.ward, 'figure').moved;
      return (
        (d > WARD_RANGE ? -30 - 5 * (d - WARD_RANGE) : 0) +
        (c.stay === !wardMoved ? 2 : 0) +
        (c.facts.covered ? 3 : 0) +
        shotWorth(c.facts)
      );
    },
    brawls: () => true,
  },
};

/** A Guardian's ward: the nearest friend that is not a Guardian, else the nearest friend (ties by id); null alone. */
export function wardOf(s: FpState, f: FpFigure, here: Pick<SpotFacts, 'friends'>): string | null {
  const friends = Object.entries(here.friends).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  // Every enemy figure has the battle's one AI type, so a non-Guardian friend appears only if that changes.
  const plain = friends.filter(([id]) => aiOf(s, pieceOf(s.figures, id, 'figure')) !== 'guardian');
  return (plain[0] ?? friends[0])?.[0] ?? null;
}

/** A figure's AI type: the battle's enemy type (one type per battle); `aiType` on the figure overrides it. */
export function aiOf(s: FpState, f: FpFigure): AiType {
  return (f as FpFigure & { aiType?: AiType }).aiType ?? s.enemy.ai;
}
