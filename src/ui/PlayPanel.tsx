/**
 * The one play panel, for every ruleset of the list (src/rulesets.ts). Before a match: the set-up (NewMatch) and
 * Load game. During one: the status and score board pinned at the top; the selected (or acting)
 * model's actions first as an action bar (the other acting models' own under a fold); the other choices, then drills, armoury, cards and split
 * fire under folds; the point picks (click the table); greyed actions with their reasons; the
 * reaction prompt; undo, save, load, leave and fold. Hovering a choice rings the models it names.
 * With two humans at one screen, a curtain asks the next player to take the mouse before their
 * choices and secrets show.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { useStore } from 'zustand';
import type { TablePick } from '../rules/engine/types';
import { noticeOf, onlineUrl, type Choice, type PlayController, type PlayView } from '../state/play';
import type { TabletopState, TabletopStore } from '../state/store';
import { download } from './download';
import { JsonFileButton } from './JsonFileButton';
import { NewMatch } from './NewMatch';
import { ScoreBoard, ScoreLines } from './ScoreBoard';
import { useSay, useUi } from '../i18n/useSay';
import { actionForKey, endChoice, focusOf, nextActor } from '../state/actionKeys';
import { FoldButton } from './FoldButton';

/** Two picks are the same choice when every field is (they come from one ruleset's picksOf). */
const samePick = (a: TablePick | null, b: TablePick) => a !== null && JSON.stringify(a) === JSON.stringify(b);

/** The choices in their places: the action bar, the rest, and the folds by heading. */
/**
 * A choice pressed with the mouse gives the focus back to the page: the panel redraws after a move and
 * React may put another choice in the same button, which Space or Enter would then press (a Five
 * Parsecs die assigned by hand where Space meant "assign as rolled"). A click from the keyboard (detail
 * 0) and the fold buttons keep it.
 */
function dropMouseFocus(e: MouseEvent<HTMLElement>): void {
  if (e.detail === 0 || !(e.target instanceof Element)) return;
  const button = e.target.closest('button');
  if (button instanceof HTMLElement && !button.classList.contains('fold-button')) button.blur();
}

function arrange(view: PlayView, focus: string | null) {
  const bar: Choice[] = [];
  const rest: Choice[] = [];
  // Another acting model's own choices (a Reaction die for each figure): under "Other models", until it is clicked.
  const others: Choice[] = [];
  const folds = new Map<string, Choice[]>();
  for (const c of view.choices) {
    if (c.fold !== null) folds.set(c.fold, [...(folds.get(c.fold) ?? []), c]);
    else if (focus !== null && c.models.includes(focus)) bar.push(c);
    else if (focus !== null && c.models.length > 0 && c.models.every((m) => view.actors.includes(m))) others.push(c);
    else rest.push(c);
  }
  // Point picks: the focused model's lead the bar; other models' sit under one fold; the rest (a hardpoint, the next model to deploy) stay on top.
  const barPicks = focus === null ? [] : view.picks.filter((p) => p.model === focus);
  const otherPicks = focus === null ? [] : view.picks.filter((p) => p.model !== null && p.model !== focus);
  const topPicks = view.picks.filter((p) => !barPicks.includes(p) && !otherPicks.includes(p));
  return { bar, rest, others, folds: [...folds.entries()], barPicks, otherPicks, topPicks };
}

/** The curtain between two human seats: the next player takes the mouse before anything of theirs shows. */
function Curtain({ view, play }: { view: PlayView; play: PlayController }) {
  const ui = useUi();
  const side = view.curtain ?? '';
  return (
    <div className="curtain" data-testid="curtain" role="dialog" aria-modal="true" onClick={() => play.reveal()}>
      <div className="curtain-card">
        <p className="curtain-title">{ui('ui:curtain.title', { side })}</p>
        <p className="muted">
          {view.reacting ? ui('ui:curtain.react') : ui('ui:curtain.turn')} {ui('ui:curtain.hidden')}
        </p>
        <button type="button" className="primary" data-testid="take-mouse" autoFocus>
          {ui('ui:curtain.take', { side })}
        </button>
      </div>
    </div>
  );
}

