/**
 * The rpg-attacks levers (engine/levers.ts): every mechanic a character can choose, when a decision
 * idles, and what is let go unspent. Action points pay only for Dodges and are refilled each round; a
 * declined Dodge is neither idle nor waste here (a Dodge that leaves the character inside the blast saves
 * nothing: area damage is one Wound however large, and only the bot's geometry can tell). Grenades still
 * carried when the battle ends are waste.
 */
import type { LeverStep, Levers } from '../engine/levers';
import type { RpgActions } from './actions';
import { isStanding, type RpgState } from './game';

const MECHANICS = [
  'move',
  'stand-up',
  'ranged-attack',
  'autofire',
  'melee',
  'grenade',
  'suppress',
  'grapple',
  'break-free',
  'release',
  'stunt',
  'dodge',
  'parry',
] as const;

/** The actions a turn can take besides moving (any of them does something). */
const ACTIONS = new Set(['attack', 'grenade', 'suppress', 'stunt', 'grapple', 'break-free']);

type Step = LeverStep<RpgState>;
type Act = RpgActions[keyof RpgActions] | { type: 'pass' };

function used(step: Step): string[] {
  const a = step.action as Act;
  switch (a.type) {
    case 'attack': {
      if (a.auto) return ['autofire'];
      const skill = step.before.weapons[a.weapon]?.skill;
      return [skill === 'projectiles' ? 'ranged-attack' : 'melee'];
    }
    case 'move':
    case 'stand-up':
    case 'grenade':
    case 'suppress':
    case 'grapple':
    case 'break-free':
    case 'release':
    case 'stunt':
    case 'dodge':
    case 'parry':
      return [a.type];
    default:
      return [];
  }
}

function idle(step: Step): boolean {
  const a = step.action as Act;
  // Ending the turn with an action still to take that would do something.
  if (a.type === 'end-turn') return step.legal.some((l) => ACTIONS.has(l.type));
  return false;
}

/** Grenades still carried by standing characters. */
function grenadesLeft(s: RpgState): number {
  let n = 0;
  for (const c of Object.values(s.chars)) {
    if (!isStanding(c)) continue;
    for (const w of c.weapons) if (s.weapons[w]?.grenade) n += c.ammo[w] ?? 0;
  }
  return n;
}

function wasted(step: Step): Record<string, number> {
  if (step.before.phase === 'over' || step.after.phase !== 'over') return {};
  const n = grenadesLeft(step.after);
  return n > 0 ? { grenades: n } : {};
}

export const rpgAttacksLevers: Levers<RpgState> = {
  mechanics: MECHANICS,
  resources: ['grenades'],
  used,
  idle,
  wasted,
};
