/** The battle log (each event as a sentence, the whole game, scrolling), the dice tray of the current roll, speed and skip. */
import { memo, useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { AI_PACES, rollGroups, SPEEDS, type LoggedEvent } from '../state/eventQueue';
import { sideColour } from '../state/sideColours';
import type { TabletopStore } from '../state/store';
import { useSay, useUi } from '../i18n/useSay';
import { FoldButton } from './FoldButton';

/**
 * One line of the log. A line's text never changes once logged, so it is worded once (and again when
 * the language changes): an answer that adds a line renders that line, not the whole game's log (the
 * log's wording was most of the page's work in an AI game, 1.2 s in 40 s).
 */
const LogLine = memo(function LogLine({ text }: { text: LoggedEvent['text'] }) {
  const say = useSay();
  return <li>{say(text)}</li>;
});

/** A labelled menu of multipliers (1x, 2x, ...): the speed, the AI turn pace. */
function TimesSelect(p: {
  label: string;
  title?: string;
  value: number;
  choices: readonly number[];
  onChange: (n: number) => void;
  testId: string;
}) {
  const ui = useUi();
  return (
    <label title={p.title}>
      {p.label}{' '}
      <select value={p.value} onChange={(e) => p.onChange(Number(e.target.value))} data-testid={p.testId}>
        {p.choices.map((n) => (
          <option key={n} value={n}>
            {ui('ui:log.speed.times', { n })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Props: the store. */
export function LogPanel({ store }: { store: TabletopStore }) {
  const ui = useUi();
  const log = useStore(store, (s) => s.eventLog);
  const queued = useStore(store, (s) => s.eventQueue.length);
  const rolling = useStore(store, (s) => s.diceRolling);
  const speed = useStore(store, (s) => s.animationSpeed);
  const aiPace = useStore(store, (s) => s.aiPace);
  const aiSeat = useStore(store, (s) => (s.play ? Object.values(s.play.seats).some((x) => x !== 'human') : false));
  const batch = useStore(store, (s) => s.eventBatch);
  const folded = useStore(store, (s) => s.folded.log);
  const lines = useRef<HTMLOListElement>(null);
  // Follow the newest line, unless the player has scrolled back to read.
  const following = useRef(true);
  useEffect(() => {
    const el = lines.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [log, folded]);
  if (log.length === 0) return null;
  const groups = rollGroups(log, batch);
  // Name whose dice they are when more than one player rolled (a roll-off, both sides' initiative).
  const named = new Set(groups.map((g) => g.by)).size > 1;
  const sides = [...new Set(groups.flatMap((g) => (g.by === null ? [] : [g.by])))].sort();
  return (
    <aside className="log-panel" data-testid="log-panel" data-folded={folded}>
      <div className="log-head panel-head">
        <strong>{ui('ui:log.title')}</strong>
        <span className="muted">{ui('ui:log.lines', { n: log.length })}</span>
        <FoldButton store={store} panel="log" controls="log-body" />
      </div>
      {!folded && (
        <div id="log-body">
          <div className="log-controls">
            <TimesSelect
              label={ui('ui:log.speed')}
              value={speed}
              choices={SPEEDS}
              onChange={(n) => store.getState().setAnimationSpeed(n)}
              testId="anim-speed"
            />
            {aiSeat && (
              <TimesSelect
                label={ui('ui:log.ai-pace')}
                title={ui('ui:log.ai-pace.title')}
                value={aiPace}
                choices={AI_PACES}
                onChange={(n) => store.getState().setAiPace(n)}
                testId="ai-pace"
              />
            )}
            <button
              type="button"
              disabled={queued === 0 && !rolling}
              onClick={() => store.getState().skipAnimations()}
              data-testid="skip"
            >
              {queued > 0 ? ui('ui:log.skip.queued', { n: queued }) : ui('ui:log.skip')}
            </button>
          </div>
          {groups.length > 0 && (
            <div className="dice-tray" data-testid="dice-tray" title={ui('ui:log.dice-tray')}>
              {groups.map((g, k) => (
                <span key={k} className="dice-group" data-by={g.by ?? undefined}>
                  {named && g.by !== null && (
                    <span
                      className="dice-by"
                      style={{ borderColor: sideColour(g.by, sides) }}
                      title={ui('ui:log.dice-by', { player: g.by })}
                    >
                      {g.by}
                    </span>
                  )}
                  {g.dice.map(([sides, value], i) => (
                    <span key={i} className={`die d${sides}`} title={`d${sides}`}>
                      {value}
                    </span>
                  ))}
                </span>
              ))}
            </div>
          )}
          <ol
            className="log-lines"
            data-testid="log-lines"
            ref={lines}
            onScroll={(e) => {
              const el = e.currentTarget;
              following.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
            }}
          >
            {log.map((e, i) => (
              <LogLine key={i} text={e.text} />
            ))}
          </ol>
        </div>
      )}
    </aside>
  );
}
