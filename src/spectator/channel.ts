/**
 * The host window's side of the spectator link: one BroadcastChannel (same origin, same browser
 * profile; no server). A spectator says "hello"; the host answers with a snapshot of what it shows,
 * then posts each change: a new scene or play view (when their references change), each new batch of
 * rule events (so the spectator animates the same events), the speed, Skip, the direction settings,
 * the selected model and, when the spectator follows the host's camera, the camera pose.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Scene } from '../geometry/sceneTypes';
import type { PlayView } from '../state/play';
import { animationMs, type LoggedEvent } from '../state/eventQueue';
import { spectatorEvents, spectatorView } from '../state/spectatorView';
import type { TabletopState, TabletopStore } from '../state/store';
import { ALL_PARTS, type OverlayParts } from './params';
import type { Pose } from './framing';

/** The channel's name. */
export const CHANNEL_NAME = 'tabletop-spectator';

/** What the spectator's camera follows when nothing is happening. */
export const CAMERA_TARGETS = ['active', 'selected', 'fixed'] as const;
/** A camera target. */
export type CameraTarget = (typeof CAMERA_TARGETS)[number];
/** How the spectator's camera moves: its own cinematic camera, or the host's camera. */
export const CAMERA_STYLES = ['cinematic', 'host'] as const;
/** A camera style. */
export type CameraStyle = (typeof CAMERA_STYLES)[number];

/** The host's directions to every spectator. */
export interface Direction {
  target: CameraTarget;
  style: CameraStyle;
  overlay: OverlayParts;
}

/** Follow the active model, cinematic, every overlay part. */
export const DEFAULT_DIRECTION: Direction = { target: 'active', style: 'cinematic', overlay: ALL_PARTS };

/** The direction settings as a small store (the host's controls write it; each spectator's mirror does). */
export type DirectionStore = StoreApi<{ direction: Direction; setDirection: (d: Partial<Direction>) => void }>;

/** A direction store starting at `initial`. */
export function createDirectionStore(initial: Direction = DEFAULT_DIRECTION): DirectionStore {
  return createStore<{ direction: Direction; setDirection: (d: Partial<Direction>) => void }>()((set, get) => ({
    direction: initial,
    setDirection: (d) => set({ direction: { ...get().direction, ...d } }),
  }));
}

/** How many of the newest logged events a snapshot carries (the overlay and the log need only the tail). */
export const SNAPSHOT_LOG_TAIL = 500;

/** Everything a spectator needs to show what the host shows now. */
export interface Snapshot {
  scene: Scene;
  sceneVersion: number;
  play: PlayView | null;
  eventLog: LoggedEvent[];
  eventBatch: number;
  animationSpeed: number;
  direction: Direction;
  selectedId: string | null;
}

/** A message on the channel. */
export type SpectatorMessage =
  | { type: 'hello' }
  /** A host window started (a spectator waiting for one, or following an older one, says hello). */
  | { type: 'host-up' }
  | { type: 'snapshot'; snapshot: Snapshot }
  | { type: 'scene'; scene: Scene; sceneVersion: number }
  | { type: 'play'; play: PlayView | null }
  | { type: 'events'; events: LoggedEvent[]; eventBatch: number }
  | { type: 'log'; eventLog: LoggedEvent[]; eventBatch: number }
  | { type: 'speed'; speed: number }
  | { type: 'skip' }
  | { type: 'direction'; direction: Direction }
  | { type: 'selected'; id: string | null }
  | { type: 'camera'; pose: Pose };

/** A message as sent: a host stamps every message with its own id (a spectator follows one host). */
export type Stamped = SpectatorMessage & { host?: string };

/** The part of BroadcastChannel the link uses (a test passes a fake). */
export interface Port {
  postMessage(message: Stamped): void;
  onmessage: ((e: { data: unknown }) => void) | null;
  close(): void;
}

/** The snapshot of a host store. */
export function snapshotOf(s: TabletopState, direction: Direction): Snapshot {
  return {
    scene: s.scene,
    sceneVersion: s.sceneVersion,
    play: spectatorView(s.play),
    eventLog: spectatorEvents(s.play?.rules ?? null, s.eventLog.slice(-SNAPSHOT_LOG_TAIL)),
    eventBatch: s.eventBatch,
    animationSpeed: s.animationSpeed,
    direction,
    selectedId: s.selectedId,
  };
}

