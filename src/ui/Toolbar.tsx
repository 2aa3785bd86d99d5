/** The top bar: scene name, Open and Save, table size, and overlay toggles. */
import { useRef } from 'react';
import { useStore } from 'zustand';
import type { TabletopStore } from '../state/store';
import { BroadcastControls } from '../spectator/BroadcastControls';
import type { DirectionStore } from '../spectator/channel';

/** Table sizes offered in the size menu, in inches. */
export const TABLE_SIZES = [
  { label: '48" x 36"', width: 48, depth: 36 },
  { label: '36" x 36"', width: 36, depth: 36 },
  { label: '24" x 24"', width: 24, depth: 24 },
] as const;

const TOOL_LABELS = { select: 'Move (V)', tape: 'Tape (M)', smoke: 'Smoke (S)', lean: 'Lean (L)' } as const;

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
  const sizeValue = `${table.width}x${table.depth}`;
  const known = TABLE_SIZES.some((t) => `${t.width}x${t.depth}` === sizeValue);
  return (
    <header className="toolbar">
      <strong className="toolbar-title" data-testid="scene-name" title={name}>
        {name}
      </strong>
      <button
        type="button"
        onClick={() => input.current?.click()}
        title="Open a scene file or a saved game, or add a terrain mesh (.glb, .gltf, .stl); or drop one on the table"
      >
        Open…
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
      <button type="button" onClick={onSave} title="Save the table as a scene file" data-testid="save-button">
        Save
      </button>
      <label>
        Table{' '}
        <select
          value={sizeValue}
          data-testid="table-size"
          onChange={(e) => {
            const [w, d] = e.target.value.split('x').map(Number);
            if (w && d) onResize(w, d);
          }}
        >
          {!known && <option value={sizeValue}>{`${table.width}" x ${table.depth}"`}</option>}
          {TABLE_SIZES.map((t) => (
            <option key={t.label} value={`${t.width}x${t.depth}`}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" checked={showGrid} onChange={(e) => store.getState().setShowGrid(e.target.checked)} /> 1"
        grid
      </label>
      <label>
        <input
          type="checkbox"
          checked={showRulers}
          onChange={(e) => store.getState().setShowRulers(e.target.checked)}
        />{' '}
        Rulers
      </label>
      <span className="tools" role="group" aria-label="Table tools">
        {(['select', 'tape', 'smoke', 'lean'] as const).map((t) => (
          <button
            key={t}
            type="button"
            className={tool === t ? 'active' : ''}
            data-testid={`tool-${t}`}
            onClick={() => store.getState().setTool(t)}
          >
            {TOOL_LABELS[t]}
          </button>
        ))}
      </span>
      <label title="Move allowance for the reach preview and moves">
        Move{' '}
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
        title='Range rings 3", 6", 8" and 12" from the selected base (O)'
        data-testid="rings"
      >
        Rings (O)
      </button>
      <button
        type="button"
        disabled={!canUndo}
        onClick={() => store.getState().undo()}
        title="Undo (Ctrl+Z)"
        data-testid="undo"
      >
        Undo
      </button>
      <button type="button" disabled={!canRedo} onClick={() => store.getState().redo()} title="Redo (Ctrl+Y)">
        Redo
      </button>
      <button
        type="button"
        onClick={() => store.getState().setCameraMode(cameraMode === 'top' ? 'orbit' : 'top')}
        title="Toggle the top-down view (T)"
      >
        {cameraMode === 'top' ? 'Perspective' : 'Top view'}
      </button>
      {direction && <BroadcastControls direction={direction} />}
    </header>
  );
}
