/** Keyboard shortcuts, the help line under the table, and the help overlay (?). */
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { RULESET_IDS } from '../rulesets';
import { useRulesets } from './useRulesets';
import type { TabletopStore } from '../state/store';
import { noticeOf } from '../state/play';
import { useSay, useUi } from '../i18n/useSay';
import type { Text } from '../rules/engine/message';

/** Keyboard shortcuts: key → what it does, a `ui` message id (shown in the help overlay and the README). */
export const HOTKEYS = [
  { key: 'V', does: 'ui:hotkey.select' },
  { key: 'M', does: 'ui:hotkey.tape' },
  { key: 'S', does: 'ui:hotkey.smoke' },
  { key: 'L', does: 'ui:hotkey.lean' },
  { key: 'Ctrl+Z / Ctrl+Y', does: 'ui:hotkey.undo' },
  { key: 'O', does: 'ui:hotkey.rings' },
  { key: 'B', does: 'ui:hotkey.badges' },
  { key: 'H', does: 'ui:hotkey.threats' },
  { key: 'G', does: 'ui:hotkey.grid' },
  { key: 'R', does: 'ui:hotkey.rulers' },
  { key: 'T', does: 'ui:hotkey.view' },
  { key: 'E', does: 'ui:hotkey.eye' },
  { key: '1–9', does: 'ui:hotkey.actions' },
  { key: 'Space / Enter', does: 'ui:hotkey.end' },
  { key: 'Tab / Shift+Tab', does: 'ui:hotkey.next' },
  { key: 'Esc', does: 'ui:hotkey.escape' },
  { key: '?', does: 'ui:hotkey.help' },
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
        case 'h':
          s.setShowThreats(!s.showThreats);
          break;
        case 'o':
          s.setShowRings(!s.showRings);
          break;
        case 'b':
          s.setShowAllBadges(!s.showAllBadges);
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
  const ui = useUi();
  return (
    <footer className="helpbar">
      <span>{ui('ui:helpbar.orbit')}</span>
      <span>{ui('ui:helpbar.pan')}</span>
      <span>{ui('ui:helpbar.zoom')}</span>
      <span>{playing ? ui('ui:helpbar.click-playing') : ui('ui:helpbar.click')}</span>
      <span>{ui('ui:helpbar.enemy')}</span>
      <span>
        <kbd>?</kbd> {ui('ui:helpbar.all-keys')}
      </span>
    </footer>
  );
}

/** The help overlay: every shortcut and how to play each ruleset (closes with ×, Esc, ? or a click outside it). */
export function HelpOverlay({ store }: { store: TabletopStore }) {
  const say = useSay();
  const ui = useUi();
  const show = useStore(store, (s) => s.showHelp);
  const rules = useStore(store, (s) => s.play?.rules ?? null);
  // Every ruleset's short guide (their code is fetched when the overlay first opens), the one being played first.
  const guides = [...useRulesets(RULESET_IDS, show)].sort((x, y) => Number(y.id === rules) - Number(x.id === rules));
  if (!show) return null;
  const close = () => store.getState().setShowHelp(false);
  return (
    <div className="help-backdrop" data-testid="help-backdrop" onClick={close}>
      <div
        className="help-overlay"
        data-testid="help"
        role="dialog"
        aria-label={ui('ui:help.label')}
        onClick={(e) => e.stopPropagation()}
      >
        <button
          type="button"
          className="help-close"
          data-testid="help-close"
          aria-label={ui('ui:help.close')}
          onClick={close}
        >
          ×
        </button>
        <h2>{ui('ui:help.controls')}</h2>
        <table>
          <tbody>
            <tr>
              <td>{ui('ui:help.mouse')}</td>
              <td>{ui('ui:help.mouse.does')}</td>
            </tr>
            <tr>
              <td>{ui('ui:help.drag')}</td>
              <td>{ui('ui:help.drag.does')}</td>
            </tr>
            <tr>
              <td>{ui('ui:help.enemy')}</td>
              <td>{ui('ui:help.enemy.does')}</td>
            </tr>
            {HOTKEYS.map((h) => (
              <tr key={h.key}>
                <td>
                  <kbd>{h.key}</kbd>
                </td>
                <td>{ui(h.does)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {guides.map((g) => (
          <section key={g.id} className="how-to-play" data-testid={`how-to-${g.id}`}>
            <h2>{ui('ui:help.how-to-play', { name: g.name })}</h2>
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
