/**
 * Which battle drill the BLKOUT bot buys (1 CP) for the unit about to activate. Each drill of the
 * unit's force card is weighed by what the situation asks of it, in expected damage of a shot (the
 * unit of ai/values.ts), and the best is bought when it is worth at least WORTH:
 * - sharing a target: Cross Fire (+1 damage for each shot after the first at it);
 * - enemies that can still react see the unit (each counts, up to three): Thorax Shields; and, as the
 *   unit moves, Tactical Positioning, Assaulters; a smoke drill (Chaff, Switchback) puts its token
 *   between the unit and the nearest of them when the unit has nothing to shoot, Targeting Smoke
 *   when it shoots (it sees through its own); Peel Back steps back after shooting; Overwhelming Fire
 *   when a model with a Cyclic weapon shoots;
 * - some models shoot and some do not: Small Unit Tactics (the shooters fire first), Linked (a
 *   model with nothing to shoot readies a shooter);
 * - nothing to shoot and nobody watching: Stims;
 * - an armoury weapon beats a grunt's own: Arsenal (its gain with no combat load left to mark, else the
 *   load it saves);
 * - an enemy within a move and Close Assault's 2" that a model would win CQC against: Close Assault
 *   (the Reposition then closes to 2" of it, and the drill's move makes contact);
 * - two models within a move and a weapon's reach of the enemy: Cross Fire.
 * It also plays the drills' moves (`drillMove`, `assaultSpot`) and weighs a charge into CQC (`chargeSpot`).
 */
import { skillPmf } from '../../dice/mechanics';
import { mean } from '../../dice/pmf';
import type { Queries } from '../../engine/queries';
import { pieceOf } from '../../engine/kit';
import type { BlkoutAction } from '../actions';
import { armouryOf, armouryWeapon, loadsLeft } from '../armoury';
import { hasRule } from '../data';
import { DRILL_MOVE, SMOKE_DRILLS } from '../drills';
import { onTable, radiusOf, type BlkoutState, type ModelState } from '../game';
import { canReact, canSee, contactSpot, cqcSide } from '../situation';
import { armedShot, bestShot, boxesLeft, pickBest, spotValue, WORTH } from './values';
import { PASS, type Move } from '../../engine/match';
import { repositionMoves } from '../legal';

type DrillAction = Extract<BlkoutAction, { type: 'drill' }>;

/** How much better an armoury weapon's shot must be than a grunt's own for it to mark a load (as in the Actions step). */
export const ARMOURY_GAIN = 0.3;
/** A combat load kept for a later activation, in a shot's expected damage. */
const LOAD_WORTH = 0.4;

/** What the unit about to activate faces, as the drills weigh it. */
interface Facts {
  mine: ModelState[];
  /** Models with a shot worth taking from where they stand. */
  shooters: number;
  /** The most models that share one target, less one (Cross Fire's extra shots). */
  shared: number;
  /** Models with an enemy within a move and a weapon's reach (they may shoot it after repositioning). */
  closing: number;
  /** Enemies that can still react and see a model of the unit, nearest first. */
  watchers: ModelState[];
  cyclic: boolean;
  /** Arsenal's worth: the best gain of an armoury weapon over a grunt's own shot, or the load it saves. */
  armoury: number;
  /** An enemy within a move and Close Assault's 2" that a model of the unit would beat in CQC. */
  assault: boolean;
}

const gap = (a: ModelState, b: ModelState) =>
  Math.hypot(a.pos![0] - b.pos![0], a.pos![2] - b.pos![2]) - radiusOf(a) - radiusOf(b);

/** Expected successes of a model's CQC roll (a rough measure of who wins close quarters). */
const cqcMean = (m: ModelState) => mean(skillPmf({ skill: m.skill, modifier: hasRule(m.rules, '3-dice CQC') ? 1 : 0 }));

/** Whether a model would fight an enemy in CQC with the better of it: as many successes expected, as much track left. */
const wins = (m: ModelState, e: ModelState) => cqcMean(m) >= cqcMean(e) && boxesLeft(m) >= boxesLeft(e);

/** A model's boxes left, 1.5 times when it is one hit from destroyed (as shots are weighed). */
const finishing = (m: ModelState) => boxesLeft(m) * (boxesLeft(m) <= 1 ? 1.5 : 1);

