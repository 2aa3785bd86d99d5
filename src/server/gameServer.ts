/**
 * The game server: one Node process, one address, serving the built app (dist/) and the Colyseus
 * rooms of online matches (the matchmaking routes and the WebSocket on the same HTTP server). Rooms
 * stored in the data folder are restored when it starts, so a restart loses no match.
 */
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import serveStatic from 'serve-static';
import { MAX_PAYLOAD, ROOM_NAME } from '../online/protocol';
import { MatchRoom, roomSettings } from './matchRoom';
import { fileStore, memoryStore, redisStore, type StoredRoom } from './roomStore';
import { BotPool, defaultBotThreads } from './botPool';
import { RedisPresence } from '@colyseus/redis-presence';
import { RedisDriver } from '@colyseus/redis-driver';
import { decider } from '../rules/engine/match';
import { Referee } from './referee';

/** How the server is started. */
export interface GameServerOptions {
  port: number;
  host: string;
  /** The built app to serve, or null for rooms alone. */
  staticDir: string | null;
  /** Where rooms are stored (a file per room), or null for memory. */
  dataDir: string | null;
  /** How long a dropped player's seat waits, seconds. */
  reconnectSeconds?: number;
  /** Messages a client may send a second before refusals, and before its connection is closed. */
  flood?: { refuse: number; close: number };
  /** Threads for the AI seats' thinking (0: on the event loop); one fewer than the cores by default. */
  botThreads?: number;
  /**
   * Redis (`redis://host:port`): several server processes share matchmaking and room lookup (Colyseus'
   * Redis presence and driver), and rooms are stored there instead of the data folder.
   */
  redisUrl?: string | null;
  /** This process's address as other processes' clients reach it (`host:port`), with Redis. */
  publicAddress?: string;
  /** Rooms one address may create in a minute (ROOMS_PER_MINUTE by default). */
  roomsPerMinute?: number;
}

/** A running game server. */
export interface GameServer {
  http: HttpServer;
  colyseus: Server;
  /** The rooms restored from the data folder as it started. */
  restored: string[];
  close(): Promise<void>;
}

/** Starts the server and restores the stored rooms whose match is not over. */
export async function startGameServer(o: GameServerOptions): Promise<GameServer> {
  roomSettings.store = o.redisUrl ? redisStore(o.redisUrl) : o.dataDir ? fileStore(o.dataDir) : memoryStore();
  if (o.reconnectSeconds !== undefined) roomSettings.reconnectSeconds = o.reconnectSeconds;
  if (o.flood) roomSettings.flood = o.flood;
  const threads = o.botThreads ?? defaultBotThreads();
  const bots = threads > 0 ? new BotPool(threads) : null;
  roomSettings.bots = bots;
  const http = createServer();
  if (o.staticDir) {
    const files = serveStatic(o.staticDir, { index: ['index.html'] });
    http.on('request', (req, res) => {
      if (req.url?.startsWith('/matchmake')) return;
      files(req, res, () => {
        res.statusCode = 404;
        res.end('not found');
      });
    });
  }
  const colyseus = new Server({
    transport: new WebSocketTransport({ server: http, maxPayload: MAX_PAYLOAD }),
    greet: false,
    gracefullyShutdown: false,
    // A room is made on the process asked (a restored room must be: only it holds the restore token).
    selectProcessIdToCreateRoom: async () => matchMaker.processId,
    ...(o.redisUrl
      ? {
          presence: new RedisPresence(o.redisUrl),
          driver: new RedisDriver(o.redisUrl),
          ...(o.publicAddress ? { publicAddress: o.publicAddress } : {}),
        }
      : {}),
  });
  colyseus.define(ROOM_NAME, MatchRoom);
  await colyseus.listen(o.port, o.host);
  guardMatchmaking(http, o.roomsPerMinute ?? ROOMS_PER_MINUTE);
  const restored: string[] = [];
  for (const code of await roomSettings.store.codes()) if (await restore(code)) restored.push(code);
  return {
    http,
    colyseus,
    restored,
    close: async () => {
      await colyseus.gracefullyShutdown(false);
      await bots?.close();
      await roomSettings.store.close();
      if (roomSettings.bots === bots) roomSettings.bots = null;
    },
  };
}

/**
 * Brings a stored room back when its match is not over and no process runs it; whether it did. One room
 * that cannot come back (a ruleset renamed, a log that no longer replays) is said and skipped.
 */
