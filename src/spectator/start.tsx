/**
 * Starts the page as a spectator window (`?spectator`): a store of its own with the default table,
 * mirrored from the host over the BroadcastChannel, and a read-only `window.tabletop`. With `room=CODE`
 * the match comes instead from the game server, as a spectator of that online room (on any machine): the
 * server sends it no side's secrets.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Scene } from '../geometry/sceneTypes';
import { fetchBytes, loadMeshes } from '../io/meshCache';
import { createAutomationApi, type TabletopApi } from '../state/automation';
import { GeometryService } from '../state/geometryService';
import { PlayController } from '../state/play';
import { meshSources } from '../state/sceneLoader';
import { createTabletopStore } from '../state/store';
import { createDirectionStore, DEFAULT_DIRECTION, openPort } from './channel';
import { createLinkStore, mirrorHost } from './mirror';
import { parseSpectatorParams } from './params';
import { SpectatorApp } from './SpectatorApp';
import { render } from '../i18n/i18n';

/** What the spectator's `window.tabletop` offers: reading only. */
export type SpectatorApi = Pick<
  TabletopApi,
  'playView' | 'framesSinceLoad' | 'projectToScreen' | 'getScene' | 'eventLog' | 'snapshot' | 'stateHash'
> & {
  /** Online (`?room=CODE&spectator`): where this window stands in its room (`online.status()` as the app's). */
  online: Pick<TabletopApi['online'], 'status'>;
  /** Always true here (the host's API has no such field). */
  spectator: true;
  /** Whether the host has answered with its snapshot. */
  connected: () => boolean;
  /** The overlay parts and camera direction the host set. */
  direction: () => unknown;
};

/** Renders the spectator window into #root, once the default table's meshes are loaded (the host's scene replaces it when it answers). */
export async function startSpectator(initial: Scene, file: string, search: string): Promise<void> {
  const { params, errors } = parseSpectatorParams(search);
  const store = createTabletopStore(initial, file);
  store.setState({ showGrid: false });
  const direction = createDirectionStore({ ...DEFAULT_DIRECTION, overlay: params.overlay });
  const link = createLinkStore();
  const geo = new GeometryService(store);
  const play = new PlayController(store, fetchBytes);
  const full = createAutomationApi(store, fetchBytes, geo, play);
  const api: SpectatorApi = {
    spectator: true,
    playView: full.playView,
    framesSinceLoad: full.framesSinceLoad,
    projectToScreen: full.projectToScreen,
    getScene: full.getScene,
    eventLog: full.eventLog,
    snapshot: full.snapshot,
    // Online, the public hash of the match this window holds; a same-browser spectator holds only a concealed copy (null).
    stateHash: () => (store.getState().online ? full.stateHash() : null),
    online: { status: full.online.status },
    connected: () => link.getState().connected,
    direction: () => JSON.parse(JSON.stringify(direction.getState().direction)) as unknown,
  };
  Object.assign(window, { tabletop: api });
  if (params.transparent) document.documentElement.classList.add('transparent');
  if (params.chroma) document.documentElement.style.setProperty('--bg', params.chroma);
  // The URL's overlay set (when it was a good one) holds until the host changes its own.
  const keepOverlay = new URLSearchParams(search).has('overlay') && !errors.some((e) => e.startsWith('overlay='));
  const room = new URLSearchParams(search).get('room');
  const mirror = room
    ? null
    : mirrorHost(
        store,
        direction,
        link,
        openPort(),
        (scene) =>
          loadMeshes(
            meshSources(scene).map((s) => s.src),
            fetchBytes,
          ),
        keepOverlay,
      );
  if (mirror) window.addEventListener('pagehide', () => mirror.close());
  try {
    await loadMeshes(
      meshSources(initial).map((s) => s.src),
      fetchBytes,
    );
  } catch {
    // Drawn without them, as the host does; the host's snapshot brings its own table.
  }
  if (room) {
    // Joined before the first render, so a refusal shows with the URL's own problems.
    const joined = await play.joinOnline(room.trim().toUpperCase(), 'spectator');
    if (joined.ok) link.setState({ connected: true });
    else errors.push(`room=${room}: ${render(joined.reason)}`);
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <SpectatorApp
        store={store}
        geo={geo}
        play={play}
        direction={direction}
        link={link}
        params={params}
        errors={errors}
        windowAspect={window.innerWidth / Math.max(window.innerHeight, 1)}
      />
    </StrictMode>,
  );
}
