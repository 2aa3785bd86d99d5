/**
 * The armoury and combat loads: during its unit's activation a grunt marks one of the unit's combat
 * loads to take one item of its force's armoury for that activation: a weapon, special rules (Boost
 * Jump), or a smoke token placed before the unit repositions. Two armoury weapons cannot be used in
 * one activation; Handler and BLKLIST units (and Dusters) have no armoury. Marked loads stay marked
 * (BURN Extras! unmarks them).
 */
import { msg } from '../engine/message';
import { spotWords } from '../engine/words';
import { gapWords } from './say';
import { illegal, pieceOf } from '../engine/kit';
import { ruleError, type RuleError } from '../engine/types';
import type { Ctx } from './context';
import type { BlkoutAction } from './actions';
import { parseRule, type ArmouryItem, type RuleRef } from './data';
import {
  isDuster,
  onTable,
  radiusOf,
  type BlkoutState,
  type ModelState,
  type Player,
  type UnitState,
  type Weapon,
} from './game';

/** The armoury a unit draws on, or why it has none. */
export function armouryOf(s: BlkoutState, u: UnitState): ArmouryItem[] | string {
  if (u.role === 'duster')
    return s.dusterArmoury?.length ? s.dusterArmoury : `${u.name}: no Duster armoury in the data`;
  if (u.role !== 'force' && u.role !== 'strikeforce')
    return `${u.name} has no armoury (Handler and BLKLIST units do not use it)`;
  const items = (u.faction && s.armouries?.[u.faction]) || [];
  return items.length ? items : `${u.name}'s force has no armoury items in the data`;
}

/** Arsenal (battle drill): one armoury item this activation without marking a load. */
const arsenalFree = (s: BlkoutState): boolean => s.activation?.drill === 'arsenal' && !s.activation.freeArmoury;

/** Combat loads a unit has left. */
export const loadsLeft = (u: UnitState): number => Math.max(0, (u.loads ?? 0) - (u.loadsUsed ?? 0));

/** Why a grunt may not take this item now, or null. */
export function armouryRefusal(s: BlkoutState, m: ModelState, item: ArmouryItem): string | null {
  const a = s.activation;
  if (!a || a.unit !== m.unit || a.stage === 'after') return "armoury items are taken during the unit's own activation";
  if (a.cyclic || a.auto?.ready) return 'finish the shots that are owed first';
  const u = pieceOf(s.units, m.unit, 'unit');
  const items = armouryOf(s, u);
  if (typeof items === 'string') return items;
  if (!(m.grunt || isDuster(m)) || !onTable(m))
    return `${m.name} is not a grunt on the table (grunts, and Dusters, use the armoury)`;
  if (a.acted.includes(m.id)) return `${m.name} has already taken its action`;
  if (loadsLeft(u) <= 0 && !arsenalFree(s)) return `${u.name} has no combat loads left to mark`;
  const used = a.armoury ?? [];
  if (used.some((x) => x.model === m.id)) return `${m.name} has already taken an armoury item this activation`;
  if (item.weapon && used.some((x) => items.find((i) => i.id === x.item)?.weapon))
    return 'two armoury weapons cannot be used in one activation';
  if (
    item.smoke !== undefined &&
    (a.stage !== 'reposition' || Object.keys(a.moved).length > 0 || a.repositioned.length > 0)
  )
    return `${item.name} is used before the unit repositions`;
  return null;
}

/** Takes an armoury item: marks a load, arms the grunt (or places the smoke). */
export function takeArmoury(
  ctx: Ctx,
  s: BlkoutState,
  action: Extract<BlkoutAction, { type: 'armoury' }>,
): BlkoutState | RuleError {
  const events = ctx.events;
  const m = s.models[action.model];
  if (!m) return illegal(`no model ${action.model}`);
  const u = pieceOf(s.units, m.unit, 'unit');
  const items = armouryOf(s, u);
  if (typeof items === 'string') return illegal(items);
  const item = items.find((i) => i.id === action.item);
  if (!item)
    return illegal(`no armoury item "${action.item}" for ${u.name} (have: ${items.map((i) => i.id).join(', ')})`);
  const why = armouryRefusal(s, m, item);
  if (why) return illegal(why);
  let model: ModelState = m;
  let smoke = s.smoke;
  let serial = s.serial;
  if (item.weapon) model = { ...m, weapons: [...m.weapons, armouryWeapon(item)!] };
  else if (item.rules)
    model = { ...m, rules: [...m.rules, ...item.rules.map((r): RuleRef => ({ ...parseRule(r)!, armoury: true }))] };
  else if (item.smoke !== undefined) {
    const { x, z } = action;
    if (x === undefined || z === undefined || !Number.isFinite(x) || !Number.isFinite(z))
      return ruleError('illegal-action', msg('blkout:error.clickSmoke', { item: item.name }));
    const gap = Math.hypot(x - m.pos![0], z - m.pos![2]) - radiusOf(m);
    if (gap > item.smoke + 1e-9)
      return ruleError(
        'out-of-range',
        msg('blkout:error.armourySmokeReach', {
          item: item.name,
          reach: gapWords(item.smoke),
          name: m.name,
          gap: gapWords(gap),
        }),
      );
    if (x < 0 || z < 0 || x > s.table.width || z > s.table.depth)
      return ruleError('illegal-action', msg('blkout:error.smokeOnTable'));
    serial += 1;
    smoke = [...smoke, { id: `smoke-${serial}`, x, z, light: false, owner: m.player }];
  }
  const free = arsenalFree(s);
  events.push({
    type: 'armoury',
    text: free
      ? msg('blkout:event.arsenal', { name: m.name, item: item.name })
      : msg('blkout:event.armoury', { name: m.name, unit: u.name, item: item.name }),
    model: m.id,
    item: item.id,
  });
  if (item.smoke !== undefined)
    events.push({
      type: 'token-placed',
      text: msg('blkout:event.drillSmoke', { drill: item.name, spot: spotWords(s.table, action.x!, action.z!) }),
      token: 'smoke',
      at: [action.x!, 0, action.z!],
    });
  const a = s.activation!;
  return {
    ...s,
    smoke,
    serial,
    models: { ...s.models, [m.id]: model },
    units: { ...s.units, [u.id]: { ...u, loadsUsed: (u.loadsUsed ?? 0) + (free ? 0 : 1) } },
    activation: {
      ...a,
      armoury: [...(a.armoury ?? []), { model: m.id, item: item.id }],
      ...(free ? { freeArmoury: true } : {}),
    },
  };
}

