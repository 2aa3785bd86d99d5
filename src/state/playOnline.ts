/**
 * An online match as a page follows it (issue 39): the room on the game server is the referee, so a
 * move is sent to it and the page shows the views it answers with (its own seat's secrets only). The
 * play controller (play.ts) hands this its table, engine and store through `OnlineHost`; solo and
 * hotseat play never touch it.
 */
import type { Move } from '../rules/engine/match';
import type { Action, RuleEvent } from '../rules/engine/types';
import { render } from '../i18n/i18n';
import type { Scene } from '../geometry/sceneTypes';
import { RULESET_IDS } from '../rulesets';
import type { TabletopStore } from './store';
import { forcesFrom, playable, type StartOptions } from './matchSetup';
import { msg } from '../rules/engine/message';
import type { AnyMatch, Engine, Seating } from './engine';
import type { PlayView, Seat, Side } from './playView';
import { STALE, type PlayResult } from './playResult';
import { OnlineLink, type OnlineCreate, type OnlineStatus, type ViewMessage } from './online';
import type { RefusedMessage } from '../online/protocol';

/** An online match as the page follows it (null when the match is local). */
export interface OnlineSlice {
  online: {
    code: string;
    seat: Side | 'spectator';
    /** The whole match's state hash, as the server (the referee) has it. */
    hash: string;
    players: ViewMessage['seats'];
  } | null;
}

/** What the online play needs of the play controller. */
export interface OnlineHost {
  readonly store: TabletopStore;
  readonly engine: Engine;
  /** Counts a request as in flight (the controller's `idle`). */
  track<T>(request: Promise<T>): Promise<T>;
  /** Loads a table's meshes here and in the engine. */
  prepare(table: {
    file: string;
    scene: unknown;
  }): Promise<{ ok: true; terrain: Scene; file: string } | { ok: false; reason: string }>;
  /** Puts a prepared table in the store for an online match. */
  adopt(prepared: { terrain: Scene; file: string }): void;
  /** Redraws the table and the panel from a view (`first`: the view a page opens on). */
  publish(view: PlayView, first: boolean): void;
}

/** The online room a page plays or watches in. */
export class OnlinePlay {
  /** The room, and the move it waits on the server's answer for. */
  private room: {
    link: OnlineLink;
    file: string | null;
    waiting: { at: number; done: (r: PlayResult) => void } | null;
    /** The last log entry whose events the page has shown (a view may repeat them: a reconnect, a sync). */
    shown: number;
  } | null = null;

  constructor(private readonly host: OnlineHost) {}

  /** Whether this page follows an online room (its moves go to the server, which plays its AI). */
  get active(): boolean {
    return this.room !== null;
  }

  /** Creates an online room (the server referees it) and follows it from this page. */
  async create(o: OnlineCreate): Promise<{ code: string; seat: Side | 'spectator'; url: string }> {
    const link = this.link();
    const { code, seat } = await link.create(o);
    // The link to send: the seat left for a remote player (a shared side's second place), else a spectator's.
    const remote = (['A', 'B'] as const).find(
      (s) => o.seats[s] === 'remote' || (o.seats[s] === 'me' && s !== seat) || o.shared?.includes(s),
    );
    return { code, seat, url: onlineUrl(code, remote ?? 'spectator') };
  }

  /**
   * The set-up panel's online match: the room is created on the game server with the panel's ruleset,
   * forces (as the listed forces' ids: the server sets up as the battle CLI does), options and seed; a
   * Human seat is this page's, an Online seat waits for the player the link is sent to, an AI seat is
   * played by the server. `room`: the room's password, and the sides a second player shares (a co-op
   * crew: this page's side, with a player the link is sent to).
   */
  async start(
    opts: Omit<StartOptions, 'table' | 'level'>,
    room: { password?: string; shared?: Side[] } = {},
  ): Promise<PlayResult> {
    const entry = await playable(opts.rules ?? RULESET_IDS[0]!, 'rules');
    if (typeof entry === 'string') return { ok: false, reason: entry };
    const b = entry.play.forces;
    const data = b.defaultData();
    if (opts.data !== undefined && JSON.stringify(opts.data) !== JSON.stringify(data))
      return { ok: false, reason: msg('ui:refuse.online-data') };
    const forces = { A: '', B: '' };
    for (const side of ['A', 'B'] as const) {
      const f = opts.forces?.[side] ?? b.defaults[side];
      const id =
        typeof f === 'string'
          ? f
          : b.presets(data).find((p) => JSON.stringify(b.preset(data, p.id)) === JSON.stringify(f))?.id;
      if (!id) return { ok: false, reason: msg('ui:refuse.online-force', { side }) };
      forces[side] = id;
    }
    const chosen = { A: opts.seats?.A ?? 'human', B: opts.seats?.B ?? 'remote' };
    const mine = (['A', 'B'] as const).find((side) => chosen[side] === 'human');
    const kind = (side: Side) => (chosen[side] === 'ai' ? 'ai' : side === mine ? 'me' : 'remote');
    try {
      await this.create({
        rules: entry.id,
        seats: { A: kind('A'), B: kind('B') },
        forces,
        ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
        ...(opts.options ? { options: opts.options } : {}),
        ...(mine ? { seat: mine } : {}),
        ...(room.password ? { password: room.password } : {}),
        ...(room.shared?.length ? { shared: room.shared } : {}),
      });
      return { ok: true };
    } catch (e) {
      this.leave();
      return { ok: false, reason: msg('ui:refuse.online-create', { reason: (e as Error).message }) };
    }
  }

  /** Joins an online room by its code, at a side or watching. */
  async join(code: string, seat: Side | 'spectator', password?: string): Promise<PlayResult> {
    try {
      await this.link().join(code, seat, password);
      return { ok: true };
    } catch (e) {
      this.leave();
      return { ok: false, reason: msg('ui:refuse.online-join', { code, reason: (e as Error).message }) };
    }
  }

