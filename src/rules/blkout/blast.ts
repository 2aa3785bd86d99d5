/**
 * Blast (X) against infantry: the HE marker. The shooter places a 25 mm marker on level ground in
 * sight (any part of it) and in range, makes a 2D10 skill check with its special rules but no
 * cover dice, and every infantry model (drones too) within X" of the marker, friend or foe, seen or not, rolls an
 * armour check with one D10 per success: each failed die is 1 damage. Against vehicles and Dusters
 * a Blast weapon shoots as usual (AP), and that is the only way it may be used in a reaction.
 */
import { inch, msg } from '../engine/message';
import type { Layout, Queries } from '../engine/queries';
import { illegal, pieceOf } from '../engine/kit';
import { ruleError, type RuleError } from '../engine/types';
import type { Ctx } from './context';
import { spotWords } from '../engine/words';
import { gapWords } from './say';
import type { SkillCheck } from '../dice/mechanics';
import { firstOf, shotCheck, skillRoll } from './combat';
import { suffer } from './harm';
import { hasRule, ruleX } from './data';
import { isSpent, layoutOf, onTable, type BlkoutState, type ModelState, type PendingBlast } from './game';
import { afterAction, openWindow } from './reactions';
import { hurt, returnFireSituation } from './shooting';
import { coverWords } from './steps';
import { buddyReroll, canSee, extraDie, rangeOf } from './situation';
import { oneDieShot } from './special';

/** The marker's id while it is on the table. */
export const HE_MARKER = 'he-marker';
/** The marker: a 25 mm disc, drawn this tall for sight. */
const MARKER_MM = 25;
const MARKER_HEIGHT = 0.1;

/** The layout with the HE marker at a point. */
export function withMarker(s: BlkoutState, at: [number, number, number]): Layout {
  const l = layoutOf(s);
  return {
    ...l,
    models: {
      ...l.models,
      [HE_MARKER]: {
        side: 'marker',
        position: at,
        baseMm: MARKER_MM,
        height: MARKER_HEIGHT,
        kind: 'infantry',
        leanOut: null,
      },
    },
  };
}

/** Where the marker goes for a click at (x, y, z), or why it cannot (`q`: the view of `s`; range and sight are asked with the marker placed). */
export function placeMarker(
  s: BlkoutState,
  q: Queries,
  m: ModelState,
  weapon: number,
  x: number,
  y: number,
  z: number,
): [number, number, number] | RuleError {
  const w = m.weapons[weapon];
  if (!w) return illegal(`${m.name} has no weapon #${weapon}`);
  if (!hasRule(w.rules, 'Blast')) return illegal(`${w.name} has no Blast rule: it places no HE marker`);
  if (isSpent(m, weapon)) return ruleError('illegal-action', msg('blkout:error.oneUse', { weapon: w.name }));
  const h = q.standHeight(MARKER_MM, MARKER_HEIGHT, x, z, y + 0.25);
  if (h === null) return ruleError('illegal-action', msg('blkout:error.heNoRoom', { spot: spotWords(s.table, x, z) }));
  const at: [number, number, number] = [x, h, z];
  const marked = q.at(withMarker(s, at));
  const d = rangeOf(s, marked, m.id, HE_MARKER);
  if (d < w.min || d > w.max)
    return ruleError(
      'out-of-range',
      msg('blkout:error.heRange', { gap: gapWords(d), weapon: w.name, range: `${w.min}-${w.max}"` }),
    );
  if (!canSee(s, marked, m.id, HE_MARKER)) return ruleError('no-los', msg('blkout:error.heNoSight', { name: m.name }));
  return at;
}

/**
 * Models an HE blast catches: infantry, drones included (the Drone rule takes CQC, ladders and
 * leaning out away from infantry models, so drones are infantry models).
 */
export const blastable = (t: Pick<ModelState, 'kind'>): boolean => t.kind === 'infantry' || t.kind === 'drone';

/** Infantry models (drones included) within `radius` of a marker at `at`, in id order (`q`: any view of the table). */
export function caughtBy(s: BlkoutState, q: Queries, at: [number, number, number], radius: number): string[] {
  const marked = q.at(withMarker(s, at));
  return Object.values(s.models)
    .filter((t) => onTable(t) && blastable(t) && marked.distance(t.id, HE_MARKER) <= radius)
    .map((t) => t.id)
    .sort();
}

