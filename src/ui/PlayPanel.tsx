/**
 * The play panel: start a BLKOUT match (seats, seed, and each side's group from the unit cards),
 * then, while it runs, whose decision it is, the choices as buttons (a shot shows its cover verdict
 * and dice), the point picks (click the table), the reaction prompt for the player who is not
 * active, Command Points, the score and how it was earned.
 */
import { Fragment, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { groupProblem, PLAYERS, STARTER_GROUPS, type GroupChoice, type Player } from '../rules/blkout/game';
import { parseData, type BlkoutData } from '../rules/blkout/data';
import { BURN_NAMES } from '../rules/blkout/burn';
import { SPECIAL_NAMES, SPECIAL_RULES, type SpecialRule } from '../rules/blkout/special';
import { starterData, type BlkoutTable, type BlkoutView, type PlayController, type Seat } from '../state/play';
import type { TablePick } from '../rules/engine/types';
import { CounterblastScore, NewBattle } from './CounterblastPanel';
import type { TabletopStore } from '../state/store';
import { download } from './download';
import { JsonFileButton } from './JsonFileButton';
import { SeatLegend } from './SeatLegend';
import { StartButton } from './StartButton';
import { UnitCardView } from './UnitCardView';

function GroupPicker({
  data,
  side,
  group,
  onChange,
}: {
  data: BlkoutData;
  side: Player;
  group: GroupChoice;
  onChange: (g: GroupChoice) => void;
}) {
  const handlers = data.units.filter((u) => u.role === 'handler');
  const eligible = data.units.filter(
    (u) => (u.role !== 'handler' && u.faction === group.faction) || u.role === 'blklist' || u.role === 'duster',
  );
  const problem = groupProblem(data, group);
  return (
    <div className="group-picker" data-testid={`group-${side}`}>
      <select
        value={group.faction}
        aria-label={`${side} faction`}
        onChange={(e) => {
          const faction = e.target.value;
          const force = data.units.filter((u) => u.faction === faction && u.role === 'force').map((u) => u.id);
          onChange({ ...group, faction, units: force.slice(0, 3) });
        }}
      >
        {data.factions.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </select>
      <select
        value={group.handler}
        aria-label={`${side} handler`}
        onChange={(e) => onChange({ ...group, handler: e.target.value })}
      >
        {handlers.map((h) => (
          <option key={h.id} value={h.id}>
            {h.name}
          </option>
        ))}
      </select>
      {[0, 1, 2].map((k) => (
        <select
          key={k}
          value={group.units[k] ?? ''}
          aria-label={`${side} unit ${k + 1}`}
          onChange={(e) => {
            const units = [...group.units];
            units[k] = e.target.value;
            onChange({ ...group, units });
          }}
        >
          {eligible.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({u.role})
            </option>
          ))}
        </select>
      ))}
      {problem && <p className="problem">{problem}</p>}
      <details className="cards">
        <summary>Unit cards</summary>
        {[group.handler, ...group.units].map((id, k) => {
          const card = data.units.find((u) => u.id === id);
          return card ? <UnitCardView key={`${k}:${id}`} card={card} /> : null;
        })}
      </details>
    </div>
  );
}

