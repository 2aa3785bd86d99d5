/**
 * BLKOUT match-play cover from the geometry core's facts: none, partial or full, with the reason a
 * player would give at the table. Pure: the facts come from Queries.
 */
import { msg, type Msg } from '../engine/message';
import type { SightFacts } from '../engine/queries';

/** A cover verdict. */
export type Cover = 'none' | 'partial' | 'full';

/** What the verdict needs besides the sight facts. */
export interface CoverContext {
  /** Both models are infantry (the 3" height rule is between infantry). */
  bothInfantry: boolean;
  /** Ids of models whose bodies give cover (vehicles; Dusters are left out by the caller). */
  coverModels: readonly string[];
  /** Distance from the target's base to sight-blocking terrain (for a target seen only via its lean-out marker). */
  blockingTerrainDistance: number;
  /** The target has cover from a special rule (Shield): always partial, never stacks to full. */
  specialRuleCover: boolean;
}

/** The verdict and why. */
export interface CoverVerdict {
  cover: Cover;
  /** Why, in English (the `geo los` verdict and the tests). */
  reason: string;
  /** Why, as the log and the choices show it. */
  words: Msg;
}

/** Hidden share that counts as "half or more" (the geometry core's accuracy: one raster cell in 100). */
export const HALF = 0.5 - 0.01;
/** Within 1" of the terrain that hides the target: full cover. */
export const FULL_WITHIN = 1;
/** The height rule: 3" or more between infantry bases. */
export const HEIGHT_RULE = 3;

const rank: Record<Cover, number> = { none: 0, partial: 1, full: 2 };
const better = (a: CoverVerdict, b: CoverVerdict): CoverVerdict => (rank[b.cover] > rank[a.cover] ? b : a);

/** Below this visible share the eye sees none of the target (what rounds to 0%). */
export const EYE_SEES_NONE = 0.005;

