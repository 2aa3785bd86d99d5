/**
 * Groups and the starting state: the group rules of match play, the models a unit card fields, the
 * Command Points each side starts with, and the set-up state built from two groups of unit cards.
 */
import { msg, type Msg } from '../engine/message';
import { SIDES } from '../engine/kit';
import { hasRule, rulesOf, type BlkoutData, type RuleRef, type UnitCard, type WeaponCard } from './data';
import type { BlkoutOptions, BlkoutState, GroupChoice, ModelState, Player, UnitState, Weapon } from './game';
import { gruntName, specialistName } from './names';

/** The groups a new match starts with (both legal with the starter cards in assets/rulesets/blkout/units.json). */
export const STARTER_GROUPS: Record<Player, GroupChoice> = {
  A: {
    name: 'Harlow strike group',
    faction: 'harlow',
    handler: 'handler',
    units: ['hfr-assault-team', 'hfr-control-team', 'hfr-springbok'],
  },
  B: {
    name: 'Borz boarding group',
    faction: 'manticor-borz',
    handler: 'handler-operator',
    units: ['mb-bratva', 'mb-insertion', 'mb-cyka'],
  },
};

function weaponOf(w: WeaponCard): Weapon {
  return { name: w.name, min: w.range[0], max: w.range[1], damage: w.damage, rules: rulesOf(w.rules) };
}

/** Why a group is not legal for match play (in English, for the command line and errors), or null. */
export function groupProblem(data: BlkoutData, g: GroupChoice): string | null {
  return groupIssue(data, g)?.english ?? null;
}

/** Why a group is not legal for match play, as the set-up shows it, or null. */
export function groupProblemText(data: BlkoutData, g: GroupChoice): Msg | null {
  return groupIssue(data, g)?.text ?? null;
}

/** Why a group is not legal: the message and its English (the command line's words). */
function groupIssue(data: BlkoutData, g: GroupChoice): { text: Msg; english: string } | null {
  const issue = (text: Msg, english: string) => ({ text, english });
  const card = (id: string) => data.units.find((u) => u.id === id);
  const faction = data.factions.find((f) => f.id === g.faction);
  const have = data.factions.map((f) => f.id).join(', ');
  if (!faction)
    return issue(
      msg('blkout:problem.faction', { faction: g.faction, have }),
      `no faction "${g.faction}" (have: ${have})`,
    );
  const handler = card(g.handler);
  if (!handler || handler.role !== 'handler')
    return issue(msg('blkout:problem.handler', { id: g.handler }), `"${g.handler}" is not a handler card`);
  if (g.units.length !== 3)
    return issue(
      msg('blkout:problem.count', { n: g.units.length }),
      `a group has exactly three units besides its handler (got ${g.units.length})`,
    );
  if (new Set(g.units).size !== 3) return issue(msg('blkout:problem.different'), 'the three units must be different');
  let blklist = 0,
    dusters = 0;
  for (const id of g.units) {
    const u = card(id);
    if (!u) return issue(msg('blkout:problem.noCard', { id }), `no unit card "${id}"`);
    if (u.role === 'blklist') blklist++;
    else if (u.role === 'duster') dusters++;
    else if (u.role === 'handler')
      return issue(msg('blkout:problem.twoHandlers', { id }), `"${id}" is a handler: one handler per group`);
    else if (u.faction !== g.faction)
      return issue(
        msg('blkout:problem.faction2', { id, faction: u.faction ?? '', group: g.faction }),
        `"${id}" belongs to ${u.faction}, not ${g.faction}`,
      );
  }
  if (blklist > 1) return issue(msg('blkout:problem.blklist'), 'at most one unit may be swapped for a BLKLIST unit');
  if (dusters > 1) return issue(msg('blkout:problem.dusters'), 'at most one Duster');
  // No core-force unit is required: "Strikeforce units are 0-3" of the three (the force card is the faction's).
  return null;
}