function NewMatch({ play }: { play: PlayController }) {
  const starter = useMemo(() => starterData(), []);
  const [data, setData] = useState<BlkoutData>(starter);
  const [cardsFile, setCardsFile] = useState<string>('starter cards');
  const [seats, setSeats] = useState<Record<Player, Seat>>({ A: 'human', B: 'ai' });
  const [groups, setGroups] = useState<Record<Player, GroupChoice>>(STARTER_GROUPS);
  const [seed, setSeed] = useState(1);
  const [special, setSpecial] = useState<SpecialRule | ''>('');
  const [table, setTable] = useState<BlkoutTable>(36);
  const [error, setError] = useState<string | null>(null);
  const bad = PLAYERS.some((p) => groupProblem(data, groups[p]) !== null);
  return (
    <details className="play-panel new-match" data-testid="play-panel">
      <summary data-testid="play-open">Play BLKOUT (solo or hotseat)</summary>
      <p className="muted">Match play: hardpoints, deployment, five rounds.</p>
      {PLAYERS.map((p) => (
        <fieldset key={p}>
          <SeatLegend
            side={p}
            seat={seats[p]}
            testId={`seat-${p}`}
            onChange={(seat) => setSeats({ ...seats, [p]: seat })}
          />
          <GroupPicker data={data} side={p} group={groups[p]} onChange={(g) => setGroups({ ...groups, [p]: g })} />
        </fieldset>
      ))}
      <div className="play-options">
        <JsonFileButton
          title="Unit cards in the blkout-units/1 format (a bad file is refused with the field and value; the cards in use stay)"
          testId="cards-input"
          onText={(text, name) => {
            const r = parseData(text, name);
            if (!r.ok) {
              setError(r.error.message);
              return;
            }
            setData(r.data);
            setCardsFile(name);
            setError(null);
            // Keep each group if it is still legal with the new cards; else the first force units of the first faction.
            const fallback = (g: GroupChoice): GroupChoice => {
              if (!groupProblem(r.data, g)) return g;
              const f = r.data.factions[0]!.id;
              return {
                faction: f,
                handler: r.data.units.find((u) => u.role === 'handler')?.id ?? '',
                units: r.data.units
                  .filter((u) => u.faction === f && u.role === 'force')
                  .slice(0, 3)
                  .map((u) => u.id),
              };
            };
            setGroups({ A: fallback(groups.A), B: fallback(groups.B) });
          }}
        >
          Unit cards: {cardsFile}…
        </JsonFileButton>
        <label>
          Table{' '}
          <select
            value={table}
            data-testid="blkout-table"
            onChange={(e) => setTable(Number(e.target.value) as BlkoutTable)}
          >
            <option value={36}>36" x 36" Dockside</option>
            <option value={24}>24" x 24" Back Alley</option>
          </select>
        </label>
        <label>
          Special rule{' '}
          <select
            value={special}
            data-testid="special"
            onChange={(e) => setSpecial(e.target.value as SpecialRule | '')}
          >
            <option value="">none</option>
            {SPECIAL_RULES.map((r) => (
              <option key={r} value={r}>
                {SPECIAL_NAMES[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Seed{' '}
          <input
            type="number"
            min={0}
            value={seed}
            className="seed"
            data-testid="seed"
            onChange={(e) => setSeed(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
          />
        </label>
      </div>
      <StartButton
        label="Start match"
        testId="start-match"
        disabled={bad}
        start={() => play.start({ seats, groups, seed, special: special || null, data, table })}
        onResult={setError}
      />
      {error && <p className="problem">{error}</p>}
    </details>
  );
}

/** Two picks are the same choice when every field is (they come from one ruleset's picksOf). */
const samePick = (a: TablePick | null, b: TablePick) => a !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether a player's BURN hand is shown: it is secret, so only a human's, and in hotseat only the
 * deciding player's (solo: the human's always; the AI's never).
 */
function shownHand(view: BlkoutView, p: Player): boolean {
  if (view.seats[p] !== 'human') return false;
  const humans = PLAYERS.filter((q) => view.seats[q] === 'human').length;
  return humans === 1 || view.decider === p;
}

/** BLKOUT's side table: groups, Command Points, BURN hands, Victory Points. */
function BlkoutScore({ view }: { view: BlkoutView }) {
  const s = view.match.state;
  const who = view.decider;
  return (
    <table className="score" data-testid="score">
      <tbody>
        {PLAYERS.map((p) => (
          <Fragment key={p}>
            <tr className={who === p ? 'deciding' : ''}>
              <th>
                {p} <span className="muted">{view.seats[p] === 'ai' ? 'AI' : 'human'}</span>
              </th>
              <td>{view.groups[p].name ?? view.groups[p].faction}</td>
              <td title="Command Points" className="cp">
                {s.cp[p]} CP
              </td>
              <td className="points">{s.score[p]}</td>
            </tr>
            <tr className={`hand${who === p ? ' deciding' : ''}`}>
              <td colSpan={4} title="BURN cards in hand">
                {/* A BURN hand is secret: only a human's own, while it is theirs to decide (in hotseat the other's is a count). */}
                BURN:{' '}
                {shownHand(view, p)
                  ? s.burn.hands[p].map((c) => BURN_NAMES[c]).join(', ') || 'none'
                  : `${s.burn.hands[p].length} card(s)`}
              </td>
            </tr>
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

/** The panel's body for a match: status, the score table, whose decision, the choices and picks, undo/save/load. */
export function PlayPanel({ store, play }: { store: TabletopStore; play: PlayController }) {
  const view = useStore(store, (s) => s.play);
  // Folded, the panel is its status line alone, so the table under it can be clicked.
  const [folded, setFolded] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const load = (text: string, name: string) =>
    void play.loadText(text, name).then((r) => !r.ok && store.getState().setNotice(r.reason));
  if (!view) {
    return (
      <div className="new-matches">
        <NewMatch play={play} />
        <NewBattle play={play} />
        <JsonFileButton
          title="Continue a saved game (tabletop-match/1, from Save game)"
          testId="load-game-input"
          onText={load}
        >
          Load game…
        </JsonFileButton>
      </div>
    );
  }
  const who = view.decider;
  const human = who !== null && view.seats[who] === 'human';
  const saveName =
    view.rules === 'blkout'
      ? `blkout-round${view.match.state.round}.json`
      : `counterblast-turn${view.match.state.turn}.json`;
  return (
    <>
      {human && view.pick && (
        <p className="pick-hint" data-testid="pick-hint" role="status">
          <strong>{view.pick.label}</strong>: click the table <span className="muted">(Esc: cancel)</span>
        </p>
      )}
      <aside className={`play-panel${view.reacting && human ? ' reacting' : ''}`} data-testid="play-panel">
        <div className="play-head">
          <strong data-testid="play-status">{view.status}</strong>
          <button
            type="button"
            data-testid="play-fold"
            onClick={() => setFolded(!folded)}
            title={folded ? 'Show the panel' : 'Fold the panel to its status line (to click the table under it)'}
          >
            {folded ? '▸' : '▾'}
          </button>
        </div>
        {!folded && (
          <>
            {view.rules === 'blkout' ? <BlkoutScore view={view} /> : <CounterblastScore view={view} />}
            {view.outcome && (
              <p className="outcome" data-testid="outcome">
                {view.outcome.winner ? `Player ${view.outcome.winner} wins` : 'A draw'}, {view.outcome.score.A ?? 0} to{' '}
                {view.outcome.score.B ?? 0}
                {view.rules === 'counterblast' && view.match.state.result?.degree
                  ? `: a ${view.match.state.result.degree}`
                  : ''}
                .
              </p>
            )}
            {who && !human && <p className="thinking">Player {who} (AI) is thinking…</p>}
            {human && (
              <div className="choices" data-testid="choices">
                <p className="prompt">{view.reacting ? `Player ${who}: react?` : `Player ${who} to decide`}</p>
                {view.picks.map((p) => (
                  <button
                    key={JSON.stringify(p)}
                    type="button"
                    className={`pick${samePick(view.pick, p) ? ' active' : ''}`}
                    data-testid="pick"
                    aria-pressed={samePick(view.pick, p)}
                    // Pressing an armed pick keeps it armed (Esc or another button disarms it).
                    onClick={() => play.choosePick(p)}
                  >
                    {p.label}
                  </button>
                ))}
                {view.choices.map((c, i) => (
                  <button
                    key={i}
                    type="button"
                    data-testid="choice"
                    onClick={() => {
                      const r = play.submit(c.move);
                      if (!r.ok) store.getState().setNotice(r.reason);
                    }}
                  >
                    {c.label}
                  </button>
                ))}
                {view.blocked.map((b, i) => (
                  <button
                    key={`blocked-${i}`}
                    type="button"
                    className="blocked"
                    disabled
                    title={b.reason}
                    data-testid="blocked"
                  >
                    {b.label} <span className="muted">({b.reason})</span>
                  </button>
                ))}
              </div>
            )}
            <div className="play-foot">
              <button
                type="button"
                data-testid="play-undo"
                disabled={!view.undoable}
                onClick={() => {
                  const r = play.undo();
                  if (!r.ok) store.getState().setNotice(r.reason);
                }}
                title={
                  view.undoable
                    ? 'Take back your last move'
                    : 'Nothing to undo: no move of yours yet, or dice were rolled since (a roll cannot be taken back)'
                }
              >
                Undo move
              </button>
              <button
                type="button"
                onClick={() => {
                  const text = play.saveText();
                  if (text) download(text, saveName);
                }}
              >
                Save game
              </button>
              <JsonFileButton testId="load-game-input" onText={load}>
                Load game
              </JsonFileButton>
              {leaving ? (
                <span className="leave-confirm" data-testid="leave-confirm">
                  Leave this match? Anything not saved is lost.{' '}
                  <button
                    type="button"
                    data-testid="leave-yes"
                    onClick={() => {
                      setLeaving(false);
                      play.stop();
                    }}
                  >
                    Leave
                  </button>{' '}
                  <button type="button" data-testid="leave-no" onClick={() => setLeaving(false)}>
                    Stay
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="leave"
                  data-testid="leave"
                  onClick={() => setLeaving(true)}
                  title="Leave the match (the table stays; asks first)"
                >
                  Leave…
                </button>
              )}
            </div>
            {view.rules === 'blkout' && view.match.state.scoreLog.length > 0 && (
              <ol className="score-log">
                {view.match.state.scoreLog.map((e, i) => (
                  <li key={i}>
                    R{e.round} {e.player} +{e.points}: {e.why}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </aside>
    </>
  );
}
