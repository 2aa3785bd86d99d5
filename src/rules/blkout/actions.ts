/** The actions (and reactions) of the blkout ruleset: plain JSON. */
import type { Edge } from './game';

type Pos = { x: number; y: number; z: number };

/** Every move a BLKOUT player can make. */
export type BlkoutAction =
  | ({ type: 'place-hardpoint' } & { x: number; z: number })
  | { type: 'choose-edge'; edge: Edge }
  | ({ type: 'deploy'; model: string } & Pos)
  | { type: 'hold-back'; unit: string }
  | { type: 'activate'; unit: string }
  | { type: 'chain'; unit: string }
  | { type: 'controller'; unit: string }
  | { type: 'handler-again' }
  | { type: 'end-turn' }
  | ({ type: 'move'; model: string; facingDeg?: number } & Pos)
  | ({ type: 'lean-out'; model: string } & Pos)
  | ({ type: 'jump'; model: string; facingDeg?: number } & Pos)
  | { type: 'end-reposition' }
  | { type: 'shoot'; model: string; weapon: number; target: string; track?: 'mobility' | 'chassis' }
  | ({ type: 'blast'; model: string; weapon: number } & Pos)
  | { type: 'auto-shot'; model: string; target: string }
  | { type: 'end-auto' }
  | { type: 'burn'; card: string; unit?: string; drill?: string }
  | ({ type: 'phase-out'; model: string } & Pos)
  | { type: 'ready'; model: string; to?: string }
  | { type: 'sidewinder'; model: string; target: string }
  | { type: 'armoury'; model: string; item: string; x?: number; z?: number }
  | { type: 'drill'; unit: string; drill: string; x?: number; z?: number }
  | ({ type: 'pre-move'; model: string } & Pos)
  | ({ type: 'end-move'; model: string } & Pos)
  | ({ type: 'drone-swarm'; model: string; hardpoint: string } & Pos)
  /** `lean`: the model leans out at the end (half its Move less to sprint; a `lean-out` completes the action). */
  | ({ type: 'sprint'; model: string; facingDeg?: number; lean?: boolean } & Pos)
  | { type: 'data-attack'; model: string; target: string }
  | { type: 'hold'; model: string }
  | { type: 'end-activation' }
  | { type: 'overwatch'; model: string; weapon: number; item?: string }
  | { type: 'return-fire'; model: string; weapon: number; item?: string }
  | { type: 'juke'; model: string }
  | ({ type: 'juke-move'; model: string; facingDeg?: number } & Pos)
  | { type: 'counter-ewar'; model: string };

/**
 * An option a reaction window offers: a reaction, or a juke move whose destination the answer
 * fills in (`open`: the engine accepts any action of that type, and apply checks it).
 */
export type BlkoutOption = BlkoutAction | { type: 'juke-move'; model: string; open: true };
