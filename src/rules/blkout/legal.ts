/**
 * Legal actions. Positions are continuous, so moves, deployments, sprints and jukes are offered as
 * a sample of legal destinations (eight directions at full and half allowance, spots along the
 * deployment edge); apply accepts any legal position, not only these.
 */
import type { Queries, Table } from '../engine/queries';
import { hasRule, ruleX } from './data';
import type { BlkoutAction } from './actions';
import { activatable, afterChoices } from './round';
import { DEPLOY_DEPTH, HARDPOINT_GAP } from './setup';
import { fromEdge, leanSpots } from './steps';
import { sidewinderReaches } from './modelActions';
import {
  booneDataAttack,
  contactSpot,
  raisedMove,
  shieldRefusal,
  sightOf,
  sprintAllowance,
  weaponsAt,
} from './situation';
import { blastable, placeMarker } from './blast';
import { autoTargets } from './auto';
import { HARDPOINT_RADIUS, touchedHardpoints } from './special';
import { armouryChoices } from './armoury';
import { DRILL_MOVE, drillChoices } from './drills';
import { holds, inEffect, PHASE_OUT_REACH, primingChoices } from './burn';
import {
  aliveModels,
  layoutOf,
  onTable,
  radiusOf,
  type BlkoutState,
  type Edge,
  type ModelState,
  type Player,
  type Activation,
} from './game';
import { MARKER_25MM_RADIUS } from '../engine/units';
import { pieceOf } from '../engine/kit';

const DIRECTIONS = 8;

