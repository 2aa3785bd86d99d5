/**
 * The Colyseus room of one online match. The room is the referee's door: it seats clients (a side, or
 * watching), checks every message against the protocol's schemas, hands a side's move to the referee,
 * stores each accepted action before answering, sends every client its own view, plays the AI's seats,
 * and keeps a dropped player's seat for their return.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Room, type Client } from '@colyseus/core';
import {
  ActMessage,
  CreateOptions,
  JoinOptions,
  MAX_MESSAGE_CHARS,
  SIDES,
  type OnlineSide,
  type RefusedMessage,
  type SeatedMessage,
  type SeatStatus,
} from '../online/protocol';
import type { Match, Move } from '../rules/engine/match';
import type { Action } from '../rules/engine/types';
import { onlineOptions, Referee, rulesOf, type Judged } from './referee';
import { memoryStore, type RoomRecord, type RoomStore, type Slot } from './roomStore';
import type { BotAnswer, BotPool } from './botPool';

/** How long a dropped player's seat waits for them by default, seconds. */
export const RECONNECT_SECONDS = 120;
/** Messages a client may send in a second before they are refused, and before it is disconnected (a person sends a few). */
export const FLOOD_REFUSE = 50;
export const FLOOD_CLOSE = 150;
/** How long a room with nobody in it waits for its players before it closes (its match stays stored), ms. */
const IDLE_MS = 30 * 60_000;
/** The most spectators a room takes (the players' seats and their reconnections always have room). */
export const MAX_SPECTATORS = 24;
/** The close code when a seat's key takes it back from another connection (the page does not come back then). */
export const SEAT_TAKEN_BACK = 4100;
/** How often a client may ask for its whole view again: SYNC_BURST times in any SYNC_WINDOW_MS. */
const SYNC_BURST = 3;
const SYNC_WINDOW_MS = 5000;

/** Crockford's base-32 letters (no I, L, O, U). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new room code: ten random letters (50 bits). */
export const newCode = (): string => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** 256 random bits as 8 words: an online room's dice key (rng.ts). */
function secretKey(): number[] {
  const bytes = randomBytes(32);
  return Array.from({ length: 8 }, (_, i) => bytes.readUInt32LE(4 * i));
}

/** A password's SHA-256, hex. */
const digest = (password: string) => createHash('sha256').update(password).digest('hex');

/** What a client's seat is, kept on the client. */
interface Seated {
  seat: OnlineSide | null;
  /** Its place: the side, or a shared side's partner's (`A+`); null watching. */
  slot: Slot | null;
  /** When it asked for its whole view lately. */
  synced: number[];
  /** The seat's key (null: watching). */
  key: string | null;
  /** Message times in the last second (the flood check). */
  recent: number[];
}

/** The process's room settings: where rooms are stored, how long a seat waits. Set once by the server. */
export const roomSettings: {
  store: RoomStore;
  reconnectSeconds: number;
  restoreToken: string;
  /** Messages a second before refusals, and before the connection is closed. */
  flood: { refuse: number; close: number };
  /** The bot threads, or null to think on the event loop (tests). */
  bots: BotPool | null;
} = {
  bots: null,
  store: memoryStore(),
  reconnectSeconds: RECONNECT_SECONDS,
  flood: { refuse: FLOOD_REFUSE, close: FLOOD_CLOSE },
  restoreToken: randomBytes(16).toString('hex'),
};

/** The internal option a restored room is created with (never a client's: CreateOptions refuses it). */
interface RestoreOptions {
  restore: string;
  token: string;
}

const isRestore = (o: unknown): o is RestoreOptions =>
  typeof o === 'object' && o !== null && 'restore' in o && (o as RestoreOptions).token === roomSettings.restoreToken;

/** The first zod issue of a failed parse, as "path: message". */
const issue = (e: { issues: { path: PropertyKey[]; message: string }[] }) => {
  const i = e.issues[0];
  return i ? `${i.path.map(String).join('.') || 'options'}: ${i.message}` : 'invalid';
};