/** At the end of an activation the armoury items go back: weapons and rules taken are removed. */
export function returnArmoury(s: BlkoutState, unit: string): BlkoutState {
  const models = { ...s.models };
  for (const id of pieceOf(s.units, unit, 'unit').models) {
    const m = pieceOf(models, id);
    const keep = m.weapons.filter((w) => !w.armoury);
    if (keep.length === m.weapons.length && !m.rules.some((r) => r.armoury)) continue;
    models[id] = {
      ...m,
      weapons: keep,
      rules: m.rules.filter((r) => !r.armoury),
      spent: (m.spent ?? []).filter((i) => i < keep.length),
    };
  }
  return { ...s, models };
}

/** Armoury choices for the activating unit's grunts (smoke items offered at a spot beside the grunt). */
export function armouryChoices(s: BlkoutState, player: Player): BlkoutAction[] {
  const a = s.activation;
  if (!a || a.player !== player) return [];
  const u = pieceOf(s.units, a.unit, 'unit');
  const items = armouryOf(s, u);
  if (typeof items === 'string') return [];
  const out: BlkoutAction[] = [];
  for (const id of u.models) {
    const m = pieceOf(s.models, id);
    for (const item of items) {
      if (armouryRefusal(s, m, item)) continue;
      if (item.smoke !== undefined)
        out.push({
          type: 'armoury',
          model: m.id,
          item: item.id,
          x: Math.round((m.pos![0] + radiusOf(m) + item.smoke / 2) * 1000) / 1000,
          z: m.pos![2],
        });
      else out.push({ type: 'armoury', model: m.id, item: item.id });
    }
  }
  return out;
}

/** An armoury item's weapon as a model carries it (for this activation or this reaction). */
export function armouryWeapon(item: ArmouryItem): Weapon | null {
  if (!item.weapon) return null;
  return {
    name: item.weapon.name,
    min: item.weapon.range[0],
    max: item.weapon.range[1],
    damage: item.weapon.damage,
    rules: item.weapon.rules.map((r) => parseRule(r)!),
    armoury: true,
  };
}

/** The armoury items a reacting grunt could mark a combat load for (weapons only: a reaction is a shot). */
export function reactionItems(s: BlkoutState, m: ModelState): ArmouryItem[] {
  const u = pieceOf(s.units, m.unit, 'unit');
  const items = armouryOf(s, u);
  if (typeof items === 'string' || !(m.grunt || isDuster(m)) || !onTable(m) || loadsLeft(u) <= 0) return [];
  return items.filter((i) => i.weapon);
}

/** A model armed with an armoury weapon for a reaction: the load marked, the weapon at the end of its list. */
export function armForReaction(ctx: Ctx, s: BlkoutState, modelId: string, itemId: string): BlkoutState | RuleError {
  const m = pieceOf(s.models, modelId);
  const item = reactionItems(s, m).find((i) => i.id === itemId);
  if (!item) return illegal(`${m.name} cannot take "${itemId}" from the armoury now`);
  const u = pieceOf(s.units, m.unit, 'unit');
  ctx.events.push({
    type: 'armoury',
    text: msg('blkout:event.armouryReaction', { name: m.name, unit: u.name, item: item.name }),
    model: m.id,
    item: item.id,
  });
  return {
    ...s,
    models: { ...s.models, [m.id]: { ...m, weapons: [...m.weapons, armouryWeapon(item)!] } },
    units: { ...s.units, [u.id]: { ...u, loadsUsed: (u.loadsUsed ?? 0) + 1 } },
  };
}

/** Reaction options with armoury weapons: the weapon's index is where it will be added. */
export function armouryReactions(
  s: BlkoutState,
  m: ModelState,
  type: 'overwatch' | 'return-fire',
  usable: (armed: BlkoutState) => boolean,
): BlkoutAction[] {
  const out: BlkoutAction[] = [];
  for (const item of reactionItems(s, m)) {
    const armed: BlkoutState = {
      ...s,
      models: { ...s.models, [m.id]: { ...m, weapons: [...m.weapons, armouryWeapon(item)!] } },
    };
    if (usable(armed)) out.push({ type, model: m.id, weapon: m.weapons.length, item: item.id });
  }
  return out;
}
