/**
 * The skirmish-ru levers (engine/levers.ts): every mechanic a fighter can choose, when a decision idles,
 * and the reserved actions let go unspent (a reserve not fired before the fighter's next activation, or
 * the battle's end).
 */
import { actorOf, type LeverStep, type Levers } from '../engine/levers';
import type { SkAction } from './actions';
import type { SkState } from './game';

const MECHANICS = [
  'move',
  'run',
  'sprint',
  'climb',
  'jump-down',
  'leap',
  'fall',
  'charge',
  'shoot',
  'ambush-shot',
  'strike',
  'reserve',
  'clear-jam',
  'hide',
] as const;

/** What makes an activation do something (beyond moving). */
const ATTACKS = new Set(['shoot', 'strike', 'clear-jam']);

type Step = LeverStep<SkState>;
type Act = SkAction | { type: 'pass' };

function used(step: Step): string[] {
  const a = step.action as Act;
  const out: string[] = [];
  switch (a.type) {
    case 'move':
      out.push(a.mode);
      break;
    case 'jump':
      out.push(a.how === 'down' ? 'jump-down' : a.how);
      break;
    case 'shoot':
      out.push(step.before.ambush ? 'ambush-shot' : 'shoot');
      break;
    case 'strike':
    case 'reserve':
    case 'clear-jam':
    case 'hide':
      out.push(a.type);
      break;
    case 'done':
    case 'pass':
      break;
  }
  if (step.events.some((e) => e.type === 'fall')) out.push('fall');
  if ((a.type === 'move' || a.type === 'jump') && step.events.some((e) => e.type === 'close-combat'))
    out.push('charge');
  return out;
}

function idle(step: Step): boolean {
  const a = step.action as Act;
  if (a.type !== 'done') return false;
  const mine = step.legal.filter((l) => actorOf(l, 'fighter') === a.fighter);
  if (mine.some((l) => ATTACKS.has(l.type))) return true;
  // Ending an activation that has not moved while a move was legal.
  return step.before.activation?.moved === 'none' && mine.some((l) => l.type === 'move' || l.type === 'jump');
}

function wasted(step: Step): Record<string, number> {
  const a = step.action as Act;
  let lost = 0;
  for (const [id, f] of Object.entries(step.before.fighters)) {
    const after = step.after.fighters[id];
    // A reserve cleared without its shot (the fighter activated again).
    if (f.reserved && after && !after.reserved && !(a.type === 'shoot' && a.fighter === id)) lost++;
  }
  if (step.before.phase !== 'over' && step.after.phase === 'over')
    lost += Object.values(step.after.fighters).filter((f) => f.reserved).length;
  return lost > 0 ? { reserve: lost } : {};
}

export const skirmishRuLevers: Levers<SkState> = {
  mechanics: MECHANICS,
  resources: ['reserve'],
  used,
  idle,
  wasted,
};
