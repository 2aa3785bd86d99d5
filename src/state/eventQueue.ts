/**
 * Rule events on their way to the screen: a queue the scene plays one by one (the rules never wait
 * for it), and the log the panel shows. Durations scale with the speed setting; skip empties the
 * queue at once.
 */
import type { EventLike, TableEffect } from '../rules/engine/effects';
import type { RuleEvent } from '../rules/engine/types';
import { effectOf, motionMs, type TimedEvent } from './motionTiming';

/** Animation length of each table effect at speed 1, in milliseconds. A change of place takes its own time instead (motionTiming.ts motionMs). */
export function effectMs(x: TableEffect): number {
  switch (x.kind) {
    case 'shot':
    case 'strike':
      return 700;
    case 'blast':
      return 900;
    case 'status':
      return x.change === 'removed' ? 600 : x.change === 'jammed' ? 700 : 800;
    case 'move':
      return x.how === 'jump' ? 800 : 500;
    case 'fall':
      return 800;
    case 'marker':
      return 400;
    case 'dice':
    case 'window':
      return 300;
  }
}

/** How a ruleset maps its events to table effects (its definition's `effectOf`). */
export type EffectMapper = (event: EventLike) => TableEffect | null;

/** Speeds the player can pick. */
export const SPEEDS = [0.5, 1, 2, 4] as const;
/** The AI's turns play this many times faster than the chosen speed by default (the player waits less between their own turns). */
export const AI_PACE = 2;
/** The AI turn paces the log's menu offers. */
export const AI_PACES = [1, 2, 4] as const;

/**
 * How long an event plays at a speed, in milliseconds: the one source of every animation's length.
 * An event pushed at a pace (an AI's move) plays that many times faster. `routeLength`: the measured
 * route of a glide the scene follows (longer than the straight line).
 */
export function animationMs(event: TimedEvent & { pace?: number }, speed: number, routeLength?: number): number {
  const x = effectOf(event);
  return (motionMs(event, routeLength) ?? (x ? effectMs(x) : 0)) / Math.max(speed * (event.pace ?? 1), 0.01);
}

/** Most events kept in the log: far more than a whole game makes, so the log scrolls back to its start. */
export const LOG_LIMIT = 20_000;

/**
 * A logged event: which push it came with (the dice tray shows the last push's roll only) and, in a
 * match, the index of the log entry whose action made it (undo drops the lines of what it takes back).
 */
export type LoggedEvent = QueuedEvent & { batch: number; entry?: number };

/** An event with the table effect its ruleset maps it to (null: logged only), as the queue and the log keep it. */
export type QueuedEvent = RuleEvent & {
  effect?: TableEffect | null;
  /** This event plays this many times faster than the chosen speed (an AI's move: the AI turn pace); absent: 1. */
  pace?: number;
};

/** The events slice of the store. */
export interface EventSlice {
  /** Events waiting to be animated, the one playing first. */
  eventQueue: QueuedEvent[];
  /** Every event so far (newest last, at most LOG_LIMIT). */
  eventLog: LoggedEvent[];
  /** Pushes so far (tags the log's events). */
  eventBatch: number;
  animationSpeed: number;
  /** How many times faster than `animationSpeed` an AI's moves play (`AI_PACE` unless the player chose). */
  aiPace: number;
  /** How many times Skip was pressed (animations that run outside the queue, like the dice tray, jump to their end). */
  skipCount: number;
  /** The 3D dice tray is playing a throw (Skip stays pressable while it does). */
  diceRolling: boolean;
  setDiceRolling: (rolling: boolean) => void;
  /**
   * Logs and queues events with their table effects (`effectOf`: the ruleset's mapping; absent: the shared
   * vocabulary's); `entry` is the match-log index of the action that made them.
   */
  pushEvents: (events: readonly RuleEvent[], entry?: number, effectOf?: EffectMapper, pace?: number) => void;
  /** Drops the lines of match-log entries from `entries` on (after an undo). */
  dropLoggedEntries: (entries: number) => void;
  /** Replaces the log (a loaded game's, rebuilt by replaying it); nothing is animated. */
  replaceLog: (events: { events: readonly RuleEvent[]; entry: number }[]) => void;
  /** The scene calls this when the event at the head of the queue has finished playing. */
  finishEvent: () => void;
  /** Drops every queued animation (they are all in the log already). */
  skipAnimations: () => void;
  setAnimationSpeed: (speed: number) => void;
  setAiPace: (pace: number) => void;
}

