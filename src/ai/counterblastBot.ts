/**
 * A Counterblast opponent that plays legal and sensible turns: it activates the model with the best
 * expected damage (or the one that can close in when none can shoot), shoots or strikes the target
 * that loses most after Defense and cover, walks towards the enemy otherwise, rallies when it must,
 * stabilizes Down friends, answers shots and strikes with Return-fire or Counterstrike when it hurts
 * more than it risks, takes Snapshots worth a Moxie, and passes when nothing is worth the Moxie.
 * Deterministic: the same state gives the same choice.
 */
import { legalMoves, PASS, type Match, type Move } from '../rules/engine/match';
import type { Queries } from '../rules/engine/queries';
import { ruleset, type CbAction, type CbState } from '../rules/counterblast';
import { onTable, type CbModel } from '../rules/counterblast/game';
import { attackOdds } from '../rules/counterblast/attacks';
import { objectiveHolders } from '../rules/counterblast/scoring';

/** Expected successes of a d10 pool against a Difficulty (exploding 10s add a tenth of a die each). */
const expected = (dice: number, difficulty: number): number =>
  Math.max(0, Math.min(10, dice)) * Math.max(0, (11 - difficulty) / 10) * (1 + 1 / 9);

/** Expected damage tokens of an attack (the odds the action menu shows: attackOdds). */
export function attackValue(
  s: CbState,
  q: Queries,
  attacker: string,
  kind: 'shoot' | 'strike' | 'return-fire' | 'counterstrike' | 'snapshot',
  weapon: number,
  target: string,
): number {
  const m = s.models[attacker]!,
    t = s.models[target]!;
  const shooting = kind !== 'strike' && kind !== 'counterstrike';
  const w = shooting ? m.card.shooting[weapon] : m.card.striking[weapon];
  if (!w || !onTable(t)) return 0;
  const o = attackOdds(s, q, {
    kind: shooting ? 'shoot' : 'strike',
    attacker,
    weapon,
    target,
    aim: shooting ? (s.activation?.aim[attacker] ?? 0) : 0,
  });
  return tokensOf(t, expected(o.dice, o.difficulty) * o.damage, o.coverDice) + (w.inflicts ? 0.3 : 0);
}

/** Expected damage tokens from raw damage after Defense (and cover dice), worth more when it finishes the model. */
function tokensOf(t: CbModel, raw: number, coverDice: number): number {
  const tokens = Math.max(0, raw - expected(t.card.defense + coverDice, 7));
  // A model near its Mettle (or double Mettle) is worth more.
  return tokens * (t.damage + tokens >= t.card.mettle ? 1.5 : 1);
}

/** Expected damage tokens of a Psi Strike. */
function psiValue(s: CbState, attacker: string, enigma: number, target: string): number {
  const m = s.models[attacker]!,
    t = s.models[target]!;
  const e = m.card.enigmas?.[enigma];
  if (!e || e.kind !== 'strike') return 0;
  return tokensOf(t, expected(m.card.psi ?? 0, 7 + (m.panicked ? 1 : 0)) * e.damage, 0) + (e.inflicts ? 0.3 : 0);
}

/** The best attack a model has now: [move, value]. */
function bestAttack(
  s: CbState,
  q: Queries,
  moves: readonly Move<CbAction>[],
  model: string,
): [Move<CbAction>, number] | null {
  let best: [Move<CbAction>, number] | null = null;
  for (const mv of moves) {
    if (mv.type !== 'shoot' && mv.type !== 'strike' && mv.type !== 'psi-strike') continue;
    if (mv.model !== model || (mv.type !== 'psi-strike' && mv.split)) continue;
    const v =
      mv.type === 'psi-strike'
        ? psiValue(s, model, mv.enigma, mv.target)
        : attackValue(s, q, model, mv.type, mv.weapon, mv.target);
    if (!best || v > best[1]) best = [mv, v];
  }
  return best;
}

const enemiesOf = (s: CbState, m: CbModel) =>
  Object.values(s.models).filter((e) => e.player !== m.player && onTable(e));

/** Distance from a point to the nearest enemy (flat, centre to centre). */
function nearestEnemy(s: CbState, m: CbModel, at: readonly number[]): number {
  return Math.min(...enemiesOf(s, m).map((e) => Math.hypot(e.pos![0] - at[0]!, e.pos![2] - at[2]!)), 999);
}

