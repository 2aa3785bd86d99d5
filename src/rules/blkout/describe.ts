/**
 * Words for the table: what each legal action means in a sentence (a shot with its cover verdict
 * and dice), and which actions need a point on the table (a move, a deployment, a hardpoint), so a
 * player can pick the spot instead of choosing from a sample. Pure: state and Queries in, text out.
 */
import { inch, msg, type Msg, type Text } from '../engine/message';
import type { Queries } from '../engine/queries';
import type { TableMarker, TablePick } from '../engine/types';
import { edgeOfWords } from '../engine/words';
import { DEPLOY_DEPTH } from './setup';
import type { BlkoutAction } from './actions';
import { shotDice } from './combat';
import { hasRule, ruleX } from './data';
import { inRearArc, type BlkoutState, type BurnCard, type ModelState } from './game';
import { BURN_NAMES } from './burn';
import { DOME_REACH, HARDPOINT_RADIUS, SCRAMBLE_REACH, SPECIAL_NAMES } from './special';
import { raisedMove, situation, sprintAllowance } from './situation';
import { coverWords } from './steps';
import { shotParts } from './odds';
import { pieceOf } from '../engine/kit';

/** Action types whose destination the player clicks on the table. */
export const PICK_TYPES = [
  'place-hardpoint',
  'deploy',
  'move',
  'jump',
  'lean-out',
  'phase-out',
  'sprint',
  'sprint-lean',
  'juke-move',
  'blast',
  'drone-swarm',
  'armoury',
  'drill',
  'pre-move',
  'end-move',
] as const;
/** One of them. */
export type PickType = (typeof PICK_TYPES)[number];

/** A point-on-the-table choice: the type, the model (none for a hardpoint), its label, and how far the model may go. */
export interface Pick extends TablePick {
  type: PickType;
  /** The weapon (an HE marker's Blast weapon), else null. */
  weapon: number | null;
  /** The hardpoint a drone swarm is called from, else null. */
  hardpoint?: string | null;
  /** The armoury item or battle drill (one that puts smoke on the table), else null. */
  item?: string | null;
  /** The unit (a battle drill), else null. */
  unit?: string | null;
  label: Text;
  /** The reach to preview, inches (null: no preview, e.g. a hardpoint or a deployment zone). */
  allowance: number | null;
}

const isPick = (t: string): t is PickType => (PICK_TYPES as readonly string[]).includes(t);

/** Whether an action needs a point on the table (an armoury item only when it places smoke). */
export const needsPoint = (a: { type: string; x?: unknown }): boolean =>
  a.type === 'armoury' || a.type === 'drill' ? a.x !== undefined : isPick(a.type);

/** Builds the action a click at (x, y, z) makes for a pick. */
export function pickAction(p: Pick, x: number, y: number, z: number): BlkoutAction {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  if (p.type === 'place-hardpoint') return { type: 'place-hardpoint', x: r(x), z: r(z) };
  if (p.type === 'drill') return { type: 'drill', unit: p.unit ?? '', drill: p.item ?? '', x: r(x), z: r(z) };
  if (p.type === 'armoury') return { type: 'armoury', model: p.model!, item: p.item ?? '', x: r(x), z: r(z) };
  if (p.type === 'drone-swarm')
    return { type: 'drone-swarm', model: p.model!, hardpoint: p.hardpoint ?? '', x: r(x), y: r(y), z: r(z) };
  if (p.type === 'blast') return { type: 'blast', model: p.model!, weapon: p.weapon ?? 0, x: r(x), y: r(y), z: r(z) };
  if (p.type === 'sprint-lean') return { type: 'sprint', model: p.model!, x: r(x), y: r(y), z: r(z), lean: true };
  return { type: p.type, model: p.model!, x: r(x), y: r(y), z: r(z) } as BlkoutAction;
}

