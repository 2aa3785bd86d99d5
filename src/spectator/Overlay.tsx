/**
 * The broadcast overlay, drawn over the spectator's canvas in type large enough for a stream: the
 * ruleset, round and phase and whose turn; each side's name, colour and score; the last roll with its
 * result in words; the last three log lines. The host turns each part on or off.
 */
import { useStore } from 'zustand';
import { sideColour, sideColourWords } from '../state/sideColours';
import { useSay, useUi } from '../i18n/useSay';
import type { TabletopStore } from '../state/store';
import type { DirectionStore } from './channel';
import type { LinkStore } from './mirror';
import { lastLines, rollInWords, scoreText, statusWords } from './words';

const SIDES = ['A', 'B'] as const;

/** Props: the mirrored store, the direction (which parts show) and the link (waiting for the host). */
export function BroadcastOverlay({
  store,
  direction,
  link,
}: {
  store: TabletopStore;
  direction: DirectionStore;
  link: LinkStore;
}) {
  const parts = useStore(direction, (s) => s.direction.overlay);
  const play = useStore(store, (s) => s.play);
  const log = useStore(store, (s) => s.eventLog);
  const connected = useStore(link, (s) => s.connected);
  const ui = useUi();
  const say = useSay();
  if (!connected)
    return (
      <div className="bc-overlay" data-testid="broadcast-overlay">
        <div className="bc-panel bc-status">{ui('ui:spectator.waiting')}</div>
      </div>
    );
  const roll = parts.roll ? rollInWords(log) : null;
  const lines = parts.log ? lastLines(log, 3) : [];
  const words = play ? statusWords(play) : null;
  return (
    <div className="bc-overlay" data-testid="broadcast-overlay">
      {parts.status && (
        <div className="bc-panel bc-status" data-testid="bc-status">
          {words ? (
            <>
              <strong>{words.rules}</strong> · {words.status}
              {words.turn && <div className="bc-turn">{words.turn}</div>}
            </>
          ) : (
            ui('ui:spectator.no-match')
          )}
        </div>
      )}
      {parts.score && play && (
        <div className="bc-panel bc-score" data-testid="bc-score">
          {SIDES.map((p) => (
            <div key={p} className="bc-side" data-testid={`bc-side-${p}`}>
              <span
                className="bc-swatch"
                style={{ background: sideColour(p, play.sides) }}
                title={say(sideColourWords(p, play.sides))}
              />
              <span className="bc-name">
                {p} {play.forceNames[p]}
              </span>
              <span className="bc-points" data-testid={`bc-score-${p}`}>
                {scoreText(play, p)}
              </span>
            </div>
          ))}
        </div>
      )}
      <div className="bc-bottom">
        {roll && (
          <div className="bc-panel bc-roll" data-testid="bc-roll">
            {roll}
          </div>
        )}
        {lines.length > 0 && (
          <div className="bc-panel bc-log" data-testid="bc-log">
            {lines.map((l, i) => (
              <div key={`${log.length}-${i}`}>{l}</div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
