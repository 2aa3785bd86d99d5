/**
 * Rule events on their way to the screen: a queue the scene plays one by one (the rules never wait
 * for it), and the log the panel shows. Durations scale with the speed setting; skip empties the
 * queue at once.
 */
import type { RuleEvent } from '../rules/engine/types';

/** Animation length of each event type at speed 1, in milliseconds (0: logged only). */
export const EVENT_MS: Record<string, number> = {
  shot: 700,
  psi: 700,
  blast: 900,
  cqc: 700,
  strike: 700,
  fall: 800,
  damage: 800,
  'model-down': 800,
  removed: 600,
  'dice-rolled': 500,
  moved: 500,
  'token-placed': 400,
  'reaction-window': 300,
};

/** Speeds the player can pick. */
export const SPEEDS = [0.5, 1, 2, 4] as const;

/** How long an event plays at a speed, in milliseconds. */
export function animationMs(event: Pick<RuleEvent, 'type'>, speed: number): number {
  return (EVENT_MS[event.type] ?? 0) / Math.max(speed, 0.01);
}

/** Most events kept in the log. */
export const LOG_LIMIT = 200;

/** The events slice of the store. */
export interface EventSlice {
  /** Events waiting to be animated, the one playing first. */
  eventQueue: RuleEvent[];
  /** Every event so far (newest last, at most LOG_LIMIT). */
  eventLog: RuleEvent[];
  animationSpeed: number;
  pushEvents: (events: readonly RuleEvent[]) => void;
  /** The scene calls this when the event at the head of the queue has finished playing. */
  finishEvent: () => void;
  /** Drops every queued animation (they are all in the log already). */
  skipAnimations: () => void;
  setAnimationSpeed: (speed: number) => void;
}

/** The slice's actions over a zustand set/get pair. */
export function eventSlice(set: (partial: Partial<EventSlice>) => void, get: () => EventSlice): EventSlice {
  return {
    eventQueue: [],
    eventLog: [],
    animationSpeed: 1,
    pushEvents: (events) => {
      const { eventQueue, eventLog } = get();
      set({ eventQueue: [...eventQueue, ...events.filter((e) => animationMs(e, 1) > 0)], eventLog: [...eventLog, ...events].slice(-LOG_LIMIT) });
    },
    finishEvent: () => set({ eventQueue: get().eventQueue.slice(1) }),
    skipAnimations: () => set({ eventQueue: [] }),
    setAnimationSpeed: (animationSpeed) => set({ animationSpeed }),
  };
}
