/**
 * What a player plays outside reaction windows, at the moment its text names: BURN cards (Amped and
 * Phase Out before a unit activates, Blade Runner as it starts to move, Extras! and Rewind after its
 * activation), battle drills (1 CP before a force unit activates, with a smoke token for Chaff,
 * Switchback and Targeting Smoke), and armoury items (armoury.ts).
 */
import { msg } from '../engine/message';
import { illegal, pieceOf } from '../engine/kit';
import { ruleError } from '../engine/types';
import { spotWords } from '../engine/words';
import { gapWords } from './say';
import { ok, type ActionOf, type Ctx, type Out } from './context';
import type { DrillId } from './data';
import { takeArmoury } from './armoury';
import { BURN_NAMES, discard, inEffect, notInHand } from './burn';
import { drillsOf, PLAYABLE_DRILLS, SMOKE_DRILLS } from './drills';
import { activate } from './activation';
import { activatable, advance, afterChoices } from './round';
import { aliveModels, onTable, radiusOf, type BlkoutState, type BurnCard } from './game';

/** A BURN card played outside a reaction window, at the moment its text names. */
export function playBurn(ctx: Ctx, s: BlkoutState, action: ActionOf<'burn'>): Out {
  const p = s.activation?.player ?? s.turn;
  const refused = notInHand(s, p, action.card);
  if (refused) return refused;
  const card = action.card as BurnCard;
  const a = s.activation;
  const unit = action.unit ? s.units[action.unit] : undefined;
  if (action.unit && (!unit || unit.player !== p))
    return ruleError('illegal-action', msg('blkout:error.notYourUnit', { unit: action.unit, player: p }));
  switch (card) {
    case 'amped':
    case 'phase-out': {
      if (s.phase !== 'execution' || a)
        return ruleError('illegal-action', msg('blkout:error.burnBefore', { card: BURN_NAMES[card] }));
      if (!unit || !activatable(s, p).includes(unit.id))
        return ruleError('illegal-action', msg('blkout:error.burnUnit', { card: BURN_NAMES[card] }));
      const primed = s.burn.primed;
      if (primed && primed.unit !== unit.id)
        return ruleError(
          'illegal-action',
          msg('blkout:error.primed', { unit: pieceOf(s.units, primed.unit, 'unit').name }),
        );
      const next = discard(
        ctx,
        s,
        p,
        card,
        card === 'amped'
          ? msg('blkout:burn.amped', { unit: unit.name })
          : msg('blkout:burn.phaseOut', { unit: unit.name }),
      );
      return ok(ctx, {
        ...next,
        burn: { ...next.burn, primed: { unit: unit.id, cards: [...(primed?.cards ?? []), card] } },
      });
    }
    case 'blade-runner': {
      if (!a || a.player !== p || a.stage !== 'reposition' || Object.keys(a.moved).length > 0 || inEffect(s, card))
        return ruleError('illegal-action', msg('blkout:error.bladeRunner'));
      const next = discard(
        ctx,
        s,
        p,
        card,
        msg('blkout:burn.bladeRunner', { unit: pieceOf(s.units, a.unit, 'unit').name }),
      );
      return ok(ctx, { ...next, activation: { ...a, effects: [...(a.effects ?? []), card] } });
    }
    case 'extras': {
      if (!a || a.player !== p || a.stage !== 'after' || (action.unit ?? a.unit) !== a.unit)
        return ruleError('illegal-action', msg('blkout:error.extras'));
      const u = pieceOf(s.units, a.unit, 'unit');
      if ((u.loadsUsed ?? 0) === 0) return ruleError('illegal-action', msg('blkout:error.noLoads', { unit: u.name }));
      const next = discard(ctx, s, p, card, msg('blkout:burn.extras', { unit: u.name }));
      const after: BlkoutState = { ...next, units: { ...next.units, [u.id]: { ...u, loadsUsed: 0 } } };
      // Nothing else to choose after the activation: the turn passes.
      return ok(ctx, afterChoices(after).length > 0 ? after : advance(ctx, after));
    }
    case 'rewind': {
      if (!a || a.player !== p || a.stage !== 'after')
        return ruleError('illegal-action', msg('blkout:error.rewindAfterComplete'));
      if (!unit || unit.id === a.unit || !activatable(s, p).includes(unit.id))
        return ruleError('illegal-action', msg('blkout:error.rewindOther'));
      // Rewind's battle drill is free (no CP), for the unit it activates.
      let drill: DrillId | undefined;
      if (action.drill !== undefined) {
        const d = drillsOf(s, unit.id).find((x) => x.id === action.drill);
        if (!d || !PLAYABLE_DRILLS.includes(d.id)) return illegal(`${unit.name} has no battle drill "${action.drill}"`);
        if (SMOKE_DRILLS[d.id] !== undefined)
          return illegal(`${d.name} puts smoke down before the activation: play it with 1 CP instead`);
        drill = d.id;
      }
      let next = discard(
        ctx,
        s,
        p,
        card,
        drill
          ? msg('blkout:burn.rewindDrill', {
              unit: unit.name,
              drill: drillsOf(s, unit.id).find((x) => x.id === drill)!.name,
            })
          : msg('blkout:burn.rewind', { unit: unit.name }),
      );
      if (drill) next = { ...next, burn: { ...next.burn, primed: { unit: unit.id, cards: [], drill } } };
      return activate(ctx, next, { type: 'rewind', unit: unit.id });
    }
    case 'juiced':
    case 'personal-shielding':
    case 'perimeter-defense':
      return ruleError('illegal-action', msg('blkout:error.burnAnswer', { card: BURN_NAMES[card] }));
  }
}

