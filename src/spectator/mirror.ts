/**
 * The spectator window's side of the link: says hello, then applies the host's messages to its own
 * store (made with createTabletopStore), one at a time and in order. A scene waits for its terrain
 * meshes to load before it is shown, and whatever came after it waits with it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Scene } from '../geometry/sceneTypes';
import { LOG_LIMIT } from '../state/eventQueue';
import type { TabletopStore } from '../state/store';
import { loadRuleset } from '../rulesets';
import {
  animated,
  type Direction,
  type DirectionStore,
  type Port,
  type SpectatorMessage,
  type Stamped,
} from './channel';
import type { Pose } from './framing';

/** How often a spectator that no host has answered asks again, ms. */
export const HELLO_RETRY_MS = 2000;

/** What only the spectator keeps: whether the host has answered, the host's selection and camera. */
export interface LinkState {
  connected: boolean;
  hostSelectedId: string | null;
  hostCamera: Pose | null;
}

/** The link state as a small store. */
export type LinkStore = StoreApi<LinkState>;

/** A link store before the host has answered. */
export function createLinkStore(): LinkStore {
  return createStore<LinkState>()(() => ({ connected: false, hostSelectedId: null, hostCamera: null }));
}

/** The mirror: the port it listens on, and the promise of the messages applied so far. */
export interface Mirror {
  /** Resolves once every message received so far has been applied. */
  settled: () => Promise<void>;
  /** Asks the host for a snapshot again. */
  hello: () => void;
  close: () => void;
}

/**
 * The host's match is of a ruleset this window may not have loaded: its code (and so its words) is
 * fetched here; the panels re-render when the words arrive (i18n.ts binds React to added words).
 */
function wordsOf(play: { rules: string } | null): void {
  if (play)
    loadRuleset(play.rules).catch((e: unknown) => console.error(`the ${play.rules} rules could not be loaded`, e));
}

/**
 * Mirrors the host into `store`: `loadScene` loads a scene's meshes (it may reject: the scene is shown
 * anyway, without them, as the host's own loader does on a failed mesh).
 */
export function mirrorHost(
  store: TabletopStore,
  direction: DirectionStore,
  link: LinkStore,
  port: Port,
  loadScene: (scene: Scene) => Promise<void>,
  /** The URL chose the overlay parts: they hold until the host changes its own overlay set. */
  keepOverlay = false,
): Mirror {
  let chain: Promise<void> = Promise.resolve();
  let hostVersion = -1;
  let awaiting = false;
  let hostOverlay = '';
  const direct = (d: Direction, first: boolean) => {
    const overlay = JSON.stringify(d.overlay);
    const changed = overlay !== hostOverlay;
    hostOverlay = overlay;
    const own = direction.getState().direction.overlay;
    direction.getState().setDirection({ ...d, overlay: (first && keepOverlay) || !changed ? own : d.overlay });
  };
  let synced = false;
  /** The host this window follows (the one whose snapshot it took). */
  let following: string | undefined;

  const showScene = async (scene: Scene, version: number) => {
    await loadScene(scene).catch(() => undefined);
    // A new load on the host is a new load here (the frame count starts again); an edit or a move is not.
    if (version !== hostVersion) store.getState().acceptScene(scene, store.getState().sceneFile);
    else store.setState({ scene });
    hostVersion = version;
  };

  const apply = async (m: SpectatorMessage) => {
    switch (m.type) {
      case 'hello':
      case 'host-up':
        return;
      case 'snapshot': {
        const s = m.snapshot;
        wordsOf(s.play);
        await showScene(s.scene, s.sceneVersion);
        store.setState({
          play: s.play,
          eventLog: s.eventLog,
          eventBatch: s.eventBatch,
          eventQueue: [],
          animationSpeed: s.animationSpeed,
        });
        direct(s.direction, true);
        link.setState({ connected: true, hostSelectedId: s.selectedId });
        return;
      }
      case 'scene':
        return showScene(m.scene, m.sceneVersion);
      case 'play':
        wordsOf(m.play);
        store.setState({ play: m.play });
        return;
      case 'events': {
        const s = store.getState();
        store.setState({
          eventLog: [...s.eventLog, ...m.events].slice(-LOG_LIMIT),
          eventQueue: [...s.eventQueue, ...animated(m.events)],
          eventBatch: m.eventBatch,
        });
        return;
      }
      case 'log':
        store.setState({ eventLog: m.eventLog, eventBatch: m.eventBatch, eventQueue: [] });
        return;
      case 'speed':
        store.getState().setAnimationSpeed(m.speed);
        return;
      case 'skip':
        store.getState().skipAnimations();
        return;
      case 'direction':
        direct(m.direction, false);
        return;
      case 'selected':
        link.setState({ hostSelectedId: m.id });
        return;
      case 'camera':
        link.setState({ hostCamera: m.pose });
        return;
    }
  };

  // Until a host answers, ask again every HELLO_RETRY_MS (the host window may open later).
  let retry: ReturnType<typeof setInterval> | null = null;
  const stopRetry = () => {
    if (retry !== null) clearInterval(retry);
    retry = null;
  };
  port.onmessage = (e) => {
    const m = e.data as Stamped | null;
    if (!m || typeof m !== 'object' || typeof m.type !== 'string') return;
    // A host that starts (or starts again after a reload) is asked for its snapshot.
    if (m.type === 'host-up') {
      if (m.host !== following) hello();
      return;
    }
    // A snapshot answers a hello: another spectator's does not reset this one. Before the first
    // snapshot there is nothing to apply changes to, and only the followed host's changes apply.
    if (m.type === 'snapshot') {
      if (!awaiting) return;
      awaiting = false;
      synced = true;
      following = m.host;
      stopRetry();
    } else if (!synced || m.host !== following) return;
    chain = chain.then(() => apply(m));
  };
  const hello = () => {
    awaiting = true;
    port.postMessage({ type: 'hello' });
  };
  hello();
  retry = setInterval(() => {
    if (!synced) hello();
    else stopRetry();
  }, HELLO_RETRY_MS);
  return {
    settled: () => chain,
    hello,
    close: () => {
      stopRetry();
      port.onmessage = null;
      port.close();
    },
  };
}