function pickLabel(
  s: BlkoutState,
  type: PickType,
  m: ModelState | null,
  weapon: number | null,
): { label: Text; allowance: number | null } {
  const name = m?.name ?? '';
  switch (type) {
    case 'blast': {
      const w = m!.weapons[weapon ?? 0]!;
      return {
        label: msg('blkout:pick.blast', { name, weapon: w.name, blast: inch(ruleX(w.rules, 'Blast')) }),
        allowance: null,
      };
    }
    case 'place-hardpoint':
      return { label: msg('blkout:pick.hardpoint'), allowance: null };
    case 'deploy':
      return { label: msg('blkout:pick.deploy', { name }), allowance: null };
    case 'move':
      return {
        label: m!.pos
          ? msg('blkout:pick.move', { name, reach: inch(m!.move) })
          : msg('blkout:pick.enter', { name, reach: inch(m!.move) }),
        allowance: m!.pos ? m!.move : null,
      };
    case 'lean-out':
      return { label: msg('blkout:pick.leanOut', { name }), allowance: null };
    case 'phase-out':
      return { label: msg('blkout:pick.phaseOut', { name }), allowance: null };
    case 'drill':
      return { label: msg('blkout:pick.drill'), allowance: null };
    case 'pre-move':
      return { label: msg('blkout:pick.switchback', { name }), allowance: 2 };
    case 'end-move':
      return {
        label:
          s.activation?.drill === 'close-assault'
            ? msg('blkout:pick.closeAssault', { name })
            : msg('blkout:pick.peelBack', { name }),
        allowance: 2,
      };
    case 'armoury':
      return {
        label: msg('blkout:pick.armourySmoke', { name }),
        allowance: null,
      };
    case 'drone-swarm':
      return {
        label: msg('blkout:pick.droneSwarm', { name }),
        allowance: null,
      };
    case 'jump': {
      const reach = ruleX(m!.rules, 'Jump');
      return { label: msg('blkout:pick.jump', { name, reach: inch(reach) }), allowance: null };
    }
    case 'sprint':
      return {
        label: msg('blkout:pick.sprint', { name, reach: inch(sprintAllowance(s, m!)) }),
        allowance: sprintAllowance(s, m!),
      };
    case 'sprint-lean': {
      const reach = sprintAllowance(s, m!) - raisedMove(s, m!) / 2;
      return {
        label: msg('blkout:pick.sprintLean', { name, reach: inch(reach) }),
        allowance: reach,
      };
    }
    case 'juke-move':
      return { label: msg('blkout:pick.juke', { name, reach: inch(m!.move / 2) }), allowance: m!.move / 2 };
  }
}

/**
 * The point choices among the legal actions, one per (type, model): the sampled destinations stand
 * for "anywhere legal". Lean-outs are added for models that may still reposition, and a Sprint that
 * leans out for models that may sprint (the rules check the spot when it is clicked).
 */