export class MatchRoom extends Room {
  private referee!: Referee;
  private record!: RoomRecord;
  /** Which client holds each side (by session id), and whether it is connected. */
  private holders: Partial<Record<Slot, { sessionId: string; connected: boolean }>> = {};
  private botPending = false;
  private disposed = false;
  /** The stored actions so far: each view is sent once its action is kept. */
  private persisted: Promise<void> = Promise.resolve();
  /** The match as far as it is stored (what clients are shown: never an action a restart would lose). */
  private shown!: Match<unknown, Action>;
  private idleTimer: { clear(): void } | null = null;
  /** Seats whose first key is being stored. */
  private readonly seating = new Set<Slot>();
  /** Bot failures in a row (retried after a pause, then on this thread). */
  private botFailures = 0;
  /** A new room's first join is its creator's (with the create options). */
  private creatorPending = false;

  override async onCreate(options: unknown): Promise<void> {
    this.maxClients = 32;
    // Colyseus looks a message's type up in a plain object: "constructor" or "toString" would find
    // Object's own and throw outside any handler (the whole process down). Without a prototype, every
    // name that is not a handler reaches "*" and its refusal.
    Object.setPrototypeOf((this as unknown as { onMessageHandlers: object }).onMessageHandlers, null);
    if (isRestore(options)) {
      const stored = await roomSettings.store.get(options.restore);
      if (!stored) throw new Error(`no stored room ${options.restore}`);
      this.record = stored.record;
      this.referee = await Referee.open(this.record, stored.log);
    } else {
      const parsed = CreateOptions.safeParse(options);
      if (!parsed.success) throw new Error(`create: ${issue(parsed.error)}`);
      const o = parsed.data;
      this.record = {
        code: newCode(),
        rules: o.rules,
        seats: o.seats,
        seed: o.seed ?? randomInt(0x7fffffff),
        // A room whose seed nobody gave draws its dice under a 256-bit key only the server holds.
        ...(o.seed === undefined ? { key: secretKey() } : {}),
        forces: o.forces ?? { A: '', B: '' },
        options: onlineOptions(rulesOf(o.rules), o.options),
        password: o.password ? digest(o.password) : null,
        keys: {},
        ...(o.shared?.length ? { shared: [...new Set(o.shared)] } : {}),
        created: new Date().toISOString(),
      };
      this.referee = await Referee.open({ ...this.record, forces: o.forces ?? rulesOf(o.rules).forces.defaults });
      this.record = { ...this.record, forces: this.referee.table.forces, options: this.referee.table.options };
      await roomSettings.store.put(this.record);
      this.creatorPending = true;
    }
    this.shown = this.referee.match;
    // A room stays while its match goes on, even with nobody in it for a while (a link not opened yet, both
    // players gone for a break): it closes after IDLE_MS empty, or soon after its match is over.
    this.autoDispose = false;
    this.idle();
    this.roomId = this.record.code;
    // Private: never listed, never matched by join or joinOrCreate; only its code (joinById) reaches it.
    await this.setPrivate(true);
    await this.setMetadata({ rules: this.record.rules, seats: this.record.seats });
    this.onMessage('act', (client, message: unknown) => {
      if (this.counted(client)) this.onAct(client, message);
    });
    // A client asks again for its seat and the whole view (one that attached its listeners after they came).
    this.onMessage('sync', (client) => {
      if (!this.counted(client)) return;
      const me = client.userData as Seated;
      const now = Date.now();
      me.synced = me.synced.filter((t) => now - t < SYNC_WINDOW_MS);
      if (me.synced.length >= SYNC_BURST) return;
      me.synced.push(now);
      this.sync(client);
    });
    this.onMessage('*', (client, type) => {
      if (this.counted(client))
        this.refuse(client, { code: 'bad-message', reason: `no message "${String(type)}" (send "act")` });
    });
    this.scheduleBot();
  }

