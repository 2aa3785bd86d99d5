/**
 * The Five Parsecs levers (engine/levers.ts): every mechanic a figure can choose, when a decision idles,
 * and what is let go unspent. Five Parsecs has no pool to spend (Free Actions are never granted, Stun is
 * a penalty); the one thing a crew can let go is the free activation Seize the Initiative gives, ended
 * with nothing done. `brawl` is the Brawling mechanic: every brawl a figure starts, by a charge ("If entering
 * contact, Brawl") or from contact; `charge` is the move that starts one. (A brawl pushes the survivor 1"
 * back, so figures seldom start an activation in contact: nearly every brawl is a charge's.)
 */
import { actorOf, type LeverStep, type Levers } from '../engine/levers';
import type { FpAction } from './actions';
import type { FpState } from './game';

const MECHANICS = [
  'seize-initiative',
  'seized-activation',
  'reaction-assign',
  'move',
  'dash',
  'charge',
  'brawl',
  'shoot',
  'hold',
  'snap-fire',
  'leave-table',
  'pick-up-item',
] as const;

type Step = LeverStep<FpState>;
type Act = FpAction | { type: 'pass' };

function used(step: Step): string[] {
  const a = step.action as Act;
  const out: string[] = [];
  switch (a.type) {
    case 'seize':
      out.push('seize-initiative');
      break;
    case 'assign':
      out.push('reaction-assign');
      break;
    case 'move':
      out.push(a.dash ? 'dash' : 'move');
      if (step.events.some((e) => e.type === 'brawl' && e.attacker === a.figure)) out.push('charge', 'brawl');
      if (step.events.some((e) => e.type === 'item-taken')) out.push('pick-up-item');
      break;
    case 'shoot':
    case 'brawl':
    case 'hold':
    case 'snap-fire':
      out.push(a.type);
      break;
    case 'leave':
      out.push('leave-table');
      break;
    case 'skip-seize':
    case 'done':
    case 'pass':
      break;
  }
  if ((a.type === 'move' || a.type === 'shoot') && step.before.phase === 'seized') out.push('seized-activation');
  return out;
}

/** What a figure's activation can do besides ending. */
const USEFUL = new Set(['move', 'shoot', 'brawl', 'leave']);

function idle(step: Step): boolean {
  const a = step.action as Act;
  // Seizing the Initiative costs nothing: not trying is idle.
  if (a.type === 'skip-seize') return true;
  if (a.type !== 'done') return false;
  const mine = step.legal.filter((l) => actorOf(l, 'figure') === a.figure);
  // At the start of its activation: anything it could do; after its move: a shot (or a brawl).
  if (step.before.activation === null) return mine.some((l) => USEFUL.has(l.type));
  return mine.some((l) => l.type === 'shoot' || l.type === 'brawl');
}

function wasted(step: Step): Record<string, number> {
  const a = step.action as Act;
  // The free activation Seize the Initiative gave, ended with nothing done.
  if (a.type === 'done' && step.before.phase === 'seized' && step.before.activation === null)
    return { 'seized-activation': 1 };
  return {};
}

export const fiveparsecsLevers: Levers<FpState> = {
  mechanics: MECHANICS,
  resources: ['seized-activation'],
  used,
  idle,
  wasted,
};