export function picksOf(s: BlkoutState, legal: readonly { type: string }[]): Pick[] {
  const seen = new Set<string>();
  const out: Pick[] = [];
  const add = (
    type: PickType,
    model: string | null,
    weapon: number | null,
    hardpoint: string | null = null,
    item: string | null = null,
    unit: string | null = null,
  ) => {
    const key = `${type}:${model ?? ''}:${weapon ?? ''}:${hardpoint ?? ''}:${item ?? ''}:${unit ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    const base = pickLabel(s, type, model ? pieceOf(s.models, model) : null, weapon);
    const drill =
      type === 'drill' ? (s.drills?.[s.units[unit ?? '']?.faction ?? ''] ?? []).find((d) => d.id === item) : undefined;
    out.push({
      type,
      model,
      weapon,
      hardpoint,
      item,
      unit,
      ...base,
      ...(type === 'sprint-lean' ? { explicit: true } : {}),
      ...(drill
        ? { label: msg('blkout:pick.drillNamed', { drill: drill.name, unit: pieceOf(s.units, unit!, 'unit').name }) }
        : {}),
    });
  };
  for (const a of legal) {
    if (!needsPoint(a)) continue;
    const raw = a as {
      type: PickType;
      model?: unknown;
      weapon?: unknown;
      hardpoint?: unknown;
      item?: unknown;
      drill?: unknown;
      unit?: unknown;
    };
    const model = typeof raw.model === 'string' ? raw.model : null;
    const item = typeof raw.item === 'string' ? raw.item : typeof raw.drill === 'string' ? raw.drill : null;
    add(
      raw.type,
      model,
      typeof raw.weapon === 'number' ? raw.weapon : null,
      typeof raw.hardpoint === 'string' ? raw.hardpoint : null,
      item,
      typeof raw.unit === 'string' ? raw.unit : null,
    );
    const m = model ? s.models[model] : undefined;
    const leans = m?.pos && m.kind !== 'drone' && !hasRule(m.rules, 'Drone');
    if (a.type === 'move' && leans) add('lean-out', model, null);
    // A Sprint may end leaning out (the marker is the next pick).
    if (a.type === 'sprint' && leans) add('sprint-lean', model, null);
  }
  // A model that has moved up to half its Move in this Reposition may still lean out.
  const act = s.activation;
  if (act?.stage === 'reposition' && legal.some((a) => a.type === 'end-reposition'))
    for (const [id, moved] of Object.entries(act.moved)) {
      const m = s.models[id];
      if (!m?.pos || m.destroyed || m.leanOut || m.kind === 'drone' || hasRule(m.rules, 'Drone')) continue;
      if (moved <= raisedMove(s, m) / 2 + 1e-9) add('lean-out', id, null);
    }
  return out;
}

/** One sentence for an action that needs no point (a button's label). */
export function describeAction(s: BlkoutState, q: Queries, a: BlkoutAction | { type: 'pass' }): Text {
  const name = (id: unknown) => (typeof id === 'string' ? (s.models[id]?.name ?? s.units[id]?.name ?? id) : '?');
  switch (a.type) {
    case 'pass':
      return s.paused
        ? msg('blkout:choice.takeDamage')
        : s.pending?.kind === 'juke-move'
          ? msg('blkout:choice.stayPut')
          : s.secretHands && s.window?.options.length === 0
            ? msg('blkout:choice.passSecret')
            : msg('blkout:choice.pass');
    case 'choose-edge':
      return msg('blkout:choice.edge', { edge: edgeOfWords(a.edge) });
    case 'hold-back':
      return msg('blkout:choice.holdBack', { unit: name(a.unit) });
    case 'activate':
      return msg('blkout:choice.activate', { unit: name(a.unit) });
    case 'chain':
      return msg('blkout:choice.chain', { unit: name(a.unit) });
    case 'controller':
      return msg('blkout:choice.controller', { unit: name(a.unit) });
    case 'handler-again':
      return msg('blkout:choice.handlerAgain');
    case 'end-turn':
      return msg('blkout:choice.endTurn');
    case 'end-reposition':
      return msg('blkout:choice.endReposition');
    case 'end-activation':
      return msg('blkout:choice.endActivation');
    case 'end-auto':
      return msg('blkout:choice.endAuto');
    case 'burn': {
      const card = a.card as BurnCard;
      const drill = a.drill
        ? (s.drills?.[s.units[a.unit ?? '']?.faction ?? ''] ?? []).find((d) => d.id === a.drill)?.name
        : undefined;
      const effect = BURN_EFFECTS[card] ?? '';
      const cardName = BURN_NAMES[card] ?? a.card;
      if (a.unit && drill)
        return msg('blkout:choice.burnUnitDrill', { card: cardName, unit: name(a.unit), effect, drill });
      if (a.unit) return msg('blkout:choice.burnUnit', { card: cardName, unit: name(a.unit), effect });
      return msg('blkout:choice.burn', { card: cardName, effect });
    }
    case 'auto-shot': {
      const auto = s.activation?.auto;
      const shooter = pieceOf(s.models, a.model);
      const w = shooter.weapons[auto?.weapon ?? 0]!;
      const sit = situation(s, q, a.model, a.target, false, false);
      return msg('blkout:choice.autoShot', {
        name: shooter.name,
        target: name(a.target),
        weapon: w.name,
        cover: coverWords(sit.cover),
        dice: shotDice(shooter, w, sit),
      });
    }
    case 'ready':
      return a.to && a.to !== a.model
        ? msg('blkout:choice.giveReady', { name: name(a.model), to: name(a.to) })
        : msg('blkout:choice.ready', { name: name(a.model) });
    case 'drill': {
      const d = (s.drills?.[s.units[a.unit]?.faction ?? ''] ?? []).find((x) => x.id === a.drill);
      return msg('blkout:choice.drill', { drill: d?.name ?? a.drill, unit: name(a.unit), text: d?.text ?? '' });
    }
    case 'armoury': {
      const m = pieceOf(s.models, a.model);
      const item = (s.armouries?.[pieceOf(s.units, m.unit, 'unit').faction ?? ''] ?? []).find((i) => i.id === a.item);
      const what = item?.weapon
        ? ` (${item.weapon.range[0] ? `${item.weapon.range[0]}-` : ''}${item.weapon.range[1]}" / ${item.weapon.damage}${item.weapon.rules.length ? `, ${item.weapon.rules.join(', ')}` : ''})`
        : item?.rules
          ? ` (${item.rules.join(', ')})`
          : '';
      return msg('blkout:choice.armoury', { name: m.name, item: `${item?.name ?? a.item}${what}` });
    }
    case 'sidewinder':
      return msg('blkout:choice.sidewinder', {
        name: name(a.model),
        target: name(a.target),
        left: ruleX(pieceOf(s.models, a.model).rules, 'Sidewinder') - (pieceOf(s.models, a.model).checks ?? 0),
      });
    case 'hold':
      return msg('blkout:choice.hold', { name: name(a.model) });
    case 'data-attack':
      return msg('blkout:choice.dataAttack', { name: name(a.model), target: name(a.target) });
    case 'counter-ewar':
      return msg('blkout:choice.counterEwar', { name: name(a.model) });
    case 'juke':
      return msg('blkout:choice.juke', { name: name(a.model) });
    case 'shoot':
    case 'overwatch':
    case 'return-fire': {
      const { shooter, weapon: w, item, target } = shotParts(s, a);
      if (!w) return msg('blkout:choice.other', { name: shooter.name, type: a.type });
      const kind = SHOT_KINDS[a.type];
      // The armoury note goes after the weapon it is about ("with Air Burst Rifle (armoury, ...)").
      const weapon: Text = item ? msg('blkout:choice.armouryWeapon', { weapon: w.name }) : w.name;
      if (!target || !s.models[target]) return msg('blkout:choice.shotNoTarget', { name: shooter.name, kind, weapon });
      const mobility = a.type === 'shoot' && a.track === 'mobility';
      const sit0 = situation(s, q, a.model, target, a.type !== 'shoot', false);
      const sit = mobility ? { ...sit0, oneDie: true } : sit0;
      const dice = shotDice(shooter, w, sit);
      const t = pieceOf(s.models, target);
      const rear = shooter.pos && inRearArc(t, shooter.pos) ? 'yes' : 'no';
      return msg('blkout:choice.shot', {
        name: shooter.name,
        kind,
        target: name(target),
        mobility: mobility ? 'yes' : 'no',
        weapon,
        cover: coverWords(sit.cover),
        reason: sit.verdict.words,
        dice,
        rear,
      });
    }
    default:
      return needsPoint(a)
        ? pickLabel(
            s,
            a.type as PickType,
            'model' in a ? (s.models[a.model as string] ?? null) : null,
            'weapon' in a ? (a.weapon as number) : null,
          ).label
        : msg('blkout:choice.action', { type: a.type });
  }
}