function unitModels(card: UnitCard, unitId: string, player: Player): ModelState[] {
  const unitRules = rulesOf(card.rules);
  const base = (name: string, weapons: WeaponCard[], rules: RuleRef[], k: number): ModelState => ({
    id: `${unitId}.${k}`,
    unit: unitId,
    player,
    name,
    move: card.move,
    skill: card.skill,
    armour: [...card.armour],
    track: card.role === 'duster' ? (card.chassis ?? 1) : card.track,
    damage: 0,
    weapons: weapons.map(weaponOf),
    rules: [...unitRules, ...rules],
    kind: card.kind ?? (card.role === 'duster' ? 'vehicle' : hasRule(unitRules, 'Drone') ? 'drone' : 'infantry'),
    baseMm: card.baseMm ?? 25,
    height: card.height ?? 1.2,
    pos: null,
    leanOut: null,
    destroyed: false,
    ready: false,
    engaged: false,
    ...(card.mesh !== undefined ? { mesh: card.mesh } : {}),
  });
  const out: ModelState[] = [];
  if (card.role === 'duster') {
    const m = base(card.name, card.weapons, [], 0);
    return [{ ...m, mobility: { track: card.mobility ?? 1, damage: 0 } }];
  }
  const grunt = gruntName(
    card.name,
    card.specialists.map((s) => s.name),
  );
  for (let i = 0; i < card.grunts; i++)
    out.push({ ...base(card.grunts > 1 ? `${grunt} ${i + 1}` : grunt, card.weapons, [], out.length), grunt: true });
  for (const s of card.specialists)
    out.push(
      base(
        specialistName(card.name, s.name),
        s.weapons?.length ? s.weapons : card.weapons,
        rulesOf(s.rules),
        out.length,
      ),
    );
  return out;
}

/**
 * Names both groups use (each side's Handler) say whose they are, "Handler (B)", so a log line or a choice
 * never leaves a player guessing; a name only one side uses stays as it is. Only names change (never ids).
 */
function whose(pieces: Record<string, { name: string; player: Player }>): void {
  const sides = new Map<string, Set<Player>>();
  for (const p of Object.values(pieces)) sides.set(p.name, (sides.get(p.name) ?? new Set()).add(p.player));
  for (const p of Object.values(pieces)) if (sides.get(p.name)!.size > 1) p.name = `${p.name} (${p.player})`;
}

/** Command Points: 3 each; a group that takes a Duster gives up all of them, unless both groups do. */
export function startingCp(options: BlkoutOptions): Record<Player, number> {
  const duster = (p: Player) =>
    options.groups[p].units.some((id) => options.data.units.find((u) => u.id === id)?.role === 'duster');
  const both = duster('A') && duster('B');
  return { A: duster('A') && !both ? 0 : 3, B: duster('B') && !both ? 0 : 3 };
}

/** The starting state: both groups' units off the table, hardpoints to place. Throws on an illegal group. */
export function setupState(table: { width: number; depth: number }, options: BlkoutOptions): BlkoutState {
  const units: Record<string, UnitState> = {};
  const models: Record<string, ModelState> = {};
  const unitOrder: string[] = [];
  for (const player of SIDES) {
    const g = options.groups[player];
    const problem = groupProblem(options.data, g);
    if (problem) throw new Error(`group ${player}: ${problem}`);
    [g.handler, ...g.units].forEach((cardId, k) => {
      const card = options.data.units.find((u) => u.id === cardId)!;
      const id = `${player}${k}`;
      const ms = unitModels(card, id, player);
      units[id] = {
        id,
        card: card.id,
        player,
        name: card.name,
        role: card.role,
        faction: card.faction,
        models: ms.map((m) => m.id),
        activated: false,
        pinned: false,
        offTable: false,
        controller: card.controller ?? false,
        loads: card.combatLoads,
        loadsUsed: 0,
      };
      unitOrder.push(id);
      for (const m of ms) models[m.id] = m;
    });
  }
  whose(units);
  whose(models);
  return {
    ruleset: 'blkout',
    table: { ...table },
    phase: 'hardpoints',
    round: 0,
    turn: 'A',
    initiative: 'A',
    firstDeployer: null,
    edges: {},
    hardpoints: [],
    cp: startingCp(options),
    used: { A: { chained: false, handler: false }, B: { chained: false, handler: false } },
    units,
    unitOrder,
    models,
    smoke: [],
    activation: null,
    pending: null,
    window: null,
    score: { A: 0, B: 0 },
    scoreLog: [],
    serial: 0,
    burn: { hands: { A: [], B: [] }, primed: null },
    special: options.special ?? null,
    ...(options.burnWindows === 'always' ? { secretHands: true as const } : {}),
    dusterArmoury: options.data.dusterArmoury ?? [],
    drills: Object.fromEntries(
      SIDES.map((p) => options.groups[p].faction).map((f) => [
        f,
        options.data.factions.find((x) => x.id === f)?.battleDrills ?? [],
      ]),
    ),
    armouries: Object.fromEntries(
      SIDES.map((p) => options.groups[p].faction).map((f) => [
        f,
        options.data.factions.find((x) => x.id === f)?.armoury ?? [],
      ]),
    ),
  };
}