/** The slice's actions over a zustand set/get pair. */
export function eventSlice(set: (partial: Partial<EventSlice>) => void, get: () => EventSlice): EventSlice {
  return {
    eventQueue: [],
    eventLog: [],
    eventBatch: 0,
    animationSpeed: 1,
    aiPace: AI_PACE,
    skipCount: 0,
    diceRolling: false,
    setDiceRolling: (diceRolling) => {
      if (get().diceRolling !== diceRolling) set({ diceRolling });
    },
    pushEvents: (pushed, entry, effectOf, pace = 1) => {
      const { eventQueue, eventLog, eventBatch } = get();
      const batch = eventBatch + 1;
      const events = effectOf ? pushed.map((e): QueuedEvent => ({ ...e, effect: effectOf(e) })) : pushed;
      const paced = pace === 1 ? events : events.map((e): QueuedEvent => ({ ...e, pace }));
      const logged = paced.map((e): LoggedEvent => (entry === undefined ? { ...e, batch } : { ...e, batch, entry }));
      set({
        eventQueue: [...eventQueue, ...paced.filter((e) => animationMs(e, 1) > 0)],
        eventLog: [...eventLog, ...logged].slice(-LOG_LIMIT),
        eventBatch: batch,
      });
    },
    // A new batch with no events: nothing is the current roll after an undo.
    dropLoggedEntries: (entries) => {
      set({
        eventLog: get().eventLog.filter((e) => e.entry === undefined || e.entry < entries),
        eventQueue: [],
        eventBatch: get().eventBatch + 1,
      });
    },
    // Each replayed step is its own batch, as if it had just been played: the last one's roll is the current roll.
    replaceLog: (steps) => {
      const base = get().eventBatch + 1;
      const eventLog = steps
        .flatMap(({ events, entry }, i) => events.map((e): LoggedEvent => ({ ...e, batch: base + i, entry })))
        .slice(-LOG_LIMIT);
      set({ eventLog, eventQueue: [], eventBatch: base + Math.max(steps.length - 1, 0) });
    },
    finishEvent: () => set({ eventQueue: get().eventQueue.slice(1) }),
    skipAnimations: () => set({ eventQueue: [], skipCount: get().skipCount + 1 }),
    setAnimationSpeed: (animationSpeed) => set({ animationSpeed }),
    setAiPace: (aiPace) => set({ aiPace }),
  };
}

/**
 * The dice of the current roll: the dice events of the latest push (none when the latest action
 * rolled none, or when an undo has taken actions back since: `batch` is the slice's `eventBatch`).
 */
export function currentRoll(log: readonly LoggedEvent[], batch: number): [number, number][] {
  const last = log[log.length - 1];
  if (!last || last.batch !== batch) return [];
  const out: [number, number][] = [];
  for (let i = log.length - 1; i >= 0 && log[i]!.batch === last.batch; i--) {
    const e = log[i]!;
    if (e.type === 'dice-rolled' && Array.isArray(e.dice)) out.unshift(...(e.dice as [number, number][]));
  }
  return out;
}

/** One roller's dice in the current roll, in order: who rolled them (null when the line names nobody) and each [sides, value]. */
export interface RollGroup {
  by: string | null;
  dice: [number, number][];
}

/**
 * The current roll (as `currentRoll`) split by who rolled each die, in order: a roll-off or both sides'
 * initiative reads "A 4 2 · B 4 9", not one row of dice nobody owns.
 */
export function rollGroups(log: readonly LoggedEvent[], batch: number): RollGroup[] {
  const last = log[log.length - 1];
  if (!last || last.batch !== batch) return [];
  let first = log.length - 1;
  while (first > 0 && log[first - 1]!.batch === last.batch) first--;
  const out: RollGroup[] = [];
  for (const e of log.slice(first)) {
    if (e.type !== 'dice-rolled' || !Array.isArray(e.dice)) continue;
    const by = e.by;
    (e.dice as [number, number][]).forEach((d, k) => {
      const who = Array.isArray(by)
        ? ((by[k] as string | null | undefined) ?? null)
        : typeof by === 'string'
          ? by
          : typeof e.player === 'string'
            ? e.player
            : null;
      const group = out.at(-1);
      if (group && group.by === who) group.dice.push(d);
      else out.push({ by: who, dice: [d] });
    });
  }
  return out;
}

/** A die of the current roll: its sides, the value rolled, and the name the rules gave it (or null). */
export interface RolledDie {
  sides: number;
  value: number;
  name: string | null;
}

/** The current roll (as `currentRoll`) with each die's name from its dice line (a ruleset's scatter and artillery dice). */
export function currentDice(log: readonly LoggedEvent[], batch: number): RolledDie[] {
  const last = log[log.length - 1];
  if (!last || last.batch !== batch) return [];
  const out: RolledDie[] = [];
  for (let i = log.length - 1; i >= 0 && log[i]!.batch === last.batch; i--) {
    const e = log[i]!;
    if (e.type !== 'dice-rolled' || !Array.isArray(e.dice)) continue;
    const names = Array.isArray(e.names) ? (e.names as unknown[]) : [];
    out.unshift(
      ...(e.dice as [number, number][]).map(([sides, value], k) => {
        const name = names[k];
        return { sides, value, name: typeof name === 'string' ? name : null };
      }),
    );
  }
  return out;
}
