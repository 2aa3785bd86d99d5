/**
 * Entry point: validates the default scenario, loads its meshes, creates the store, installs
 * `window.tabletop`, and renders the app.
 */
import './strictPage';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import defaultScenario from '../assets/scenarios/default.json';
import { App } from './App';
import { gameReport, Guard } from './ui/Guard';
import { fetchBytes, loadMeshes } from './io/meshCache';
import { installMeshWorker } from './io/meshWorker';
import { validateScene } from './io/sceneFile';
import { createAutomationApi, type TabletopApi } from './state/automation';
import { GeometryService } from './state/geometryService';
import { PlayController } from './state/play';
import { meshSources } from './state/sceneLoader';
import { createTabletopStore, type TabletopStore } from './state/store';
import { workerEngine } from './state/workerEngine';
import { indexedDbKeyValue, offerOf, startAutosave } from './state/autosave';
import { broadcastHost, createDirectionStore, hostId, openPort, stampedPort } from './spectator/channel';
import { isSpectatorUrl } from './spectator/params';
import { keepFolds } from './state/foldMemory';
import { keepAnimationSpeed, pageStorage } from './state/speedMemory';
import '@fontsource/noto-sans-kr/400.css';
import '@fontsource/noto-sans-kr/700.css';
import './ui/app.css';
import { followStoredLanguage, startLanguage } from './i18n/language';
import { msg } from './rules/engine/message';

declare global {
  interface Window {
    tabletop: TabletopApi;
  }
}

const DEFAULT_FILE = 'assets/scenarios/default.json';

async function start(): Promise<void> {
  // A mesh file a person chooses is checked and parsed in a worker, with a time limit (the page's own
  // small files are parsed here: meshImport.readerFor).
  installMeshWorker();
  // The remembered language, else the browser's (the spectator window too: it shares this origin's storage);
  // its words are fetched beside the default table's meshes (English is in the entry).
  const language = startLanguage();
  const checked = validateScene(defaultScenario, DEFAULT_FILE);
  if (!checked.ok) throw new Error(checked.error.message);
  const query = new URLSearchParams(window.location.search);
  // `?spectator`: the spectator window, mirroring this browser's host window, or with `room=CODE` an online room's match.
  if (isSpectatorUrl(window.location.search)) {
    // Loaded only here: the host page's first frame does not wait for the spectator's code.
    const { startSpectator } = await import('./spectator/start');
    // A spectator window follows the host's menu (a change there is remembered in the shared storage).
    followStoredLanguage();
    await language;
    await startSpectator(checked.value, DEFAULT_FILE, window.location.search);
    return;
  }
  const store = createTabletopStore(checked.value, DEFAULT_FILE);
  // The animation speed the player chose last time (the log's menu), and each new choice remembered.
  keepAnimationSpeed(store, pageStorage());
  // The panels the player folded last time, and each fold remembered.
  keepFolds(store, pageStorage());
  // What was autosaved is read beside the meshes, so the Resume offer is in the first frame.
  const autosaves = indexedDbKeyValue();
  const offer = offerOf(autosaves);
  try {
    await loadMeshes(
      meshSources(checked.value).map((s) => s.src),
      fetchBytes,
    );
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    store.getState().rejectScene({
      file: DEFAULT_FILE,
      issues: [{ code: 'mesh-load', path: 'terrain', value: '', message }],
      message,
    });
  }
  const geo = new GeometryService(store);
  // The rules, the AI and their geometry queries answer from a Web Worker, so the page keeps drawing
  // while they think; `?engine=main` runs them on this thread instead (the long-task benchmark's baseline).
  const onMain = new URLSearchParams(window.location.search).get('engine') === 'main';
  const play = new PlayController(store, fetchBytes, onMain ? {} : { engine: workerEngine() });
  // The match after every move and the edited scene, kept in IndexedDB; a failed write is said once, and play goes on.
  let warned = false;
  const autosave = startAutosave(store, autosaves, (e) => {
    if (warned) return;
    warned = true;
    store.getState().setNotice(msg('ui:notice.autosave-failed', { error: e instanceof Error ? e.message : String(e) }));
  });
  window.tabletop = createAutomationApi(store, fetchBytes, geo, play, autosave);
  // Spectator windows follow this one over a BroadcastChannel.
  const direction = createDirectionStore();
  const port = stampedPort(openPort(), hostId());
  broadcastHost(store, direction, port);
  const first = await offer;
  await language;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      {/* The last resort: whatever part of the page fails to draw, the match stays and a banner says so. */}
      <Guard name="page" store={store} report={() => gameReport(store, () => play.saveText())}>
        <App store={store} geo={geo} play={play} broadcast={{ direction, port }} autosaves={autosaves} offer={first} />
      </Guard>
    </StrictMode>,
  );
  await joinFromUrl(query, play, store);
}

/** `?room=CODE&seat=A|B`: the page joins that online match at that seat (the link a player was sent). */
async function joinFromUrl(query: URLSearchParams, play: PlayController, store: TabletopStore): Promise<void> {
  const code = query.get('room');
  if (!code) return;
  const seat = query.get('seat') === 'A' ? 'A' : 'B';
  const r = await play.joinOnline(code.trim().toUpperCase(), seat);
  if (!r.ok) store.getState().setNotice(r.reason);
}

// A failure here leaves the page empty: say why in the console.
start().catch((e: unknown) => console.error('the tabletop did not start', e));