/** Shoot, overwatch or return fire: the verb of a shot's choice. */
const SHOT_KINDS = { shoot: 'shoot', overwatch: 'overwatch', 'return-fire': 'return' } as const;

/** What each card does, in a few words. */
export const BURN_EFFECTS: Record<BurnCard, Msg> = {
  amped: msg('blkout:burn.effect.amped'),
  'phase-out': msg('blkout:burn.effect.phaseOut'),
  'blade-runner': msg('blkout:burn.effect.bladeRunner'),
  extras: msg('blkout:burn.effect.extras'),
  rewind: msg('blkout:burn.effect.rewind'),
  juiced: msg('blkout:burn.effect.juiced'),
  'personal-shielding': msg('blkout:burn.effect.personalShielding'),
  'perimeter-defense': msg('blkout:burn.effect.perimeterDefense'),
};

/** A short line for the status bar: round, phase, who decides. */
export function phaseLine(s: BlkoutState): Text {
  switch (s.phase) {
    case 'hardpoints':
      return msg('blkout:phase.hardpoints', { player: s.turn, n: s.hardpoints.length });
    case 'edge':
      return msg('blkout:phase.edge', { player: s.turn });
    case 'deploy':
      return msg('blkout:phase.deploy', { player: s.turn });
    case 'execution': {
      const a = s.activation;
      const what = a
        ? a.stage === 'reposition'
          ? msg('blkout:phase.repositions', { unit: pieceOf(s.units, a.unit, 'unit').name })
          : a.stage === 'actions'
            ? msg('blkout:phase.acts', { unit: pieceOf(s.units, a.unit, 'unit').name })
            : msg('blkout:phase.finished', { unit: pieceOf(s.units, a.unit, 'unit').name })
        : msg('blkout:phase.activates', { player: s.turn });
      return msg('blkout:phase.round', { round: s.round, what });
    }
    case 'over':
      return msg('blkout:phase.over', { round: s.round });
  }
}