/** The panel's body for a match: status, the score board, the choices and picks, undo/save/load/leave. */
export function PlayPanel({ store, play }: { store: TabletopStore; play: PlayController }) {
  const say = useSay();
  const ui = useUi();
  const view = useStore(store, (s) => s.play);
  const selected = useStore(store, (s) => s.selectedId);
  // Folded, the panel is its status line alone, so the table under it can be clicked.
  const folded = useStore(store, (s) => s.folded.play);
  const [leaving, setLeaving] = useState(false);
  // Online, the server keeps the match: no undo, and no save of the page's concealed copy.
  const online = useStore(store, (s) => s.online);
  // The action bar's keys: 1–9 its actions, Space or Enter the choice that ends the step.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
      const s = store.getState();
      const v = s.play;
      if (!v?.decider || v.seats[v.decider] !== 'human' || v.curtain !== null) return;
      if (e.key === 'Tab') {
        // Tab / Shift+Tab: the next model that can still act (only while no control has the focus).
        if (t instanceof HTMLElement && t !== document.body && t.tagName !== 'CANVAS') return;
        const next = nextActor(
          v,
          (s.scene.models ?? []).map((m) => m.id),
          s.selectedId,
          e.shiftKey,
        );
        if (!next) return;
        e.preventDefault();
        s.select(next);
        return;
      }
      // Space and Enter press a fold or roster button that has the focus, and any control the keyboard
      // reached (focus-visible), rather than end the step; a choice clicked with the mouse keeps the focus
      // but not the keys.
      if (
        (e.key === ' ' || e.key === 'Enter') &&
        t instanceof Element &&
        (t.closest('.fold-button, .roster-entry, summary') !== null ||
          (t.matches(':focus-visible') && t.closest('button, a, [role=button]') !== null))
      )
        return;
      const action = actionForKey(v, s.selectedId, e.key);
      if (!action) return;
      e.preventDefault();
      if ('pick' in action) play.choosePick(action.pick);
      else if ('shortcut' in action) void play.submitAll(action.shortcut.moves);
      else
        void play.submit(action.choice.move).then((r) => {
          const notice = noticeOf(r);
          if (notice) store.getState().setNotice(notice);
        });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, play]);
  const load = (text: string, name: string) =>
    void play.loadText(text, name).then((r) => !r.ok && store.getState().setNotice(r.reason));
  if (!view) {
    return (
      <div className="new-matches">
        <NewMatch play={play} />
        <JsonFileButton title={ui('ui:play.load-game.title')} testId="load-game-input" onText={load}>
          {ui('ui:play.load-game-start')}
        </JsonFileButton>
      </div>
    );
  }
  const who = view.decider;
  const human = who !== null && view.seats[who] === 'human';
  const hidden = view.curtain !== null;
  const focus = focusOf(view, selected);
  const { bar, rest, others, folds, barPicks, otherPicks, topPicks } = arrange(view, focus);
  const hover = (ids: readonly string[]) => store.getState().setHighlight(ids);
  const ender = endChoice(view);
  const button = (c: Choice, i: number, key: string | null = c === ender ? ui('ui:play.key.space') : null) => (
    <button
      key={i}
      type="button"
      data-testid="choice"
      data-key={key ?? undefined}
      aria-keyshortcuts={key ?? undefined}
      onMouseEnter={() => hover([...c.models, ...c.targets])}
      onMouseLeave={() => hover([])}
      onClick={() => {
        hover([]);
        void play.submit(c.move).then((r) => {
          const notice = noticeOf(r);
          if (notice) store.getState().setNotice(notice);
        });
      }}
    >
      {say(c.label)}
    </button>
  );
  const pickButton = (p: TablePick, key: string | null = null) => (
    <button
      key={JSON.stringify(p)}
      type="button"
      className={`pick${samePick(view.pick, p) ? ' active' : ''}`}
      data-testid="pick"
      data-key={key ?? undefined}
      aria-keyshortcuts={key ?? undefined}
      aria-pressed={samePick(view.pick, p)}
      onMouseEnter={() => hover(p.model ? [p.model] : [])}
      onMouseLeave={() => hover([])}
      // Pressing an armed pick keeps it armed (Esc or another button disarms it).
      onClick={() => play.choosePick(p)}
    >
      {say(p.label)}
    </button>
  );
  const focusName = focus ? ((store.getState().scene.models ?? []).find((m) => m.id === focus)?.name ?? focus) : '';
  return (
    <aside
      className={`play-panel in-play${view.reacting && human ? ' reacting' : ''}`}
      data-testid="play-panel"
      data-folded={folded}
      onClick={dropMouseFocus}
    >
      <div className="play-pinned">
        <div className="play-head">
          <strong data-testid="play-status">{say(view.status)}</strong>
          <FoldButton store={store} panel="play" controls="play-body" />
        </div>
        {!folded && <ScoreBoard view={view} />}
      </div>
      {!folded && (
        <div className="play-scroll" id="play-body">
          {view.outcome && (
            <p className="outcome" data-testid="outcome">
              {ui('ui:play.outcome', {
                result: view.outcome.winner
                  ? ui('ui:play.outcome.wins', { side: view.outcome.winner })
                  : ui('ui:play.outcome.draw'),
                a: view.outcome.score.A ?? 0,
                b: view.outcome.score.B ?? 0,
                note: say(view.outcomeNote),
              })}
            </p>
          )}
          {online && <OnlineLine online={online} />}
          {who && !human && (
            <p className="thinking">
              {view.seats[who] === 'remote'
                ? ui('ui:play.remote-turn', { side: who })
                : ui('ui:play.ai-thinking', { side: who })}
            </p>
          )}
          {human && hidden && (
            <p className="prompt" data-testid="choices-hidden">
              {ui('ui:play.choices-hidden', { side: who ?? '' })}
            </p>
          )}
          {human && !hidden && (
            <div className="choices" data-testid="choices">
              <p className="prompt">
                {view.reacting ? ui('ui:play.react', { side: who }) : ui('ui:play.decide', { side: who })}
              </p>
              {view.shortcuts.map((sc, i) => (
                <button
                  key={`shortcut-${i}`}
                  type="button"
                  className="primary shortcut"
                  data-testid="shortcut"
                  data-key={i === 0 && !ender ? ui('ui:play.key.space') : undefined}
                  onClick={() => void play.submitAll(sc.moves)}
                >
                  {say(sc.label)}
                </button>
              ))}
              {topPicks.map((p) => pickButton(p))}
              {bar.length + barPicks.length > 0 && (
                <div className="action-bar" data-testid="action-bar">
                  <span className="action-bar-name">{focusName}</span>
                  {barPicks.map((p, i) => pickButton(p, i < 9 ? String(i + 1) : null))}
                  {bar.map((c, i) =>
                    button(
                      c,
                      i,
                      barPicks.length + i < 9
                        ? String(barPicks.length + i + 1)
                        : c === ender
                          ? ui('ui:play.key.space')
                          : null,
                    ),
                  )}
                </div>
              )}
              {rest.map((c, i) => button(c, i))}
              {otherPicks.length + others.length > 0 && (
                <details className="fold" data-testid="fold-other-models">
                  <summary>{ui('ui:play.other-models', { n: otherPicks.length + others.length })}</summary>
                  {otherPicks.map((p) => pickButton(p))}
                  {others.map((c, i) => button(c, i))}
                </details>
              )}
              {folds.map(([name, cs]) => (
                <details key={name} className="fold" data-testid={`fold-${name}`}>
                  <summary>
                    {say(cs[0]!.foldWords ?? name)} ({cs.length})
                  </summary>
                  {cs.map((c, i) => button(c, i))}
                </details>
              ))}
              {view.blocked.map((b, i) => (
                <button
                  key={`blocked-${i}`}
                  type="button"
                  className="blocked"
                  disabled
                  title={say(b.reason)}
                  data-testid="blocked"
                >
                  {say(b.label)} <span className="muted">({say(b.reason)})</span>
                </button>
              ))}
            </div>
          )}
          <div className="play-foot">
            {!online && (
              <>
                <button
                  type="button"
                  data-testid="play-undo"
                  disabled={!view.undoable}
                  onClick={() => {
                    void play.undo().then((r) => {
                      const notice = noticeOf(r);
                      if (notice) store.getState().setNotice(notice);
                    });
                  }}
                  title={view.undoable ? ui('ui:play.undo.title') : ui('ui:play.undo.none')}
                >
                  {ui('ui:play.undo')}
                </button>
                <button
                  type="button"
                  onClick={() => {
                    const text = play.saveText();
                    if (text) download(text, view.saveName);
                  }}
                >
                  {ui('ui:play.save-game')}
                </button>
              </>
            )}
            <JsonFileButton testId="load-game-input" onText={load}>
              {ui('ui:play.load-game')}
            </JsonFileButton>
            {leaving ? (
              <span className="leave-confirm" data-testid="leave-confirm">
                {ui('ui:play.leave.ask')}{' '}
                <button
                  type="button"
                  data-testid="leave-yes"
                  onClick={() => {
                    setLeaving(false);
                    play.stop();
                  }}
                >
                  {ui('ui:play.leave.yes')}
                </button>{' '}
                <button type="button" data-testid="leave-no" onClick={() => setLeaving(false)}>
                  {ui('ui:play.leave.no')}
                </button>
              </span>
            ) : (
              <button
                type="button"
                className="leave"
                data-testid="leave"
                onClick={() => setLeaving(true)}
                title={ui('ui:play.leave.title')}
              >
                {ui('ui:play.leave')}
              </button>
            )}
          </div>
          <ScoreLines view={view} />
        </div>
      )}
    </aside>
  );
}

