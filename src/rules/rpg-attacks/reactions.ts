/**
 * Grenades and the Dodge window (rpg-attacks.en.txt, "Grenades", "Area Effects"). Readings of the battle:
 * - A grenade is thrown at a spot (the legal list offers each seen enemy's spot); the range band is read
 *   from the flat distance to the aim; the thrower's consequence banes are on the throw. The table is not
 *   asked whether the spot is seen (it answers sight between models only).
 * - Caught: every standing character (friend, foe or the thrower) whose base is in either area where it
 *   lands (area.ts `areaOf`).
 * - The Dodge window: one window per character, in id order, for each one caught who has an AP and may
 *   take a defensive reaction (`mayReact`: not held; a controller must release first). Its own player
 *   answers `dodge` (1 AP, spent even on a failed test) or `pass`. One character per window is the
 *   simplest correct way: each answer is one character's choice, and a side never answers for a foe.
 *   With nobody able to Dodge there is no window. When the last has answered, the blast resolves
 *   (`resolveArea`, Dodge tests in id order) and the thrower's turn ends.
 * - Cover against the blast: the target's cover against the thrower (the share hidden by terrain, game.ts
 *   `coverOf`). A successful Dodge that a metre straight away from the blast takes out of it moves there;
 *   else, when the target is not in cover, it "dives for cover, if available": the table is asked for a
 *   spot a metre (1") away, in one of 8 directions, where it can stand and has cover against the thrower
 *   (`diveSpot`: the one farthest from the blast, ties by direction from +x); it dives there (half damage,
 *   measured where it lands; none if that is out of the blast). With no such spot it moves 1" away from the
 *   blast (where it can stand; else it stays).
 * - Each target damaged takes a Wound (harm.ts).
 */
import { msg } from '../engine/message';
import { illegal, metres } from './say';
import { ruleError } from '../engine/types';
import {
  areaDamage,
  areaOf,
  BLAST_1_3,
  DODGE_METRES,
  flatDistance,
  offset,
  resolveArea,
  throwGrenade,
  type AreaTarget,
  type Blast,
  type DodgeIntent,
  type Vec3,
} from './area';
import { physicalBanes } from './consequences';
import { inGrapple, mayReact } from './grapple';
import { throwBand } from './data';
import { harm } from './harm';
import {
  BASE_MM,
  BASE_RADIUS,
  HEIGHT,
  conditionsOf,
  coverOf,
  engagedWith,
  setChar,
  standing,
  type Applied,
  type Handler,
  type PendingBlast,
  type RpgChar,
  type RpgContext,
  type RpgState,
} from './game';
import { finishTurn } from './round';
import { actorRefusal, STEP } from './turn';
import { physicalRefusal } from './fight';
import type { ActionOf } from './actions';
import { pieceOf } from '../engine/kit';

/** A weapon's blast (Blast 1/3 unless the data says otherwise). */
export const blastOf = (b: readonly [number, number] | undefined): Blast =>
  b ? { primary: b[0], secondary: b[1] } : BLAST_1_3;

