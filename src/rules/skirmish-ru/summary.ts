/**
 * What the CLIs print for skirmish-ru: the battle summary's keys (`rounds`, `score`, and the
 * ruleset's own `turnOrder`, `down`, `dead`, `jams`) and the `geo los --rules skirmish-ru` verdict for a viewer
 * and a target (`los`, `inArc`, `cover`, `modifier`), from the same arc and cover rules the shots use.
 */
import type { Queries } from '../engine/queries';
import { radiusInches } from '../engine/units';
import { inFrontArc } from './facing';
import { BASE_MM, takenOut, type Player, type SkState } from './game';
import { coverOf, type CoverCategory } from './shooting';

/** The battle CLI's skirmish-ru keys. */
export interface SkSummary {
  /** The round the battle is in (or ended in). */
  rounds: number;
  /** Enemy fighters each gang took out (seriously wounded or dead). */
  score: Record<Player, number>;
  /** Alternating activations or whole-side turns. */
  turnOrder: SkState['turnOrder'];
  /** Each gang's fighters seriously wounded (down) and dead. */
  down: Record<Player, number>;
  dead: Record<Player, number>;
  /** Weapons jammed when the battle stopped, per gang. */
  jams: Record<Player, number>;
}

/** The summary keys of a battle state. */
export function summary(s: SkState): SkSummary {
  const of = (side: Player) => Object.values(s.fighters).filter((f) => f.side === side);
  const count = (side: Player, condition: string) => of(side).filter((f) => f.wounds.condition === condition).length;
  const out = (side: Player) => of(side).filter(takenOut).length;
  return {
    rounds: s.round,
    score: { A: out('B'), B: out('A') },
    turnOrder: s.turnOrder,
    down: { A: count('A', 'seriously-wounded'), B: count('B', 'seriously-wounded') },
    dead: { A: count('A', 'dead'), B: count('B', 'dead') },
    jams: {
      A: of('A').reduce((n, f) => n + Object.values(f.arms).filter((a) => a.jammed).length, 0),
      B: of('B').reduce((n, f) => n + Object.values(f.arms).filter((a) => a.jammed).length, 0),
    },
  };
}

/** A model of the scene as `geo los` hands it: where it stands, which way it faces (the scene's convention), its base. */
export interface VerdictModel {
  id: string;
  position?: readonly number[];
  /** Degrees counter-clockwise from +x seen from above (the scene's facing); 0 when absent. */
  facingDeg?: number;
  baseMm?: number;
}

/** The verdict for one pair. */
export interface SkVerdict {
  los: boolean;
  /** The target's base is (partly) inside the viewer's 180-degree front. */
  inArc: boolean;
  /** How hidden the target is: none, in cover (30 % or more hidden) or hidden (80 % or more). */
  cover: CoverCategory;
  /** The to-hit modifier of that: 0, -1 or -2. */
  modifier: 0 | -1 | -2;
}

/**
 * The verdict of `viewer` looking at `target` on the view of the table it is given: sight (the geometry's line of sight),
 * the front arc from the scene's facing (read as the rules' "degrees from +x towards +z": 360 - facingDeg),
 * and the cover category from the hidden share (1 - the visible share). Out of sight, nothing is seen:
 * the cover is then "hidden" (-2), the most the text names.
 */
export function verdict(q: Queries, viewer: string, target: string, models: readonly VerdictModel[]): SkVerdict {
  const v = models.find((m) => m.id === viewer);
  const t = models.find((m) => m.id === target);
  if (!v?.position || !t?.position) throw new Error(`no model ${v ? target : viewer} on the table`);
  const facts = q.sight(viewer, target);
  const facing = (360 - (v.facingDeg ?? 0)) % 360;
  const inArc = inFrontArc(v.position, facing, t.position, radiusInches(t.baseMm ?? BASE_MM));
  const cover = facts.hasLos ? coverOf(Math.min(1, Math.max(0, 1 - facts.visibleFraction))) : coverOf(1);
  return { los: facts.hasLos, inArc, cover: cover.cover, modifier: cover.modifier };
}
