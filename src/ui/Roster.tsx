/**
 * The roster: the player's models on the table (by unit where the ruleset has units), each with what
 * the view knows of it (can act now, acting, down, prone or pinned, its tokens). A click on one selects
 * it and turns the camera to it; the ones marked "can act" are those Tab and Shift+Tab visit.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { TablePose } from '../rules/engine/play';
import { rosterOf, rosterSide } from '../state/roster';
import type { TabletopStore } from '../state/store';
import { useSay, useUi } from '../i18n/useSay';
import { FoldButton } from './FoldButton';

/** The poses in words. */
const POSE_IDS: Record<TablePose, string> = {
  down: 'ui:roster.pose.down',
  prone: 'ui:roster.pose.prone',
  pinned: 'ui:roster.pose.pinned',
};

/** Props: the store. */
export function Roster({ store }: { store: TabletopStore }) {
  const say = useSay();
  const ui = useUi();
  const view = useStore(store, (s) => s.play);
  const models = useStore(store, (s) => s.scene.models);
  const selected = useStore(store, (s) => s.selectedId);
  const folded = useStore(store, (s) => s.folded.roster);
  const side = view ? rosterSide(view) : null;
  const groups = useMemo(() => (view ? rosterOf(view, models ?? [], side) : []), [view, models, side]);
  if (!view || side === null) return null;
  const entries = groups.flatMap((g) => g.entries);
  const ready = entries.filter((e) => e.canAct).length;
  const pick = (id: string) => {
    const s = store.getState();
    const m = (s.scene.models ?? []).find((x) => x.id === id);
    if (!m || !s.select(id)) return;
    s.focusCamera([m.position[0], m.position[1], m.position[2]]);
  };
  return (
    <aside className="roster" data-testid="roster" data-folded={folded}>
      <div className="panel-head">
        <h2>{ui('ui:roster.title', { side })}</h2>
        {entries.length > 0 && (
          <span className="muted roster-count" data-testid="roster-count">
            <span className="ready-dot" aria-hidden="true">
              ●
            </span>{' '}
            {ui('ui:roster.count', { n: ready, total: entries.length })}
          </span>
        )}
        <FoldButton store={store} panel="roster" controls="roster-body" />
      </div>
      {!folded && (
        <div id="roster-body" className="roster-body">
          {entries.length === 0 && <p className="muted">{ui('ui:roster.none')}</p>}
          {groups.map((g, k) => (
            <section key={`${g.unit ?? ''}-${k}`} className="roster-group">
              {g.unit !== null && <h3>{g.unit}</h3>}
              <ul>
                {g.entries.map((e) => (
                  <li key={e.id}>
                    <button
                      type="button"
                      className={`roster-entry${e.canAct ? ' can-act' : ''}${e.acting ? ' acting' : ''}`}
                      data-testid={`roster-${e.id}`}
                      data-can-act={e.canAct}
                      aria-current={e.id === selected ? 'true' : undefined}
                      title={ui('ui:roster.entry.title', { name: e.name })}
                      onClick={() => pick(e.id)}
                      onMouseEnter={() => store.getState().setHighlight([e.id])}
                      onMouseLeave={() => store.getState().setHighlight([])}
                    >
                      <span
                        className={`ready-dot${e.canAct ? '' : ' off'}`}
                        title={e.canAct ? ui('ui:roster.can-act') : undefined}
                      >
                        ●<span className="visually-hidden">{e.canAct ? ` ${ui('ui:roster.can-act')}` : ''}</span>
                      </span>
                      <span className="roster-name">{e.name}</span>
                      {e.acting && <span className="chip acting">{ui('ui:roster.acting')}</span>}
                      {e.pose && <span className={`chip ${e.pose}`}>{ui(POSE_IDS[e.pose])}</span>}
                      {e.tokens !== null && <span className="roster-tokens muted">{say(e.tokens)}</span>}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </aside>
  );
}
