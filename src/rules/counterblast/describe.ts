/**
 * Words for the table: what each legal Counterblast action means in a sentence (a shot with its
 * pool, Difficulty and cover), which actions need a point on the table (deploy, move, the Rush's
 * move, an Action-roll), the status line, and the markers (objectives, Evac Points, deployment
 * strips, condition tokens). Pure: state and Queries in, text out.
 */
import type { Queries } from '../engine/queries';
import { assertNever, type TableMarker, type TablePick } from '../engine/types';
import { compass } from '../engine/words';
import type { CbAction } from './actions';
import { attackOdds } from './attacks';
import { DEPLOY_DEPTH } from './deploy';
import { TURNS } from './turn';
import { CONDITION_NAMES } from './conditions';
import { OBJECTIVE_RANGE, onTable, PLAYERS, type CbModel, type CbState } from './game';

/** Action types whose destination the player clicks on the table. */
export const PICK_TYPES = ['deploy', 'move', 'rush-move', 'action-roll', 'jump', 'throw'] as const;
/** One of them. */
export type PickType = (typeof PICK_TYPES)[number];

/** A point-on-the-table choice; a Move may end Prone. */
export interface Pick extends TablePick {
  type: PickType;
  prone?: boolean;
  /** Jump and Throw: where the direction is measured from (the jumper, or the thrown model), [x, z]. */
  from?: [number, number];
  /** Throw: the model thrown. */
  target?: string;
}

const isPick = (t: string): t is PickType => (PICK_TYPES as readonly string[]).includes(t);

/** Whether an action needs a point on the table (a Jump or Throw: a direction, clicked). */
export const needsPoint = (a: { type: string }): boolean => isPick(a.type);

/** Builds the action a click at (x, y, z) makes for a pick. */
export function pickAction(p: Pick, x: number, y: number, z: number): CbAction {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  if (p.type === 'jump' || p.type === 'throw') {
    // The direction from the model to the click, in whole degrees (0 = +x, 90 = +z).
    const [fx, fz] = p.from ?? [x, z];
    const directionDeg = (Math.round((Math.atan2(z - fz, x - fx) * 180) / Math.PI) + 360) % 360;
    return p.type === 'jump'
      ? { type: 'jump', model: p.model!, directionDeg }
      : { type: 'throw', model: p.model!, target: p.target!, directionDeg };
  }
  return { type: p.type, model: p.model!, x: r(x), y: r(y), z: r(z), ...(p.prone ? { prone: true } : {}) } as CbAction;
}

/** The point choices among the legal actions: one per model and kind (a Move also offered ending Prone). */
export function picksOf(s: CbState, legal: readonly { type: string; model?: unknown }[]): Pick[] {
  const out: Pick[] = [];
  const seen = new Set<string>();
  for (const a of legal as readonly { type: string; model?: unknown; target?: unknown }[]) {
    const key = `${a.type}:${String(a.model)}:${String(a.target ?? '')}`;
    if (!isPick(a.type) || typeof a.model !== 'string' || seen.has(key)) continue;
    seen.add(key);
    const m = s.models[a.model]!;
    const name = m.card.name;
    switch (a.type) {
      case 'deploy':
        out.push({
          type: 'deploy',
          model: m.id,
          label: `Deploy ${name} (within ${DEPLOY_DEPTH}" of your edge)`,
          allowance: null,
        });
        break;
      case 'move':
        out.push({ type: 'move', model: m.id, label: `Move ${name} (up to ${m.card.move}")`, allowance: m.card.move });
        out.push({
          type: 'move',
          model: m.id,
          prone: true,
          label: `Move ${name} and go Prone`,
          allowance: m.card.move,
        });
        break;
      case 'rush-move': {
        const allowance = s.activation?.rush?.allowance ?? 0;
        const verb = s.activation?.rush?.kind === 'move' ? 'Move' : 'Rush';
        out.push({
          type: 'rush-move',
          model: m.id,
          label: `${verb} ${name} (up to the ${allowance}" rolled)`,
          allowance,
        });
        break;
      }
      case 'jump':
        out.push({
          type: 'jump',
          model: m.id,
          from: [m.pos![0], m.pos![2]],
          label: `Jump ${name}: click the direction (a d5 straight; Spends it)`,
          allowance: null,
        });
        break;
      case 'throw': {
        const t = s.models[a.target as string]!;
        out.push({
          type: 'throw',
          model: m.id,
          target: t.id,
          from: [t.pos![0], t.pos![2]],
          label: `${name} throws ${t.card.name}: click the direction (Grit; Spends it)`,
          allowance: null,
        });
        break;
      }
      case 'action-roll':
        out.push({
          type: 'action-roll',
          model: m.id,
          label: `Action-roll: move ${name} out of the way (1 Moxie; up to ${m.card.move}", then Stunned)`,
          allowance: m.card.move,
        });
        break;
    }
  }
  return out;
}

