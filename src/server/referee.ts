/**
 * The referee of one online match: it holds the whole match (the seed, the dice stream, every secret),
 * plays each side's move through the ruleset's own `act` (as the page's worker does), and words each
 * client's view with only what that client may see (engine/secrecy.ts). No networking here: the Colyseus
 * room (matchRoom.ts) and the online bench drive it.
 */
import { battleTable, type BattleTable } from '../cli/soakGames';
import { act, decider, newMatch, replay, type LogEntry, type Match, type Move } from '../rules/engine/match';
import { botMove, isRulesFailure } from '../rules/engine/contain';
import { publicHash, seatEvents, seatMatch } from '../rules/engine/secrecy';
import { botAt, DEFAULT_LEVEL } from '../rules/engine/strength';
import { randomLegalMove } from '../rules/engine/define';
import type { Table } from '../rules/engine/queries';
import { isError, type Action, type RuleEvent } from '../rules/engine/types';
import { rulesetEntry, type AnyRuleset } from '../rulesetsLoaded';
import { render } from '../i18n/i18n';
import type { OnlineSide, RefusedMessage, SeatStatus, ViewMessage } from '../online/protocol';
import type { RoomRecord } from './roomStore';

/** The events of one accepted log entry (kept whole; each client is sent its concealed copy). */
interface Entry {
  entry: number;
  events: RuleEvent[];
}

/** A move's answer: the entry's events, or why it was refused. */
export type Judged = { ok: true; entry: number } | { ok: false; refusal: RefusedMessage };

/** The options text the battle CLI takes (`key=value,...`). */
export const optionsText = (o: Record<string, string>) =>
  Object.keys(o).length
    ? Object.entries(o)
        .map(([k, v]) => `${k}=${v}`)
        .join(',')
    : undefined;

/** A room's options: those given, and the choice each field names for online play over them (hands kept secret). */
export function onlineOptions(entry: AnyRuleset, given: Record<string, string> = {}): Record<string, string> {
  const forced = entry.play.options.filter((f) => f.online !== undefined).map((f) => [f.id, f.online!]);
  return { ...given, ...Object.fromEntries(forced) };
}

/** The ruleset a record names, or an Error saying which names there are. */
export function rulesOf(id: string): AnyRuleset {
  const entry = rulesetEntry(id);
  if (!entry) throw new Error(`rules: no ruleset "${id}"`);
  return entry;
}

export class Referee {
  /** Every accepted entry's events, in order (a client that joins late gets them all). */
  readonly history: Entry[] = [];

  private constructor(
    readonly record: RoomRecord,
    readonly table: BattleTable,
    private readonly q: Table,
    public match: Match<unknown, Action>,
  ) {}

  /** The referee of a record: its table set up as the battle CLI sets it up, and its log replayed. */
  static async open(record: RoomRecord, log: readonly LogEntry<Action>[] = []): Promise<Referee> {
    const entry = rulesOf(record.rules);
    const table = await battleTable(entry, record.forces, optionsText(record.options));
    const q = table.queries();
    const start = newMatch(entry.engine, table.initial, record.seed, record.key ? { key: record.key } : {});
    const history: Entry[] = [];
    const match = log.length
      ? replay(entry.engine, start, log, q, (events, i) => history.push({ entry: i, events }))
      : start;
    const r = new Referee(record, table, q, match);
    r.history.push(...history);
    return r;
  }

  get entry(): AnyRuleset {
    return this.table.entry;
  }

  /** Who decides now (null: the match is over). */
  decider(): string | null {
    return decider(this.entry.engine, this.match);
  }

  private hashed: { match: Match<unknown, Action>; hash: string } | null = null;

  /**
   * The state hash the clients are given: the public one (engine/secrecy.ts `publicHash`: the whole match's
   * would name the seed), the battle CLI's game's for the same seed, forces and moves; once per action.
   */
  hash(): string {
    return this.hashOf(this.match);
  }

  private hashOf(match: Match<unknown, Action>): string {
    if (this.hashed?.match !== match) this.hashed = { match, hash: publicHash(this.entry.play, match) };
    return this.hashed.hash;
  }

  /** Plays a side's move: refused unless it is that side's decision and the ruleset accepts it. */
  play(side: OnlineSide, move: Move<Action>, at: number): Judged {
    const who = this.decider();
    if (who !== side)
      return refuse('not-your-seat', who ? `it is ${who}'s decision, not ${side}'s` : 'the match is over');
    if (at !== this.match.log.length)
      return refuse('stale', `that move was chosen at action ${at}; the match is at action ${this.match.log.length}`);
    const r = act(this.entry.engine, this.match, side, move, this.q);
    if (isError(r)) return refuse('refused', render(r.message, 'en'));
    this.match = r.match;
    const entry = this.match.log.length - 1;
    this.history.push({ entry, events: r.events });
    return { ok: true, entry };
  }

  /** The AI's move for the side deciding now (Normal strength), or null when it has none. */
  /** A legal move of the deciding side, drawn from a stream seeded by the match (when its bot fails it). */
  anyMove(): Move<Action> | null {
    const who = this.decider();
    return who ? randomLegalMove(this.entry.engine)(this.match, who, this.q) : null;
  }

  botMove(): Move<Action> | null {
    const who = this.decider();
    if (!who) return null;
    const move = botMove(botAt(this.entry, DEFAULT_LEVEL), this.match, who, this.q);
    if (isRulesFailure(move)) throw new Error(`the ${this.entry.id} bot failed: ${move.message}`);
    return move;
  }

  /** The last accepted log entry. */
  last(): LogEntry<Action> | undefined {
    return this.match.log.at(-1);
  }

  /**
   * What a client in `seat` (null: a spectator) is sent: the match as it may see it, and the events `since`
   * an entry. From 0, the whole match; later, the log from `since` on (`logFrom`) and no initial state: the
   * client has the rest (a view is sent after every action, so the whole log each time would grow with the game).
   */
  view(
    seat: OnlineSide | null,
    seats: Record<OnlineSide, SeatStatus>,
    since: number,
    whole: Match<unknown, Action> = this.match,
  ): ViewMessage {
    const play = this.entry.play;
    const from = since <= 0 ? 0 : Math.min(since, whole.log.length);
    const match = seatMatch(play, { ...whole, log: whole.log.slice(from) }, seat);
    return {
      code: this.record.code,
      rules: this.record.rules,
      seat,
      hash: this.hashOf(whole),
      match: from === 0 ? match : { ...match, initial: null },
      logFrom: from,
      events: this.history
        .filter((e) => e.entry >= since && e.entry < whole.log.length)
        .map((e) => ({ entry: e.entry, events: seatEvents(play, e.events, seat) })),
      seats,
      decider: decider(this.entry.engine, whole),
      forces: this.record.forces,
      options: this.table.options,
    };
  }
}

/** A refusal's answer. */
const refuse = (code: RefusedMessage['code'], reason: string): Judged => ({ ok: false, refusal: { code, reason } });
