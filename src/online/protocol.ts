/**
 * What an online match's client and server say to each other, as zod schemas (the server checks every
 * message it is sent against them) and the types of what it sends back. Pure: imported by the game server
 * (src/server) and the page's online client alike.
 */
import { z } from 'zod';

/** The Colyseus room name every match is created under. */
export const ROOM_NAME = 'match';

/** Who takes a side: the player creating the room, a remote player who joins it, or the AI (the server plays it). */
export const SEAT_KINDS = ['me', 'remote', 'ai'] as const;
/** A side's seat kind. */
export type SeatKind = (typeof SEAT_KINDS)[number];

/** The sides of a match. */
export const SIDES = ['A', 'B'] as const;
/** A side. */
export type OnlineSide = (typeof SIDES)[number];

/** The longest message a client may send, in characters of its JSON (an action is a few hundred). */
export const MAX_MESSAGE_CHARS = 4096;

/** The largest WebSocket frame the server reads, bytes: a larger one closes the connection (1009). */
export const MAX_PAYLOAD = 16 * 1024;

/** A room code: ten letters of the Crockford base-32 alphabet (50 bits: unguessable, and readable aloud). */
export const CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/;

const side = z.enum(SIDES);
const text = (max: number) => z.string().max(max);

/** What `create` asks for: the ruleset, each side's seat, and the set-up the battle CLI takes. */
export const CreateOptions = z
  .object({
    rules: text(40),
    seats: z.object({ A: z.enum(SEAT_KINDS), B: z.enum(SEAT_KINDS) }).strict(),
    seed: z.number().int().min(0).max(0xffffffff).optional(),
    forces: z
      .object({ A: text(80), B: text(80) })
      .strict()
      .optional(),
    options: z.record(text(40), text(80)).optional(),
    password: text(80).optional(),
    /** Sides two players share (a co-op crew): such a side takes a second player, its partner, who acts for it too. */
    shared: z.array(side).max(2).optional(),
    /** The side the creator takes: the first 'me' seat when left out. */
    seat: side.optional(),
    /** The seat's key from an earlier join (a reconnect after the server's restart). */
    key: text(64).optional(),
  })
  .strict()
  .refine((o) => o.seats.A !== 'me' || o.seats.B !== 'me' || o.seat !== undefined, {
    message: 'two "me" seats need "seat" to say which one this client takes',
  });
/** What `create` asks for. */
export type CreateOptions = z.infer<typeof CreateOptions>;

/** What a join asks for: a side, or to watch; the room's password; a seat key to take a seat back. */
export const JoinOptions = z
  .object({
    seat: z.union([side, z.literal('spectator')]),
    password: text(80).optional(),
    key: text(64).optional(),
  })
  .strip();
/** What a join asks for. */
export type JoinOptions = z.infer<typeof JoinOptions>;

/** A client's action for its own side: the move (checked by the ruleset), and the log length it was chosen at. */
export const ActMessage = z
  .object({
    move: z.object({ type: text(40) }).passthrough(),
    at: z.number().int().min(0),
  })
  .strict();
/** A client's action. */
export type ActMessage = z.infer<typeof ActMessage>;

/** Who is seated and connected, per side. */
export interface SeatStatus {
  kind: SeatKind;
  /** Someone holds the seat (an AI seat always does). */
  taken: boolean;
  connected: boolean;
  /** A shared side's second player (a co-op crew), when the side is shared. */
  partner?: { taken: boolean; connected: boolean };
}

/** What the server sends each client after every change: its own view of the match. */
export interface ViewMessage {
  code: string;
  rules: string;
  /** The client's side, or null for a spectator. */
  seat: OnlineSide | null;
  /** The match's public state hash (engine/secrecy.ts `publicHash`): the same for every client of the room. */
  hash: string;
  /**
   * The match as this client may see it (engine/secrecy.ts: no seed, no other side's secrets). Its log
   * holds the entries from `logFrom` on, and its `initial` is null unless `logFrom` is 0 (a whole view).
   */
  match: unknown;
  /** The index of the first log entry in `match.log` (0: the whole match). */
  logFrom: number;
  /** The events since the view before, as this client may see them, and the log entry they came with. */
  events: { entry: number; events: unknown[] }[];
  seats: Record<OnlineSide, SeatStatus>;
  /** Who decides now, or null when the match is over. */
  decider: string | null;
  forces: Record<OnlineSide, string>;
  options: Record<string, string>;
}

/** What a joining client is told once: its seat and the key that takes the seat back later. */
export interface SeatedMessage {
  code: string;
  seat: OnlineSide | null;
  key: string | null;
}

/** A refusal of a message: why, in words, and its stable code. */
export interface RefusedMessage {
  code: 'bad-message' | 'not-your-seat' | 'stale' | 'refused' | 'flood';
  reason: string;
}
