/**
 * BLKOUT's apply: one action or reaction, dispatched by type to its phase (setup.ts, round.ts,
 * cards.ts, activation.ts, reposition.ts, modelActions.ts, shooting.ts, dataAttack.ts,
 * closeCombat.ts; reactions.ts while a window is open), with one apply context for the action.
 * An action that reaches a damage moment with a card to answer pauses and is replayed from its start
 * with the answer (damageMoment.ts). Pure given the dice and the Queries; the engine hands apply
 * the view of the table for the state (the ruleset's `layout`).
 */
import { msg } from '../engine/message';
import { applyContext, illegal, pieceOf } from '../engine/kit';
import { ruleError, type RuleContext, type RuleEvent } from '../engine/types';
import type { BlkoutAction } from './actions';
import type { ActionOf, Ctx, Handler, Out } from './context';
import { DamagePause, damageWindow, replayDice, unseen } from './damageMoment';
import { activate } from './activation';
import { playArmoury, playBurn, playDrill } from './cards';
import { endMove } from './closeCombat';
import { autoShot, endActivation, endAuto, modelAction } from './modelActions';
import { react } from './reactions';
import { endReposition, leanOut, moveModel, phaseOut, preMove } from './reposition';
import { endTurn, handlerAgain } from './round';
import { chooseEdge, deploy, holdBack, placeHardpoint } from './setup';
import { layoutOf, type BlkoutState, type BurnCard } from './game';

/** A reaction outside a reaction window. */
const notNow: Handler<BlkoutAction> = (_ctx, _s, a) => illegal(`"${a.type}" is not a move now`);

/** Each action by type (a type missing here fails to compile). Reactions are answered in reactions.ts. */
const HANDLERS: { [K in BlkoutAction['type']]: Handler<ActionOf<K>> } = {
  'place-hardpoint': placeHardpoint,
  'choose-edge': chooseEdge,
  deploy,
  'hold-back': holdBack,
  activate,
  chain: activate,
  controller: activate,
  'handler-again': handlerAgain,
  'end-turn': endTurn,
  burn: playBurn,
  drill: playDrill,
  armoury: playArmoury,
  'phase-out': phaseOut,
  'pre-move': preMove,
  move: moveModel,
  jump: moveModel,
  'lean-out': leanOut,
  'end-reposition': endReposition,
  shoot: modelAction,
  blast: modelAction,
  ready: modelAction,
  sidewinder: modelAction,
  'drone-swarm': modelAction,
  sprint: modelAction,
  'data-attack': modelAction,
  hold: modelAction,
  'auto-shot': autoShot,
  'end-auto': endAuto,
  'end-activation': endActivation,
  'end-move': endMove,
  overwatch: notNow,
  'return-fire': notNow,
  juke: notNow,
  'juke-move': notNow,
  'counter-ewar': notNow,
};

/** Applies one action or reaction. */
export function applyAction(
  s0: BlkoutState,
  action: BlkoutAction | { type: 'pass' },
  rc: RuleContext<BlkoutAction>,
): Out {
  const paused = s0.paused;
  if (!paused) return attempt(rc, s0, action, [], [], 0);
  // The owner answers a damage moment: replay the paused action with its dice and the answers so far.
  const offered = s0.window?.options.some((o) => JSON.stringify(o) === JSON.stringify(action));
  if (action.type !== 'pass' && !offered) return ruleError('not-in-window', msg('blkout:error.answerDamage'));
  const answer = action.type === 'pass' ? null : ((action as ActionOf<'burn'>).card as BurnCard);
  return attempt(rc, paused.from, paused.action, [...paused.answers, answer], paused.rolls, paused.shown);
}

/** Runs an action (replaying recorded dice and answers); a damage moment with a card to answer pauses it. */
function attempt(
  rc: RuleContext<BlkoutAction>,
  from: BlkoutState,
  action: BlkoutAction | { type: 'pass' },
  answers: (BurnCard | null)[],
  recorded: [number, number][],
  shown: number,
): Out {
  const rec = replayDice(recorded, rc.dice);
  const ctx: Ctx = applyContext({ ...rc, dice: rec }, layoutOf);
  const start: BlkoutState = { ...from, damageAnswers: answers, damageSeen: 0 };
  try {
    const r = dispatch(ctx, start, action);
    if ('error' in r) return r;
    const { damageAnswers: _a, damageSeen: _b, ...state } = r.state;
    return { state, events: unseen(r.events, shown) };
  } catch (e) {
    if (!(e instanceof DamagePause)) throw e;
    const ask = e.ask;
    const t = pieceOf(from.models, ask.model);
    // Everything up to here has been shown; the replay will skip it (the notice below is not replayed).
    const seen = ctx.events.length;
    const notice: RuleEvent = {
      type: 'damage-moment',
      text: ask.before
        ? msg('blkout:event.momentBefore', { name: t.name, n: ask.taken, player: ask.player })
        : msg('blkout:event.moment', { name: t.name, n: ask.taken, player: ask.player }),
      model: ask.model,
      amount: ask.taken,
    };
    return {
      state: {
        ...from,
        paused: { action, rolls: [...rec.rolled], answers, shown: seen, from, ask },
        window: damageWindow(from, ask),
      },
      events: [...unseen(ctx.events, shown), notice],
    };
  }
}

/** An action to its handler (a reaction while a window is open). */
function dispatch(ctx: Ctx, s: BlkoutState, action: BlkoutAction | { type: 'pass' }): Out {
  if (s.phase === 'over') return ruleError('game-over', msg('blkout:error.over'));
  if (s.window) return react(ctx, s, action);
  if (action.type === 'pass') return ruleError('illegal-action', msg('blkout:error.nothingToPass'));
  // Actions arrive as data (a saved game, the app): a type that is not BLKOUT's is refused too.
  if (!Object.hasOwn(HANDLERS, action.type)) return illegal(`"${action.type}" is not a move now`);
  return (HANDLERS[action.type] as Handler<BlkoutAction>)(ctx, s, action);
}
