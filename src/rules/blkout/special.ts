/**
 * The match-play special rules (one chosen per game, or none): Dome Shields, Scrambling, Drone
 * Swarms. Each is a question about a model's distance from the hardpoints, asked where the rule
 * bites (shots, skill checks, Blast damage, Pinned markers, a model's action).
 */
import type { SkillCheck } from '../dice/mechanics';
import { hasRule } from './data';
import { onTable, radiusOf, type BlkoutState, type ModelState } from './game';
import { MARKER_25MM_RADIUS, radiusInches } from '../engine/units';

/** The three special rules. */
export const SPECIAL_RULES = ['dome-shields', 'scrambling', 'drone-swarms'] as const;
/** One of them. */
export type SpecialRule = (typeof SPECIAL_RULES)[number];

/** Their names as printed. */
export const SPECIAL_NAMES: Record<SpecialRule, string> = {
  'dome-shields': 'Dome Shields',
  scrambling: 'Scrambling',
  'drone-swarms': 'Drone Swarms',
};

/** A hardpoint marker's radius (a 40 mm objective marker), inches. */
export const HARDPOINT_RADIUS = radiusInches(40);
/** Dome Shields reach, Scrambling reach, Drone Swarm blast, inches. */
export const DOME_REACH = 4;
export const SCRAMBLE_REACH = 8;
export const SWARM_REACH = 2;

/** Flat distance from a model's base edge (at `at`, or where it stands) to the nearest hardpoint marker's edge. */
export function hardpointGap(s: BlkoutState, m: ModelState, at: readonly number[] | null = m.pos): number {
  if (!at) return Infinity;
  let best = Infinity;
  for (const h of s.hardpoints)
    best = Math.min(best, Math.hypot(h.x - at[0]!, h.z - at[2]!) - radiusOf(m) - HARDPOINT_RADIUS);
  return Math.max(0, best);
}

const near = (s: BlkoutState, m: ModelState, reach: number) => onTable(m) && hardpointGap(s, m) <= reach + 1e-9;
const scrambled = (s: BlkoutState, m: ModelState) =>
  s.special === 'scrambling' && (hasRule(m.rules, 'AI') || hasRule(m.rules, 'Powered')) && near(s, m, SCRAMBLE_REACH);

/** Dome Shields (shooting near a hardpoint) or Scrambling (AI / Powered near one): a shot rolls one die at most. */
export const oneDieShot = (s: BlkoutState, m: ModelState): boolean =>
  (s.special === 'dome-shields' && near(s, m, DOME_REACH)) || scrambled(s, m);

/** A skill check other than a shot under Scrambling: one die at most. */
export function withSpecial(s: BlkoutState, m: ModelState, check: SkillCheck): SkillCheck {
  return scrambled(s, m) ? { ...check, hard: true } : check;
}

/** Dome Shields: a model within 4" of a hardpoint takes no damage from Blast weapons. */
export const blastProof = (s: BlkoutState, m: ModelState): boolean =>
  s.special === 'dome-shields' && near(s, m, DOME_REACH);

/** Scrambling: hardpoints are Jammers with an 8" range (models near one ignore their unit's Pinned marker). */
export const hardpointJams = (s: BlkoutState, m: ModelState): boolean =>
  s.special === 'scrambling' && near(s, m, SCRAMBLE_REACH);

/** Drone Swarms: the hardpoints a model touches (it may call a swarm from one). */
export function touchedHardpoints(s: BlkoutState, m: ModelState): string[] {
  if (s.special !== 'drone-swarms' || !m.pos) return [];
  return s.hardpoints
    .filter((h) => Math.hypot(h.x - m.pos![0], h.z - m.pos![2]) - radiusOf(m) - HARDPOINT_RADIUS <= 0.05)
    .map((h) => h.id);
}

/** The models a drone swarm marker at (x, z) catches: within 2" of the 25 mm marker, flat, edge to edge. */
export function swarmed(s: BlkoutState, x: number, z: number): string[] {
  return Object.values(s.models)
    .filter(
      (t) =>
        onTable(t) && Math.hypot(t.pos![0] - x, t.pos![2] - z) - radiusOf(t) - MARKER_25MM_RADIUS <= SWARM_REACH + 1e-9,
    )
    .map((t) => t.id)
    .sort();
}