/** A battle drill (1 CP) for a unit about to activate; smoke drills put their token down now. */
export function playDrill(ctx: Ctx, s: BlkoutState, action: ActionOf<'drill'>): Out {
  const p = s.turn;
  const u = s.units[action.unit];
  if (s.phase !== 'execution' || s.activation) return ruleError('illegal-action', msg('blkout:error.drillBefore'));
  if (!u || u.player !== p)
    return ruleError('illegal-action', msg('blkout:error.notYourUnit', { unit: action.unit, player: p }));
  if (!activatable(s, p).includes(u.id))
    return ruleError('illegal-action', msg('blkout:error.cannotActivate', { unit: u.name }));
  const d = drillsOf(s, u.id).find((x) => x.id === action.drill);
  if (!d) return illegal(`${u.name} has no battle drill "${action.drill}" (Handler and BLKLIST units have none)`);
  if (!PLAYABLE_DRILLS.includes(d.id)) return illegal(`${d.name} is not played in this build yet`);
  if (s.cp[p] < 1) return ruleError('illegal-action', msg('blkout:error.noCp', { player: p }));
  const primed = s.burn.primed;
  if (primed?.drill) return ruleError('illegal-action', msg('blkout:error.oneDrill'));
  if (primed && primed.unit !== u.id)
    return ruleError(
      'illegal-action',
      msg('blkout:error.primed', { unit: pieceOf(s.units, primed.unit, 'unit').name }),
    );
  let next: BlkoutState = s;
  const reach = SMOKE_DRILLS[d.id];
  if (reach !== undefined) {
    // The drill's smoke token goes down now, within reach of a model of the unit.
    const { x, z } = action;
    if (x === undefined || z === undefined || !Number.isFinite(x) || !Number.isFinite(z))
      return ruleError('illegal-action', msg('blkout:error.clickSmoke', { item: d.name }));
    const near = aliveModels(s, u.id)
      .filter(onTable)
      .some((m) => Math.hypot(m.pos![0] - x, m.pos![2] - z) - radiusOf(m) <= reach + 1e-9);
    if (!near)
      return ruleError(
        'out-of-range',
        msg('blkout:error.drillSmokeReach', { drill: d.name, reach: gapWords(reach), unit: u.name }),
      );
    if (x < 0 || z < 0 || x > s.table.width || z > s.table.depth)
      return ruleError('illegal-action', msg('blkout:error.smokeOnTable'));
    const serial = s.serial + 1;
    next = {
      ...next,
      serial,
      smoke: [
        ...s.smoke,
        {
          id: `smoke-${serial}`,
          x,
          z,
          light: false,
          owner: p,
          ...(d.id === 'chaff' ? { chaff: true } : {}),
          ...(d.id === 'targeting-smoke' ? { seenThroughBy: u.id } : {}),
        },
      ],
    };
    ctx.events.push({
      type: 'token-placed',
      text:
        d.id === 'chaff'
          ? msg('blkout:event.drillChaff', { drill: d.name, spot: spotWords(s.table, x, z) })
          : msg('blkout:event.drillSmoke', { drill: d.name, spot: spotWords(s.table, x, z) }),
      token: 'smoke',
      at: [x, 0, z],
    });
  }
  ctx.events.push({
    type: 'command',
    text: msg('blkout:event.drill', { player: p, drill: d.name, unit: u.name }),
    player: p,
    drill: d.id,
  });
  return ok(ctx, {
    ...next,
    cp: { ...s.cp, [p]: s.cp[p] - 1 },
    burn: { ...s.burn, primed: { unit: u.id, cards: primed?.cards ?? [], drill: d.id } },
  });
}

/** An armoury item taken (armoury.ts). */
export function playArmoury(ctx: Ctx, s: BlkoutState, action: ActionOf<'armoury'>): Out {
  const next = takeArmoury(ctx, s, action);
  return 'error' in next ? next : ok(ctx, next);
}
