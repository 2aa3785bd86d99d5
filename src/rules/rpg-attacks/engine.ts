/**
 * The `rpg-attacks` ruleset (../../../../shared/rules/rpg-attacks.en.txt): the attack chapter of an RPG
 * played as a skirmish of two squads, each character in initiative order taking a move and one action.
 * Readings of the battle are in game.ts, round.ts, turn.ts, fight.ts, reactions.ts and harm.ts. Registered
 * in the list (src/rulesets.ts) by its index.ts.
 */
import { msg } from '../engine/message';
import type { Ruleset } from '../engine/types';
import type { RpgAction } from './actions';
import { applyAction } from './apply';
import { legalNow } from './legal';
import { deciderOf, isStanding, layoutOf, PLAYERS, type RpgState } from './game';
import { pieceOf } from '../engine/kit';

/** Characters of `side` down. */
const down = (s: RpgState, side: string): number =>
  Object.values(s.chars).filter((c) => c.side === side && !isStanding(c)).length;

/** The reactions' names for the log's reaction-window line, by action type. */
const REACTION_IDS: Record<string, string> = { dodge: 'rpg-attacks:react.dodge', parry: 'rpg-attacks:react.parry' };

/** The ruleset object the engine plays. */
export const ruleset: Ruleset<RpgState, RpgAction> = {
  id: 'rpg-attacks',
  players: () => [...PLAYERS],
  currentPlayer: deciderOf,
  legalActions: (s, player, _window, queries) => legalNow(s, player, queries),
  apply: applyAction,
  // The Dodge window (reactions.ts): one per character caught who may Dodge, before the blast resolves.
  reactionWindow: (s) => {
    // The parry window (parry.ts): the character a melee blow hit, before the hit is resolved.
    const parry = s.parry;
    if (parry)
      return {
        player: pieceOf(s.chars, parry.target, 'character').side,
        timing: 'before',
        options: [{ type: 'parry', model: parry.target }],
        trigger: { type: 'attack', model: parry.attacker, weapon: parry.weapon, target: parry.target },
      };
    const p = s.pending;
    const head = p?.queue[0];
    if (!p || !head) return null;
    return {
      player: pieceOf(s.chars, head, 'character').side,
      timing: 'before',
      options: [{ type: 'dodge', model: head }],
      trigger: {
        type: 'grenade',
        model: p.thrower,
        weapon: p.weapon,
        x: p.aim[0],
        y: p.aim[1],
        z: p.aim[2],
      },
    };
  },
  outcome: (s) => {
    if (s.phase !== 'over') return null;
    // The score: enemies down; more wins, equal is a draw.
    const score = { A: down(s, 'B'), B: down(s, 'A') };
    return { winner: score.A > score.B ? 'A' : score.B > score.A ? 'B' : null, score };
  },
  reactionName: (o) => (REACTION_IDS[o.type] ? msg(REACTION_IDS[o.type]!) : o.type),
  layout: layoutOf,
};

export type { RpgAction } from './actions';
export type { RpgState, RpgOptions } from './game';