/** Spots `d` inches from the model in eight directions where it can stand and whose route is within `allowance`. */
export function moveCandidates(
  s: BlkoutState,
  q: Queries,
  m: ModelState,
  allowance: number,
  fractions: readonly number[] = [1, 0.5],
): [number, number, number][] {
  if (!m.pos) return entryCandidates(s, q, m, allowance);
  const out: [number, number, number][] = [];
  for (const f of fractions) {
    for (let k = 0; k < DIRECTIONS; k++) {
      const a = (2 * Math.PI * k) / DIRECTIONS;
      const d = allowance * f - 0.05;
      // Rounded first: the spot offered is the spot checked (a route can change with a thousandth of an inch).
      const x = round(m.pos[0] + Math.cos(a) * d),
        z = round(m.pos[2] + Math.sin(a) * d);
      const h = q.standHeight(m.baseMm, m.height, x, z, m.pos[1] + 0.25, m.id);
      if (h === null || shieldRefusal(s, m, [x, h, z])) continue;
      if (q.routeLength(m.id, [x, h, z], allowance) <= allowance) out.push([x, h, z]);
    }
  }
  return out;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** Jump (X) spots: eight directions at X and X/2, landing on the highest place within X up (or as far down as X). */
export function jumpCandidates(s: BlkoutState, q: Queries, m: ModelState): [number, number, number][] {
  const reach = ruleX(m.rules, 'Jump');
  if (reach <= 0 || !m.pos) return [];
  const out: [number, number, number][] = [];
  for (const f of [1, 0.5]) {
    for (let k = 0; k < DIRECTIONS; k++) {
      const a = (2 * Math.PI * k) / DIRECTIONS;
      const d = reach * f - 0.05;
      const x = round(m.pos[0] + Math.cos(a) * d),
        z = round(m.pos[2] + Math.sin(a) * d);
      const h = q.standHeight(m.baseMm, m.height, x, z, m.pos[1] + reach, m.id);
      if (h === null || Math.abs(h - m.pos[1]) > reach || shieldRefusal(s, m, [x, h, z])) continue;
      if (q.jumpBlocked(m.id, [x, h, z], reach) === null) out.push([x, h, z]);
    }
  }
  return out;
}

/** Points along a line parallel to an edge at a depth from it. */
function alongEdge(s: BlkoutState, edge: Edge, depth: number, step: number, margin: number): [number, number][] {
  const horizontal = edge === 'south' || edge === 'north';
  const length = horizontal ? s.table.width : s.table.depth;
  const pts: [number, number][] = [];
  for (let t = margin; t <= length - margin + 1e-9; t += step) {
    // North (z = 0) and west (x = 0) measure from 0; south and east from the far side.
    const c = edge === 'north' || edge === 'west' ? depth : (horizontal ? s.table.depth : s.table.width) - depth;
    pts.push(horizontal ? [t, c] : [c, t]);
  }
  return pts;
}

function entryCandidates(s: BlkoutState, q: Queries, m: ModelState, allowance: number): [number, number, number][] {
  const edge = s.edges[m.player]!;
  const r = radiusOf(m);
  const out: [number, number, number][] = [];
  for (const depth of [allowance - 0.05, allowance / 2]) {
    for (const [x, z] of alongEdge(s, edge, Math.max(r, depth), 4, 2)) {
      const h = q.standHeight(m.baseMm, m.height, x, z, 0.25, m.id);
      if (h !== null && !shieldRefusal(s, m, [x, h, z]) && fromEdge(s, edge, x, z) <= allowance) out.push([x, h, z]);
    }
  }
  return out;
}

/** Deployment spots for a model: along its edge, inside the 4" zone. */
export function deployCandidates(s: BlkoutState, q: Queries, m: ModelState): [number, number, number][] {
  const edge = s.edges[m.player]!;
  const r = radiusOf(m);
  const out: [number, number, number][] = [];
  for (const depth of [DEPLOY_DEPTH - r - 0.05, r + 0.6]) {
    for (const [x, z] of alongEdge(s, edge, depth, 1.5, 1.5)) {
      const h = q.standHeight(m.baseMm, m.height, x, z, 0.25, m.id);
      if (h !== null && !shieldRefusal(s, m, [x, h, z])) out.push([x, h, z]);
    }
  }
  return out;
}

/**
 * HE markers a model could place: for each Blast weapon, one spot touching each enemy infantry
 * model (drones too) on the side facing the shooter, kept when the marker is legal there.
 */
function blastCandidates(s: BlkoutState, q: Queries, m: ModelState, only?: number): BlkoutAction[] {
  const out: BlkoutAction[] = [];
  m.weapons.forEach((w, weapon) => {
    if (!hasRule(w.rules, 'Blast') || (only !== undefined && only !== weapon)) return;
    for (const t of Object.values(s.models)) {
      if (t.player === m.player || !onTable(t) || !blastable(t)) continue;
      const dx = m.pos![0] - t.pos![0],
        dz = m.pos![2] - t.pos![2];
      const len = Math.hypot(dx, dz) || 1;
      const gap = radiusOf(t) + MARKER_25MM_RADIUS + 0.05;
      const x = round(t.pos![0] + (dx / len) * gap),
        z = round(t.pos![2] + (dz / len) * gap);
      const at = placeMarker(s, q, m, weapon, x, t.pos![1], z);
      if (!('error' in at)) out.push({ type: 'blast', model: m.id, weapon, x, y: at[1], z });
    }
  });
  return out;
}

/** Legal hardpoint spots on a 3" grid. */
function hardpointCandidates(s: BlkoutState): BlkoutAction[] {
  const out: BlkoutAction[] = [];
  for (let x = 6; x <= s.table.width - 6 + 1e-9; x += 3) {
    for (let z = 6; z <= s.table.depth - 6 + 1e-9; z += 3) {
      if (s.hardpoints.some((h) => Math.hypot(h.x - x, h.z - z) - 2 * HARDPOINT_RADIUS <= HARDPOINT_GAP)) continue;
      out.push({ type: 'place-hardpoint', x, z });
    }
  }
  return out;
}

/** Every legal action for a player now, for a caller outside the engine: asks the table's view of `s`. */
export function legalActions(s: BlkoutState, player: Player, table: Table): BlkoutAction[] {
  return legalNow(s, player, table.at(layoutOf(s)));
}

/** Every legal action (positions sampled) for a player now, `q` the view of `s`. */
export function legalNow(s: BlkoutState, player: Player, q: Queries): BlkoutAction[] {
  if (s.phase === 'over') return [];
  if (s.window) {
    if (s.window.player !== player) return [];
    const p = s.pending;
    if (p?.kind === 'juke-move') {
      const m = pieceOf(s.models, p.model);
      return moveCandidates(s, q, m, raisedMove(s, m) / 2, [1]).map(([x, y, z]) => ({
        type: 'juke-move',
        model: m.id,
        x,
        y,
        z,
      }));
    }
    return s.window.options as BlkoutAction[];
  }
  if (s.turn !== player && !(s.activation?.player === player)) return [];
  switch (s.phase) {
    case 'hardpoints':
      return hardpointCandidates(s);
    case 'edge':
      return (['south', 'north', 'west', 'east'] as const).map((edge) => ({ type: 'choose-edge', edge }));
    case 'deploy': {
      const next = Object.values(s.models).find(
        (m) => m.player === player && !m.pos && !pieceOf(s.units, m.unit, 'unit').offTable,
      );
      if (!next) return [];
      const out: BlkoutAction[] = deployCandidates(s, q, next).map(([x, y, z]) => ({
        type: 'deploy',
        model: next.id,
        x,
        y,
        z,
      }));
      if (!Object.values(s.units).some((u) => u.player === player && u.offTable)) {
        for (const u of Object.values(s.units))
          if (u.player === player && u.models.every((id) => !pieceOf(s.models, id).pos))
            out.push({ type: 'hold-back', unit: u.id });
      }
      return out;
    }
    case 'execution':
      return executionActions(s, player, q);
  }
}

/**
 * One model's Reposition moves and Jumps (`q`: the view of `s`); what legal actions offer for it. Moves reach
 * the raised Move (Stims, Blade Runner), as `apply` allows.
 */
export function repositionMoves(
  s: BlkoutState,
  q: Queries,
  m: ModelState,
): Extract<BlkoutAction, { type: 'move' | 'jump' }>[] {
  return [
    ...moveCandidates(s, q, m, raisedMove(s, m)).map(([x, y, z]) => ({ type: 'move' as const, model: m.id, x, y, z })),
    ...jumpCandidates(s, q, m).map(([x, y, z]) => ({ type: 'jump' as const, model: m.id, x, y, z })),
  ];
}

/**
 * A Reposition's lean-outs for `m` ("이동한 뒤 이동력의 절반을 써서"): where its marker may go, while it
 * has not repositioned, or has moved at most half its raised Move and not leaned yet; never a drone.
 */
export function repositionLeans(
  s: BlkoutState,
  q: Queries,
  a: NonNullable<BlkoutState['activation']>,
  m: ModelState,
): Extract<BlkoutAction, { type: 'lean-out' }>[] {
  if (!m.pos || m.destroyed || m.leanOut || m.kind === 'drone' || hasRule(m.rules, 'Drone')) return [];
  const moved = a.moved[m.id];
  if (a.repositioned.includes(m.id) && (moved === undefined || moved > raisedMove(s, m) / 2 + 1e-9)) return [];
  return leanSpots(q, m).map(([x, y, z]) => ({ type: 'lean-out' as const, model: m.id, x, y, z }));
}

function executionActions(s: BlkoutState, player: Player, q: Queries): BlkoutAction[] {
  const a = s.activation;
  if (!a) {
    if (s.turn !== player) return [];
    const primed = s.burn.primed;
    const units = activatable(s, player).filter((u) => !primed || primed.unit === u);
    return [
      ...units.map((unit): BlkoutAction => ({ type: 'activate', unit })),
      ...primingChoices(s, player, units),
      ...drillChoices(s, player, units),
    ];
  }
  if (a.player !== player) return [];
  if (a.stage === 'after') return afterChoices(s);
  const out: BlkoutAction[] = [];
  const models = aliveModels(s, a.unit);
  if (a.stage === 'reposition') {
    for (const id of a.preMoves ?? []) {
      const m = pieceOf(s.models, id);
      for (const [x, y, z] of moveCandidates(s, q, m, DRILL_MOVE, [1]))
        out.push({ type: 'pre-move', model: id, x, y, z });
    }
    for (const id of a.phaseOut ?? []) {
      const m = pieceOf(s.models, id);
      for (const [x, y, z] of moveCandidates(s, q, m, PHASE_OUT_REACH, [1]))
        out.push({ type: 'phase-out', model: id, x, y, z });
    }
    if (holds(s, player, 'blade-runner') && !inEffect(s, 'blade-runner') && Object.keys(a.moved).length === 0)
      out.push({ type: 'burn', card: 'blade-runner' });
    out.push(...armouryChoices(s, player));
    // Small Unit Tactics: shots in Reposition for up to half the unit.
    if (a.drill === 'small-unit-tactics' && a.acted.length < Math.ceil(models.length / 2)) {
      for (const m of models) {
        if (a.repositioned.includes(m.id) || !onTable(m) || m.engaged) continue;
        for (const t of Object.values(s.models)) {
          if (t.player === player || !onTable(t)) continue;
          for (const w of weaponsAt(s, q, m.id, t.id))
            out.push({ type: 'shoot', model: m.id, weapon: w, target: t.id });
        }
      }
    }
    for (const m of models) if (!a.repositioned.includes(m.id)) out.push(...repositionMoves(s, q, m));
    for (const m of models) out.push(...repositionLeans(s, q, a, m));
    out.push({ type: 'end-reposition' });
    return out;
  }
  if (a.leaning) {
    // A Sprint that leans out is complete once its marker is placed.
    const m = pieceOf(s.models, a.leaning);
    return leanSpots(q, m).map(([x, y, z]): BlkoutAction => ({ type: 'lean-out', model: m.id, x, y, z }));
  }
  if (a.endMoves) {
    // Peel Back / Close Assault moves as the activation ends (Close Assault: into contact with an enemy).
    const out: BlkoutAction[] = [];
    for (const id of a.endMoves) {
      const m = pieceOf(s.models, id);
      if (a.drill === 'close-assault') {
        for (const e of Object.values(s.models)) {
          if (e.player === player || !onTable(e) || e.kind !== 'infantry') continue;
          const spot = contactSpot(q, m, e, DRILL_MOVE);
          if (spot) out.push({ type: 'end-move', model: id, x: spot[0], y: spot[1], z: spot[2] });
        }
      } else
        for (const [x, y, z] of moveCandidates(s, q, m, DRILL_MOVE, [1]))
          out.push({ type: 'end-move', model: id, x, y, z });
    }
    return [...out, { type: 'end-activation' }];
  }
  if (a.auto?.ready) {
    const auto = a.auto;
    return [
      ...autoTargets(s, q, auto).map((target): BlkoutAction => ({ type: 'auto-shot', model: auto.model, target })),
      { type: 'end-auto' },
    ];
  }
  const actors = a.cyclic
    ? models.filter((m) => m.id === a.cyclic!.model)
    : models.filter((m) => onTable(m) && !m.engaged && !a.acted.includes(m.id));
  for (const m of actors) out.push(...actorActions(s, q, player, a, m));
  if (!a.cyclic) out.push({ type: 'end-activation' });
  return out;
}

/** One model's Sprint spots (`q`: the view of `s`). */
export function sprintMoves(s: BlkoutState, q: Queries, m: ModelState): Extract<BlkoutAction, { type: 'sprint' }>[] {
  return moveCandidates(s, q, m, sprintAllowance(s, m), [1]).map(([x, y, z]) => ({
    type: 'sprint',
    model: m.id,
    x,
    y,
    z,
  }));
}

/**
 * What one acting model may do in the Actions step (`q`: the view of `s`): what legal
 * actions offer for it, the Sprint spots left out when `sprints` is false (they cost route searches).
 */
export function actorActions(
  s: BlkoutState,
  q: Queries,
  player: Player,
  a: Activation,
  m: ModelState,
  sprints = true,
): BlkoutAction[] {
  const out: BlkoutAction[] = [];
  for (const t of Object.values(s.models)) {
    if (t.player === player || !onTable(t)) continue;
    // At a Duster, a Mobility shot too when all of it is in view and no smoke is on the line.
    const f = t.mobility ? sightOf(s, q, m.id, t.id) : null;
    const mobility =
      f !== null && f.visibleFraction >= 0.99 && f.hidden.smoke === 0 && !f.smokeBlocked && !hasRule(t.rules, 'Boost');
    for (const w of weaponsAt(s, q, m.id, t.id)) {
      if (a.cyclic && w !== a.cyclic.weapon) continue;
      out.push({ type: 'shoot', model: m.id, weapon: w, target: t.id });
      if (mobility) out.push({ type: 'shoot', model: m.id, weapon: w, target: t.id, track: 'mobility' });
    }
  }
  out.push(...blastCandidates(s, q, m, a.cyclic?.weapon));
  out.push({ type: 'ready', model: m.id });
  if (!a.cyclic) out.push(...armouryChoices(s, player).filter((x) => x.type === 'armoury' && x.model === m.id));
  if ((hasRule(m.rules, 'Team Leader') || a.drill === 'linked') && !a.cyclic)
    for (const id of a.acted)
      if (id !== m.id && onTable(pieceOf(s.models, id))) out.push({ type: 'ready', model: m.id, to: id });
  if (!a.cyclic && (m.checks ?? 0) < ruleX(m.rules, 'Sidewinder')) {
    for (const u of Object.values(s.units))
      if (u.player !== player && sidewinderReaches(s, q, m, u.id))
        out.push({ type: 'sidewinder', model: m.id, target: u.id });
  }
  if (!a.cyclic) {
    for (const hardpoint of touchedHardpoints(s, m)) {
      // A marker beside each enemy model (anywhere on the table is legal; these are the sensible spots).
      for (const t of Object.values(s.models))
        if (t.player !== player && onTable(t))
          out.push({
            type: 'drone-swarm',
            model: m.id,
            hardpoint,
            x: round(t.pos![0] + radiusOf(t) + 0.5),
            y: t.pos![1],
            z: t.pos![2],
          });
    }
  }
  out.push({ type: 'hold', model: m.id });
  if (a.cyclic) return out;
  if (sprints) out.push(...sprintMoves(s, q, m));
  if (hasRule(m.rules, 'Data Spike') || booneDataAttack(s, m)) {
    for (const u of Object.values(s.units)) {
      const alive = aliveModels(s, u.id);
      if (alive.length === 0) continue;
      if (u.player !== player && !u.pinned && !hasRule(alive[0]!.rules, 'Low Tech'))
        out.push({ type: 'data-attack', model: m.id, target: u.id });
      if (u.player === player && u.pinned) out.push({ type: 'data-attack', model: m.id, target: u.id });
    }
  }
  const knife = ruleX(m.rules, 'Data Knife');
  if (knife > 0) {
    for (const t of Object.values(s.models)) {
      if (
        t.player !== player &&
        onTable(t) &&
        (hasRule(t.rules, 'AI') || hasRule(t.rules, 'Powered')) &&
        q.distance(m.id, t.id) <= knife
      )
        out.push({ type: 'data-attack', model: m.id, target: t.id });
    }
  }
  return out;
}
