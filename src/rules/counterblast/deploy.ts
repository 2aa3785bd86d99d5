/**
 * Deployment (the default mission): the crews deploy alternately, one model at a time, A first,
 * within 6" of their own edge; the last model down starts turn 1.
 */
import { other } from '../engine/kit';
import { inch, msg } from '../engine/message';
import { ruleError } from '../engine/types';
import { inchesToMm } from '../engine/units';
import { edgeOfWords, spotWords } from '../engine/words';
import { EDGE_OF, HEIGHT, radiusOf, setModel, type CbState, type Handler, type Player } from './game';
import { standWhy } from './maneuvers';
import { startTurn } from './turn';
import { inches2, refuse } from './say';

/** Deployment depth from the own edge (the default mission), inches. */
export const DEPLOY_DEPTH = 6;

/** Distance from a player's own edge: A's is the south edge (z = depth, drawn nearest the player), B's the north (z = 0). */
export function fromOwnEdge(s: CbState, p: Player, z: number): number {
  return p === 'A' ? s.table.depth - z : z;
}

/** One model deployed where its base fits within the strip and it can stand; then the other crew, or turn 1. */
export const deploy: Handler<'deploy'> = (ctx, s, action) => {
  if (s.phase !== 'deploy') return refuse(msg('counterblast:err.deployOver'));
  const p = s.deployTurn;
  const m = s.models[action.model];
  if (!m || m.player !== p) return refuse(msg('counterblast:err.deployTurn', { model: action.model, side: p }));
  if (m.pos) return refuse(msg('counterblast:err.deployed', { name: m.card.name }));
  const reach = fromOwnEdge(s, p, action.z) + radiusOf(m);
  if (reach > DEPLOY_DEPTH + 1e-9)
    return ruleError(
      'out-of-range',
      msg('counterblast:err.deployDepth', {
        name: m.card.name,
        depth: inch(DEPLOY_DEPTH),
        side: p,
        edge: edgeOfWords(EDGE_OF[p]),
        reach: inches2(reach),
      }),
    );
  const h = ctx
    .at(s)
    .standHeight(inchesToMm(2 * radiusOf(m)), HEIGHT[m.card.size], action.x, action.z, action.y + 0.25, m.id);
  if (h === null)
    return refuse(
      msg('counterblast:err.cannotStand', {
        name: m.card.name,
        spot: spotWords(s.table, action.x, action.z),
        why: standWhy(s, ctx.at(s), m, action.x, action.y, action.z),
      }),
    );
  let next = setModel(s, { ...m, pos: [action.x, h, action.z] });
  ctx.events.push({
    type: 'moved',
    text: msg('counterblast:event.deploy', { name: m.card.name, spot: spotWords(s.table, action.x, action.z) }),
    model: m.id,
    to: [action.x, h, action.z],
  });
  const waiting = (pl: Player) => Object.values(next.models).some((x) => x.player === pl && !x.pos && !x.casualty);
  if (waiting(other(p))) next = { ...next, deployTurn: other(p) };
  else if (!waiting(p)) return startTurn(ctx, next);
  return next;
};