function facts(s: BlkoutState, q: Queries, unit: string): Facts {
  const u = pieceOf(s.units, unit, 'unit');
  const mine = u.models.map((id) => pieceOf(s.models, id)).filter(onTable);
  const targets = new Map<string, number>();
  let shooters = 0;
  const own = new Map<string, number>();
  for (const m of mine) {
    const shot = bestShot(s, q, m, false);
    own.set(m.id, shot?.[2] ?? 0);
    if (shot && shot[2] > WORTH) {
      shooters++;
      targets.set(shot[1], (targets.get(shot[1]) ?? 0) + 1);
    }
  }
  const watchers = Object.values(s.models)
    .filter((e) => e.player !== u.player && canReact(s, e) && mine.some((m) => canSee(s, q, e.id, m.id)))
    .sort((a, b) => Math.min(...mine.map((m) => gap(m, a))) - Math.min(...mine.map((m) => gap(m, b))));
  let armoury = 0;
  const items = armouryOf(s, u);
  if (typeof items !== 'string')
    for (const m of mine.filter((x) => x.grunt))
      for (const item of items) {
        const w = armouryWeapon(item);
        const v = w ? armedShot(s, q, m, w) : null;
        if (v !== null) armoury = Math.max(armoury, v - own.get(m.id)!);
      }
  // With no load left, Arsenal is worth the armoury's gain; with one, the load it saves (when a grunt
  // would take an armoury weapon anyway: a gain of more than ARMOURY_GAIN).
  armoury = loadsLeft(u) === 0 ? armoury : armoury > ARMOURY_GAIN ? LOAD_WORTH : 0;
  const assault = mine.some((m) =>
    Object.values(s.models).some(
      (e) =>
        e.player !== u.player && onTable(e) && e.kind === 'infantry' && gap(m, e) <= m.move + DRILL_MOVE && wins(m, e),
    ),
  );
  const foes = Object.values(s.models).filter((e) => e.player !== u.player && onTable(e));
  const closing = mine.filter((m) =>
    foes.some((e) => gap(m, e) <= m.move + Math.max(0, ...m.weapons.map((w) => w.max))),
  ).length;
  return {
    mine,
    shooters,
    shared: Math.max(0, ...targets.values()) - 1,
    closing,
    watchers,
    cyclic: mine.some((m) => m.weapons.some((w) => hasRule(w.rules, 'Cyclic'))),
    armoury,
    assault,
  };
}

/** What each drill is worth in this situation. */
function drillValue(drill: string, f: Facts): number {
  const watched = Math.min(3, f.watchers.length);
  const idle = f.mine.length - f.shooters;
  switch (drill) {
    case 'cross-fire':
      return f.shared > 0 ? 0.5 * f.shared : f.closing >= 2 ? 0.35 : 0;
    case 'thorax-shields':
      return 0.3 * watched;
    case 'tactical-positioning':
      return (idle > 0 ? 0.25 : 0.1) * watched;
    case 'assaulters':
      return f.shooters === 0 ? 0.35 * watched : 0;
    case 'overwhelming-fire':
      return f.cyclic && f.shooters > 0 ? 0.3 * watched : 0;
    case 'chaff':
      // One token blocks one line of sight well: against a single watcher it beats Assaulters, and it lasts.
      return f.shooters === 0 && watched === 1 ? 0.4 : 0;
    case 'switchback':
      return f.shooters === 0 ? 0.38 * watched : 0;
    case 'targeting-smoke':
      return f.shooters > 0 ? 0.32 * watched : 0;
    case 'peel-back':
      return f.shooters > 0 ? 0.28 * watched : 0;
    case 'small-unit-tactics':
      return f.shooters > 0 && idle > 0 ? 0.45 : 0;
    case 'linked':
      return f.shooters > 0 && idle > 0 ? 0.35 : 0;
    case 'stims':
      return f.shooters === 0 && watched === 0 ? 0.45 : 0;
    case 'arsenal':
      return f.armoury;
    case 'close-assault':
      return f.assault ? 0.6 : 0;
    default:
      return 0;
  }
}

/** A smoke drill's token: between the unit and its nearest watcher, as far out as the drill reaches (else where the rules offer it). */
function smokeSpot(s: BlkoutState, f: Facts, d: DrillAction, reach: number): DrillAction {
  const w = f.watchers[0];
  if (!w) return d;
  const m = f.mine.reduce((a, b) => (gap(b, w) < gap(a, w) ? b : a));
  const dx = w.pos![0] - m.pos![0],
    dz = w.pos![2] - m.pos![2];
  const len = Math.hypot(dx, dz) || 1;
  const out = Math.min(radiusOf(m) + reach - 0.05, len / 2);
  const clamp = (v: number, hi: number) => Math.round(Math.min(hi, Math.max(0, v)) * 1000) / 1000;
  return {
    ...d,
    x: clamp(m.pos![0] + (dx / len) * out, s.table.width),
    z: clamp(m.pos![2] + (dz / len) * out, s.table.depth),
  };
}

/**
 * The drill worth buying for `unit` (one of `drills`, the legal drill actions, smoke spots moved
 * between the unit and its watchers), or undefined. One CP is kept for a chained activation until
 * round 4; after that the CP would go unspent.
 */
