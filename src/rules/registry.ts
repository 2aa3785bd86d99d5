/**
 * The one list of rulesets. Each entry is either playable (the engine's ruleset, its forces, its
 * default scenario, its bot, and its summary line for the battle CLI) or not yet, with the reason.
 * The app (src/state, src/ui, src/scene) and the battle and geo CLIs read rulesets only through here
 * (ESLint enforces it): adding a ruleset is its folder, its data, its tests and one line below.
 */
import { blkoutMove } from '../ai/blkoutBot';
import { counterblastMove } from '../ai/counterblastBot';
import { ruleset as blkout, type BlkoutAction, type BlkoutState } from './blkout';
import type { BlkoutData } from './blkout/data';
import type { GroupChoice } from './blkout/game';
import { blkoutPlay } from './blkout/play';
import { tableVerdict } from './blkout/situation';
import { blkoutForces } from './blkout/forces';
import { HOW_TO_PLAY as BLKOUT_HOW_TO_PLAY } from './blkout/howToPlay';
import { ruleset as counterblast, type CbAction, type CbState } from './counterblast';
import type { CounterblastData, CrewCard } from './counterblast/data';
import { counterblastPlay } from './counterblast/play';
import { sightVerdict } from './counterblast/sight';
import { counterblastForces } from './counterblast/forces';
import { HOW_TO_PLAY as COUNTERBLAST_HOW_TO_PLAY } from './counterblast/howToPlay';
import { fiveparsecsMove } from '../ai/fiveparsecs';
import { ruleset as fiveparsecs, type FpAction, type FpState } from './fiveparsecs';
import type { FiveParsecsData } from './fiveparsecs/data';
import { fiveparsecsForces } from './fiveparsecs/forces';
import { HOW_TO_PLAY as FIVEPARSECS_HOW_TO_PLAY } from './fiveparsecs/howToPlay';
import { FIVEPARSECS_TABLE, fiveparsecsPlay, type FpForce } from './fiveparsecs/play';
import { summary as fpSummary, verdict as fpVerdict } from './fiveparsecs/summary';
import { skirmishRuMove } from '../ai/skirmish-ru';
import { ruleset as skirmishRu, type SkAction, type SkState } from './skirmish-ru';
import type { GangsData } from './skirmish-ru/data';
import { skirmishRuForces } from './skirmish-ru/forces';
import { HOW_TO_PLAY as SKIRMISH_RU_HOW_TO_PLAY } from './skirmish-ru/howToPlay';
import { SKIRMISH_RU_TABLE, skirmishRuPlay, type SkForce } from './skirmish-ru/play';
import { summary as skSummary, verdict as skVerdict } from './skirmish-ru/summary';
import { rpgAttacksMove } from '../ai/rpg-attacks';
import { ruleset as rpgAttacks, type RpgAction, type RpgState } from './rpg-attacks';
import type { SquadsData } from './rpg-attacks/data';
import { rpgAttacksForces } from './rpg-attacks/forces';
import { HOW_TO_PLAY as RPG_HOW_TO_PLAY } from './rpg-attacks/howToPlay';
import { RPG_TABLE, rpgAttacksPlay, type RpgForce } from './rpg-attacks/play';
import { summary as rpgSummary, verdict as rpgVerdict } from './rpg-attacks/summary';
import type { ForcesDescriptor } from './engine/forces';
import type { Invariant } from './engine/invariants';
import { blkoutInvariants } from './blkout/invariants';
import { counterblastInvariants } from './counterblast/invariants';
import { fiveparsecsInvariants } from './fiveparsecs/invariants';
import { skirmishRuInvariants } from './skirmish-ru/invariants';
import { rpgAttacksInvariants } from './rpg-attacks/invariants';
import type { PlayDescriptor } from './engine/play';
import type { Text } from './engine/message';
import type { Match, Move } from './engine/match';
import type { Queries } from './engine/queries';
import { RULESET_IDS, rulesetSource, type Action, type Ruleset, type RulesetId } from './engine/types';

/** A ruleset the app and the CLIs can play. */
export interface PlayableEntry<S, A extends Action, D, F = unknown> {
  id: RulesetId;
  playable: true;
  title: string;
  /** Its short name ("BLKOUT"). */
  name: string;
  /** A short "how to play" for the help overlay, step by step. */
  howToPlay: readonly Text[];
  ruleset: Ruleset<S, A>;
  forces: ForcesDescriptor<D, S>;
  /** How the app plays it: tables, options, the force builder, words, score board, cards, secrets. */
  play: PlayDescriptor<S, A, D, F>;
  /** The scenario a battle is played on by default. */
  scenario: string;
  /** The ruleset's own opponent: a move for the player deciding, or null when it has none. */
  bot: (m: Match<S, A>, who: string, q: Queries) => Move<A> | null;
  /**
   * The verdict `geo los --rules <id>` prints for a viewer and a target (the table's models give kinds
   * and prone; `flags` the `geo los` flags the entry reads, by name without dashes).
   */
  verdict: (
    q: Queries,
    viewer: string,
    target: string,
    models: readonly {
      id: string;
      kind?: string;
      prone?: boolean;
      position?: readonly number[];
      facingDeg?: number;
      baseMm?: number;
    }[],
    flags: Readonly<Record<string, number>>,
  ) => unknown;
  /** The numeric `geo los` flags its verdict reads (e.g. `skill`), with what each must be; none for most rulesets. */
  verdictFlags: Readonly<Record<string, VerdictFlag>>;
  /** The battle summary's keys besides winner, actions and stateHash: `rounds` and `score` (the outcome's score wins once there is one) always, and the ruleset's own. */
  summary: (s: S) => { rounds: number; score: Record<string, number> | null } & Record<string, unknown>;
  /**
   * What every accepted step keeps (pools never under 0, no model acting twice where the rules forbid it,
   * no model leaving the table silently, the state plain JSON): the violations as sentences, none when
   * fine. The property tests and `npm run soak` check it after every move.
   */
  invariants: Invariant<S>;
}

