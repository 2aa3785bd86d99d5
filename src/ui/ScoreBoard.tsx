/**
 * The score board a ruleset declares (rules/engine/play.ts ScoreBoard), for any ruleset: a row per
 * side with its seat and force, the ruleset's cells, the decider's secrets (a BURN hand), the lines
 * under it and, at the end, the result table.
 */
import { Fragment } from 'react';
import type { PlayView } from '../state/play';
import { SEAT_WORDS, secretsShown } from '../state/playView';
import { useSay, useUi } from '../i18n/useSay';

const SIDES = ['A', 'B'] as const;

/** Props: the play view. The rows: each side's seat, force, cells and secrets (pinned at the panel's top). */
export function ScoreBoard({ view }: { view: PlayView }) {
  const say = useSay();
  const ui = useUi();
  const { board } = view;
  return (
    <>
      <table className="score" data-testid="score">
        <tbody>
          {SIDES.map((p) => (
            <Fragment key={p}>
              <tr className={view.decider === p ? 'deciding' : ''}>
                <th>
                  {p} <span className="muted">{ui(SEAT_WORDS[view.seats[p]])}</span>
                </th>
                <td>{view.forceNames[p]}</td>
                {board.rows[p].map((c, i) => (
                  <td
                    key={i}
                    title={c.title === undefined ? undefined : say(c.title)}
                    className={c.points ? 'points' : 'cp'}
                  >
                    {say(c.text)}
                  </td>
                ))}
              </tr>
              {view.secrets[p].map((x) => (
                <tr key={JSON.stringify(x.label)} className={`hand${view.decider === p ? ' deciding' : ''}`}>
                  <td colSpan={2 + board.rows[p].length} title={ui('ui:score.secret.title', { label: say(x.label) })}>
                    {say(x.label)}: {say(secretsShown(view, p) ? x.shown : x.hidden)}
                  </td>
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Props: the play view. The lines under the board (objectives, how points were earned) and the result table. */
export function ScoreLines({ view }: { view: PlayView }) {
  const say = useSay();
  const { board } = view;
  return (
    <>
      {board.lines.map((l) => (
        <p key={l.id} className="muted board-line" data-testid={l.id}>
          {say(l.text)}
        </p>
      ))}
      {board.result && (
        <table className="score result" data-testid="result">
          <thead>
            <tr>
              <th />
              {board.result.columns.map((c) => (
                <th key={JSON.stringify(c)}>{say(c)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SIDES.map((p) => (
              <tr key={p}>
                <th>{p}</th>
                {board.result!.rows[p].map((v, i) => (
                  <td key={i} className={i === board.result!.rows[p].length - 1 ? 'points' : ''}>
                    {say(v)}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <td colSpan={1 + board.result.columns.length}>{say(board.result.footer)}</td>
            </tr>
          </tbody>
        </table>
      )}
    </>
  );
}
