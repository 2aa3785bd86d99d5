/**
 * Template weapons and grenades in play (skirmish-ru.ru.txt, "Шаблонное оружие", "Гранаты", "Огнеметы"):
 * the `shoot` action with a weapon of the `template` trait (the flamer, grenades).
 *
 * - "вы объявляете цель, измеряете расстояние и бросаете на попадание как обычно": the target is declared,
 *   the range measured and the to-hit rolled as for any shot (attack.ts `planShot`: a standing enemy in the
 *   180-degree front, in sight and in reach; a grenade reaches twice the thrower's Strength), with the same
 *   to-hit modifiers (cover, hidden, reserved, sprinted, size).
 * - "Если вы попали в цель, разместите шаблон взрыва центром на целевую модель. Ваша цель и любая модель,
 *   накрытая шаблоном, считаются пораженными": a hit centres the template on the target; every model it
 *   covers is hit (templates.ts `resolveTemplate`, `templateHits`).
 * - A miss scatters by the artillery die (half for a grenade); a misfire is lost; HIT and misfire together is
 *   a detonation (1-2 on the shooter, 3-4 d6", 5-6 2d6" in a random direction). templates.ts rolls all that.
 * - "Огнеметы ... требуют броска на надежность после каждого выстрела": reliability.ts's volley rolls it;
 *   ammunition (grenades too) is spent per shot there.
 * - Each model hit: wound, save, damage, morale (attack.ts `applyHits`).
 *
 * Readings (README "Readings: the battle"):
 * - Covered is judged from above, from the fighters' positions (heights ignored): every fighter on the table
 *   (standing or down; not the dead), friend or foe, the shooter included.
 * - Each shot of the rate of fire places its own template (the sample profiles fire one). The volley is rolled
 *   first (to-hit and reliability dice), then each shot's template dice, then every hit's wound and save, then
 *   morale. A model under two templates takes two hits.
 * - A shot into a close combat is not split by a random die: the template hits whatever it covers.
 * - The landing centre keeps the height of the spot it moved from (the aim, or the shooter); a centre off the
 *   table covers whatever bases it reaches.
 */
import { msg, type Text } from '../engine/message';
import { applyHits, modsWords, rollVolley, shoot, type ShotPlan } from './attack';
import { hasTrait } from './data';
import { BASE_RADIUS, onTable, setFighter, type SkBlast, type SkContext, type SkFighter, type SkState } from './game';
import { jamEvent } from './reliability';
import { semi, inch2 } from './say';
import { resolveTemplate, templateHits, type BaseDisc, type TemplateResult } from './templates';
import { pieceOf } from '../engine/kit';

/** The state without the latest blast (a new activation begins); unchanged when there is none. */
export const clearBlast = (s: SkState): SkState => (s.blast ? { ...s, blast: null } : s);

/** The bases a template may cover: every fighter on the table, the declared target first, then by id. */
export function basesOf(s: SkState, targetId: string): BaseDisc[] {
  return Object.values(s.fighters)
    .filter(onTable)
    .sort((a, b) => Number(b.id === targetId) - Number(a.id === targetId) || a.id.localeCompare(b.id))
    .map((f) => ({ id: f.id, x: f.pos[0], z: f.pos[2], radius: BASE_RADIUS }));
}

/** The plain-JSON record of where one template landed. */
export function blastOf(
  f: SkFighter,
  weaponId: string,
  aim: readonly number[],
  radius: number,
  r: TemplateResult,
  covered: string[],
): SkBlast {
  const y = r.outcome === 'detonation' ? f.pos[1] : aim[1]!;
  const moved = r.directionDeg !== null;
  return {
    shooter: f.id,
    weapon: weaponId,
    aim: [aim[0]!, aim[1]!, aim[2]!],
    centre: r.centre ? [r.centre.x, y, r.centre.z] : null,
    radius,
    outcome: r.outcome,
    scatter: moved ? { distance: r.distance, direction: r.directionDeg! } : null,
    covered,
  };
}

/** A coordinate to two decimals (a number: the locale writes it). */
const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Fires a planned template shot or throws a grenade: the volley, each shot's template, then the hits on every covered model. */
export function shootTemplate(ctx: SkContext, s: SkState, f: SkFighter, plan: ShotPlan, reserved = false): SkState {
  const { weapon: w, target: t } = plan;
  const grenade = hasTrait(w, 'grenade');
  const radius = w.templateRadius!;
  const { modifiers, hits, volley, n } = rollVolley(ctx, f, plan, reserved);
  const needs = f.stats.shooting + modifiers.reduce((a, m) => a + m.value, 0);
  ctx.events.push({
    type: 'shot',
    text: semi(
      msg(grenade ? 'skirmish-ru:event.throwTemplate' : 'skirmish-ru:event.fireTemplate', {
        name: f.name,
        weapon: w.name,
        target: t.name,
        distance: inch2(plan.distance),
        dice: volley.toHitDice,
        need: needs,
        mods: modsWords(modifiers),
        hits: n,
      }),
      ...volley.events,
    ),
    shooter: f.id,
    target: t.id,
    hit: n > 0,
  });
  if (volley.weapon.jammed) ctx.events.push(jamEvent(f, w));
  let next = setFighter(s, { ...f, arms: { ...f.arms, [w.id]: volley.weapon } });
  const struck: string[] = [];
  for (const hit of hits) {
    const r = resolveTemplate(ctx.dice, {
      hit,
      target: { x: t.pos[0], z: t.pos[2] },
      shooter: { x: f.pos[0], z: f.pos[2] },
      grenade,
    });
    const covered = templateHits(r, radius, basesOf(next, t.id), t.id);
    const blast = blastOf(f, w.id, t.pos, radius, r, covered);
    const names = covered.map((id) => pieceOf(next.fighters, id, 'fighter').name);
    const where: Text = blast.centre
      ? msg('skirmish-ru:template.at', { x: round2(blast.centre[0]), z: round2(blast.centre[2]) })
      : '';
    const covers = !blast.centre
      ? msg('skirmish-ru:template.nobodyHit')
      : names.length
        ? msg('skirmish-ru:template.covers', { names })
        : msg('skirmish-ru:template.coversNobody');
    ctx.events.push({
      type: 'template',
      text: msg('skirmish-ru:event.template', { weapon: w.name, what: semi(...r.events), where, covers }),
      shooter: f.id,
      weapon: w.id,
      outcome: r.outcome,
      aim: blast.aim,
      centre: blast.centre,
      radius,
      scatter: blast.scatter,
      covered,
    });
    next = { ...next, blast };
    struck.push(...covered);
  }
  return applyHits(ctx, next, struck, w);
}

/** The attack a shot plan makes: a template (flamer, grenade) or an ordinary shot (attack.ts `shoot`). */
export const fire = (ctx: SkContext, s: SkState, f: SkFighter, plan: ShotPlan, reserved = false): SkState =>
  hasTrait(plan.weapon, 'template') ? shootTemplate(ctx, s, f, plan, reserved) : shoot(ctx, s, f, plan, reserved);
