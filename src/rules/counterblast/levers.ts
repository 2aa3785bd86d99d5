/**
 * Counterblast's levers (engine/levers.ts): every mechanic a crew can choose, when a decision idles, and
 * the Moxie a crew lets go unspent (the pools are set afresh at each turn's Moxie phase, and lost at the
 * battle's end).
 */
import { actorOf, type LeverStep, type Levers } from '../engine/levers';
import { REACTION_TYPES, type CbAction } from './actions';
import type { CbState, Player } from './game';

/** Moves that do something for the crew (an attack, a move, a skill, a team action). */
const USEFUL = new Set<string>([
  'shoot',
  'strike',
  'throw',
  'psi-strike',
  'psi-craft',
  'hack',
  'treat',
  'engineer',
  'move',
  'move-roll',
  'rush',
  'jump',
  'stand-up',
  'recover',
  'aim-assist',
  'dog-pile',
  'boost',
  'aim',
]);

const MECHANICS = [
  'move',
  'go-prone',
  'stand-up',
  'move-roll',
  'rush',
  'jump',
  'throw',
  'shoot',
  'split-shoot',
  'strike',
  'split-strike',
  'aim',
  'aim-assist',
  'dog-pile',
  'boost',
  'buy-action',
  'activate-group',
  'elect',
  'calm',
  'rally',
  'recover',
  'treat',
  'engineer',
  'heal',
  'hack',
  'psi-strike',
  'psi-craft',
  ...REACTION_TYPES,
] as const;

type Step = LeverStep<CbState>;
const actionOf = (step: Step) => step.action as CbAction | { type: 'pass' };

function used(step: Step): string[] {
  const a = actionOf(step);
  switch (a.type) {
    case 'move':
      return a.prone ? ['go-prone'] : ['move'];
    case 'shoot':
    case 'strike':
      return [(a.split?.length ?? 0) >= 2 ? `split-${a.type}` : a.type];
    case 'treat':
    case 'engineer':
      return [a.heal ? 'heal' : a.type];
    case 'elect':
      return a.model === null ? [] : ['elect'];
    case 'calm':
      return a.amount > 0 ? ['calm'] : [];
    default:
      return (MECHANICS as readonly string[]).includes(a.type) ? [a.type] : [];
  }
}

/** Whether some legal move would have done something (for `model` only, when given). */
const usefulLegal = (step: Step, model: string | null = null) =>
  step.legal.some((l) => USEFUL.has(l.type) && (model === null || actorOf(l) === model));

function idle(step: Step): boolean {
  const a = actionOf(step);
  if (a.type === 'do-nothing') return usefulLegal(step, a.model);
  if (a.type === 'end-activation') return usefulLegal(step);
  // Passing the turn while a model could still activate and the crew has Moxie for it beyond what its
  // leader can spend on dread at Upkeep (Moxie kept for dread is not let go).
  if (a.type === 'pass-turn') {
    const p = step.player as Player;
    return (
      (step.before.moxie[p] ?? 0) - (step.before.dread[p] ?? 0) >= 1 &&
      step.legal.some((l) => l.type === 'activate' || l.type === 'activate-group')
    );
  }
  return false;
}

/** The Moxie this move itself spends (before any pool is set afresh). */
function moxieSpent(a: CbAction | { type: 'pass' }): number {
  if (a.type === 'calm') return a.amount;
  if ((REACTION_TYPES as readonly string[]).includes(a.type)) return 1;
  if (a.type === 'elect' && a.model !== null) return 1;
  return 0;
}

function wasted(step: Step): Record<string, number> {
  const over = step.events.some((e) => e.type === 'game-over');
  const newTurn = step.events.some((e) => e.type === 'turn') && step.before.phase !== 'deploy';
  if (!over && !newTurn) return {};
  const players = Object.keys(step.before.moxie) as Player[];
  let lost = 0;
  for (const p of players) {
    if (over) lost += step.after.moxie[p] ?? 0;
    else {
      const spent = p === step.player ? moxieSpent(actionOf(step)) : 0;
      lost += Math.max(0, (step.before.moxie[p] ?? 0) - spent);
    }
  }
  return lost > 0 ? { moxie: lost } : {};
}

export const counterblastLevers: Levers<CbState> = {
  mechanics: MECHANICS,
  resources: ['moxie'],
  used,
  idle,
  wasted,
};