  override onAuth(_client: Client, options: unknown): boolean {
    const password = (options as { password?: unknown } | undefined)?.password;
    if (this.record.password && (typeof password !== 'string' || digest(password) !== this.record.password))
      throw new Error('this room needs its password');
    const watching = this.clients.filter((c) => (c.userData as Seated | undefined)?.seat === null).length;
    if ((options as { seat?: unknown } | undefined)?.seat === 'spectator' && watching >= MAX_SPECTATORS)
      throw new Error(`this room has its ${MAX_SPECTATORS} spectators`);
    return true;
  }

  override async onJoin(client: Client, options: unknown): Promise<void> {
    const creating = this.creatorPending;
    this.creatorPending = false;
    const seat = creating ? this.creatorSeat(options as CreateOptions) : this.joinSeat(options);
    const key = seat ? await this.seat(client, seat, (options as { key?: string }).key) : null;
    const slot = seat ? this.slotOf(client) : null;
    client.userData = { seat, slot, key, recent: [], synced: [] } satisfies Seated;
    this.idleTimer?.clear();
    this.idleTimer = null;
    this.sync(client);
    this.broadcastViews(-1, client);
  }

  /** Sends a client its seat and its whole view (every event so far). */
  private sync(client: Client): void {
    const me = client.userData as Seated | undefined;
    if (!me) return;
    client.send('seated', { code: this.record.code, seat: me.seat, key: me.key } satisfies SeatedMessage);
    client.send('view', this.referee.view(me.seat, this.seatStatus(), 0, this.shown));
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    const seat = (client.userData as Seated | undefined)?.slot ?? null;
    const holder = seat ? this.holders[seat] : undefined;
    if (!seat || holder?.sessionId !== client.sessionId) return this.idle();
    holder.connected = false;
    this.broadcastViews(-1);
    if (consented) return this.idle();
    try {
      const back = await this.allowReconnection(client, roomSettings.reconnectSeconds);
      // Meanwhile the seat may have been taken back with its key elsewhere: then this connection is not its holder.
      if (this.holders[seat] !== holder) return back.leave(SEAT_TAKEN_BACK, 'the seat was taken back elsewhere');
      holder.connected = true;
      this.sync(back);
      this.broadcastViews(-1, back);
    } catch {
      // The seat stays theirs: its key takes it back (a join with { seat, key }).
      this.idle();
    }
  }

  /** With nobody in the room: it closes after IDLE_MS, or a minute once the match is over (it stays stored). */
  private idle(): void {
    if (this.clients.length > 0 || this.idleTimer || this.disposed) return;
    const wait = this.referee.decider() === null ? 60_000 : IDLE_MS;
    this.idleTimer = this.clock.setTimeout(() => {
      this.idleTimer = null;
      if (this.clients.length === 0) void this.disconnect();
    }, wait);
  }

  /** Counts a message against the client's flood allowance: false (refused or closed) past it. */
  private counted(client: Client): boolean {
    const me = client.userData as Seated | undefined;
    if (!me) return false;
    const now = Date.now();
    me.recent = me.recent.filter((t) => now - t < 1000);
    me.recent.push(now);
    const { refuse, close } = roomSettings.flood;
    if (me.recent.length > close) {
      client.leave(4008, 'too many messages');
      return false;
    }
    if (me.recent.length > refuse) {
      this.refuse(client, { code: 'flood', reason: `more than ${refuse} messages in a second` });
      return false;
    }
    return true;
  }

  override onDispose(): void {
    this.disposed = true;
    // A room nobody ever sat in (its creator never connected) is not kept.
    if (this.record && Object.keys(this.record.keys).length === 0) void roomSettings.store.remove(this.record.code);
  }

  override onUncaughtException(error: unknown, method: string): void {
    console.error(`room ${this.roomId}: ${method} threw:`, error);
  }

  /** The creator's side: the one it names, else the first "me" seat, else watching. */
  private creatorSeat(o: CreateOptions): OnlineSide | null {
    const seat = o.seat ?? SIDES.find((s) => o.seats[s] === 'me') ?? null;
    if (seat && this.record.seats[seat] === 'ai') throw new Error(`seat ${seat} is the AI's`);
    return seat;
  }

