/** The actions of the counterblast ruleset: plain JSON. */
type Pos = { x: number; y: number; z: number };

/** Every move a Counterblast player can make (no index signature: a misspelt field fails to compile). */
export type CbAction =
  | ({ type: 'deploy'; model: string } & Pos)
  | { type: 'activate'; model: string }
  | { type: 'activate-group'; hero: string; lackeys: string[] }
  | { type: 'do-nothing'; model: string }
  | { type: 'aim-assist'; model: string; friend: string }
  | { type: 'dog-pile'; model: string; target: string }
  | { type: 'pass-turn' }
  | { type: 'calm'; amount: number }
  | { type: 'elect'; model: string | null }
  | { type: 'buy-action'; model: string }
  | { type: 'end-activation' }
  | ({ type: 'move'; model: string; prone?: boolean } & Pos)
  | { type: 'stand-up'; model: string }
  | { type: 'recover'; model: string }
  | { type: 'throw'; model: string; target: string; directionDeg: number }
  | { type: 'shoot'; model: string; weapon: number; target: string; split?: { target: string; dice: number }[] }
  | { type: 'strike'; model: string; weapon: number; target: string; split?: { target: string; dice: number }[] }
  | { type: 'aim'; model: string }
  | { type: 'rush'; model: string }
  | ({ type: 'rush-move'; model: string } & Pos)
  | { type: 'jump'; model: string; directionDeg: number }
  | { type: 'rally'; model: string }
  | { type: 'treat'; model: string; target: string; heal?: boolean }
  | { type: 'engineer'; model: string; target: string; heal?: boolean }
  | { type: 'move-roll'; model: string }
  | { type: 'hack'; model: string; target: string }
  | { type: 'boost'; model: string; friend: string }
  | { type: 'psi-strike'; model: string; enigma: number; target: string }
  | { type: 'psi-craft'; model: string; enigma: number; target: string }
  | { type: 'disperse'; model: string }
  | { type: 'pursuit'; model: string }
  | { type: 'return-fire'; model: string; weapon: number }
  | { type: 'counterstrike'; model: string; weapon: number }
  | { type: 'parry'; model: string }
  | ({ type: 'action-roll'; model: string } & Pos)
  | { type: 'snapshot'; model: string; weapon: number; target: string };

/** An action type. */
export type CbActionType = CbAction['type'];
/** The action of a type. */
export type ActionOf<K extends CbActionType> = Extract<CbAction, { type: K }>;
/** Every action type's action: indexed by a type parameter, it keeps a generic handler's action and type together. */
export type CbActions = { [K in CbActionType]: ActionOf<K> };

/** The reactions: answers the reactive crew gives in a window, never actions of their own. */
export const REACTION_TYPES = [
  'return-fire',
  'counterstrike',
  'parry',
  'action-roll',
  'snapshot',
  'pursuit',
  'disperse',
] as const satisfies readonly CbActionType[];
/** A reaction type. */
export type ReactionType = (typeof REACTION_TYPES)[number];
/** A reaction. */
export type CbReaction = ActionOf<ReactionType>;
/** Whether an action is a reaction. */
export const isReaction = (a: { type: string }): a is CbReaction =>
  (REACTION_TYPES as readonly string[]).includes(a.type);

/** The actions an active model takes, each one of its actions (the Multitasking Rule counts them). */
export type ModelActionType =
  | 'move'
  | 'move-roll'
  | 'stand-up'
  | 'rush'
  | 'jump'
  | 'throw'
  | 'shoot'
  | 'strike'
  | 'aim'
  | 'rally'
  | 'recover'
  | 'treat'
  | 'engineer'
  | 'hack'
  | 'boost'
  | 'psi-strike'
  | 'psi-craft'
  | 'do-nothing'
  | 'aim-assist'
  | 'dog-pile';