/** A numeric `geo los` flag: whole numbers from 0, or positive numbers. */
export type VerdictFlag = 'whole' | 'positive';

/** A ruleset whose rule text is here but which does not play yet. */
export interface PendingEntry {
  id: RulesetId;
  playable: false;
  title: string;
  /** Why it cannot be played yet. */
  reason: string;
}

/** An entry of any playable ruleset (its types erased). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one list holds rulesets of different state types
export type AnyPlayable = PlayableEntry<any, any, any, any>;
/** A registry entry. */
export type RegistryEntry = AnyPlayable | PendingEntry;

/** Every ruleset, by id (a missing id fails to type-check). */
export const REGISTRY: Record<RulesetId, RegistryEntry> = {
  blkout: {
    id: 'blkout',
    playable: true,
    title: rulesetSource('blkout').title,
    name: 'BLKOUT',
    howToPlay: BLKOUT_HOW_TO_PLAY,
    ruleset: blkout,
    forces: blkoutForces,
    play: blkoutPlay,
    scenario: 'assets/scenarios/blkout-36.json',
    bot: blkoutMove,
    verdict: (q, viewer, target, models) =>
      tableVerdict(q, viewer, target, Object.fromEntries(models.map((m) => [m.id, m.kind ?? 'infantry']))),
    verdictFlags: {},
    summary: (s) => ({ score: s.score, rounds: s.round }),
    invariants: blkoutInvariants,
  } satisfies PlayableEntry<BlkoutState, BlkoutAction, BlkoutData, GroupChoice>,
  counterblast: {
    id: 'counterblast',
    playable: true,
    title: rulesetSource('counterblast').title,
    name: 'Counterblast',
    howToPlay: COUNTERBLAST_HOW_TO_PLAY,
    ruleset: counterblast,
    forces: counterblastForces,
    play: counterblastPlay,
    scenario: 'assets/scenarios/default.json',
    bot: counterblastMove,
    verdict: (q, viewer, target, models) =>
      sightVerdict(q.sight(viewer, target), models.find((m) => m.id === target)?.prone === true),
    verdictFlags: {},
    // Counterblast plays turns: `rounds` is the turn the battle ended in (`turns` too, as before).
    summary: (s) => ({ score: s.score, rounds: s.turn, turns: s.turn, result: s.result ?? null }),
    invariants: counterblastInvariants,
  } satisfies PlayableEntry<CbState, CbAction, CounterblastData, CrewCard>,
  fiveparsecs: {
    id: 'fiveparsecs',
    playable: true,
    title: rulesetSource('fiveparsecs').title,
    name: 'Five Parsecs',
    howToPlay: FIVEPARSECS_HOW_TO_PLAY,
    ruleset: fiveparsecs,
    forces: fiveparsecsForces,
    play: fiveparsecsPlay,
    scenario: FIVEPARSECS_TABLE.file,
    bot: fiveparsecsMove,
    // geo los --skill N --weapon-range R: the firer's Combat Skill and the weapon's range.
    verdict: (q, viewer, target, _models, flags) =>
      fpVerdict(q, viewer, target, { skill: flags['skill'], range: flags['weapon-range'] }),
    verdictFlags: { skill: 'whole', 'weapon-range': 'positive' },
    summary: (s) => ({ ...fpSummary(s) }),
    invariants: fiveparsecsInvariants,
  } satisfies PlayableEntry<FpState, FpAction, FiveParsecsData, FpForce>,
  'skirmish-ru': {
    id: 'skirmish-ru',
    playable: true,
    title: rulesetSource('skirmish-ru').title,
    name: 'skirmish-ru',
    howToPlay: SKIRMISH_RU_HOW_TO_PLAY,
    ruleset: skirmishRu,
    forces: skirmishRuForces,
    play: skirmishRuPlay,
    scenario: SKIRMISH_RU_TABLE.file,
    bot: skirmishRuMove,
    verdict: (q, viewer, target, models) => skVerdict(q, viewer, target, models),
    verdictFlags: {},
    summary: (s) => ({ ...skSummary(s) }),
    invariants: skirmishRuInvariants,
  } satisfies PlayableEntry<SkState, SkAction, GangsData, SkForce>,
  'rpg-attacks': {
    id: 'rpg-attacks',
    playable: true,
    title: rulesetSource('rpg-attacks').title,
    name: 'RPG combat chapter',
    howToPlay: RPG_HOW_TO_PLAY,
    ruleset: rpgAttacks,
    forces: rpgAttacksForces,
    play: rpgAttacksPlay,
    scenario: RPG_TABLE.file,
    bot: rpgAttacksMove,
    verdict: (q, viewer, target) => rpgVerdict(q, viewer, target),
    verdictFlags: {},
    summary: (s) => ({ ...rpgSummary(s) }),
    invariants: rpgAttacksInvariants,
  } satisfies PlayableEntry<RpgState, RpgAction, SquadsData, RpgForce>,
};

/** The registry's entries in the order of RULESET_IDS. */
export const RULESETS: readonly RegistryEntry[] = RULESET_IDS.map((id) => REGISTRY[id]);

/** The entry of an id, or null when no ruleset has it. */
export function rulesetEntry(id: string): RegistryEntry | null {
  return (RULESET_IDS as readonly string[]).includes(id) ? REGISTRY[id as RulesetId] : null;
}