/** Hardpoints, the deployment strips while deploying, and each model's Ready/Engaged/Pinned tokens. */
export function tableMarkers(s: BlkoutState): TableMarker[] {
  // Hardpoints, with the reach of the special rule in play drawn around them.
  const reach = s.special === 'dome-shields' ? DOME_REACH : s.special === 'scrambling' ? SCRAMBLE_REACH : undefined;
  const out: TableMarker[] = s.hardpoints.map((h) => ({
    id: h.id,
    kind: 'objective',
    label: s.special ? msg('blkout:marker.hpSpecial', { special: SPECIAL_NAMES[s.special] }) : msg('blkout:marker.hp'),
    at: [h.x, 0, h.z],
    side: null,
    ...(reach ? { radius: reach + HARDPOINT_RADIUS } : {}),
  }));
  if (s.phase === 'deploy') {
    for (const [player, edge] of Object.entries(s.edges)) {
      if (!edge) continue;
      const { width: w, depth: d } = s.table;
      const D = DEPLOY_DEPTH;
      const rect: [number, number, number, number] =
        edge === 'north'
          ? [0, 0, w, D]
          : edge === 'south'
            ? [0, d - D, w, d]
            : edge === 'west'
              ? [0, 0, D, d]
              : [w - D, 0, w, d];
      out.push({
        id: `zone-${player}`,
        kind: 'zone',
        label: msg('blkout:marker.zone', { player }),
        at: [(rect[0] + rect[2]) / 2, 0, (rect[1] + rect[3]) / 2],
        side: player,
        rect,
      });
    }
  }
  for (const m of Object.values(s.models)) {
    if (!m.pos || m.destroyed) continue;
    const tokens = [
      m.ready && msg('blkout:marker.ready'),
      m.engaged && msg('blkout:marker.engaged'),
      pieceOf(s.units, m.unit, 'unit').pinned && msg('blkout:marker.pinned'),
      pieceOf(s.units, m.unit, 'unit').activated && msg('blkout:marker.activated'),
    ].filter((t): t is Msg => typeof t === 'object');
    if (tokens.length)
      out.push({ id: `tokens-${m.id}`, kind: 'token', label: spaced(tokens), at: m.pos, side: m.player });
  }
  return out;
}

/** Token letters side by side ("R E P"). */
const spaced = (ts: readonly Msg[]): Msg =>
  ts.length === 1 ? ts[0]! : msg('blkout:marker.pair', { a: ts[0]!, b: spaced(ts.slice(1)) });