/** The grenade action: the throw, then the Dodge window (or the blast at once). */
export const grenadeAction: Handler<'grenade'> = (ctx, s0, act) => {
  const who = actorRefusal(s0, act.model);
  if (who) return illegal(who);
  const c = pieceOf(s0.chars, act.model, 'character');
  const phys = physicalRefusal(s0, c);
  if (phys) return illegal(phys);
  const w = s0.weapons[act.weapon];
  if (!w || !c.weapons.includes(w.id) || !w.grenade)
    return illegal(msg('rpg-attacks:error.noGrenade', { name: c.name, weapon: act.weapon }));
  if ((c.ammo[w.id] ?? 0) < 1) return illegal(msg('rpg-attacks:error.noneLeft', { name: c.name, weapon: w.name }));
  if (engagedWith(s0, c).length > 0 || inGrapple(conditionsOf(s0), c.id))
    return illegal(msg('rpg-attacks:refuse.engaged', { weapon: w.name }));
  const aim: Vec3 = [act.x, act.y, act.z];
  const band = throwBand(w, c.stats.strength, flatDistance(c.pos, aim));
  if (!band)
    return ruleError(
      'out-of-range',
      msg('rpg-attacks:error.throwRange', { weapon: w.name, d: metres(flatDistance(c.pos, aim)) }),
    );
  const r = throwGrenade(ctx.dice, {
    from: c.pos,
    aim,
    projectiles: c.stats.skills.projectiles,
    rangeBanes: band.banes,
    thrown: true,
    strength: c.stats.strength,
    edge: { boons: 0, banes: physicalBanes(c.condition) },
  });
  const blast = blastOf(w.blast);
  let s = setChar(s0, { ...c, ammo: { ...c.ammo, [w.id]: (c.ammo[w.id] ?? 1) - 1 } });
  const landing: Vec3 = [r.landing[0], r.landing[1], r.landing[2]];
  ctx.events.push({
    type: 'grenade',
    text: msg('rpg-attacks:event.grenade', {
      name: c.name,
      weapon: w.name,
      total: r.test.total,
      where: r.deviation
        ? msg('rpg-attacks:grenade.deviates', { d: metres(r.deviation) })
        : msg('rpg-attacks:grenade.onSpot'),
    }),
    shooter: c.id,
    aim,
    landing,
    primary: blast.primary,
    secondary: blast.secondary,
  });
  ctx.events.push({
    type: 'blast',
    text: msg('rpg-attacks:event.blast', { weapon: w.name }),
    shooter: c.id,
    at: landing,
    radius: blast.secondary,
  });
  const caught = standing(s).filter((x) => areaOf(landing, x.pos, BASE_RADIUS, blast) !== null);
  const cs = conditionsOf(s);
  const queue = caught.filter((x) => x.ap >= 1 && mayReact(cs, x.id, 'defensive').ok).map((x) => x.id);
  const pending: PendingBlast = {
    thrower: c.id,
    weapon: w.id,
    aim,
    landing,
    total: r.test.total,
    caught: caught.map((x) => x.id),
    queue,
    dodging: [],
  };
  s = { ...s, pending };
  return queue.length ? s : finishTurn(ctx, resolveBlast(ctx, s));
};

/** The Dodge window's answer (a `dodge` by the head of the queue, or a pass); the blast once all answered. */
export function answerDodge(ctx: RpgContext, s: RpgState, act: ActionOf<'dodge'> | { type: 'pass' }): Applied {
  const p = s.pending!;
  const head = p.queue[0]!;
  if (act.type === 'dodge' && act.model !== head)
    return ruleError('not-in-window', msg('rpg-attacks:error.notYourDodge', { name: s.chars[head]?.name ?? head }));
  const c = pieceOf(s.chars, head, 'character');
  ctx.events.push({
    type: act.type === 'dodge' ? 'dodge' : 'no-dodge',
    text: msg(act.type === 'dodge' ? 'rpg-attacks:event.dodge' : 'rpg-attacks:event.noDodge', { name: c.name }),
    model: head,
  });
  const next: PendingBlast = {
    ...p,
    queue: p.queue.slice(1),
    dodging: act.type === 'dodge' ? [...p.dodging, head] : p.dodging,
  };
  const s1 = { ...s, pending: next };
  return next.queue.length ? s1 : finishTurn(ctx, resolveBlast(ctx, s1));
}

/** The directions a dive for cover tries, degrees from +x towards +z. */
const DIVE_HEADINGS = [0, 45, 90, 135, 180, 225, 270, 315];

/**
 * Where `c` could dive for cover from the blast: a spot a metre away (8 directions) where it can stand and
 * has cover against the thrower, the farthest from the landing (ties by direction), or null.
 */
export function diveSpot(ctx: RpgContext, s: RpgState, p: PendingBlast, c: RpgChar): Vec3 | null {
  let best: Vec3 | null = null;
  let far = -Infinity;
  for (const h of DIVE_HEADINGS) {
    const to = offset(c.pos, h, DODGE_METRES);
    const y = ctx.at(s).standHeight(BASE_MM, HEIGHT, to[0], to[2], c.pos[1] + STEP, c.id);
    if (y === null) continue;
    const spot: Vec3 = [to[0], y, to[2]];
    const there = ctx.at(setChar(s, { ...c, pos: spot }));
    if (coverOf(there.sight(p.thrower, c.id).hidden.terrain) === 'none') continue;
    const d = flatDistance(p.landing, spot);
    if (d > far + 1e-9) [best, far] = [spot, d];
  }
  return best;
}

