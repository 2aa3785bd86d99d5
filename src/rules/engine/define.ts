/**
 * A ruleset as one value (boardgame.io's `ProcessGameConfig` is the model): `defineRuleset` takes what
 * a ruleset writes in its folder's index.ts (its engine, forces, play descriptor, bot, words, summary,
 * invariants and CLI parts) and fills in every default, so a ruleset writes only what differs. The list
 * of rulesets (src/rulesets.ts) is an array of these values; everything else reads rulesets from it.
 */
import { commonEffect, type EventLike, type TableEffect } from './effects';
import type { ForcesDescriptor } from './forces';
import { allOf, jsonProblems, type Invariant } from './invariants';
import { NO_LEVERS, type Levers } from './levers';
import type { Bot } from './contain';
import { legalMoves } from './match';
import { hash32, rngState, rollDie } from '../dice/rng';
import type { Text } from './message';
import { namedModels, type PlayDescriptor } from './play';
import type { Queries } from './queries';
import type { Action, PlayerId, Ruleset } from './types';

export type { Bot } from './contain';

/**
 * The opponent of a ruleset that brings none: a legal move drawn from a stream seeded by the match's seed
 * and the length of its log, so the same match always gets the same move and the game's dice are untouched.
 */
export function randomLegalMove<S, A extends Action>(engine: Ruleset<S, A>): Bot<S, A> {
  return (m, who, q) => {
    const moves = legalMoves(engine, m, who, q);
    if (moves.length === 0) return null;
    const [k] = rollDie(rngState(hash32(m.initial.rng.seed ^ 0xb07, m.log.length)), moves.length);
    return moves[k - 1]!;
  };
}

/** A catalogue of a ruleset's words: flat keys, ICU MessageFormat values (src/rules/<id>/words/<lang>.json). */
export type Words = Readonly<Record<string, string>>;

/** A numeric `geo los` flag: whole numbers from 0, or positive numbers. */
export type VerdictFlag = 'whole' | 'positive';

/** A model as `geo los --rules <id>` hands it to a ruleset's verdict. */
export interface VerdictModel {
  id: string;
  kind?: string;
  prone?: boolean;
  position?: readonly number[];
  facingDeg?: number;
  baseMm?: number;
}

/** What only the command-line tools read. */
export interface CliParts {
  /**
   * The verdict `geo los --rules <id>` prints for a viewer and a target (the table's models give kinds
   * and prone; `flags` the `geo los` flags the entry reads, by name without dashes).
   */
  verdict: (
    q: Queries,
    viewer: string,
    target: string,
    models: readonly VerdictModel[],
    flags: Readonly<Record<string, number>>,
  ) => unknown;
  /** The numeric `geo los` flags its verdict reads (e.g. `skill`), with what each must be; none for most rulesets. */
  verdictFlags: Readonly<Record<string, VerdictFlag>>;
}

/** The battle summary's keys besides winner, actions and stateHash: `rounds` and `score` always, and the ruleset's own. */
export type Summary = { rounds: number; score: Record<string, number> | null } & Record<string, unknown>;

/** The play descriptor's members a ruleset may leave out (each has the default `PLAY_DEFAULTS` names). */
type PlayDefaulted =
  | 'tableOf'
  | 'options'
  | 'needsPoint'
  | 'picksOf'
  | 'pickAction'
  | 'autoPick'
  | 'shortcuts'
  | 'odds'
  | 'shown'
  | 'blocked'
  | 'choiceInfo'
  | 'markers'
  | 'reactionLine'
  | 'actors'
  | 'secrets'
  | 'conceal'
  | 'concealEvent'
  | 'outcomeNote'
  | 'saveName'
  | 'forceName';

/** A play descriptor as a ruleset writes it: the defaulted members are optional. */
export type PlaySpec<S, A extends Action, D, F> = Omit<PlayDescriptor<S, A, D, F>, PlayDefaulted> &
  Partial<Pick<PlayDescriptor<S, A, D, F>, PlayDefaulted>>;

