/** Keyboard shortcuts, the help line under the table, and the help overlay (?). */
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { RULESETS, type AnyPlayable } from '../rules/registry';
import type { TabletopStore } from '../state/store';
import { noticeOf } from '../state/play';
import { useSay } from '../i18n/useSay';
import type { Text } from '../rules/engine/message';

/** Keyboard shortcuts: key → what it does (shown in the help overlay and the README). */
export const HOTKEYS = [
  { key: 'V', does: 'select / move tool (drag a model along its measured path)' },
  { key: 'M', does: 'tape measure: click two bases or points' },
  { key: 'S', does: 'smoke tool: click the table to place 3" smoke, click smoke to remove it' },
  { key: 'L', does: 'lean out: click beside the selected base (within 1") to place its 25 mm marker' },
  { key: 'Ctrl+Z / Ctrl+Y', does: 'undo / redo a move, smoke or lean-out (in a match, Ctrl+Z is Undo move)' },
  { key: 'O', does: 'range rings 3", 6", 8", 12" from the selected base' },
  { key: 'G', does: 'toggle the 1" grid' },
  { key: 'R', does: 'toggle the rulers' },
  { key: 'T', does: 'toggle top-down / perspective view' },
  { key: 'E', does: "look from the selected model's eye" },
  {
    key: 'Esc',
    does: 'disarm a dashed pick; else clear the selection, the tape, the rays and a notice, and leave the eye view or the help',
  },
  { key: '?', does: 'show or hide this help' },
] as const;

/** In a match, what the keys do to it: Ctrl+Z is Undo move, Esc disarms a pick (the play controller's). */
export interface MatchKeys {
  undo: () => Promise<{ ok: true } | { ok: false; reason: Text }>;
  choosePick: (pick: null) => void;
}

/** Installs the shortcuts on the window while the app is mounted. */
export function useHotkeys(store: TabletopStore, match?: MatchKeys): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      const s = store.getState();
      const key = e.key.toLowerCase();
      if (e.ctrlKey || e.metaKey) {
        if (key === 'z' && !e.shiftKey && s.play && match) {
          void match.undo().then((r) => {
            const notice = noticeOf(r);
            if (notice) store.getState().setNotice(notice);
          });
        } else if (key === 'z' && !e.shiftKey) s.undo();
        else if (key === 'y' || (key === 'z' && e.shiftKey)) s.redo();
        else return;
        e.preventDefault();
        return;
      }
      if (e.altKey) return;
      switch (key) {
        case 'v':
          s.setTool('select');
          break;
        case 'm':
          s.setTool(s.tool === 'tape' ? 'select' : 'tape');
          break;
        case 's':
          s.setTool(s.tool === 'smoke' ? 'select' : 'smoke');
          break;
        case 'l':
          s.setTool(s.tool === 'lean' ? 'select' : 'lean');
          break;
        case 'g':
          s.setShowGrid(!s.showGrid);
          break;
        case 'o':
          s.setShowRings(!s.showRings);
          break;
        case 'r':
          s.setShowRulers(!s.showRulers);
          break;
        case 't':
          s.setCameraMode(s.cameraMode === 'top' ? 'orbit' : 'top');
          break;
        case 'e':
          if (s.selectedId) s.setCameraMode(s.cameraMode === 'eye' ? 'orbit' : 'eye');
          break;
        case '?':
          s.setShowHelp(!s.showHelp);
          break;
        case 'escape':
          // With a pick armed, Esc only disarms it (the model stays selected, its card shown).
          if (s.play?.pick && match) {
            match.choosePick(null);
            break;
          }
          s.select(null);
          s.setTape(null);
          s.setRayTarget(null);
          s.setShowHelp(false);
          s.setNotice(null);
          if (s.cameraMode === 'eye') s.setCameraMode('orbit');
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, match]);
}

/** The help line. */
export function HelpBar({ store }: { store: TabletopStore }) {
  // In a match models move only through the rules: a dashed choice, then a click on the table.
  const playing = useStore(store, (s) => s.play !== null);
  return (
    <footer className="helpbar">
      <span>Left-drag: orbit</span>
      <span>Right-drag: pan</span>
      <span>Wheel: zoom</span>
      <span>
        {playing
          ? 'Click a model: its card · dashed choice, then click the table: move there'
          : 'Click a model: select · drag it: move'}
      </span>
      <span>Click an enemy: sight rays</span>
      <span>
        <kbd>?</kbd> all keys
      </span>
    </footer>
  );
}

/** The help overlay: every shortcut and how to play each ruleset (closes with ×, Esc, ? or a click outside it). */
export function HelpOverlay({ store }: { store: TabletopStore }) {
  const say = useSay();
  const show = useStore(store, (s) => s.showHelp);
  const rules = useStore(store, (s) => s.play?.rules ?? null);
  // Every playable ruleset's short guide, the one being played first.
  const guides = RULESETS.filter((r): r is AnyPlayable => r.playable).sort(
    (x, y) => Number(y.id === rules) - Number(x.id === rules),
  );
  if (!show) return null;
  const close = () => store.getState().setShowHelp(false);
  return (
    <div className="help-backdrop" data-testid="help-backdrop" onClick={close}>
      <div
        className="help-overlay"
        data-testid="help"
        role="dialog"
        aria-label="Help"
        onClick={(e) => e.stopPropagation()}
      >
        <button
          type="button"
          className="help-close"
          data-testid="help-close"
          aria-label="Close the help"
          onClick={close}
        >
          ×
        </button>
        <h2>Controls</h2>
        <table>
          <tbody>
            <tr>
              <td>Left-drag / right-drag / wheel</td>
              <td>orbit / pan / zoom</td>
            </tr>
            <tr>
              <td>Click a model, drag it</td>
              <td>
                select it; move it along its measured path (refused with the reason when it cannot get there); hold Alt
                over a drop to see the fall and the landing spot
              </td>
            </tr>
            <tr>
              <td>Click an enemy of the selected model</td>
              <td>
                sight rays: green reach it, orange stop at terrain, pink at models, grey at smoke (Shift+click selects
                it)
              </td>
            </tr>
            {HOTKEYS.map((h) => (
              <tr key={h.key}>
                <td>
                  <kbd>{h.key}</kbd>
                </td>
                <td>{h.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {guides.map((g) => (
          <section key={g.id} className="how-to-play" data-testid={`how-to-${g.id}`}>
            <h2>How to play {g.name}</h2>
            <ol>
              {g.howToPlay.map((step, i) => (
                <li key={i}>{say(step)}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}
