/**
 * The BLKOUT levers (engine/levers.ts): every mechanic a player can choose (actions, reactions, each BURN
 * card and battle drill, the CP spends), when a decision idles, and what is let go unspent: Command
 * Points are not regained once spent and carry across rounds, and BURN cards stay in hand, so whatever
 * is left of either when the game ends was never used.
 */
import { actorOf, type LeverStep, type Levers } from '../engine/levers';
import type { BlkoutAction } from './actions';
import { DRILL_IDS } from './data';
import { BURN_CARDS, type BlkoutState } from './game';

const MECHANICS = [
  'move',
  'enter',
  'jump',
  'lean-out',
  'sprint',
  'shoot',
  'mobility-shot',
  'early-shot',
  'he-blast',
  'auto-shot',
  'cqc',
  'ready',
  'give-ready',
  'data-spike',
  'data-knife',
  'sidewinder',
  'drone-swarm',
  'phase-out',
  'switchback-move',
  'drill-move',
  'return-fire',
  'overwatch',
  'juke',
  'juke-move',
  'counter-ewar',
  'armoury',
  'chain',
  'handler-activation',
  'controller',
  'hold-back',
  ...BURN_CARDS.map((c) => `burn-${c}`),
  ...DRILL_IDS.map((d) => `drill-${d}`),
] as const;

/** What a model's activation can do that does something. */
const USEFUL = new Set(['shoot', 'blast', 'data-attack', 'sidewinder', 'drone-swarm', 'sprint']);

type Step = LeverStep<BlkoutState>;
type Act = BlkoutAction | { type: 'pass' };

function actionMechanics(step: Step, a: Act): string[] {
  switch (a.type) {
    case 'move':
      return [step.before.models[a.model]?.pos === null ? 'enter' : 'move'];
    case 'shoot':
      if (a.track === 'mobility') return ['mobility-shot'];
      return [step.before.activation?.stage === 'reposition' ? 'early-shot' : 'shoot'];
    case 'blast':
      return ['he-blast'];
    case 'ready':
      return [a.to ? 'give-ready' : 'ready'];
    case 'data-attack':
      return [a.target in step.before.units ? 'data-spike' : 'data-knife'];
    case 'pre-move':
      return ['switchback-move'];
    case 'end-move':
      return ['drill-move'];
    case 'handler-again':
      return ['handler-activation'];
    case 'drill':
      return [`drill-${a.drill}`];
    case 'jump':
    case 'lean-out':
    case 'sprint':
    case 'auto-shot':
    case 'sidewinder':
    case 'drone-swarm':
    case 'phase-out':
    case 'return-fire':
    case 'overwatch':
    case 'juke':
    case 'juke-move':
    case 'counter-ewar':
    case 'armoury':
    case 'chain':
    case 'controller':
    case 'hold-back':
      return [a.type];
    default:
      return [];
  }
}

function used(step: Step): string[] {
  const a = step.action as Act;
  const out = actionMechanics(step, a);
  for (const e of step.events) {
    if (e.type === 'burn' && typeof e.card === 'string') out.push(`burn-${e.card}`);
    if (e.type === 'cqc') out.push('cqc');
  }
  // A reaction or an armoury item paid with a load is also the armoury.
  if ((a.type === 'return-fire' || a.type === 'overwatch') && a.item) out.push('armoury');
  return out;
}

function idle(step: Step): boolean {
  const a = step.action as Act;
  switch (a.type) {
    case 'hold':
      return step.legal.some((l) => USEFUL.has(l.type) && actorOf(l) === a.model);
    case 'end-activation':
      return step.legal.some((l) => USEFUL.has(l.type));
    case 'end-auto':
      return step.legal.some((l) => l.type === 'auto-shot');
    case 'end-turn':
      // A Controller's free activation declined.
      return step.legal.some((l) => l.type === 'controller');
    case 'pass':
      // Counter-EWAR costs nothing.
      return step.legal.some((l) => l.type === 'counter-ewar');
    default:
      return false;
  }
}

function wasted(step: Step): Record<string, number> {
  if (step.before.phase === 'over' || step.after.phase !== 'over') return {};
  const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
  const out: Record<string, number> = {};
  const cp = sum(Object.values(step.after.cp));
  const burn = sum(Object.values(step.after.burn.hands).map((h) => h.length));
  if (cp > 0) out.cp = cp;
  if (burn > 0) out['burn-cards'] = burn;
  return out;
}

export const blkoutLevers: Levers<BlkoutState> = {
  mechanics: MECHANICS,
  resources: ['cp', 'burn-cards'],
  used,
  idle,
  wasted,
};
