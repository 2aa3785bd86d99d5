/**
 * Words for the table: what each legal action means in a sentence (a shot with its cover verdict
 * and dice), and which actions need a point on the table (a move, a deployment, a hardpoint), so a
 * player can pick the spot instead of choosing from a sample. Pure: state and Queries in, text out.
 */
import type { Queries } from '../engine/queries';
import type { TableMarker, TablePick } from '../engine/types';
import { edgeWords } from '../engine/words';
import { DEPLOY_DEPTH } from './setup';
import type { BlkoutAction } from './actions';
import { shotDice } from './combat';
import { hasRule, ruleX } from './data';
import { inRearArc, layoutOf, type BlkoutState, type BurnCard, type ModelState } from './game';
import { BURN_NAMES } from './burn';
import { armouryWeapon } from './armoury';
import { DOME_REACH, HARDPOINT_RADIUS, SCRAMBLE_REACH, SPECIAL_NAMES } from './special';
import { raisedMove, situation, sprintAllowance } from './situation';

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
  label: string;
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
): { label: string; allowance: number | null } {
  const name = m?.name ?? '';
  switch (type) {
    case 'blast': {
      const w = m!.weapons[weapon ?? 0]!;
      return {
        label: `${name}: fire ${w.name} (click the spot for the HE marker; ${ruleX(w.rules, 'Blast')}" blast)`,
        allowance: null,
      };
    }
    case 'place-hardpoint':
      return { label: 'Place a hardpoint (more than 4" from the edges and the other hardpoints)', allowance: null };
    case 'deploy':
      return { label: `Deploy ${name} (within 4" of your edge)`, allowance: null };
    case 'move':
      return {
        label: m!.pos ? `Move ${name} (up to ${m!.move}")` : `Enter ${name} from your edge (up to ${m!.move}")`,
        allowance: m!.pos ? m!.move : null,
      };
    case 'lean-out':
      return { label: `Lean out ${name} (beside its base, half its Move)`, allowance: null };
    case 'phase-out':
      return { label: `Phase Out: place ${name} within 2"`, allowance: null };
    case 'drill':
      return { label: 'Battle drill with a smoke token (1 CP): click where the token goes', allowance: null };
    case 'pre-move':
      return { label: `Switchback: move ${name} up to 2"`, allowance: 2 };
    case 'end-move':
      return {
        label:
          s.activation?.drill === 'close-assault'
            ? `Close Assault: move ${name} up to 2" into contact`
            : `Peel Back: move ${name} up to 2"`,
        allowance: 2,
      };
    case 'armoury':
      return {
        label: `${name}: armoury smoke (click within reach for the token; marks a combat load)`,
        allowance: null,
      };
    case 'drone-swarm':
      return {
        label: `${name}: call a drone swarm from the hardpoint (click anywhere for the marker; 2")`,
        allowance: null,
      };
    case 'jump': {
      const reach = ruleX(m!.rules, 'Jump');
      return { label: `Jump ${name} (up to ${reach}" across and ${reach}" up or down)`, allowance: null };
    }
    case 'sprint':
      return { label: `Sprint ${name} (up to ${sprintAllowance(s, m!)}")`, allowance: sprintAllowance(s, m!) };
    case 'sprint-lean': {
      const reach = sprintAllowance(s, m!) - raisedMove(s, m!) / 2;
      return {
        label: `Sprint ${name} and lean out (up to ${reach}", then its marker beside the base)`,
        allowance: reach,
      };
    }
    case 'juke-move':
      return { label: `Juke ${name} (up to ${m!.move / 2}")`, allowance: m!.move / 2 };
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
    const base = pickLabel(s, type, model ? s.models[model]! : null, weapon);
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
      ...(drill
        ? { label: `Battle drill ${drill.name} for ${s.units[unit!]!.name} (1 CP): click where its smoke token goes` }
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
export function describeAction(s: BlkoutState, q: Queries, a: BlkoutAction | { type: 'pass' }): string {
  const name = (id: unknown) => (typeof id === 'string' ? (s.models[id]?.name ?? s.units[id]?.name ?? id) : '?');
  switch (a.type) {
    case 'pass':
      return s.paused
        ? `Take the damage (no card)`
        : s.pending?.kind === 'juke-move'
          ? 'Stay put (no juke move)'
          : 'Pass (no reaction)';
    case 'choose-edge':
      return `Deploy on ${edgeWords(a.edge)}`;
    case 'hold-back':
      return `Hold back ${name(a.unit)} to infiltrate from your edge`;
    case 'activate':
      return `Activate ${name(a.unit)}`;
    case 'chain':
      return `Chain into ${name(a.unit)} (1 CP)`;
    case 'controller':
      return `Controller: activate ${name(a.unit)} (free)`;
    case 'handler-again':
      return 'Activate the Handler again (1 CP)';
    case 'end-turn':
      return 'End the turn';
    case 'end-reposition':
      return 'Done repositioning: to actions';
    case 'end-activation':
      return 'End the activation';
    case 'end-auto':
      return 'No more Auto shots';
    case 'burn': {
      const card = a.card as BurnCard;
      const drill = a.drill
        ? (s.drills?.[s.units[a.unit ?? '']?.faction ?? ''] ?? []).find((d) => d.id === a.drill)?.name
        : undefined;
      return `Play ${BURN_NAMES[card] ?? a.card}${a.unit ? ` on ${name(a.unit)}` : ''}: ${BURN_EFFECTS[card] ?? ''}${drill ? `, with the battle drill ${drill} free` : ''}`;
    }
    case 'auto-shot': {
      const auto = s.activation?.auto;
      const shooter = s.models[a.model]!;
      const w = shooter.weapons[auto?.weapon ?? 0]!;
      q.arrange(layoutOf(s));
      const sit = situation(s, q, a.model, a.target, false, false);
      return `${shooter.name}: Auto shot at ${name(a.target)} with ${w.name}: ${sit.cover === 'none' ? 'no cover' : `${sit.cover} cover`}, ${shotDice(shooter, w, sit)}D10 (no reactions)`;
    }
    case 'ready':
      return a.to && a.to !== a.model
        ? `${name(a.model)} (Team Leader): give a Ready token to ${name(a.to)}`
        : `${name(a.model)}: take a Ready token`;
    case 'drill': {
      const d = (s.drills?.[s.units[a.unit]?.faction ?? ''] ?? []).find((x) => x.id === a.drill);
      return `Battle drill ${d?.name ?? a.drill} for ${name(a.unit)} (1 CP): ${d?.text ?? ''}`;
    }
    case 'armoury': {
      const m = s.models[a.model]!;
      const item = (s.armouries?.[s.units[m.unit]!.faction ?? ''] ?? []).find((i) => i.id === a.item);
      const what = item?.weapon
        ? ` (${item.weapon.range[0] ? `${item.weapon.range[0]}-` : ''}${item.weapon.range[1]}" / ${item.weapon.damage}${item.weapon.rules.length ? `, ${item.weapon.rules.join(', ')}` : ''})`
        : item?.rules
          ? ` (${item.rules.join(', ')})`
          : '';
      return `${m.name}: take ${item?.name ?? a.item}${what} from the armoury (marks a combat load)`;
    }
    case 'sidewinder':
      return `${name(a.model)}: Sidewinder check to pin ${name(a.target)} (${ruleX(s.models[a.model]!.rules, 'Sidewinder') - (s.models[a.model]!.checks ?? 0)} box(es) left)`;
    case 'hold':
      return `${name(a.model)}: no action`;
    case 'data-attack':
      return `${name(a.model)}: data attack on ${name(a.target)}`;
    case 'counter-ewar':
      return `${name(a.model)}: Counter EWAR`;
    case 'juke':
      return `${name(a.model)}: Juke (one fewer die against it, then move up to half)`;
    case 'shoot':
    case 'overwatch':
    case 'return-fire': {
      const shooter = s.models[a.model]!;
      const target =
        a.type === 'shoot'
          ? a.target
          : s.pending && 'shooter' in s.pending && s.pending.kind === 'shot'
            ? a.type === 'return-fire'
              ? s.pending.shooter
              : s.pending.target
            : s.pending?.kind === 'blast'
              ? s.pending.shooter
              : s.pending?.kind === 'overwatch'
                ? s.pending.target
                : '';
      // A reaction with an armoury weapon names the item: the weapon is added when the load is marked.
      const item =
        a.type !== 'shoot' && a.item
          ? (s.armouries?.[s.units[shooter.unit]!.faction ?? ''] ?? []).find((i) => i.id === a.item)
          : undefined;
      const w = shooter.weapons[a.weapon] ?? (item ? armouryWeapon(item) : null);
      if (!w) return `${shooter.name}: ${a.type}`;
      const verb = a.type === 'shoot' ? 'shoots' : a.type === 'overwatch' ? 'overwatches' : 'returns fire at';
      // The armoury note goes after the weapon it is about ("with Air Burst Rifle (armoury, ...)").
      const weapon = `${w.name}${item ? ' (armoury, marks a combat load)' : ''}`;
      if (!target || !s.models[target]) return `${shooter.name} ${verb} with ${weapon}`;
      q.arrange(layoutOf(s));
      const mobility = a.type === 'shoot' && a.track === 'mobility';
      const sit0 = situation(s, q, a.model, target, a.type !== 'shoot', false);
      const sit = mobility ? { ...sit0, oneDie: true } : sit0;
      const dice = shotDice(shooter, w, sit);
      const cover = sit.cover === 'none' ? 'no cover' : `${sit.cover} cover`;
      const t = s.models[target]!;
      const rear = shooter.pos && inRearArc(t, shooter.pos) ? ', rear arc +1 damage' : '';
      return `${shooter.name} ${verb} ${name(target)}${mobility ? "'s mobility (Hard)" : ''} with ${weapon}: ${cover} (${sit.verdict.reason}), ${dice}D10${rear}`;
    }
    default:
      return needsPoint(a)
        ? pickLabel(
            s,
            a.type as PickType,
            'model' in a ? (s.models[a.model as string] ?? null) : null,
            'weapon' in a ? (a.weapon as number) : null,
          ).label
        : a.type;
  }
}

/** What each card does, in a few words. */
export const BURN_EFFECTS: Record<BurnCard, string> = {
  amped: 'its weapons deal +1 damage this activation',
  'phase-out': 'its models may be placed within 2" before it activates',
  'blade-runner': 'the unit moves 2" further and straight past obstacles',
  extras: 'unmark all its combat loads',
  rewind: 'it activates at once, for free',
  juiced: 'a model ignores the damage it takes',
  'personal-shielding': '2 more armour dice this activation',
  'perimeter-defense': 'the activating unit is Pinned',
};

/** A short line for the status bar: round, phase, who decides. */
export function phaseLine(s: BlkoutState): string {
  switch (s.phase) {
    case 'hardpoints':
      return `Set-up: ${s.turn} places a hardpoint (${s.hardpoints.length} of 2)`;
    case 'edge':
      return `Set-up: ${s.turn} won the deployment roll and picks an edge`;
    case 'deploy':
      return `Deployment: ${s.turn} deploys`;
    case 'execution': {
      const a = s.activation;
      const what = a
        ? `${s.units[a.unit]!.name} ${a.stage === 'reposition' ? 'repositions' : a.stage === 'actions' ? 'acts' : 'has finished'}`
        : `${s.turn} activates a unit`;
      return `Round ${s.round} of 5: ${what}`;
    }
    case 'over':
      return `Game over after round ${s.round}`;
  }
}

/** Hardpoints, the deployment strips while deploying, and each model's Ready/Engaged/Pinned tokens. */
export function tableMarkers(s: BlkoutState): TableMarker[] {
  // Hardpoints, with the reach of the special rule in play drawn around them.
  const reach = s.special === 'dome-shields' ? DOME_REACH : s.special === 'scrambling' ? SCRAMBLE_REACH : undefined;
  const out: TableMarker[] = s.hardpoints.map((h) => ({
    id: h.id,
    kind: 'objective',
    label: s.special ? `HP · ${SPECIAL_NAMES[s.special]}` : 'HP',
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
        label: `${player} deploys here`,
        at: [(rect[0] + rect[2]) / 2, 0, (rect[1] + rect[3]) / 2],
        side: player,
        rect,
      });
    }
  }
  for (const m of Object.values(s.models)) {
    if (!m.pos || m.destroyed) continue;
    const tokens = [
      m.ready && 'R',
      m.engaged && 'E',
      s.units[m.unit]!.pinned && 'P',
      s.units[m.unit]!.activated && 'A',
    ].filter((t): t is string => typeof t === 'string');
    if (tokens.length)
      out.push({ id: `tokens-${m.id}`, kind: 'token', label: tokens.join(' '), at: m.pos, side: m.player });
  }
  return out;
}