  /** A joiner's side (or null: watching), checked against the seats. */
  private joinSeat(options: unknown): OnlineSide | null {
    const parsed = JoinOptions.safeParse(options);
    if (!parsed.success) throw new Error(`join: ${issue(parsed.error)}`);
    const { seat } = parsed.data;
    if (seat === 'spectator') return null;
    if (this.record.seats[seat] === 'ai') throw new Error(`seat ${seat} is the AI's`);
    return seat;
  }

  /** The slot a seated client holds. */
  private slotOf(client: Client): Slot | null {
    for (const [slot, h] of Object.entries(this.holders)) if (h?.sessionId === client.sessionId) return slot as Slot;
    return null;
  }

  /**
   * Seats a client at a side: a free seat, or a taken one with its key (the old connection is closed). A
   * shared side (a co-op crew) has a second place, its partner's (`A+`): a second player without the first
   * one's key takes that.
   */
  private async seat(client: Client, side: OnlineSide, key: string | undefined): Promise<string> {
    const partner: Slot = `${side}+`;
    const shared = this.record.shared?.includes(side) ?? false;
    const mainTaken = this.record.keys[side] !== undefined || this.seating.has(side);
    const seat: Slot =
      key !== undefined && key === this.record.keys[partner]
        ? partner
        : shared && mainTaken && key !== this.record.keys[side]
          ? partner
          : side;
    const known = this.record.keys[seat];
    if (known && key !== known) throw new Error(`seat ${side} is taken`);
    if (!known) {
      // The key is kept before it is given (a key the store lost would lock the seat for good), and one join
      // at a time gets a seat's first key.
      if (this.seating.has(seat)) throw new Error(`seat ${side} is taken`);
      this.seating.add(seat);
      try {
        const record = { ...this.record, keys: { ...this.record.keys, [seat]: randomBytes(16).toString('hex') } };
        await roomSettings.store.put(record);
        this.record = record;
      } finally {
        this.seating.delete(seat);
      }
    }
    const old = this.holders[seat];
    if (old && old.sessionId !== client.sessionId)
      this.clients
        .find((c) => c.sessionId === old.sessionId)
        ?.leave(SEAT_TAKEN_BACK, 'the seat was taken back elsewhere');
    this.holders[seat] = { sessionId: client.sessionId, connected: true };
    return this.record.keys[seat]!;
  }

  private seatStatus(): Record<OnlineSide, SeatStatus> {
    const place = (s: Slot) => ({
      taken: this.holders[s] !== undefined || this.record.keys[s] !== undefined,
      connected: this.holders[s]?.connected ?? false,
    });
    const status = (s: OnlineSide): SeatStatus => {
      const kind = this.record.seats[s];
      if (kind === 'ai') return { kind, taken: true, connected: true };
      return { kind, ...place(s), ...(this.record.shared?.includes(s) ? { partner: place(`${s}+`) } : {}) };
    };
    return { A: status('A'), B: status('B') };
  }

  private onAct(client: Client, message: unknown): void {
    const me = client.userData as Seated;
    let size: number;
    try {
      size = JSON.stringify(message ?? null)?.length ?? 0;
    } catch (e) {
      // A value JSON cannot write (a 64-bit integer arrives as a BigInt).
      return this.refuse(client, { code: 'bad-message', reason: `act: ${(e as Error).message}` });
    }
    if (size > MAX_MESSAGE_CHARS)
      return this.refuse(client, {
        code: 'bad-message',
        reason: `message of ${size} characters (at most ${MAX_MESSAGE_CHARS})`,
      });
    const parsed = ActMessage.safeParse(message);
    if (!parsed.success) return this.refuse(client, { code: 'bad-message', reason: `act: ${issue(parsed.error)}` });
    if (!me.seat) return this.refuse(client, { code: 'not-your-seat', reason: 'a spectator cannot act' });
    const judged = this.referee.play(me.seat, parsed.data.move as Move<Action>, parsed.data.at);
    if (!judged.ok) return this.refuse(client, judged.refusal);
    this.accepted(judged.entry);
  }

