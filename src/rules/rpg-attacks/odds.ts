/**
 * An attack's or a stunt's odds for the hover hint (the play descriptor's `odds`), from the test the
 * rules roll: the plan (`planFor`: the TN, the skill, each ⊕ and ⊖ with its reason) and its edge (a
 * stunt's extra ⊖: `stuntEdge`); the face the kept d20 needs read off `judge` itself (a kept natural 1
 * fails whatever the total), the chance over the dice the edge rolls (best kept with boons, worst with
 * banes).
 */
import type { Move } from '../engine/match';
import { msg, type Text } from '../engine/message';
import type { Odds } from '../engine/play';
import type { Queries } from '../engine/queries';
import type { RpgAction } from './actions';
import { reasonWords } from './attack';
import { judge, netEdge, type Edge } from './d20';
import { planFor } from './fight';
import { fireLine, type RpgState } from './game';
import { STUNT_NAMES, stuntEdge } from './stunts';

const FACES = Array.from({ length: 20 }, (_, i) => i + 1);

/** The chance a test of `skill` against `tn` with `edge` succeeds, and the face the kept die needs (21: none). */
export function testOdds(skill: number, tn: number, edge: Edge): { need: number; chance: number; dice: number } {
  const hitting = FACES.filter((face) => judge(face, skill, tn).success);
  const p = hitting.length / 20;
  const net = netEdge(edge);
  const dice = 1 + Math.abs(net);
  // Success is the kept die at or above a face: best of n succeeds when any does, worst of n when all do.
  const chance = net >= 0 ? 1 - (1 - p) ** dice : p ** dice;
  return { need: hitting[0] ?? 21, chance, dice };
}

/** What an attack or a stunt would need, or null for any other move. `q` is the view of `s`. */
export function odds(s: RpgState, q: Queries, move: Move<RpgAction>): Odds | null {
  const a = move as RpgAction | { type: 'pass' };
  if (a.type !== 'attack' && a.type !== 'stunt') return null;
  const c = s.chars[a.model];
  if (!c || !s.chars[a.target]) return null;
  const planned =
    a.type === 'attack'
      ? planFor(s, q, c, a.weapon, a.target, a.auto === true, a.pull === true)
      : planFor(s, q, c, a.weapon, a.target);
  if (!planned.ok) return null;
  const { plan } = planned.value;
  const edge = a.type === 'stunt' ? stuntEdge(plan.edge) : plan.edge;
  const t = testOdds(plan.skillValue, plan.tn, edge);
  const notes: Text[] = plan.reasons.filter((r) => r.edge !== 0).map((r) => reasonWords(r.edge, r.label));
  if (a.type === 'stunt') notes.push(reasonWords(-1, msg('rpg-attacks:reason.stunt', { stunt: STUNT_NAMES[a.stunt] })));
  const net = netEdge(edge);
  if (net !== 0) notes.push(msg(net > 0 ? 'rpg-attacks:odds.keepBest' : 'rpg-attacks:odds.keepWorst'));
  return {
    need: { score: t.need, die: 20 },
    chance: t.chance,
    dice: t.dice,
    hidden: Math.min(1, Math.max(0, 1 - fireLine(q, c.id, a.target).visibleFraction)),
    notes,
  };
}
