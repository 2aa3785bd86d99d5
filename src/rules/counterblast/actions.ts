/** The actions of the counterblast ruleset: plain JSON. */
type Pos = { x: number; y: number; z: number };

/** Every move a Counterblast player can make. */
export type CbAction = { [key: string]: unknown } & (
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
  | { type: 'snapshot'; model: string; weapon: number; target: string }
);