/** The forces as the battle CLI reads them, beside the play descriptor's force builder (which sets up). */
export type ForcesSpec<D> = ForcesDescriptor<D>;

/**
 * What the app knows of a ruleset before its code loads (its folder's card.ts): the set-up panel lists
 * rulesets by it and a save's summary names one with it; the rest comes with the ruleset's own chunk.
 */
export interface RulesetCard {
  /** Its id: the folder's name, the words' namespace, `--rules <id>`. */
  id: string;
  /** Its full title ("BLKOUT 2nd edition, match play"). */
  title: string;
  /** Its short name ("BLKOUT"). */
  name: string;
}

/** What a ruleset's index.ts hands `defineRuleset` (its card's id, title and name first). */
export interface RulesetSpec<S, A extends Action, D, F> extends RulesetCard {
  /** Its rule text, a file name in ../shared/rules (absent: none, e.g. a test's toy ruleset). */
  ruleText?: string;
  /** A short "how to play" for the help overlay, step by step. */
  howToPlay: readonly Text[];
  /** The rules the engine plays: players, legal actions, apply, windows, outcome, layout. */
  engine: Ruleset<S, A>;
  /** Its forces for the battle CLI: the default file, the parser, the force ids and why one is refused. */
  forces: ForcesSpec<D>;
  /** How the app plays it (one set-up path for the app and the CLI: `play.setup`). */
  play: PlaySpec<S, A, D, F>;
  /** The scenario file a battle is played on by default. */
  scenario: string;
  /** Its own opponent (absent: `randomLegalMove`, a seeded random legal move). */
  bot?: Bot<S, A>;
  /** Its words in each language the table speaks. */
  words: { en: Words; ko: Words; ru: Words };
  /** What every accepted step keeps (absent: the state stays plain JSON, which every ruleset's must). */
  invariants?: Invariant<S>;
  /** The mechanics a player can choose and the resources they can waste, for the battle bench (absent: none). */
  levers?: Levers<S>;
  /**
   * How well a side stands beyond its score and its models on the table, for Hard's look-ahead
   * (engine/strength.ts `valueFor`; in its points: a model 3, a point of score 2): wounds, models down or
   * pinned, objectives that will score. Absent: nothing beyond score and models.
   */
  standing?: (s: S, who: PlayerId) => number;
  /**
   * What the table shows of each of its events (engine/effects.ts); absent: `commonEffect`, the shared
   * vocabulary (`moved`, `shot`, `damage`, `removed`...). A ruleset with events of its own maps them here.
   */
  effectOf?: (event: EventLike) => TableEffect | null;
  /** The battle summary's `rounds`, `score` and the ruleset's own keys. */
  summary: (s: S) => Summary;
  /** What only the command-line tools read (absent: `geo los --rules <id>` prints the plain sight facts). */
  cli?: Partial<CliParts>;
}

/** A ruleset with every default filled: what the list holds and everything else reads. */
export interface RulesetDef<S, A extends Action, D, F> {
  id: string;
  title: string;
  name: string;
  ruleText: string | null;
  howToPlay: readonly Text[];
  engine: Ruleset<S, A>;
  forces: ForcesSpec<D>;
  play: PlayDescriptor<S, A, D, F>;
  scenario: string;
  bot: Bot<S, A>;
  words: { en: Words; ko: Words; ru: Words };
  invariants: Invariant<S>;
  levers: Levers<S>;
  standing: (s: S, who: PlayerId) => number;
  effectOf: (event: EventLike) => TableEffect | null;
  summary: (s: S) => Summary;
  cli: CliParts;
  /**
   * The one set-up path: the state on a table with each side's force (forces data `D`, forces `F`) and the
   * set-up options (absent keys take the defaults). The app's set-up panel and the battle CLI both call it.
   */
  setup(
    table: { width: number; depth: number },
    data: D,
    forces: Record<PlayerId, F>,
    options?: Record<string, string>,
  ): S;
  /**
   * The CLI's set-up by force ids: each id becomes its preset force (`play.forces.preset`), then `setup`.
   * Throws naming the side and the id when the data has no such force.
   */
  setupByIds(
    table: { width: number; depth: number },
    data: D,
    ids: Record<PlayerId, string>,
    options?: Record<string, string>,
  ): S;
}