/**
 * What the play panel puts over the stage rather than in its column: the curtain between two human
 * seats, and the armed pick's hint above the table (shown even when the panel is folded).
 */
export function PlayPrompts({ store, play }: { store: TabletopStore; play: PlayController }) {
  const say = useSay();
  const ui = useUi();
  const view = useStore(store, (s) => s.play);
  if (!view) return null;
  const human = view.decider !== null && view.seats[view.decider] === 'human';
  const hidden = view.curtain !== null;
  return (
    <>
      {human && hidden && <Curtain view={view} play={play} />}
      {human && !hidden && view.pick && (
        <p className="pick-hint" data-testid="pick-hint" role="status">
          <strong>{say(view.pick.label)}</strong>: {ui('ui:play.click-table')}{' '}
          <span className="muted">{ui('ui:play.esc-cancel')}</span>
        </p>
      )}
    </>
  );
}

/** Online: the room's code (the link to send) and who is connected at each seat. */
function OnlineLine({ online }: { online: NonNullable<TabletopState['online']> }) {
  const ui = useUi();
  const seat = (p: 'A' | 'B') => {
    const s = online.players[p];
    if (s.kind === 'ai') return ui('ui:online.seat-ai', { side: p });
    const main = !s.taken
      ? ui('ui:online.seat-free', { side: p })
      : s.connected
        ? ui('ui:online.seat-on', { side: p })
        : ui('ui:online.seat-off', { side: p });
    // A shared side's second player (a co-op crew).
    const second = s.partner;
    if (!second) return main;
    const key = !second.taken
      ? 'ui:online.partner-free'
      : second.connected
        ? 'ui:online.partner-on'
        : 'ui:online.partner-off';
    return `${main} · ${ui(key, { side: p })}`;
  };
  // The link to send while a seat (or a shared side's second place) still waits for its player.
  const free = (['A', 'B'] as const).find(
    (p) => online.players[p].kind !== 'ai' && (!online.players[p].taken || online.players[p].partner?.taken === false),
  );
  const link = free ? onlineUrl(online.code, free) : null;
  return (
    <div className="online" data-testid="online-status">
      <p>
        {ui('ui:online.room', { code: online.code })} · {seat('A')} · {seat('B')}
      </p>
      {link && (
        <p>
          {ui('ui:online.link')}{' '}
          <input readOnly value={link} data-testid="online-link" onFocus={(e) => e.currentTarget.select()} />{' '}
          <button type="button" onClick={() => void navigator.clipboard?.writeText(link)}>
            {ui('ui:online.copy')}
          </button>
        </p>
      )}
    </div>
  );
}
