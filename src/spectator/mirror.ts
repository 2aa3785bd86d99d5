/**
 * The spectator window's side of the link: says hello, then applies the host's messages to its own
 * store (made with createTabletopStore), one at a time and in order. A scene waits for its terrain
 * meshes to load before it is shown, and whatever came after it waits with it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Scene } from '../geometry/sceneTypes';
import { LOG_LIMIT } from '../state/eventQueue';
import type { TabletopStore } from '../state/store';
import { animated, type Direction, type DirectionStore, type Port, type SpectatorMessage } from './channel';
import type { Pose } from './framing';

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
        return;
      case 'snapshot': {
        const s = m.snapshot;
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

  port.onmessage = (e) => {
    const m = e.data as SpectatorMessage | null;
    if (!m || typeof m !== 'object' || typeof m.type !== 'string') return;
    // A snapshot answers a hello: another spectator's does not reset this one. Before the first
    // snapshot there is nothing to apply changes to.
    if (m.type === 'snapshot') {
      if (!awaiting) return;
      awaiting = false;
      synced = true;
    } else if (!synced) return;
    chain = chain.then(() => apply(m));
  };
  const hello = () => {
    awaiting = true;
    port.postMessage({ type: 'hello' });
  };
  hello();
  return {
    settled: () => chain,
    hello,
    close: () => {
      port.onmessage = null;
      port.close();
    },
  };
}
