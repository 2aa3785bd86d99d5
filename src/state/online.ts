/**
 * The page's side of online play: a colyseus.js connection to a match room on the game server (the
 * page's own origin by default). The server is the referee; the page sends its own side's moves and
 * shows the views the server sends (the match as this seat may see it: no seed, no other side's
 * secrets). colyseus.js loads only when online play is first used. The play controller (play.ts) shows
 * each view as it shows the worker's answers.
 */
import type { Room } from 'colyseus.js';
import {
  ROOM_NAME,
  type CreateOptions,
  type OnlineSide,
  type RefusedMessage,
  type SeatKind,
  type SeatStatus,
  type SeatedMessage,
  type ViewMessage,
} from '../online/protocol';

export type { ViewMessage } from '../online/protocol';

/** What `window.tabletop.online.create` takes. */
export interface OnlineCreate {
  rules: string;
  seats: Record<OnlineSide, SeatKind>;
  seed?: number;
  forces?: Record<OnlineSide, string>;
  options?: Record<string, string>;
  password?: string;
  /** Sides two players share (Five Parsecs' crew played by two people against the AI): a second player joins the side too. */
  shared?: OnlineSide[];
  /** The side this page takes (the first 'me' seat by default). */
  seat?: OnlineSide;
}

/** Where the page stands online. */
export interface OnlineStatus {
  connected: boolean;
  code: string | null;
  seat: OnlineSide | 'spectator' | null;
  players: Record<OnlineSide, SeatStatus> | null;
}

/** What the online link tells its listener (the play controller). */
export interface OnlineListener {
  /** A view arrived (in order; the listener shows it before the next is handed over). */
  view(v: ViewMessage): Promise<void>;
  /** The server refused this page's message. */
  refused(r: RefusedMessage): void;
  /** The connection's state changed (dropped, back). */
  changed(): void;
}

/** The close code of a seat taken back with its key on another page (src/server/matchRoom.ts): not a drop. */
const SEAT_TAKEN_BACK = 4100;

/** How long a dropped connection keeps trying to come back, ms (the server keeps the seat 2 minutes). */
const RETRY_FOR_MS = 120_000;

/** Where the seat keys are kept, so a reload or a server restart takes the same seat back. */
const keyName = (code: string, seat: OnlineSide) => `tabletop.seat.${code}.${seat}`;

/** The link to one room. */
export class OnlineLink {
  private room: Room | null = null;
  private chain: Promise<void> = Promise.resolve();
  private lastView: ViewMessage | null = null;
  private closedByUs = false;
  code: string | null = null;
  seat: OnlineSide | 'spectator' | null = null;

  constructor(
    private readonly listener: OnlineListener,
    private readonly endpoint: string = defaultEndpoint(),
  ) {}

  /** Creates a room and takes the creator's seat; resolves with its code and seat once the first view is shown. */
  async create(o: OnlineCreate): Promise<{ code: string; seat: OnlineSide | 'spectator' }> {
    this.closedByUs = false;
    const client = await this.client();
    const options: CreateOptions = { ...o };
    const room = await client.create(ROOM_NAME, options);
    const seated = await this.attach(room);
    return { code: seated.code, seat: seated.seat ?? 'spectator' };
  }

  /** Joins a room by its code, at a side or watching (a seat key kept from before takes the seat back). */
  async join(code: string, seat: OnlineSide | 'spectator', password?: string): Promise<void> {
    if (this.closedByUs) throw new Error('this page left the room');
    const client = await this.client();
    const key = seat === 'spectator' ? null : storage()?.getItem(keyName(code, seat));
    const room = await client.joinById(code, {
      seat,
      ...(password ? { password } : {}),
      ...(key ? { key } : {}),
    });
    await this.attach(room);
  }

  /** Asks the server for this page's seat and its whole view again. */
  sync(): void {
    this.room?.send('sync');
  }

  /** Sends this seat's move, chosen at log length `at`; the answer is the next view (or a refusal). */
  send(move: unknown, at: number): void {
    this.room?.send('act', { move, at });
  }

  status(): OnlineStatus {
    return {
      connected: this.room !== null && this.room.connection.isOpen,
      code: this.code,
      seat: this.seat,
      players: this.lastView?.seats ?? null,
    };
  }

  /** Leaves the room (the seat stays this page's: its key takes it back). */
  async leave(): Promise<void> {
    this.closedByUs = true;
    await this.room?.leave(true);
    this.room = null;
  }

  private async client() {
    const { Client } = await import('colyseus.js');
    return new Client(this.endpoint);
  }

  /** Listens to a joined room; resolves once it is seated and its first view is shown. */
  private attach(room: Room): Promise<SeatedMessage> {
    this.room = room;
    return new Promise((resolve) => {
      let seated: SeatedMessage | null = null;
      room.onMessage('seated', (s: SeatedMessage) => {
        seated = s;
        this.code = s.code;
        this.seat = s.seat ?? 'spectator';
        if (s.seat && s.key) storage()?.setItem(keyName(s.code, s.seat), s.key);
      });
      room.onMessage('view', (v: ViewMessage) => {
        this.lastView = v;
        this.chain = this.chain.then(() => this.listener.view(v)).catch((e: unknown) => console.error(e));
        if (seated) {
          const s = seated;
          seated = null;
          void this.chain.then(() => resolve(s));
        }
      });
      room.onMessage('refused', (r: RefusedMessage) => this.listener.refused(r));
      // Messages that came before these listeners were set are asked for again.
      room.send('sync');
      room.onLeave((code) => {
        this.listener.changed();
        // Dropped (not left): try to come back with the reconnection token, then with the seat's key.
        // Dropped, or the server shutting down (4000 is its graceful close too): come back, unless this page
        // left or its seat was taken back with its key on another page (SEAT_TAKEN_BACK, 4100).
        if (!this.closedByUs && room === this.room && code !== SEAT_TAKEN_BACK)
          void this.comeBack(room.reconnectionToken);
      });
    });
  }

  private async comeBack(token: string): Promise<void> {
    const t0 = Date.now();
    while (Date.now() - t0 < RETRY_FOR_MS && !this.closedByUs) {
      await new Promise((r) => setTimeout(r, 1000));
      try {
        const client = await this.client();
        await this.attach(await client.reconnect(token));
        this.listener.changed();
        return;
      } catch {
        // The server may have restarted: its rooms came back from their logs, and the seat's key takes ours back.
        if (this.code && this.seat) {
          try {
            await this.join(this.code, this.seat);
            this.listener.changed();
            return;
          } catch {
            // Not up yet: try again.
          }
        }
      }
    }
  }
}

/** The page's own origin (the game server serves the app and the rooms at one address). */
function defaultEndpoint(): string {
  return typeof location === 'undefined' ? 'http://127.0.0.1:4173' : location.origin;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
