/**
 * Panic: the Panic phase's dread and nerve tests, and the Rally a Panicked model makes first (two
 * successes clear Panic; none sends it running for its Evac Point and ends its activation).
 */
import { rollPool } from '../dice/mechanics';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import { msg } from '../engine/message';
import {
  crewOnTable,
  DIFFICULTY,
  leaveActivation,
  PLAYERS,
  setModel,
  type CbContext,
  type CbState,
  type StepHandler,
} from './game';
import { evacRun } from './maneuvers';
import { CHECK, refuse } from './say';
import { pieceOf } from '../engine/kit';

/**
 * The Panic phase's tests: each crew's dread rises (1, and 1 per model Down, per casualty this
 * turn and per Hero lost); a crew with more dread than models on the table rolls Knack/7 per model,
 * and a model with no success is Panicked.
 */
export function panicTests(ctx: CbContext, s0: CbState): CbState {
  const { dice, events } = ctx;
  let s = s0;
  const dread = { ...s.dread };
  for (const p of PLAYERS) {
    const mine = crewOnTable(s, p);
    const lost = s.fallen.filter((f) => f.player === p);
    dread[p] += 1 + mine.filter((m) => m.down).length + lost.length + lost.filter((f) => f.hero).length;
    events.push({
      type: 'dread',
      text: msg('counterblast:event.dread', { side: p, dread: dread[p] }),
      player: p,
      dread: dread[p],
    });
    if (dread[p] > mine.length) {
      for (const m of mine) {
        const r = rollPool(dice, { dice: m.card.knack, difficulty: DIFFICULTY });
        const panics = r.successes === 0 && !m.panicked;
        if (panics) s = setModel(s, { ...pieceOf(s.models, m.id), panicked: true });
        const outcome = panics
          ? msg('counterblast:nerve.panics')
          : r.successes === 0
            ? msg('counterblast:nerve.alreadyPanicked')
            : msg('counterblast:nerve.holds');
        events.push({
          type: 'panic',
          text: msg('counterblast:event.nerve', {
            name: m.card.name,
            check: CHECK.knack,
            pool: poolWords({ rolls: r.rolls, difficulty: DIFFICULTY }),
            outcome,
          }),
          model: m.id,
          rolls: r.rolls,
          panicked: panics,
        });
        logRolls(events, dice, m.player);
      }
    }
  }
  return { ...s, dread };
}

/**
 * Rally: Knack/7; two successes clear Panic. None: its second action is a Move towards its crew's
 * Evac Point by the shortest route; then it is Spent and its activation ends. Rally is not starred
 * in the text's action list ("does not cause a model to be spent"), so every Rally Spends the model.
 */
export const rally: StepHandler<'rally'> = (ctx, _action, { next: n0, m }) => {
  if (!m.panicked) return refuse(msg('counterblast:err.notPanicked', { name: m.card.name }));
  const n = setModel(n0, { ...pieceOf(n0.models, m.id), spent: true });
  const r = rollPool(ctx.dice, { dice: m.card.knack, difficulty: DIFFICULTY });
  ctx.events.push({
    type: 'rally',
    text: msg('counterblast:event.rally', {
      name: m.card.name,
      check: CHECK.knack,
      pool: poolWords({ rolls: r.rolls, difficulty: DIFFICULTY }),
    }),
    model: m.id,
    rolls: r.rolls,
  });
  logRolls(ctx.events, ctx.dice, m.player);
  if (r.successes >= 2) return setModel(n, { ...pieceOf(n.models, m.id), panicked: false });
  if (r.successes > 0) return n;
  let next = evacRun(ctx, n, pieceOf(n.models, m.id));
  next = setModel(next, { ...pieceOf(next.models, m.id), spent: true });
  ctx.events.push({
    type: 'activation-end',
    text: msg('counterblast:event.rallyFailed', { name: m.card.name }),
    model: m.id,
  });
  // Its activation ends (in a group, the others go on: turn.ts goOn).
  return leaveActivation(next, m.id);
};