/** From turn 4: 'hold' when the model stands on an objective, else the nearest objective its crew does not hold; earlier (or none left): null, fight. */
function objectiveGoal(s: CbState, m: CbModel): 'hold' | [number, number] | null {
  if (s.turn < 4) return null;
  const held = objectiveHolders(s);
  const near = (o: { x: number; z: number }) => Math.hypot(o.x - m.pos![0], o.z - m.pos![2]);
  if (s.mission.objectives.some((o) => near(o) <= 2)) return 'hold';
  const open = s.mission.objectives.filter((o) => held[o.id] !== m.player).sort((a, b) => near(a) - near(b))[0];
  return open ? [open.x, open.z] : null;
}

/** The bot's move for `player` now (null when it has none). */
export function counterblastMove(m: Match<CbState, CbAction>, player: string, q: Queries): Move<CbAction> | null {
  const s = m.state;
  // legalMoves arranges the table for `s` (the ruleset's layout hook), and every question below is about it.
  const moves = legalMoves(ruleset, m, player, q);
  if (moves.length === 0) return null;

  if (m.window) {
    // Answer an attack when the answer hurts more than the Moxie and the Stun cost; a Snapshot when it is worth it.
    let best: Move<CbAction> = PASS,
      value = 0.8;
    for (const mv of moves) {
      if (mv.type === 'return-fire' || mv.type === 'counterstrike') {
        const target = s.pending?.kind === 'attack' ? s.pending.attack.attacker : null;
        if (!target) continue;
        const v = attackValue(s, q, mv.model, mv.type, mv.weapon, target);
        if (v > value) [best, value] = [mv, v];
      } else if (mv.type === 'snapshot') {
        const v = attackValue(s, q, mv.model, 'snapshot', mv.weapon, mv.target);
        if (v > value) [best, value] = [mv, v];
      } else if (mv.type === 'disperse' && s.pending?.kind === 'psi' && s.pending.psi.kind === 'strike') {
        // Worth the Moxie when the Psi Strike would hurt: its expected tokens, times the chance to out-roll it (about even).
        const p = s.pending.psi;
        const v = psiValue(s, p.psifer, p.enigma, p.target) * 0.5;
        if (v > value) [best, value] = [mv, v];
      } else if (mv.type === 'pursuit' && s.pending?.kind === 'snapshot') {
        // Chase a model worth striking next time: the best strike it could make once it catches up.
        const me = s.models[mv.model]!,
          quarry = s.pending.mover;
        const v = Math.max(0, ...me.card.striking.map((_, i) => attackValue(s, q, me.id, 'strike', i, quarry)));
        if (v > value) [best, value] = [mv, v];
      }
    }
    return best;
  }

  if (s.phase === 'moxie') {
    // A leader lets the crew cut its dread: elect the costliest Hero (else the costliest model) standing.
    const standing = Object.values(s.models)
      .filter((x) => x.player === player && onTable(x) && !x.down)
      .sort(
        (x, y) =>
          Number(y.card.type === 'hero') - Number(x.card.type === 'hero') ||
          y.card.points - x.card.points ||
          x.id.localeCompare(y.id),
      );
    return standing[0] ? { type: 'elect', model: standing[0].id } : { type: 'elect', model: null };
  }
  if (s.phase === 'upkeep') {
    // Moxie does not carry over to the next turn: all it can, on dread.
    const calm = moves.filter((mv) => mv.type === 'calm');
    return calm[calm.length - 1] ?? moves[0]!;
  }
  if (s.phase === 'deploy') {
    const spots = moves.filter((mv): mv is Extract<CbAction, { type: 'deploy' }> => mv.type === 'deploy');
    const friends = Object.values(s.models).filter((x) => x.player === player && x.pos);
    let best = spots[0] ?? moves[0]!,
      far = -1;
    for (const sp of spots) {
      const d = Math.min(99, ...friends.map((f) => Math.hypot(f.pos![0] - sp.x, f.pos![2] - sp.z)));
      if (d > far) [best, far] = [sp, d];
    }
    return best;
  }

  const a = s.activation;
  if (!a) {
    // Activate the model with the best shot; a group (2 Moxie for up to three) when its shots together are worth half as much again; else the one closest to the enemy that can move; else pass.
    const shots = new Map<string, number>();
    const shotValue = (id: string): number => {
      const known = shots.get(id);
      if (known !== undefined) return known;
      const me = s.models[id]!;
      let v = 0;
      for (const e of enemiesOf(s, me)) {
        me.card.shooting.forEach((w, i) => {
          if (q.distance(id, e.id) <= w.range && q.sight(id, e.id).hasLos)
            v = Math.max(v, attackValue(s, q, id, 'shoot', i, e.id));
        });
      }
      shots.set(id, v);
      return v;
    };
    let best: Move<CbAction> | null = null,
      value = 0.2;
    for (const mv of moves) {
      if (mv.type !== 'activate') continue;
      const v = shotValue(mv.model);
      if (v > value) [best, value] = [mv, v];
    }
    for (const mv of moves) {
      if (mv.type !== 'activate-group') continue;
      const v = [mv.hero, ...mv.lackeys].reduce((t, id) => t + shotValue(id), 0);
      if (v > Math.max(0.2, value * 1.5)) [best, value] = [mv, v / 1.5];
    }
    if (best) return best;
    const movers = moves
      .filter((mv) => mv.type === 'activate')
      .sort(
        (x, y) =>
          nearestEnemy(s, s.models[x.model as string]!, s.models[x.model as string]!.pos!) -
          nearestEnemy(s, s.models[y.model as string]!, s.models[y.model as string]!.pos!),
      );
    // Close in while there is Moxie to spare for it (keep half the pool for attacks and reactions).
    if (movers[0] && s.moxie[player as 'A' | 'B'] > 2) return movers[0];
    return { type: 'pass-turn' };
  }
  if (a.rush) return moves.find((mv) => mv.type === 'rush-move') ?? moves[0]!;
  for (const id of a.models) {
    const me = s.models[id]!;
    if (!onTable(me)) continue;
    const rally = moves.find((mv) => mv.type === 'rally' && mv.model === id);
    if (rally) return rally;
    // Stabilize a dying friend first; then heal one that is Down or nearly so.
    const mine = (mv: Move<CbAction>) =>
      (mv.type === 'treat' || mv.type === 'engineer' || mv.type === 'psi-craft') && mv.model === id;
    const stabilize = moves.find((mv) => mine(mv) && mv.type !== 'psi-craft' && !(mv as { heal?: boolean }).heal);
    if (stabilize) return stabilize;
    const hurt = (mv: Move<CbAction>) => {
      const t = s.models[(mv as { target?: string }).target ?? '']!;
      return ((mv as { heal?: boolean }).heal === true || mv.type === 'psi-craft') && t.damage >= t.card.mettle - 1;
    };
    const heal = moves.find((mv) => mine(mv) && hurt(mv));
    if (heal) return heal;
    const attack = bestAttack(s, q, moves, id);
    if (attack && attack[1] > 0.2) return attack[0];
    // A scanner Marks the enemy worth shooting most.
    const hacks = moves.filter(
      (mv): mv is Extract<CbAction, { type: 'hack' }> => mv.type === 'hack' && mv.model === id,
    );
    const hack = hacks.sort((x, y) => s.models[y.target]!.card.points - s.models[x.target]!.card.points)[0];
    if (hack) return hack;
    // No worthwhile attack: walk towards the nearest enemy, or from turn 4 an objective the crew does not hold (and stay on one it does).
    const goal = objectiveGoal(s, me);
    if (goal === 'hold') return moves.find((mv) => mv.type === 'end-activation') ?? moves[0]!;
    const far = (at: readonly number[]) =>
      goal ? Math.hypot(goal[0] - at[0]!, goal[1] - at[2]!) : nearestEnemy(s, me, at);
    const steps = moves.filter(
      (mv): mv is Extract<CbAction, { type: 'move' }> => mv.type === 'move' && mv.model === id,
    );
    let pick: Move<CbAction> | null = null,
      d = far(me.pos!) - 0.5;
    for (const st of steps) {
      const dd = far([st.x, 0, st.z]);
      if (dd < d) [pick, d] = [st, dd];
    }
    if (pick) return pick;
  }
  // A group model with nothing useful in this step does nothing, so the step (and the next) can go on.
  const idle = moves.find((mv) => mv.type === 'do-nothing');
  if (idle) return idle;
  return moves.find((mv) => mv.type === 'end-activation') ?? moves[0]!;
}