/** Cover of the target from this viewer. */
export function coverVerdict(f: SightFacts, ctx: CoverContext): CoverVerdict {
  // Sight is any point to any point of the bases; the hidden share is what the shooter's eye sees.
  // With LOS while the eye sees none of it (or the share would print as 100% hidden), say it in a
  // player's words: hidden from the eye, seen from the base's edge.
  const vehicleShare = f.hidingModels.filter((m) => ctx.coverModels.includes(m.id)).reduce((s, m) => s + m.share, 0);
  const hiddenShare = f.hidden.terrain + vehicleShare;
  const blind = f.hasLos && (f.visibleFraction < EYE_SEES_NONE || pct(hiddenShare) === '100%');
  const seen = blind ? "hidden from the eye, seen from the base's edge" : `${pct(hiddenShare)} hidden`;
  const seenWords = blind
    ? msg('blkout:cover.blind')
    : msg('blkout:cover.hidden', { pct: Math.round(hiddenShare * 100) });
  let v: CoverVerdict = {
    cover: 'none',
    reason: blind
      ? `${hiders(f)} from the eye, seen from the base's edge; terrain and vehicles hide less than half`
      : 'less than half hidden by terrain or vehicles',
    words: blind ? msg('blkout:cover.blindLess', { hiders: hidersWords(f) }) : msg('blkout:cover.less'),
  };

  // Terrain and vehicles hiding half or more.
  if (hiddenShare >= HALF) {
    // The first hiding piece within 1" (largest share first): distances are measured as they are read.
    const near = f.coverPieces.find((p) => p.distance <= FULL_WITHIN);
    v =
      near !== undefined
        ? {
            cover: 'full',
            reason: `${seen}, within 1" of ${near.id}`,
            words: msg('blkout:cover.near', { seen: seenWords, piece: near.id }),
          }
        : {
            cover: 'partial',
            reason: `${seen}, more than 1" from the terrain that hides it`,
            words: msg('blkout:cover.far', { seen: seenWords }),
          };
  }

  // Seen only through its lean-out marker.
  if (f.targetOnlyViaMarker) {
    v = better(
      v,
      ctx.blockingTerrainDistance <= FULL_WITHIN
        ? {
            cover: 'full',
            reason: 'only its lean-out marker is seen, within 1" of sight-blocking terrain',
            words: msg('blkout:cover.markerNear'),
          }
        : { cover: 'partial', reason: 'only its lean-out marker is seen', words: msg('blkout:cover.marker') },
    );
  }

  // Structures: inside one, against a viewer outside it.
  if (f.targetInStructure && f.targetInStructure !== f.viewerInStructure) {
    v = better(v, {
      cover: 'full',
      reason: `inside ${f.targetInStructure}, shot from outside it`,
      words: msg('blkout:cover.inside', { structure: f.targetInStructure }),
    });
  }

  // Smoke: the target's base, or the viewer's (a model in smoke sees its targets as in cover).
  const smoke = Math.max(f.baseInSmoke.target, f.baseInSmoke.viewer);
  if (smoke > 0) {
    const own = f.baseInSmoke.target >= f.baseInSmoke.viewer;
    const who = own ? 'its base is' : "the shooter's base is";
    v = better(
      v,
      smoke >= 1 - 1e-6
        ? {
            cover: 'full',
            reason: `${who} entirely in smoke`,
            words: own ? msg('blkout:cover.smokeFull') : msg('blkout:cover.shooterSmokeFull'),
          }
        : {
            cover: 'partial',
            reason: `${who} partly in smoke`,
            words: own ? msg('blkout:cover.smokePartial') : msg('blkout:cover.shooterSmokePartial'),
          },
    );
  }

  // The 3" height rule, both ways, between infantry.
  if (ctx.bothInfantry) {
    if (f.heightDifference <= -HEIGHT_RULE && v.cover === 'partial') {
      v = {
        cover: 'none',
        reason: `shooter 3" or more above it: partial cover does not count (${v.reason})`,
        words: msg('blkout:cover.above', { why: v.words }),
      };
    } else if (f.heightDifference >= HEIGHT_RULE && v.cover === 'none') {
      v = { cover: 'partial', reason: 'its base is 3" or more above the shooter', words: msg('blkout:cover.below') };
    }
  }

  // Special-rule cover: partial, and never more.
  if (ctx.specialRuleCover && v.cover === 'none')
    v = { cover: 'partial', reason: 'cover from a special rule (Shield)', words: msg('blkout:cover.shield') };
  return v;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** What hides a target from the eye, in words ("models and smoke"). */
function hiders(f: SightFacts): string {
  const kinds = (['terrain', 'vehicles', 'models', 'smoke'] as const).filter((k) => f.hidden[k] > 0.005);
  const names = kinds.map((k) => (k === 'models' ? 'other models' : k));
  return names.length === 0
    ? 'hidden'
    : `hidden by ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}`;
}

/** What hides a target from the eye, as a message. */
function hidersWords(f: SightFacts): Msg {
  const kinds = (['terrain', 'vehicles', 'models', 'smoke'] as const).filter((k) => f.hidden[k] > 0.005);
  if (kinds.length === 0) return msg('blkout:cover.hiddenBare');
  const names = kinds.map((k) => HIDER_IDS[k]);
  return names.length > 1
    ? msg('blkout:cover.hiddenByMany', { list: names.slice(0, -1), last: names.at(-1)! })
    : msg('blkout:cover.hiddenBy', { what: names[0]! });
}

const HIDER_IDS = {
  terrain: msg('blkout:cover.byTerrain'),
  vehicles: msg('blkout:cover.byVehicles'),
  models: msg('blkout:cover.byModels'),
  smoke: msg('blkout:cover.bySmoke'),
} as const;

/** Dice a shot gains or loses for cover: +1 none, 0 partial, -1 full (Seeking and Melee ignore the -1). */
export function coverDice(cover: Cover, ignoresFullCover: boolean): number {
  if (cover === 'none') return 1;
  if (cover === 'full') return ignoresFullCover ? 0 : -1;
  return 0;
}
