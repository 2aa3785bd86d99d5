/** The battle log (each event as a sentence), the dice tray of the last roll, speed and skip. */
import { useStore } from 'zustand';
import { SPEEDS } from '../state/eventQueue';
import type { TabletopStore } from '../state/store';

/** Props: the store. */
export function LogPanel({ store }: { store: TabletopStore }) {
  const log = useStore(store, (s) => s.eventLog);
  const queued = useStore(store, (s) => s.eventQueue.length);
  const speed = useStore(store, (s) => s.animationSpeed);
  if (log.length === 0) return null;
  const lastDice = [...log].reverse().find((e) => e.type === 'dice-rolled');
  const dice = Array.isArray(lastDice?.dice) ? (lastDice.dice as [number, number][]) : [];
  return (
    <aside className="log-panel" data-testid="log-panel">
      <div className="log-head">
        <strong>Battle log</strong>
        <label>
          speed{' '}
          <select value={speed} onChange={(e) => store.getState().setAnimationSpeed(Number(e.target.value))} data-testid="anim-speed">
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}x
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={queued === 0} onClick={() => store.getState().skipAnimations()} data-testid="skip">
          Skip{queued > 0 ? ` (${queued})` : ''}
        </button>
      </div>
      {dice.length > 0 && (
        <div className="dice-tray" data-testid="dice-tray">
          {dice.map(([sides, value], i) => (
            <span key={i} className={`die d${sides}`} title={`d${sides}`}>
              {value}
            </span>
          ))}
        </div>
      )}
      <ol className="log-lines">
        {log.slice(-8).map((e, i) => (
          <li key={log.length - 8 + i}>{e.text}</li>
        ))}
      </ol>
    </aside>
  );
}