/** A ruleset of any state, action and forces types (the list holds rulesets of different types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one list holds rulesets of different state types
export type AnyRuleset = RulesetDef<any, any, any, any>;

/** The ruleset's id must be a folder name and a words namespace: lower case, digits and dashes. */
const ID = /^[a-z][a-z0-9-]*$/;

/** Fills a ruleset's defaults; throws naming the ruleset and the member when a value is unusable. */
export function defineRuleset<S, A extends Action, D, F>(spec: RulesetSpec<S, A, D, F>): RulesetDef<S, A, D, F> {
  if (!ID.test(spec.id)) throw new Error(`ruleset id must be lower case letters, digits and dashes (got "${spec.id}")`);
  if (spec.engine.id !== spec.id)
    throw new Error(`ruleset ${spec.id}: engine.id is "${spec.engine.id}"; it must be the ruleset's id`);
  const p = spec.play;
  if (p.tables.length === 0) throw new Error(`ruleset ${spec.id}: play.tables lists no table`);
  const firstTable = p.tables[0]!;
  const summary = spec.summary;
  const play: PlayDescriptor<S, A, D, F> = {
    tableOf: () => firstTable,
    options: [],
    needsPoint: () => false,
    picksOf: () => [],
    pickAction: (pick) => {
      throw new Error(`ruleset ${spec.id} offers no table picks (got "${pick.type}")`);
    },
    autoPick: () => null,
    shortcuts: () => [],
    odds: () => null,
    shown: () => true,
    blocked: () => [],
    choiceInfo: (_s, move) => ({ ...namedModels(move), fold: null }),
    markers: () => [],
    reactionLine: () => null,
    actors: () => [],
    secrets: () => [],
    conceal: (s) => s,
    concealEvent: (e) => e,
    outcomeNote: () => '',
    saveName: (s) => `${spec.id}-round${summary(s).rounds}.json`,
    forceName: (_s, side) => side,
    ...p,
  };
  const setup: RulesetDef<S, A, D, F>['setup'] = (table, data, forces, options = {}) =>
    play.setup(table, data, forces, options);
  return {
    id: spec.id,
    title: spec.title,
    name: spec.name,
    ruleText: spec.ruleText ?? null,
    howToPlay: spec.howToPlay,
    engine: spec.engine,
    forces: spec.forces,
    play,
    scenario: spec.scenario,
    bot: spec.bot ?? randomLegalMove(spec.engine),
    words: spec.words,
    invariants: spec.invariants ? allOf(spec.invariants) : (step) => jsonProblems(step.after),
    levers: spec.levers ?? (NO_LEVERS as Levers<S>),
    standing: spec.standing ?? (() => 0),
    effectOf: spec.effectOf ?? commonEffect,
    summary,
    cli: {
      verdict: spec.cli?.verdict ?? ((q, viewer, target) => q.sight(viewer, target)),
      verdictFlags: spec.cli?.verdictFlags ?? {},
    },
    setup,
    setupByIds(table, data, ids, options) {
      const forces: Record<PlayerId, F> = {};
      for (const [side, id] of Object.entries(ids)) {
        const force = play.forces.preset(data, id);
        if (force === null) throw new Error(`ruleset ${spec.id}: side ${side} has no force "${id}" in the forces data`);
        forces[side] = force;
      }
      return setup(table, data, forces, options);
    },
  };
}