  /**
   * After an accepted action: store it, then send everyone their view (in the order the actions came: one
   * chain per room), and let the AI play if it decides.
   */
  private accepted(entry: number): void {
    const match = this.referee.match;
    const stored = this.referee.last()!;
    this.persisted = this.persisted
      .then(() => roomSettings.store.append(this.record.code, stored))
      .then(() => {
        this.shown = match;
        this.broadcastViews(entry);
      })
      .catch((e: unknown) => {
        // Not kept: the room closes rather than play on from an action a restart would not know.
        console.error(`room ${this.roomId}: could not store action ${entry}, closing the room:`, e);
        void this.disconnect();
      });
    this.scheduleBot();
  }

  /** Each client's own view, with the events from `since` (-1: none, a seating change only). */
  private broadcastViews(since: number, except?: Client): void {
    const seats = this.seatStatus();
    for (const c of this.clients) {
      if (c === except) continue;
      const seat = (c.userData as Seated | undefined)?.seat ?? null;
      const view = this.referee.view(seat, seats, since < 0 ? Infinity : since, this.shown);
      c.send('view', view);
    }
  }

  private refuse(client: Client, r: RefusedMessage): void {
    client.send('refused', r);
  }

  /**
   * When an AI seat decides, its move is asked of the bot threads (botPool.ts; with none, on the next turn
   * of this event loop) and played once it comes, unless the match moved on meanwhile.
   */
  private scheduleBot(): void {
    const who = this.referee.decider() as OnlineSide | null;
    if (this.botPending || this.disposed || !who || this.record.seats[who] !== 'ai') return;
    const at = this.referee.match.log.length;
    const pool = roomSettings.bots;
    // After two failures in a row (a thread that crashed or took too long) the side plays a legal move
    // instead: a bot that fails there would fail here too, and here it would hold every room.
    if (pool && this.botFailures >= 2) return this.playAnyMove(who, at);
    this.botPending = true;
    const answer: Promise<BotAnswer> = pool
      ? pool.move({
          rules: this.record.rules,
          forces: this.record.forces,
          options: this.record.options,
          match: this.referee.match,
        })
      : new Promise((done) =>
          this.clock.setTimeout(() => {
            try {
              done({ id: 0, move: this.referee.botMove() });
            } catch (e) {
              done({ id: 0, error: (e as Error).message });
            }
          }, 0),
        );
    void answer.then((a) => {
      this.botPending = false;
      if (this.disposed) return;
      if (this.referee.match.log.length !== at) return this.scheduleBot();
      if ('error' in a) {
        // Asked again after a pause (longer each time), so a passing failure does not stall the match.
        this.botFailures += 1;
        console.error(`room ${this.roomId}: ${a.error} (asking again, failure ${this.botFailures})`);
        this.clock.setTimeout(() => this.scheduleBot(), Math.min(30_000, 1000 * this.botFailures));
        return;
      }
      this.botFailures = 0;
      const judged = a.move ? this.referee.play(who, a.move, at) : null;
      if (judged?.ok) return this.accepted(judged.entry);
      console.error(
        `room ${this.roomId}: the AI ${judged ? `move was refused: ${judged.refusal.reason}` : 'had no move'}; a legal move is played instead`,
      );
      this.playAnyMove(who, at);
    });
  }

  /**
   * A legal move drawn from the match's own stream, for an AI side whose bot has no move, a refused one, or
   * keeps failing (else the room would stall); when even that fails, tried again in 5 s.
   */
  private playAnyMove(who: OnlineSide, at: number): void {
    let played: Judged | null = null;
    try {
      const move = this.referee.anyMove();
      played = move ? this.referee.play(who, move, at) : null;
    } catch (e) {
      console.error(`room ${this.roomId}: no legal move could be drawn: ${(e as Error).message}`);
    }
    if (played?.ok) {
      this.botFailures = 0;
      this.accepted(played.entry);
    } else {
      this.botFailures = 2;
      this.clock.setTimeout(() => this.scheduleBot(), 5000);
    }
  }
}