/** A direction in words (0 = +x, east; 90 = +z, south, towards A's edge and the player). */
export { compass };

/** A model's name (card names are numbered at set-up when a crew has several alike). */
const nameOf = (s: CbState, id: unknown): string => (typeof id === 'string' ? (s.models[id]?.card.name ?? id) : '?');

/** An attack's pool and odds in words: "4D Zap against 7+, light cover (+1D Defense), 1 damage per success". */
function odds(
  s: CbState,
  q: Queries,
  kind: 'shoot' | 'strike',
  attacker: string,
  weapon: number,
  target: string,
  aim = 0,
): string {
  const o = attackOdds(s, q, { kind, attacker, weapon, target, aim });
  const cover =
    kind === 'shoot' ? (o.cover === 'none' ? ', no cover' : `, ${o.cover} cover (+${o.coverDice}D Defense)`) : '';
  const seen =
    kind === 'shoot' && o.obscured
      ? o.eyeSeesNone
        ? ", Obscured (hidden from the eye, seen from the base's edge)"
        : ', Obscured'
      : '';
  return `${o.dice}D ${kind === 'shoot' ? 'Zap' : 'Grit'} against ${o.difficulty}+${cover}${seen}, ${o.damage} damage per success, ${Math.round(o.distance * 10) / 10}"`;
}