function restore(code: string): Promise<boolean> {
  // One restore of a room at a time (two joins at once, or a join during the start's restores, share it).
  let job = restoring.get(code);
  if (!job) {
    job = restoreNow(code).finally(() => restoring.delete(code));
    restoring.set(code, job);
  }
  return job;
}

const restoring = new Map<string, Promise<boolean>>();

async function restoreNow(code: string): Promise<boolean> {
  try {
    // A running room first (cheap): whether the stored match is over replays its log.
    if ((await matchMaker.query({ roomId: code })).length > 0) return false;
    const stored = await roomSettings.store.get(code);
    if (!stored || (await over(stored))) return false;
    if (!(await roomSettings.store.claim(code))) return false;
    await matchMaker.createRoom(ROOM_NAME, { restore: code, token: roomSettings.restoreToken });
    return true;
  } catch (e) {
    console.error(`room ${code} was not restored: ${(e as Error).message}`);
    return false;
  }
}

/**
 * A matchmaking request's method and its argument (a room name, or joinById's code), read as Colyseus reads
 * them: any URL with "/matchmake" in it, its words the runs of letters, digits, "_" and "-".
 */
function matchmakeCall(url: string): { method: string; arg: string } | null {
  if (!url.includes('/matchmake')) return null;
  const words: string[] = url.match(/([a-zA-Z_\-0-9]+)/g) ?? [];
  const at = words.indexOf('matchmake');
  return { method: words[at + 1] ?? '', arg: words[at + 2] ?? '' };
}

/** The matchmaking methods that make a room (a private room is never joined by joinOrCreate: it makes one). */
const MAKES_A_ROOM = new Set(['create', 'joinOrCreate']);

/** The most bytes a matchmaking request's body may hold (create and join options are a few hundred). */
export const MATCHMAKE_MAX_BYTES = 16 * 1024;
/** Rooms one address may create in a minute. */
export const ROOMS_PER_MINUTE = 20;

/**
 * What Colyseus' matchmaking routes are not given: a body over MATCHMAKE_MAX_BYTES closes the request (Colyseus
 * reads a body whole, however long); an address past its rooms a minute (ROOMS_PER_MINUTE) is refused (each is stored
 * and kept); and a room closed after a long while with nobody in it (or one whose process went away) is
 * brought back from the store when a player comes to it by its code (the request waits for the restore, its
 * body unread until then, then goes on to Colyseus' own handler).
 */
function guardMatchmaking(http: HttpServer, roomsPerMinute: number): void {
  const handlers = http.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  const created = new Map<string, number[]>();
  http.removeAllListeners('request');
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    const call = req.method === 'POST' ? matchmakeCall(url) : null;
    const matchmaking = call !== null;
    const pass = () => {
      // Counted as Colyseus reads it (a listener added any sooner would set the body flowing before its own).
      let read = 0;
      if (matchmaking)
        req.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MATCHMAKE_MAX_BYTES) req.destroy();
        });
      for (const h of handlers) h.call(http, req, res);
    };
    if (!call) return pass();
    const refuse = (error: string) => {
      res.writeHead(200, {
        ...matchMaker.controller.getCorsHeaders(req),
        'Content-Type': 'application/json',
        Connection: 'close',
      });
      res.end(JSON.stringify({ code: 4290, error }));
      // The body is let through unread (nothing of it is kept), and the connection closes after the answer.
      req.resume();
    };
    if (Number(req.headers['content-length'] ?? 0) > MATCHMAKE_MAX_BYTES)
      return refuse(`a matchmaking request of over ${MATCHMAKE_MAX_BYTES} bytes`);
    if (MAKES_A_ROOM.has(call.method)) {
      const from = req.socket.remoteAddress ?? '';
      const now = Date.now();
      // Addresses with no room in the last minute are forgotten (the map never outgrows a minute's callers).
      if (created.size > 10_000)
        for (const [who, times] of created) if (times.every((t) => now - t >= 60_000)) created.delete(who);
      const recent = (created.get(from) ?? []).filter((t) => now - t < 60_000);
      if (recent.length >= roomsPerMinute) {
        created.set(from, recent);
        return refuse(`more than ${roomsPerMinute} rooms a minute from one address: wait a little`);
      }
      created.set(from, [...recent, now]);
      return pass();
    }
    if (call.method !== 'joinById' || !/^[0-9A-Z]{1,32}$/.test(call.arg)) return pass();
    void restore(call.arg).finally(pass);
  });
}

/** Whether a stored room's match is over (it is then not restored). */
async function over(stored: StoredRoom): Promise<boolean> {
  const r = await Referee.open(stored.record, stored.log);
  return decider(r.entry.engine, r.match) === null;
}
