/** The controls line under the table, and the keyboard shortcuts it lists. */
import { useEffect } from 'react';
import type { TabletopStore } from '../state/store';

/** Keyboard shortcuts: key → what it does (shown in the help bar and the README). */
export const HOTKEYS = [
  { key: 'G', does: 'toggle the 1" grid' },
  { key: 'R', does: 'toggle the rulers' },
  { key: 'T', does: 'toggle top-down / perspective view' },
  { key: 'Esc', does: 'clear the selection' },
] as const;

/** Installs the shortcuts on the window while the app is mounted. */
export function useHotkeys(store: TabletopStore): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const s = store.getState();
      switch (e.key.toLowerCase()) {
        case 'g':
          s.setShowGrid(!s.showGrid);
          break;
        case 'r':
          s.setShowRulers(!s.showRulers);
          break;
        case 't':
          s.setCameraMode(s.cameraMode === 'top' ? 'orbit' : 'top');
          break;
        case 'escape':
          s.select(null);
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}

/** The help line. */
export function HelpBar() {
  return (
    <footer className="helpbar">
      <span>Left-drag: orbit</span>
      <span>Right-drag: pan</span>
      <span>Wheel: zoom</span>
      <span>Click a model: select</span>
      {HOTKEYS.map((h) => (
        <span key={h.key}>
          <kbd>{h.key}</kbd> {h.does}
        </span>
      ))}
    </footer>
  );
}
