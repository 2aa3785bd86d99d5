/**
 * The app: the 3D table and the panels around it, wired to one store. File opening (button and
 * drag-and-drop), saving and table resizing go through the validated loader, so a bad file shows an
 * error and leaves the table as it was.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { fetchBytes } from './io/meshCache';
import { meshExtension } from './io/meshChecks';
import { importMeshFile } from './state/meshFileImport';
import { serializeScene } from './io/sceneFile';
import { loadSceneText, resizeTable } from './state/sceneLoader';
import type { GeometryService } from './state/geometryService';
import type { TabletopStore } from './state/store';
import { TableScene } from './scene/TableScene';
import { ErrorBanner, NoticeBanner } from './ui/ErrorBanner';
import { HelpBar, HelpOverlay, useHotkeys } from './ui/HelpBar';
import { LogPanel } from './ui/LogPanel';
import { ModelPanel } from './ui/ModelPanel';
import { Toolbar } from './ui/Toolbar';
import { PlayPanel, PlayPrompts } from './ui/PlayPanel';
import { Roster } from './ui/Roster';
import { useTaken } from './ui/useTaken';
import { RulesFailureBanner } from './ui/RulesFailureBanner';
import { download } from './ui/download';
import { gameReport, Guard } from './ui/Guard';
import { EyeViewBanner, SideLegend } from './ui/ViewBanners';
import { isSavedGame, type PlayController } from './state/play';
import type { DirectionStore, Port } from './spectator/channel';
import { HostCameraBeacon } from './spectator/HostCameraBeacon';
import type { KeyValue, Offer } from './state/autosave';
import { ResumeOffer } from './ui/ResumeOffer';
import { useUi } from './i18n/useSay';

function saveFileName(sceneFile: string): string {
  const base = sceneFile.replace(/^.*[\\/]/, '').replace(/\.json$/i, '') || 'scene';
  return `${base}.json`;
}

/**
 * Props: the app store, the geometry service, the play controller, the spectator link (direction and
 * channel), if any, and where autosaves are kept (the opening offer reads it), if anywhere.
 */
export function App({
  store,
  geo,
  play,
  broadcast,
  autosaves,
  offer,
}: {
  store: TabletopStore;
  geo: GeometryService;
  play: PlayController;
  broadcast?: { direction: DirectionStore; port: Port };
  autosaves?: KeyValue;
  /** What was autosaved, read while the page loaded (the Resume offer shows in the first frame). */
  offer?: Offer;
}) {
  const [dragging, setDragging] = useState(false);
  const ui = useUi();
  useHotkeys(store, play);
  // The camera frames the table in the part of the canvas the docked panels leave free.
  const stage = useRef<HTMLElement>(null);
  useTaken(store, stage);

  // Open… and a dropped file take scenes and saved games alike: a saved game goes to Load game, and a
  // mesh file (.glb, .gltf, .stl) becomes a terrain piece.
  const openFile = (file: File) => {
    if (meshExtension(file.name)) return void importMeshFile(store, file, fetchBytes);
    file
      .text()
      .then(async (text) => {
        if (!isSavedGame(text)) return loadSceneText(store, text, file.name, fetchBytes);
        const r = await play.loadText(text, file.name);
        if (!r.ok) store.getState().setNotice(r.reason);
      })
      .catch((e: unknown) => console.error(`${file.name}: could not be opened`, e));
  };

  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (file) openFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
    // openFile only closes over the store and the play controller, which never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberate: see the comment above
  }, [store, play]);

  // A bug report carries the saved game and the last action besides the error.
  const report = () => gameReport(store, () => play.saveText());
  const guard = (name: string, part: ReactNode) => (
    <Guard name={name} store={store} report={report}>
      {part}
    </Guard>
  );

  return (
    <div className="app">
      {guard(
        'toolbar',
        <Toolbar
          store={store}
          onOpenFile={openFile}
          onSave={() => {
            const { scene, sceneFile } = store.getState();
            download(serializeScene(scene), saveFileName(sceneFile));
          }}
          onResize={(w, d) => void resizeTable(store, w, d, fetchBytes)}
          direction={broadcast?.direction}
        />,
      )}
      <main className="stage" ref={stage}>
        {guard(
          'table',
          <TableScene store={store} geo={geo} play={play}>
            {broadcast && <HostCameraBeacon direction={broadcast.direction} port={broadcast.port} />}
          </TableScene>,
        )}
        <div className="dock dock-left" data-dock="left">
          {guard('play panel', <PlayPanel store={store} play={play} />)}
          {guard('roster', <Roster store={store} />)}
        </div>
        {guard('play prompts', <PlayPrompts store={store} play={play} />)}
        {guard('error banner', <ErrorBanner store={store} />)}
        {guard('rules failure', <RulesFailureBanner store={store} play={play} />)}
        {guard('notice', <NoticeBanner store={store} />)}
        {autosaves &&
          guard(
            'resume offer',
            <ResumeOffer store={store} play={play} kv={autosaves} read={fetchBytes} first={offer} />,
          )}
        <div className="dock dock-right" data-dock="right">
          {guard('model card', <ModelPanel store={store} />)}
          {guard('battle log', <LogPanel store={store} />)}
        </div>
        {guard('help', <HelpOverlay store={store} />)}
        {guard('legend', <SideLegend store={store} />)}
        {guard('eye view banner', <EyeViewBanner store={store} />)}
        {dragging && <div className="drop-overlay">{ui('ui:app.drop')}</div>}
      </main>
      {guard('help bar', <HelpBar store={store} />)}
    </div>
  );
}