export function drillFor(
  s: BlkoutState,
  q: Queries,
  unit: string,
  drills: readonly DrillAction[],
): DrillAction | undefined {
  const p = pieceOf(s.units, unit, 'unit').player;
  const keep = s.round >= 4 ? 0 : 1;
  if (s.cp[p] - 1 < keep || drills.length === 0) return undefined;
  const f = facts(s, q, unit);
  let best: DrillAction | undefined,
    value = WORTH;
  // Close Assault only where a model's Reposition spots include one on an enemy's level within the drill's 2".
  let reachable: boolean | undefined;
  const assaults = () => (reachable ??= f.mine.some((m) => assaultSpot(s, q, m, repositionMoves(s, q, m)) !== null));
  for (const d of drills) {
    const v = drillValue(d.drill, f);
    if (v >= value && (!best || v > value) && (d.drill !== 'close-assault' || assaults())) [best, value] = [d, v];
  }
  if (!best) return undefined;
  const reach = SMOKE_DRILLS[best.drill as keyof typeof SMOKE_DRILLS];
  return reach === undefined ? best : smokeSpot(s, f, best, reach);
}

/**
 * The moves a drill gives as the activation ends: Close Assault into contact with an enemy the model
 * would beat in CQC; Peel Back to a better spot (out of sight, nearer a quadrant) than where it stands;
 * else the activation ends.
 */
export function drillMove(
  s: BlkoutState,
  q: Queries,
  a: NonNullable<BlkoutState['activation']>,
  moves: readonly Move<BlkoutAction>[],
): Move<BlkoutAction> {
  const ends = moves.filter(
    (x): x is Extract<BlkoutAction, { type: 'end-move' }> => x !== PASS && x.type === 'end-move',
  );
  if (a.drill === 'close-assault') {
    for (const e of ends) {
      const m = pieceOf(s.models, e.model);
      const foe = Object.values(s.models)
        .filter((o) => o.player !== m.player && onTable(o))
        .reduce<ModelState | null>(
          (n, o) =>
            !n || Math.hypot(o.pos![0] - e.x, o.pos![2] - e.z) < Math.hypot(n.pos![0] - e.x, n.pos![2] - e.z) ? o : n,
          null,
        );
      if (foe && wins(m, foe)) return e;
    }
  } else {
    for (const id of a.endMoves ?? []) {
      const m = pieceOf(s.models, id);
      const pick = pickBest(
        s,
        q,
        m,
        ends.filter((e) => e.model === id),
      );
      if (pick && pick[1] > spotValue(s, q, m, null) + 0.05) return pick[0];
    }
  }
  return { type: 'end-activation' };
}

/** Inches of height between two bases still on one level (a Close Assault's 2" move does not climb). */
const SAME_LEVEL = 0.5;

/**
 * Under Close Assault, the best Reposition spot (of `options`) that ends within the drill's 2" of an
 * enemy the model would beat in CQC, on its level, or null.
 */
export function assaultSpot<T extends { x: number; y: number; z: number }>(
  s: BlkoutState,
  q: Queries,
  m: ModelState,
  options: readonly T[],
): T | null {
  const prey = Object.values(s.models).filter(
    (e) => e.player !== m.player && onTable(e) && e.kind === 'infantry' && wins(m, e),
  );
  // On the prey's level: a roof within 2" across is no way into base contact below it.
  const near = options.filter((o) =>
    prey.some(
      (e) =>
        Math.abs(o.y - e.pos![1]) <= SAME_LEVEL &&
        Math.hypot(e.pos![0] - o.x, e.pos![2] - o.z) - radiusOf(m) - radiusOf(e) <= DRILL_MOVE - 0.1,
    ),
  );
  return pickBest(s, q, m, [...near])?.[0] ?? null;
}

/**
 * A charge into base contact (a Reposition move; its action then brings CQC, a fight to the end): the
 * spot touching the enemy infantry worth most to fight, and the fight's worth, or null. A fight is
 * weighed as a duel of expected successes times boxes left: the chance to win (ours over both) times the
 * enemy's boxes, less the chance to lose times ours (a model about to die, 1.5 times).
 */
export function chargeSpot(
  s: BlkoutState,
  q: Queries,
  m: ModelState,
  reach: number,
): [Extract<BlkoutAction, { type: 'move' }>, number] | null {
  if (cqcSide(m) !== 'infantry' || !m.pos) return null;
  const mine = boxesLeft(m) * cqcMean(m);
  let best: [Extract<BlkoutAction, { type: 'move' }>, number] | null = null;
  for (const e of Object.values(s.models)) {
    if (e.player === m.player || !onTable(e) || cqcSide(e) !== 'infantry' || gap(m, e) > reach) continue;
    const spot = contactSpot(q, m, e, reach);
    if (!spot) continue;
    const win = mine / (mine + boxesLeft(e) * cqcMean(e));
    const v = win * finishing(e) - (1 - win) * finishing(m);
    if (!best || v > best[1]) best = [{ type: 'move', model: m.id, x: spot[0], y: spot[1], z: spot[2] }, v];
  }
  return best;
}