/** A legal action (or a pass) in a sentence. */
export function describeAction(s: CbState, q: Queries, a: CbAction | { type: 'pass' }): string {
  const name = (id: unknown) => nameOf(s, id);
  const weapon = (id: unknown, kind: 'shooting' | 'striking', i: unknown) =>
    s.models[id as string]?.card[kind][i as number]?.name ?? 'weapon';
  switch (a.type) {
    case 'pass':
      return s.window ? 'No reaction' : 'Pass';
    case 'activate':
      return `Activate ${name(a.model)} (1 Moxie, two actions)`;
    case 'activate-group':
      return `Group: ${name(a.hero)} with ${a.lackeys.map(name).join(' and ')} (2 Moxie)`;
    case 'pass-turn':
      return 'Pass for the rest of the turn';
    case 'end-activation':
      return 'End the activation';
    case 'buy-action':
      return `${name(a.model)}: buy an extra action (1 Moxie)`;
    case 'elect':
      return a.model ? `Elect ${name(a.model)} the new leader (1 Moxie)` : 'Elect no new leader';
    case 'calm':
      return a.amount === 0
        ? 'Spend no Moxie on dread'
        : `The leader spends ${a.amount} Moxie: dread ${s.dread[s.upkeepTurn ?? 'A']} -> ${s.dread[s.upkeepTurn ?? 'A'] - a.amount}`;
    case 'shoot':
    case 'strike':
      if (Array.isArray(a.split)) {
        const kind = a.type === 'shoot' ? 'shooting' : 'striking';
        const parts = a.split.map((x) => `${x.dice}D at ${name(x.target)}`).join(', ');
        return `${name(a.model)} splits its ${a.type === 'shoot' ? 'Zap' : 'Grit'} with ${weapon(a.model, kind, a.weapon)}: ${parts}`;
      }
      if (a.type === 'strike')
        return `${name(a.model)} strikes ${name(a.target)} with ${weapon(a.model, 'striking', a.weapon)}: ${odds(s, q, 'strike', a.model, a.weapon, a.target)}`;
      return `${name(a.model)} shoots ${name(a.target)} with ${weapon(a.model, 'shooting', a.weapon)}: ${odds(s, q, 'shoot', a.model, a.weapon, a.target, s.activation?.aim[a.model] ?? 0)}`;
    case 'return-fire':
    case 'counterstrike': {
      const att = s.pending?.kind === 'attack' ? s.pending.attack.attacker : '';
      const kind = a.type === 'return-fire' ? 'shoot' : 'strike';
      return `${a.type === 'return-fire' ? 'Return-fire' : 'Counterstrike'} (1 Moxie, then Stunned): ${name(a.model)} with ${weapon(a.model, kind === 'shoot' ? 'shooting' : 'striking', a.weapon)} at ${name(att)}: ${odds(s, q, kind, a.model, a.weapon, att)}`;
    }
    case 'snapshot':
      return `Snapshot (1 Moxie, then Stunned): ${name(a.model)} shoots ${name(a.target)} with ${weapon(a.model, 'shooting', a.weapon)}: ${odds(s, q, 'shoot', a.model, a.weapon, a.target)}`;
    case 'parry':
      return `Parry (1 Moxie, then Stunned): ${name(a.model)} adds its Grit to its Defense`;
    case 'aim':
      return `${name(a.model)} aims (-1 Difficulty on its next shot)`;
    case 'rush':
      return `${name(a.model)} rushes (roll a d10 for inches; Spends it)`;
    case 'jump':
      return `${name(a.model)} jumps ${compass(a.directionDeg)} (a d5 in a straight line; Spends it)`;
    case 'throw':
      return `${name(a.model)} throws ${name(a.target)} ${compass(a.directionDeg)}`;
    case 'move-roll':
      return `${name(a.model)} moves Half-blind (roll a d5 for inches)`;
    case 'stand-up':
      return `${name(a.model)} stands up (its Move)`;
    case 'recover':
      return `${name(a.model)} recovers (clears Stunned; Spends it)`;
    case 'rally':
      return `${name(a.model)} rallies (Knack against 7+: 2+ clears Panic, a failure runs for the Evac Point)`;
    case 'treat':
      return a.heal
        ? `${name(a.model)} heals ${name(a.target)} with a medkit (Knack against 7+: a token off per success)`
        : `${name(a.model)} treats ${name(a.target)} (stabilizes it)`;
    case 'engineer':
      return a.heal
        ? `${name(a.model)} repairs ${name(a.target)} with a toolkit (Knack against 7+: a token off per success)`
        : `${name(a.model)} repairs ${name(a.target)} (stabilizes it)`;
    case 'psi-strike':
    case 'psi-craft': {
      const e = s.models[a.model]?.card.enigmas?.[a.enigma];
      const psi = s.models[a.model]?.card.psi ?? 0;
      if (!e) return a.type;
      return e.kind === 'strike'
        ? `${name(a.model)} Psi Strike: ${e.name} at ${name(a.target)} (${psi}D Psi against 7+, ${e.damage} damage per success${e.inflicts ? `, ${CONDITION_NAMES[e.inflicts]}` : ''})`
        : `${name(a.model)} Psi Craft: ${e.name} on ${name(a.target)} (${psi}D Psi against 7+: ${e.effect === 'heal' ? 'a token off per success' : 'clears a condition'})`;
    }
    case 'pursuit':
      return `Pursuit (1 Moxie, then Stunned): ${name(a.model)} goes after ${name(s.pending?.kind === 'snapshot' ? s.pending.mover : '')}`;
    case 'disperse':
      return `Disperse (1 Moxie, then Stunned): ${name(a.model)} rolls Psi against it`;
    case 'hack':
      return `${name(a.model)} scans ${name(a.target)} to Mark it (Knack against 7+; Zap at it 1 easier until Upkeep)`;
    case 'boost':
      return `${name(a.model)} boosts ${name(a.friend)} (+1D Knack on its Engineer, Treat or Hack)`;
    case 'do-nothing':
      return `${name(a.model)} does nothing this step`;
    case 'aim-assist':
      return `${name(a.model)} aim-assists ${name(a.friend)} (+1D to its Zap)`;
    case 'dog-pile':
      return `${name(a.model)} dog-piles ${name(a.target)} (+1D to the group's Grit against it)`;
    case 'deploy':
    case 'move':
    case 'rush-move':
    case 'action-roll':
      return `${a.type} ${name(a.model)}`;
    default:
      return assertNever(a);
  }
}