  /** Where this page stands online. */
  status(): OnlineStatus {
    return this.room?.link.status() ?? { connected: false, code: null, seat: null, players: null };
  }

  /** A new link (leaving any room this page was in). */
  private link(): OnlineLink {
    this.leave();
    // Each listener answers only while its own link is the page's (a view of a room left behind is dropped).
    const mine = () => this.room?.link === link;
    const link: OnlineLink = new OnlineLink({
      view: async (v) => (mine() ? this.show(v) : undefined),
      refused: (r) => (mine() ? this.refused(r) : undefined),
      changed: () => (mine() ? this.host.store.setState({ online: this.slice() }) : undefined),
    });
    this.room = { link, file: null, waiting: null, shown: -1 };
    return link;
  }

  leave(): void {
    const was = this.room;
    this.room = null;
    if (!was) return;
    was.waiting?.done({ ok: false, reason: STALE });
    void was.link.leave();
  }

  private slice(): OnlineSlice['online'] {
    const s = this.room?.link.status();
    const now = this.host.store.getState().online;
    if (!s?.code || !s.seat || !now) return now;
    return { ...now, players: s.players ?? now.players };
  }

  /** Sends a move to the server; the answer is the view with it played, or the server's refusal. */
  send(view: PlayView, move: Move<Action>): Promise<PlayResult> {
    const online = this.room!;
    const at = view.match.log.length;
    online.waiting?.done({ ok: false, reason: STALE });
    return this.host.track(
      new Promise<PlayResult>((done) => {
        online.waiting = { at, done };
        online.link.send(move, at);
      }),
    );
  }

  private refused(r: RefusedMessage): void {
    const waiting = this.room?.waiting;
    if (!waiting) return;
    this.room!.waiting = null;
    waiting.done({ ok: false, reason: r.reason });
  }

  /** The match a view describes: a whole view's, or a part (the log from `logFrom`) joined to the match shown; null when there is none to join. */
  private wholeMatch(v: ViewMessage): AnyMatch | null {
    const part = v.match as Omit<AnyMatch, 'initial'> & { initial: AnyMatch['initial'] | null };
    if (v.logFrom === 0 && part.initial) return part as AnyMatch;
    const shown = this.host.store.getState().play?.match;
    if (!shown || shown.log.length < v.logFrom) return null;
    return { ...part, initial: shown.initial, log: [...shown.log.slice(0, v.logFrom), ...part.log] };
  }

  /** Shows a view the server sent: the table on the first, then each new entry's events and the new view. */
  private async show(v: ViewMessage): Promise<void> {
    const online = this.room;
    if (!online) return;
    const entry = await playable(v.rules, 'rules');
    if (typeof entry === 'string') throw new Error(render(entry));
    const match = this.wholeMatch(v);
    if (!match) {
      // A part of the match with nothing to add it to: ask for the whole of it.
      online.link.sync();
      return;
    }
    const seat = v.seat ?? 'spectator';
    const seatOf = (p: Side): Seat => (seat === p ? 'human' : v.seats[p].kind === 'ai' ? 'ai' : 'remote');
    const seats: Record<Side, Seat> = { A: seatOf('A'), B: seatOf('B') };
    const built = forcesFrom(entry, entry.play.forces.defaultData(), v.forces);
    const forces = 'refused' in built ? { A: v.forces.A, B: v.forces.B } : built;
    const seating: Seating = { rules: entry.id, forces, options: v.options, seats };
    if (this.room !== online) return;
    const first = online.file === null;
    this.host.store.setState({ online: { code: v.code, seat, hash: v.hash, players: v.seats } });
    if (first) {
      const prepared = await this.host.prepare(entry.play.tableOf(match.state));
      if (!prepared.ok) throw new Error(render(prepared.reason));
      if (this.room !== online) return;
      this.host.adopt(prepared);
      online.file = prepared.file;
    }
    const view = await this.host.engine.view(online.file!, seating, match);
    if (this.room !== online) return;
    const s = this.host.store.getState();
    if (first) s.replaceLog(v.events as { events: RuleEvent[]; entry: number }[]);
    else if (v.logFrom === 0) {
      // A whole view after others (a reconnection, a restart that lost actions no one was told of): the log
      // keeps what the match still has, and the entries from there on are told again.
      s.dropLoggedEntries(match.log.length);
      online.shown = Math.min(online.shown, match.log.length - 1);
      for (const e of v.events.filter((x) => x.entry > online.shown))
        s.pushEvents(e.events as RuleEvent[], e.entry, entry.effectOf, s.aiPace);
    } else
      for (const e of v.events.filter((x) => x.entry > online.shown)) {
        // Another seat's move (the AI's, the remote player's) plays at the AI turn pace, as offline.
        const mine = match.log[e.entry]?.player === seat;
        s.pushEvents(e.events as RuleEvent[], e.entry, entry.effectOf, mine ? 1 : s.aiPace);
      }
    online.shown = Math.max(online.shown, ...v.events.map((e) => e.entry));
    this.host.publish(view, first);
    const waiting = online.waiting;
    if (waiting && match.log.length > waiting.at) {
      online.waiting = null;
      waiting.done({ ok: true });
    }
  }
}

/** The link that opens an online room in a page: at a side, or watching. */
export function onlineUrl(code: string, seat: Side | 'spectator' | null): string {
  const base = typeof location === 'undefined' ? 'http://127.0.0.1:4173/' : `${location.origin}${location.pathname}`;
  return `${base}?room=${code}${seat === 'spectator' ? '&spectator' : seat ? `&seat=${seat}` : ''}`;
}