/** A caught character's Dodge: its test, and the cover it could dive for (none for the thrower). */
function diveIntent(ctx: RpgContext, s: RpgState, p: PendingBlast, c: RpgChar): DodgeIntent {
  const spot = c.id === p.thrower ? null : diveSpot(ctx, s, p, c);
  return {
    defense: c.stats.defense,
    edge: { boons: 0, banes: physicalBanes(c.condition) },
    coverAvailable: spot !== null,
    ...(spot ? { coverSpot: spot } : {}),
  };
}

/** The blast: Dodge tests, damage and Wounds for everyone caught; the window closes. */
export function resolveBlast(ctx: RpgContext, s0: RpgState): RpgState {
  const p = s0.pending!;
  const w = pieceOf(s0.weapons, p.weapon, 'weapon');
  const q = ctx.at(s0);
  const cs = conditionsOf(s0);
  const targets: AreaTarget[] = p.caught.map((id) => {
    const c = pieceOf(s0.chars, id, 'character');
    return {
      id,
      pos: c.pos,
      baseRadius: BASE_RADIUS,
      defense: c.stats.defense,
      cover: id === p.thrower ? 'none' : coverOf(q.sight(p.thrower, id).hidden.terrain),
      armour: c.stats.armour,
      ap: c.ap,
      canReact: mayReact(cs, id, 'defensive').ok,
      ...(p.dodging.includes(id)
        ? {
            dodge: diveIntent(ctx, s0, p, c),
          }
        : {}),
    };
  });
  const hits = resolveArea(
    ctx.dice,
    { centre: p.landing, total: p.total, baseDamage: w.damage, blast: blastOf(w.blast) },
    targets,
  );
  const coverAt = new Map(targets.map((t) => [t.id, t.cover !== 'none']));
  let s: RpgState = { ...s0, pending: null };
  for (const h of hits) {
    let c = pieceOf(s.chars, h.id, 'character');
    c = { ...c, ap: c.ap - h.apSpent };
    let { area, damage } = h;
    if (h.dodge) {
      const d = h.dodge;
      let pos = c.pos;
      let blocked = false;
      if (d.outcome === 'left' || d.outcome === 'moved' || (d.outcome === 'dived' && d.pos !== c.pos)) {
        const y = ctx.at(s).standHeight(BASE_MM, HEIGHT, d.pos[0], d.pos[2], d.pos[1] + STEP, c.id);
        if (y !== null) pos = [d.pos[0], y, d.pos[2]];
        else {
          // No room a metre away (another dodged there first): it stays where it stood, with the cover it had
          // there (a dive that could not land gives none), and the blast is measured there.
          blocked = true;
          const inCover = d.outcome === 'dived' ? coverAt.get(c.id) === true : h.inCover;
          area = areaOf(p.landing, c.pos, BASE_RADIUS, blastOf(w.blast));
          damage = area ? areaDamage(p.total, c.stats.defense, w.damage, area, inCover, c.stats.armour) : 0;
        }
      }
      ctx.events.push({
        type: 'dodge',
        text: msg('rpg-attacks:event.dodgeTest', {
          name: c.name,
          total: d.test.total,
          outcome:
            d.outcome === 'failed'
              ? msg('rpg-attacks:dodge.tooSlow')
              : blocked
                ? msg('rpg-attacks:dodge.noRoom')
                : d.outcome === 'left'
                  ? msg('rpg-attacks:dodge.out')
                  : d.outcome === 'dived'
                    ? msg('rpg-attacks:dodge.dived')
                    : msg('rpg-attacks:dodge.away'),
        }),
        model: c.id,
        outcome: d.outcome,
        ...(pos !== c.pos ? { from: c.pos, to: pos } : {}),
      });
      if (pos !== c.pos)
        ctx.events.push({
          type: 'moved',
          text: msg('rpg-attacks:event.dive', { name: c.name }),
          model: c.id,
          from: c.pos,
          to: pos,
        });
      c = { ...c, pos };
    }
    s = setChar(s, c);
    if (area) s = harm(ctx, s, h.id, damage, damage > 0 ? 'wound' : 'none');
  }
  return s;
}