/** A short line for the status bar: turn, phase, who decides. */
export function phaseLine(s: CbState): string {
  switch (s.phase) {
    case 'deploy': {
      const next = Object.values(s.models).find((m) => m.player === s.deployTurn && !m.pos && !m.casualty);
      return `Deployment: ${s.deployTurn} deploys ${next?.card.name ?? 'a model'}`;
    }
    case 'moxie':
      return `Turn ${s.turn} of ${TURNS}, Moxie phase: ${s.electTurn} may elect a new leader`;
    case 'upkeep':
      return `Turn ${s.turn} of ${TURNS}, Upkeep: ${s.upkeepTurn}'s leader may spend Moxie on dread`;
    case 'activation': {
      if (s.window) return `Turn ${s.turn} of ${TURNS}: ${s.window.player} may react`;
      const a = s.activation;
      if (a) {
        const who = a.models.map((id) => `${nameOf(s, id)} (${a.actions[id]?.left ?? 0} left)`).join(', ');
        return `Turn ${s.turn} of ${TURNS}: ${a.player} acts with ${who}`;
      }
      return `Turn ${s.turn} of ${TURNS}: ${s.active} is Active and activates a model`;
    }
    case 'over':
      return `Battle over after turn ${s.turn}`;
  }
}

/** A model's condition tokens: Down (Stable), Prone, Stunned, Panic, Spent, the inflicted conditions, and its damage tokens. */
export function conditionTokens(m: CbModel): string[] {
  const flags = [
    m.down && (m.stable ? 'Down·Stable' : 'Down'),
    !m.down && m.prone && 'Prone',
    m.stunned && 'Stunned',
    m.panicked && 'Panic',
    m.spent && 'Spent',
  ];
  return [...flags, ...(m.conditions ?? []).map((c) => CONDITION_NAMES[c]), m.damage > 0 && `${m.damage} dmg`].filter(
    (t): t is string => typeof t === 'string',
  );
}

/** Objectives (with their reach), Evac Points, the deployment strips while deploying, and each model's condition tokens. */
export function tableMarkers(s: CbState): TableMarker[] {
  const out: TableMarker[] = s.mission.objectives.map((o, i) => ({
    id: o.id,
    kind: 'objective',
    label: `Objective ${i + 1}`,
    at: [o.x, 0, o.z],
    side: null,
    radius: OBJECTIVE_RANGE,
  }));
  for (const p of PLAYERS) {
    const [x, z] = s.mission.evac[p];
    out.push({ id: `evac-${p}`, kind: 'objective', label: `Evac ${p}`, at: [x, 0, z], side: p });
  }
  if (s.phase === 'deploy') {
    const { width: w, depth: d } = s.table;
    // A's strip along the south edge (nearest the player), B's along the north.
    out.push({
      id: 'zone-A',
      kind: 'zone',
      label: 'A deploys here',
      at: [w / 2, 0, d - DEPLOY_DEPTH / 2],
      side: 'A',
      rect: [0, d - DEPLOY_DEPTH, w, d],
    });
    out.push({
      id: 'zone-B',
      kind: 'zone',
      label: 'B deploys here',
      at: [w / 2, 0, DEPLOY_DEPTH / 2],
      side: 'B',
      rect: [0, 0, w, DEPLOY_DEPTH],
    });
  }
  for (const m of Object.values(s.models)) {
    if (!onTable(m)) continue;
    const tokens = conditionTokens(m);
    if (tokens.length)
      out.push({ id: `tokens-${m.id}`, kind: 'token', label: tokens.join(' '), at: m.pos!, side: m.player });
  }
  return out;
}