/**
 * The messages that tell a spectator how the host store went from `prev` to `next`, in the order the
 * spectator must apply them (the scene before the play view that names its models, then the events).
 */
export function changes(prev: TabletopState, next: TabletopState): SpectatorMessage[] {
  const out: SpectatorMessage[] = [];
  if (next.scene !== prev.scene || next.sceneVersion !== prev.sceneVersion)
    out.push({ type: 'scene', scene: next.scene, sceneVersion: next.sceneVersion });
  // A spectator holds no side's secrets (spectatorView.ts): not the hand, not the seed.
  if (next.play !== prev.play) out.push({ type: 'play', play: spectatorView(next.play) });
  if (next.eventLog !== prev.eventLog || next.eventBatch !== prev.eventBatch) {
    // A push appends the events of new batches to the old log; anything else (a new game, an undo, a
    // loaded game's log) replaces it, and nothing is animated.
    const fresh = next.eventLog.filter((e) => e.batch > prev.eventBatch);
    const kept = next.eventLog.length - fresh.length;
    const tailKept = kept === 0 ? prev.eventLog.length === 0 : next.eventLog[kept - 1] === prev.eventLog.at(-1);
    // A push queues its animated events; a replaced log (a loaded game) queues nothing.
    const queued = next.eventQueue.length - prev.eventQueue.length === animated(fresh).length;
    const appended = fresh.length > 0 && next.eventLog.slice(kept).every((e) => e.batch > prev.eventBatch);
    const rules = next.play?.rules ?? null;
    if (appended && tailKept && queued)
      out.push({ type: 'events', events: spectatorEvents(rules, fresh), eventBatch: next.eventBatch });
    else
      out.push({
        type: 'log',
        eventLog: spectatorEvents(rules, next.eventLog.slice(-SNAPSHOT_LOG_TAIL)),
        eventBatch: next.eventBatch,
      });
  }
  if (next.animationSpeed !== prev.animationSpeed) out.push({ type: 'speed', speed: next.animationSpeed });
  // Skip (a single queued event, or a dice throw with the queue already empty, included).
  if (next.skipCount !== prev.skipCount) out.push({ type: 'skip' });
  if (next.selectedId !== prev.selectedId) out.push({ type: 'selected', id: next.selectedId });
  return out;
}

/** Whether any of these events is animated (the spectator queues those). */
export function animated(events: readonly LoggedEvent[]): LoggedEvent[] {
  return events.filter((e) => animationMs(e, 1) > 0);
}

/**
 * Connects a host store to spectators over `port`: answers each hello with a snapshot and posts the
 * changes as they happen. Returns the function that disconnects it.
 */
export function broadcastHost(store: TabletopStore, direction: DirectionStore, port: Port): () => void {
  const post = (m: SpectatorMessage) => port.postMessage(m);
  port.onmessage = (e) => {
    const m = e.data as SpectatorMessage | null;
    if (m?.type === 'hello')
      post({ type: 'snapshot', snapshot: snapshotOf(store.getState(), direction.getState().direction) });
  };
  const offStore = store.subscribe((next, prev) => {
    for (const m of changes(prev, next)) post(m);
  });
  const offDirection = direction.subscribe((next, prev) => {
    if (next.direction !== prev.direction) post({ type: 'direction', direction: next.direction });
  });
  // Spectators opened before this window (or following a host that was reloaded) ask again.
  post({ type: 'host-up' });
  return () => {
    offStore();
    offDirection();
    port.onmessage = null;
  };
}

/** The host's port: every message it sends carries the host's id (the camera beacon's too). */
export function stampedPort(port: Port, id: string): Port {
  const stamped: Port = {
    postMessage: (m) => port.postMessage({ ...m, host: id }),
    onmessage: null,
    close: () => port.close(),
  };
  port.onmessage = (e) => stamped.onmessage?.(e);
  return stamped;
}

/** A host window's id: random is fine here (it only tells windows apart, never touches a game). */
export function hostId(): string {
  return `host-${Date.now().toString(36)}-${Math.floor(performance.now() * 1000).toString(36)}`;
}

/** A port on the page's BroadcastChannel. */
export function openPort(name = CHANNEL_NAME): Port {
  const bc = new BroadcastChannel(name);
  const port: Port = {
    postMessage: (m) => bc.postMessage(m),
    onmessage: null,
    close: () => bc.close(),
  };
  bc.onmessage = (e: MessageEvent) => port.onmessage?.({ data: e.data as unknown });
  return port;
}
