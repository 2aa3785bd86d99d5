/** The top bar: scene name, Open and Save, table size, and overlay toggles. */
import { useRef } from 'react';
import { useStore } from 'zustand';
import type { TabletopStore } from '../state/store';
import { BroadcastControls } from '../spectator/BroadcastControls';
import type { DirectionStore } from '../spectator/channel';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../i18n/catalogues';
import { chooseLanguage } from '../i18n/language';
import { useLanguage, useUi } from '../i18n/useSay';
import { inchesText } from '../i18n/i18n';

/** Table sizes offered in the size menu, in inches. */
export const TABLE_SIZES = [
  { width: 48, depth: 36 },
  { width: 36, depth: 36 },
  { width: 24, depth: 24 },
] as const;

const TOOL_LABELS = {
  select: 'ui:toolbar.tool.select',
  tape: 'ui:toolbar.tool.tape',
  smoke: 'ui:toolbar.tool.smoke',
  lean: 'ui:toolbar.tool.lean',
} as const;

/** Props: the store, what to do with a chosen file, a save, and a size change, and the spectators' direction (the Broadcast controls show with it). */
export function Toolbar({
  store,
  onOpenFile,
  onSave,
  onResize,
  direction,
}: {
  store: TabletopStore;
  onOpenFile: (file: File) => void;
  onSave: () => void;
  onResize: (width: number, depth: number) => void;
  direction?: DirectionStore;
}) {
  const ui = useUi();
  const lang = useLanguage();
  // A table size in the locale's words (`48" x 36"`).
  const sizeLabel = (width: number, depth: number) =>
    ui('ui:toolbar.table-size', { width: inchesText(width, lang), depth: inchesText(depth, lang) });
  const input = useRef<HTMLInputElement>(null);
  const name = useStore(store, (s) => s.scene.name ?? s.sceneFile);
  const table = useStore(store, (s) => s.scene.table);
  const showGrid = useStore(store, (s) => s.showGrid);
  const showRulers = useStore(store, (s) => s.showRulers);
  const cameraMode = useStore(store, (s) => s.cameraMode);
  const tool = useStore(store, (s) => s.tool);
  const allowance = useStore(store, (s) => s.allowance);
  const canUndo = useStore(store, (s) => s.past.length > 0);
  const canRedo = useStore(store, (s) => s.future.length > 0);
  const showRings = useStore(store, (s) => s.showRings);
  const showAllBadges = useStore(store, (s) => s.showAllBadges);
  const showThreats = useStore(store, (s) => s.showThreats);
  const sizeValue = `${table.width}x${table.depth}`;
  const known = TABLE_SIZES.some((t) => `${t.width}x${t.depth}` === sizeValue);
  return (
    <header className="toolbar">
      <strong className="toolbar-title" data-testid="scene-name" title={name}>
        {name}
      </strong>
      <button type="button" onClick={() => input.current?.click()} title={ui('ui:toolbar.open.title')}>
        {ui('ui:toolbar.open')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json,.glb,.gltf,.stl"
        hidden
        data-testid="open-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onOpenFile(file);
          e.target.value = '';
        }}
      />
      <button type="button" onClick={onSave} title={ui('ui:toolbar.save.title')} data-testid="save-button">
        {ui('ui:toolbar.save')}
      </button>
      <label>
        {ui('ui:toolbar.table')}{' '}
        <select
          value={sizeValue}
          data-testid="table-size"
          onChange={(e) => {
            const [w, d] = e.target.value.split('x').map(Number);
            if (w && d) onResize(w, d);
          }}
        >
          {!known && <option value={sizeValue}>{sizeLabel(table.width, table.depth)}</option>}
          {TABLE_SIZES.map((t) => (
            <option key={`${t.width}x${t.depth}`} value={`${t.width}x${t.depth}`}>
              {sizeLabel(t.width, t.depth)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" checked={showGrid} onChange={(e) => store.getState().setShowGrid(e.target.checked)} />{' '}
        {ui('ui:toolbar.grid')}
      </label>
      <label>
        <input
          type="checkbox"
          checked={showRulers}
          onChange={(e) => store.getState().setShowRulers(e.target.checked)}
        />{' '}
        {ui('ui:toolbar.rulers')}
      </label>
      <span className="tools" role="group" aria-label={ui('ui:toolbar.tools')}>
        {(['select', 'tape', 'smoke', 'lean'] as const).map((t) => (
          <button
            key={t}
            type="button"
            className={tool === t ? 'active' : ''}
            data-testid={`tool-${t}`}
            onClick={() => store.getState().setTool(t)}
          >
            {ui(TOOL_LABELS[t])}
          </button>
        ))}
      </span>
      <label title={ui('ui:toolbar.allowance.title')}>
        {ui('ui:toolbar.allowance')}{' '}
        <input
          type="number"
          min={0.5}
          max={48}
          step={0.5}
          value={allowance}
          data-testid="allowance"
          className="allowance"
          onChange={(e) => {
            const v = Number(e.target.value);
            if (Number.isFinite(v) && v > 0) store.getState().setAllowance(v);
          }}
        />
        "
      </label>
      <button
        type="button"
        className={showRings ? 'active' : ''}
        aria-pressed={showRings}
        onClick={() => store.getState().setShowRings(!showRings)}
        title={ui('ui:toolbar.rings.title', {
          a: inchesText(3, lang),
          b: inchesText(6, lang),
          c: inchesText(8, lang),
          d: inchesText(12, lang),
        })}
        data-testid="rings"
      >
        {ui('ui:toolbar.rings')}
      </button>
      <button
        type="button"
        className={showAllBadges ? 'active' : ''}
        aria-pressed={showAllBadges}
        onClick={() => store.getState().setShowAllBadges(!showAllBadges)}
        title={ui('ui:toolbar.badges.title')}
        data-testid="badges"
      >
        {ui('ui:toolbar.badges')}
      </button>
      <button
        type="button"
        className={showThreats ? 'active' : ''}
        aria-pressed={showThreats}
        onClick={() => store.getState().setShowThreats(!showThreats)}
        title={ui('ui:toolbar.threats.title')}
        data-testid="threats"
      >
        {ui('ui:toolbar.threats')}
      </button>
      <button
        type="button"
        disabled={!canUndo}
        onClick={() => store.getState().undo()}
        title={ui('ui:toolbar.undo.title')}
        data-testid="undo"
      >
        {ui('ui:toolbar.undo')}
      </button>
      <button
        type="button"
        disabled={!canRedo}
        onClick={() => store.getState().redo()}
        title={ui('ui:toolbar.redo.title')}
      >
        {ui('ui:toolbar.redo')}
      </button>
      <button
        type="button"
        onClick={() => store.getState().setCameraMode(cameraMode === 'top' ? 'orbit' : 'top')}
        title={ui('ui:toolbar.view.title')}
      >
        {cameraMode === 'top' ? ui('ui:toolbar.view.perspective') : ui('ui:toolbar.view.top')}
      </button>
      {direction && <BroadcastControls direction={direction} />}
      <select
        className="language"
        data-testid="language"
        aria-label={ui('ui:toolbar.language')}
        title={ui('ui:toolbar.language')}
        value={lang}
        onChange={(e) => {
          if (isLanguage(e.target.value)) chooseLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </header>
  );
}