/** The actions a model may take in an activation, in menu order, with their names. */
const MENU: [string, string][] = [
  ['move', 'Move'],
  ['rush', 'Rush'],
  ['jump', 'Jump'],
  ['aim', 'Aim'],
  ['shoot', 'Shoot'],
  ['strike', 'Strike'],
  ['throw', 'Throw'],
  ['psi-strike', 'Psi Strike'],
  ['psi-craft', 'Psi Craft'],
  ['treat', 'Treat'],
  ['engineer', 'Engineer'],
  ['hack', 'Hack'],
  ['recover', 'Recover'],
  ['rally', 'Rally'],
  ['aim-assist', 'Aim-Assist'],
  ['dog-pile', 'Dog-pile'],
  ['boost', 'Boost'],
];
const TEAM = ['aim-assist', 'dog-pile', 'boost'];

/**
 * The actions an activated model cannot take now, each with the reason (the menu shows them
 * greyed): the Multitasking Rule, a condition, the group's step, or nothing to take it on.
 */
export function blockedActions(
  s: CbState,
  legal: readonly { type: string; model?: unknown }[],
): { label: string; reason: string }[] {
  const a = s.activation;
  if (!a || a.rush || s.window) return [];
  const out: { label: string; reason: string }[] = [];
  for (const id of a.models) {
    const m = s.models[id]!;
    const slot = a.actions[id];
    if (!onTable(m) || !slot || slot.left <= 0 || a.group?.done.includes(id)) continue;
    const offered = new Set(
      legal
        .filter((x) => x.model === id)
        .map((x) => (x.type === 'move-roll' || x.type === 'stand-up' ? 'move' : x.type)),
    );
    for (const [type, title] of MENU) {
      if (offered.has(type)) continue;
      if (TEAM.includes(type) && !a.group) continue;
      if (
        (type === 'psi-strike' || type === 'psi-craft') &&
        !(m.card.enigmas ?? []).some((e) => (e.kind === 'strike') === (type === 'psi-strike'))
      )
        continue;
      if (type === 'hack' && !(m.card.gear ?? []).includes('scanner')) continue;
      out.push({ label: `${m.card.name}: ${title}`, reason: whyNot(s, m, type, slot.used) });
    }
  }
  return out;
}

function whyNot(s: CbState, m: CbModel, type: string, used: readonly string[]): string {
  const chosen = s.activation?.group?.chosen;
  if (used.includes(type)) return `already used this activation (the Multitasking Rule)`;
  if ((m.conditions ?? []).includes('pinned')) return 'Pinned: Recover only';
  if (m.panicked && !used.includes('rally') && type !== 'rally') return 'Panicked: Rally first';
  if (chosen) return `the group is using ${chosen} in this step`;
  const half = (m.conditions ?? []).includes('half-blind');
  switch (type) {
    case 'rush':
      return half
        ? 'Half-blind: no Rush'
        : m.prone
          ? 'Prone: no Rush'
          : used.includes('jump')
            ? 'not after a Jump'
            : !used.includes('move')
              ? 'only after a Move'
              : 'no room to rush';
    case 'jump':
      return half
        ? 'Half-blind: no Jump'
        : m.prone
          ? 'Prone: no Jump'
          : used.includes('rush')
            ? 'not after a Rush'
            : 'no room to jump';
    case 'aim':
      return m.card.shooting.length === 0
        ? 'no shooting weapon'
        : used.includes('shoot')
          ? 'it has shot already'
          : 'nothing to aim at';
    case 'shoot':
      return m.card.shooting.length === 0
        ? 'no shooting weapon'
        : 'no enemy it may shoot: in range and sight, and neither it nor the target in close combat';
    case 'strike':
      return m.card.striking.length === 0 ? 'no striking weapon' : 'no enemy within Reach and in sight';
    case 'throw':
      return 'no smaller enemy within 1" and in sight';
    case 'recover':
      return 'neither Stunned nor Pinned';
    case 'rally':
      return 'not Panicked';
    case 'treat':
    case 'engineer':
      return `no friend to ${type === 'treat' ? 'treat' : 'repair'} within 1" (Down and unstable, or hurt with the right gear), or Engaged`;
    case 'psi-strike':
    case 'psi-craft':
      return type === 'psi-strike'
        ? "no enemy in sight within its enigmas' range"
        : 'no friend its enigmas can help, or Engaged';
    case 'hack':
      return 'no enemy in sight within 12", or Engaged';
    default:
      return 'no friend or enemy for it within reach';
  }
}
