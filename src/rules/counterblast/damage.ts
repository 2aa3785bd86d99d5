/**
 * Damage: raw damage against a Defense check, damage tokens, Down and Stable at Mettle, a casualty
 * beyond double Mettle; and falling (Prone, Stunned, raw damage by the inch).
 */
import { rollPool } from '../dice/mechanics';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import { msg } from '../engine/message';
import { DIFFICULTY, onTable, setModel, type CbContext, type CbModel, type CbState } from './game';
import { inches2 } from './say';
import { pieceOf } from '../engine/kit';

/** How far from below the fall a model may land, inches. */
export const FALL_RADIUS = 3;

/**
 * Raw damage: a Defense check against 7 (extra dice from cover against shooting) takes 1 off per
 * success; the rest become damage tokens. As many tokens as Mettle: Down and Stable; more than
 * double Mettle: a casualty.
 */
export function sufferDamage(ctx: CbContext, s: CbState, targetId: string, raw: number, extraDefense = 0): CbState {
  const { dice, events } = ctx;
  const t = pieceOf(s.models, targetId);
  if (raw <= 0 || !onTable(t)) return s;
  const d = rollPool(dice, { dice: t.card.defense + extraDefense, difficulty: DIFFICULTY });
  const taken = Math.max(0, raw - d.successes);
  // Successes beyond the raw damage stop nothing more.
  const stopped =
    taken === 0
      ? msg('counterblast:defense.allStopped', { raw })
      : d.successes === 0
        ? msg('counterblast:defense.noneStopped', { raw, taken })
        : msg('counterblast:defense.someStopped', { stopped: d.successes, raw, taken });
  events.push({
    type: 'defense',
    text: msg(extraDefense ? 'counterblast:event.defenseExtra' : 'counterblast:event.defense', {
      name: t.card.name,
      extra: extraDefense,
      pool: poolWords({ rolls: d.rolls, difficulty: DIFFICULTY }),
      stopped,
    }),
    model: t.id,
    rolls: d.rolls,
    stopped: raw - taken,
  });
  logRolls(events, dice, t.player);
  if (taken === 0) return s;
  const damage = t.damage + taken;
  events.push({
    type: 'damage',
    text: msg('counterblast:event.damage', { name: t.card.name, taken, tokens: damage, mettle: t.card.mettle }),
    target: t.id,
    amount: taken,
  });
  if (damage > 2 * t.card.mettle) {
    events.push({ type: 'removed', text: msg('counterblast:event.casualty', { name: t.card.name }), model: t.id });
    return {
      ...setModel(s, { ...t, damage, casualty: true, pos: null, down: false }),
      fallen: [...s.fallen, { player: t.player, hero: t.card.type === 'hero' }],
    };
  }
  if (damage >= t.card.mettle && !t.down) {
    events.push({ type: 'model-down', text: msg('counterblast:event.down', { name: t.card.name }), model: t.id });
    return setModel(s, { ...t, damage, down: true, stable: true, prone: true });
  }
  return setModel(s, { ...t, damage });
}

/** Falling: the closest valid spot within 3" below; Prone and Stunned; 1 raw damage per full inch; nowhere to land: a casualty. */
export function fall(
  ctx: CbContext,
  s: CbState,
  m: CbModel,
  f: { height: number; landing: [number, number, number] | null },
): CbState {
  if (!f.landing) {
    ctx.events.push({
      type: 'removed',
      text: msg('counterblast:event.fallNowhere', { name: m.card.name }),
      model: m.id,
    });
    return {
      ...setModel(s, { ...m, casualty: true, pos: null }),
      fallen: [...s.fallen, { player: m.player, hero: m.card.type === 'hero' }],
    };
  }
  const raw = Math.floor(f.height + 1e-9);
  ctx.events.push({
    type: 'fall',
    text: msg('counterblast:event.fall', { name: m.card.name, height: inches2(f.height), raw }),
    model: m.id,
    to: f.landing,
    height: f.height,
  });
  const landed = setModel(s, { ...m, pos: f.landing, prone: true, stunned: true });
  return sufferDamage(ctx, landed, m.id, raw);
}
