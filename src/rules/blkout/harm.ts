/**
 * One blow's damage to one model, the same for a shot and an HE blast: Dome Shields against Blast
 * weapons; EMP (only AI models are harmed, armour ignored); the moment the damage is suffered (step
 * ④, before the armour check: Personal Shielding may be played, and its 2 dice count in this very
 * check); the armour check (⑤) with its extra dice (Thorax Shields, Personal Shielding); Manticor
 * Borz's shrug; then the track (⑥), where Juiced may answer.
 */
import { msg } from '../engine/message';
import { logRolls } from '../engine/diceLog';
import type { Ctx } from './context';
import {
  applyDamage,
  armourCheckWords,
  damageFromHits,
  failedDiceWords,
  isShielded,
  shieldable,
  shieldUnit,
} from './combat';
import { damageAnswer } from './damageMoment';
import { hasRule, ruleX } from './data';
import { drilled } from './drills';
import { blastShrug } from './situation';
import { blastProof } from './special';
import type { BlkoutState, ModelState, Weapon } from './game';
import { pieceOf } from '../engine/kit';

/** What hits one model. */
export interface Blow {
  /** The weapon, with any damage bonus added (Amped, rear arc, Cross Fire). */
  w: Weapon;
  /** Successes of the shot (or of the HE check). */
  successes: number;
  /** An HE blast: 1 damage per success, and the armour check rolls one die per success. */
  he?: boolean;
  /** At a Duster: the track aimed at. */
  track?: 'mobility' | 'chassis';
}

/** Extra armour dice the model rolls now: Thorax Shields (1), Personal Shielding (2). */
export const extraArmour = (s: BlkoutState, t: ModelState): number =>
  (drilled(s, t, 'thorax-shields') ? 1 : 0) + (isShielded(s, t.unit) ? 2 : 0);

/** Step ④: the model suffers the damage; its owner may play Personal Shielding before the armour check. */
function suffered(ctx: Ctx, s: BlkoutState, t: ModelState, incoming: number): BlkoutState {
  if (!shieldable(s, t)) return s;
  const moment = damageAnswer(s, {
    player: t.player,
    model: t.id,
    unit: t.unit,
    taken: incoming,
    cards: ['personal-shielding'],
    before: true,
  });
  return moment.answer === 'personal-shielding' ? shieldUnit(ctx, moment.state, t) : moment.state;
}

/** A blow's damage to one model: the steps above, with their events. */
export function suffer(ctx: Ctx, s: BlkoutState, targetId: string, blow: Blow): BlkoutState {
  const { dice, events } = ctx;
  const { w, successes, he = false, track = 'chassis' } = blow;
  const t = pieceOf(s.models, targetId);
  if (successes <= 0 || t.destroyed) return s;
  if (hasRule(w.rules, 'Blast') && blastProof(s, t)) {
    events.push({
      type: 'dome-shield',
      text: he ? msg('blkout:event.domeBlast', { name: t.name }) : msg('blkout:event.domeWeapon', { name: t.name }),
      model: targetId,
    });
    return s;
  }
  const incoming = successes * (he ? 1 : w.damage);
  if (hasRule(w.rules, 'EMP')) {
    // EMP harms only AI models, and ignores armour (no armour check, so no step-④ moment of its own).
    const ai = hasRule(t.rules, 'AI');
    events.push({
      type: 'emp',
      text: ai
        ? msg('blkout:event.empAi', { name: t.name, n: incoming })
        : msg('blkout:event.empNotAi', { name: t.name }),
      model: targetId,
    });
    return ai ? applyDamage(ctx, s, targetId, incoming, track) : s;
  }
  const next = suffered(ctx, s, t, incoming);
  const extra = extraArmour(next, t);
  const hits = he ? { ...w, damage: 1 } : w;
  const d = damageFromHits(dice, t, hits, successes, extra, he ? successes : t.armour[0]);
  const ap = ruleX(w.rules, 'AP');
  if (he)
    events.push({
      type: 'armour-check',
      text: extra
        ? msg('blkout:event.caughtExtra', { name: t.name, n: successes, extra, roll: armourCheckWords(d) })
        : msg('blkout:event.caught', { name: t.name, n: successes, roll: failedDiceWords(d, d.needs) }),
      model: targetId,
      rolls: d.rolls,
      blocked: d.blocked,
    });
  else if (d.rolls.length)
    events.push({
      type: 'armour-check',
      text: msg('blkout:event.armour', {
        name: t.name,
        armour: `${t.armour[0]}/${t.armour[1]}`,
        ap,
        extra,
        roll: armourCheckWords(d),
      }),
      model: targetId,
      rolls: d.rolls,
      blocked: d.blocked,
    });
  logRolls(events, dice, t.player);
  const shrug = hasRule(w.rules, 'Blast') && d.taken > 0 ? blastShrug(next, t) : 0;
  if (shrug)
    events.push({
      type: 'force-rule',
      text: msg('blkout:event.borz', { name: t.name }),
      model: targetId,
    });
  return applyDamage(ctx, next, targetId, d.taken - shrug, track, true);
}
