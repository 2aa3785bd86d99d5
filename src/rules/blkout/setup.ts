/**
 * Set-up: hardpoints placed alternately, the deployment roll-off (the BURN deck is dealt), the
 * first deployer's edge, and deployment within 4" of the edge or held back to infiltrate. The
 * first round begins once every model is down.
 */
import { msg } from '../engine/message';
import { gapWords, hardpointName } from './say';
import { rollOff } from '../dice/mechanics';
import { logRolls } from '../engine/diceLog';
import { illegal, other, pieceOf } from '../engine/kit';
import { ruleError } from '../engine/types';
import { edgeOfWords, spotWords } from '../engine/words';
import { ok, type ActionOf, type Ctx, type Out } from './context';
import { dealBurn } from './burn';
import { startRound } from './round';
import { HARDPOINT_RADIUS } from './special';
import { bearing, OPPOSITE, radiusOf, type BlkoutState, type Edge, type Player } from './game';
import { fromEdge, placed, setModel, setUnit, standAt } from './steps';

/** Hardpoints: more than 4" from the table edges and from each other (edge to edge). */
export const HARDPOINT_GAP = 4;
/** Deployment: within 4" of the player's edge. */
export const DEPLOY_DEPTH = 4;

/** A hardpoint; after the second, the deployment roll-off and the BURN deal. */
export function placeHardpoint(ctx: Ctx, s: BlkoutState, action: ActionOf<'place-hardpoint'>): Out {
  const { dice, events } = ctx;
  if (s.phase !== 'hardpoints') return ruleError('illegal-action', msg('blkout:error.hardpointsFirst'));
  const { x, z } = action;
  // Measured edge to edge, as every BLKOUT distance (and the special rules' hardpoints): 40 mm discs.
  const gap = Math.min(x, z, s.table.width - x, s.table.depth - z) - HARDPOINT_RADIUS;
  if (!(gap > HARDPOINT_GAP))
    return ruleError('out-of-range', msg('blkout:error.hardpointEdge', { gap: gapWords(gap) }));
  for (const h of s.hardpoints) {
    const apart = Math.hypot(h.x - x, h.z - z) - 2 * HARDPOINT_RADIUS;
    if (!(apart > HARDPOINT_GAP))
      return ruleError(
        'out-of-range',
        msg('blkout:error.hardpointApart', { hardpoint: hardpointName(h.id), gap: gapWords(apart) }),
      );
  }
  const hardpoints = [...s.hardpoints, { id: `hardpoint-${s.hardpoints.length + 1}`, x, z }];
  events.push({
    type: 'token-placed',
    text: msg('blkout:event.hardpoint', { player: s.turn, n: hardpoints.length, spot: spotWords(s.table, x, z) }),
    token: 'hardpoint',
    at: [x, 0, z],
  });
  if (hardpoints.length < 2) return ok(ctx, { ...s, hardpoints, turn: other(s.turn) });
  const r = rollOff(dice, 10);
  const first: Player = r.winner === 'a' ? 'A' : 'B';
  events.push({
    type: 'deployment-roll',
    text: msg('blkout:event.deployRoll', { rolls: r.rounds.map(([a, b]) => `${a}-${b}`), player: first }),
    player: first,
  });
  logRolls(events, dice, ['A', 'B']);
  return ok(ctx, dealBurn(ctx, { ...s, hardpoints, firstDeployer: first, turn: first, phase: 'edge' }));
}

/** The first deployer's edge; the other player takes the opposite one. */
export function chooseEdge(ctx: Ctx, s: BlkoutState, action: ActionOf<'choose-edge'>): Out {
  if (s.phase !== 'edge') return ruleError('illegal-action', msg('blkout:error.edgeAfterRoll'));
  const edges = { [s.turn]: action.edge, [other(s.turn)]: OPPOSITE[action.edge] } as Record<Player, Edge>;
  ctx.events.push({
    type: 'edge',
    text: msg('blkout:event.edges', {
      player: s.turn,
      edge: edgeOfWords(action.edge),
      other: other(s.turn),
      otherEdge: edgeOfWords(OPPOSITE[action.edge]),
    }),
    player: s.turn,
  });
  return ok(ctx, { ...s, edges, phase: 'deploy' });
}

/** One unit held back to infiltrate from its edge. */
export function holdBack(ctx: Ctx, s: BlkoutState, action: ActionOf<'hold-back'>): Out {
  if (s.phase !== 'deploy') return illegal(NOT_YET);
  const p = s.turn;
  const u = s.units[action.unit];
  if (!u || u.player !== p)
    return ruleError('illegal-action', msg('blkout:error.notYourUnit', { unit: action.unit, player: p }));
  if (Object.values(s.units).some((o) => o.player === p && o.offTable))
    return ruleError('illegal-action', msg('blkout:error.oneHeldBack'));
  if (u.models.some((id) => pieceOf(s.models, id).pos))
    return ruleError('illegal-action', msg('blkout:error.unitOnTable', { unit: u.name }));
  const next = setUnit(s, u.id, { offTable: true });
  ctx.events.push({ type: 'deploy', text: msg('blkout:event.holdBack', { unit: u.name, player: p }), unit: u.id });
  return deployed(ctx, next, p);
}

/** A model deployed within 4" of its player's edge (facing the table's centre). */
export function deploy(ctx: Ctx, s: BlkoutState, action: ActionOf<'deploy'>): Out {
  if (s.phase !== 'deploy') return illegal(NOT_YET);
  const p = s.turn;
  const m = s.models[action.model];
  if (!m || m.player !== p)
    return ruleError('illegal-action', msg('blkout:error.notYourModel', { model: action.model, player: p }));
  if (m.pos) return ruleError('illegal-action', msg('blkout:error.alreadyDeployed', { name: m.name }));
  if (pieceOf(s.units, m.unit, 'unit').offTable)
    return ruleError('illegal-action', msg('blkout:error.heldBack', { name: m.name }));
  const r = radiusOf(m);
  const depth = fromEdge(s, s.edges[p]!, action.x, action.z) + r;
  if (depth > DEPLOY_DEPTH + 1e-9)
    return ruleError(
      'out-of-range',
      msg('blkout:error.deployDepth', { name: m.name, edge: edgeOfWords(s.edges[p]!), depth: gapWords(depth) }),
    );
  const h = standAt(s, ctx.at(s), m, action.x, action.y, action.z);
  if (typeof h !== 'number') return ruleError('illegal-action', h);
  const next = setModel(
    s,
    placed(m, [action.x, h, action.z], bearing([action.x, h, action.z], [s.table.width / 2, 0, s.table.depth / 2])),
  );
  ctx.events.push({
    type: 'moved',
    text: msg('blkout:event.deploys', { name: m.name, spot: spotWords(s.table, action.x, action.z) }),
    model: m.id,
    to: [action.x, h, action.z],
  });
  return deployed(ctx, next, p);
}

const NOT_YET = 'deployment comes after the hardpoints and the edge choice';

/** After a deployment step: the same player goes on, else the other, else the first round begins. */
function deployed(ctx: Ctx, next: BlkoutState, p: Player): Out {
  const waiting = (pl: Player) =>
    Object.values(next.models).some((m) => m.player === pl && !m.pos && !pieceOf(next.units, m.unit, 'unit').offTable);
  if (waiting(p)) return ok(ctx, next);
  if (waiting(other(p))) return ok(ctx, { ...next, turn: other(p) });
  return ok(ctx, startRound(ctx, next));
}