/** The skill check of an HE shot (no cover dice; 'partial' is the cover that adds and takes none). */
export function heCheck(s: BlkoutState, q: Queries, m: ModelState, weapon: number, distance: number, moved: boolean) {
  return shotCheck(m, m.weapons[weapon]!, {
    cover: 'partial',
    distance,
    reaction: false,
    moved,
    juked: false,
    extraDie: extraDie(s, m),
    buddyReroll: buddyReroll(s, q, m),
    oneDie: oneDieShot(s, m),
  });
}

/** The HE marker placed: the shot is announced and the other player may Return Fire before it resolves. */
export function declareBlast(
  ctx: Ctx,
  s: BlkoutState,
  shooter: string,
  weapon: number,
  at: [number, number, number],
  moved: boolean,
): BlkoutState {
  const m = pieceOf(s.models, shooter);
  const w = m.weapons[weapon]!;
  const radius = ruleX(w.rules, 'Blast');
  ctx.events.push({
    type: 'blast',
    text: msg('blkout:event.blast', {
      name: m.name,
      weapon: w.name,
      spot: spotWords(s.table, at[0], at[2]),
      blast: inch(radius),
    }),
    shooter,
    at,
    radius,
    weapon: w.name,
  });
  return openWindow(ctx, { ...s, pending: { kind: 'blast', shooter, weapon, at, moved, returnFire: null } });
}

/**
 * Resolves an HE shot with its Return Fire, if any: both checks are simultaneous, more successes
 * applies first, and a model destroyed first does no damage (the return-firer may be caught in
 * the blast). Then Overwatch may answer the completed action.
 */
export function resolveBlast(ctx: Ctx, s: BlkoutState): BlkoutState {
  const { events } = ctx;
  const p = s.pending;
  if (!p || p.kind !== 'blast') return s;
  let next: BlkoutState = { ...s, pending: null, window: null };
  const m = pieceOf(next.models, p.shooter);
  const rf = p.returnFire;
  const b = rf ? pieceOf(next.models, rf.model) : null;
  let rfCheck: SkillCheck | null = null;
  if (rf && b) {
    const wb = b.weapons[rf.weapon]!;
    const sb = returnFireSituation(ctx, next, m, b);
    events.push({
      type: 'shot',
      text: msg('blkout:event.returnFire', {
        name: b.name,
        target: m.name,
        weapon: wb.name,
        cover: coverWords(sb.verdict.cover),
        reason: sb.verdict.words,
      }),
      shooter: b.id,
      target: m.id,
      weapon: wb.name,
      cover: sb.cover,
    });
    rfCheck = shotCheck(b, wb, sb);
  }
  const marked = ctx.q.at(withMarker(next, p.at));
  const distance = rangeOf(next, marked, m.id, HE_MARKER);
  const ra = skillRoll(ctx, m, heCheck(next, marked, m, p.weapon, distance, p.moved), msg('blkout:check.he'));
  if (!rf || !b || !rfCheck) return afterAction(ctx, blastDamage(ctx, next, p, ra.successes), p.shooter);
  const rb = skillRoll(ctx, b, rfCheck, msg('blkout:check.returnsFire'));
  const order: ('he' | 'rf')[] = firstOf(ctx, ra, rb, [m, b]) === 'a' ? ['he', 'rf'] : ['rf', 'he'];
  for (const step of order) {
    const by = step === 'he' ? m : b;
    if (pieceOf(next.models, by.id).destroyed) {
      events.push({ type: 'shot-lost', text: msg('blkout:event.shotLost', { name: by.name }), model: by.id });
      continue;
    }
    next =
      step === 'he'
        ? blastDamage(ctx, next, p, ra.successes)
        : hurt(ctx, next, {
            shooter: b.id,
            weapon: rf.weapon,
            target: m.id,
            successes: rb.successes,
            track: 'chassis',
          });
  }
  return afterAction(ctx, next, p.shooter);
}

/** The blast's damage: each infantry model (drones too) within X" of the marker, in model id order. */
function blastDamage(ctx: Ctx, s: BlkoutState, p: PendingBlast, successes: number): BlkoutState {
  const w = pieceOf(s.models, p.shooter).weapons[p.weapon]!;
  const caught = caughtBy(s, ctx.at(s), p.at, ruleX(w.rules, 'Blast'));
  let next = s;
  // Each model caught suffers the blow as a shot's target would (harm.ts: Dome Shields, EMP, Personal
  // Shielding at step ④, Thorax Shields, Manticor Borz, Juiced), with one armour die per success.
  if (successes > 0) for (const id of caught) next = suffer(ctx, next, id, { w, successes, he: true });
  return next;
}
