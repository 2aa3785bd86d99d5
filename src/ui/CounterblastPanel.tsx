/**
 * Counterblast in the play panel: the set-up (seats, seed, each side's crew from the crews file,
 * a crew builder that adds and removes model cards within 500 points, a crews file of one's own),
 * and during the battle the side table (Moxie, dread, models standing, objectives held) and, at the
 * end, each crew's Battle, Objective and Mission Score with the degree of victory.
 */
import { useMemo, useState } from 'react';
import { addModel, crewProblem, removeModel, roster } from '../rules/counterblast/builder';
import {
  crewPoints,
  parseCrews,
  STANDARD_POINTS,
  type CounterblastData,
  type CrewCard,
} from '../rules/counterblast/data';
import { objectiveHolders } from '../rules/counterblast/flow';
import { onTable, PLAYERS, SAMPLE_CREWS, type Player } from '../rules/counterblast/game';
import type { CounterblastView, PlayController, Seat } from '../state/play';
import { sampleCrews } from '../state/playCounterblast';
import { CrewModelCard } from './CrewModelCard';
import { download } from './download';
import { JsonFileButton } from './JsonFileButton';
import { SeatLegend } from './SeatLegend';
import { StartButton } from './StartButton';

/** One side's crew: choose one from the file, then add or remove models. */
function CrewBuilder({
  data,
  side,
  crew,
  onChange,
}: {
  data: CounterblastData;
  side: Player;
  crew: CrewCard;
  onChange: (c: CrewCard) => void;
}) {
  const cards = useMemo(() => roster(data), [data]);
  const [adding, setAdding] = useState(cards[0]?.id ?? '');
  const problem = crewProblem(crew);
  return (
    <div className="group-picker" data-testid={`crew-${side}`}>
      <select
        value={crew.sample === false ? '' : crew.id}
        aria-label={`${side} crew`}
        onChange={(e) => onChange(data.crews.find((c) => c.id === e.target.value) ?? crew)}
      >
        {crew.sample === false && <option value="">{crew.name} (edited)</option>}
        {data.crews.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({crewPoints(c)} pts)
          </option>
        ))}
      </select>
      <span className="muted" data-testid={`crew-points-${side}`}>
        {' '}
        {crewPoints(crew)} / {STANDARD_POINTS} pts
      </span>
      {problem && <p className="problem">{problem}</p>}
      <details className="cards">
        <summary>Crew builder ({crew.models.length} models)</summary>
        <ol className="crew-list">
          {crew.models.map((m, i) => (
            <li key={m.id}>
              {m.name}{' '}
              <span className="muted">
                ({m.character ? 'Character' : m.type}, {m.points} pts)
              </span>{' '}
              <button
                type="button"
                data-testid={`remove-${side}-${m.id}`}
                onClick={() => onChange(removeModel(crew, i))}
                title="Take this model out of the crew"
              >
                ✕
              </button>
            </li>
          ))}
        </ol>
        <select value={adding} aria-label={`${side} card to add`} onChange={(e) => setAdding(e.target.value)}>
          {cards.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.character ? 'Character' : c.type}, {c.points} pts)
            </option>
          ))}
        </select>{' '}
        <button
          type="button"
          data-testid={`add-${side}`}
          onClick={() =>
            onChange(
              addModel(
                { ...crew, id: crew.sample === false ? crew.id : `${crew.id}-${side.toLowerCase()}`, name: crew.name },
                cards.find((c) => c.id === adding)!,
              ),
            )
          }
        >
          Add
        </button>
        {crew.models.map((m) => (
          <CrewModelCard key={m.id} card={m} />
        ))}
      </details>
    </div>
  );
}

/** The crews file for a battle: both sides' crews under distinct ids. */
function battleData(crews: Record<Player, CrewCard>): { data: CounterblastData; ids: Record<Player, string> } {
  const a = crews.A;
  const b =
    crews.B.id === a.id && JSON.stringify(crews.B) !== JSON.stringify(a)
      ? { ...crews.B, id: `${crews.B.id}-b` }
      : crews.B;
  return { data: { format: 'counterblast-crews/1', crews: b.id === a.id ? [a] : [a, b] }, ids: { A: a.id, B: b.id } };
}

/** The Counterblast set-up. */
export function NewBattle({ play }: { play: PlayController }) {
  const samples = useMemo(() => sampleCrews(), []);
  const [data, setData] = useState<CounterblastData>(samples);
  const [file, setFile] = useState('sample crews');
  const pick = (d: CounterblastData, id: string) => d.crews.find((c) => c.id === id) ?? d.crews[0]!;
  const [crews, setCrews] = useState<Record<Player, CrewCard>>({
    A: pick(samples, SAMPLE_CREWS.A),
    B: pick(samples, SAMPLE_CREWS.B),
  });
  const [seats, setSeats] = useState<Record<Player, Seat>>({ A: 'human', B: 'ai' });
  const [seed, setSeed] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const bad = PLAYERS.some((p) => crewProblem(crews[p]) !== null);
  return (
    <details className="play-panel new-match" data-testid="cb-panel">
      <summary data-testid="cb-open">Play Counterblast (solo or hotseat)</summary>
      <p className="muted">
        Six turns on the 48" x 36" table; mission: Hold the Crossroads (three objectives, an Evac Point on each edge).
      </p>
      {PLAYERS.map((p) => (
        <fieldset key={p}>
          <SeatLegend
            side={p}
            seat={seats[p]}
            testId={`cb-seat-${p}`}
            onChange={(seat) => setSeats({ ...seats, [p]: seat })}
          />
          <CrewBuilder data={data} side={p} crew={crews[p]} onChange={(c) => setCrews({ ...crews, [p]: c })} />
        </fieldset>
      ))}
      <div className="play-options">
        <JsonFileButton
          title="A crews file in the counterblast-crews/1 format (a bad file is refused with the field and value; the crews in use stay)"
          testId="crews-input"
          onText={(text, name) => {
            const r = parseCrews(text, name);
            if (!r.ok) {
              setError(r.error.message);
              return;
            }
            setData(r.data);
            setFile(name);
            setError(null);
            setCrews({ A: r.data.crews[0]!, B: r.data.crews[1] ?? r.data.crews[0]! });
          }}
        >
          Crews: {file}…
        </JsonFileButton>
        <button
          type="button"
          title="Download a crews file with both crews as built here (edit it, then load it with Crews: …)"
          data-testid="save-crews"
          onClick={() => {
            const { data: d } = battleData(crews);
            download(
              `${JSON.stringify({ ...d, about: 'Crews built in the Counterblast set-up (editable; load with Crews: ...).' }, null, 2)}\n`,
              'counterblast-crews.json',
            );
          }}
        >
          Save crews
        </button>
        <label>
          Seed{' '}
          <input
            type="number"
            min={0}
            value={seed}
            className="seed"
            data-testid="cb-seed"
            onChange={(e) => setSeed(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
          />
        </label>
      </div>
      <StartButton
        label="Start battle"
        testId="start-battle"
        disabled={bad}
        start={() => {
          const { data: d, ids } = battleData(crews);
          return play.start({ rules: 'counterblast', seats, seed, data: d, crews: ids });
        }}
        onResult={setError}
      />
      {error && <p className="problem">{error}</p>}
    </details>
  );
}

/** Counterblast's side table: Moxie, dread, models standing; the objectives held now; the scores at the end. */
export function CounterblastScore({ view }: { view: CounterblastView }) {
  const s = view.match.state;
  const held = objectiveHolders(s);
  const r = s.result;
  return (
    <>
      <table className="score" data-testid="score">
        <tbody>
          {PLAYERS.map((p) => {
            const mine = Object.values(s.models).filter((m) => m.player === p);
            return (
              <tr key={p} className={view.decider === p ? 'deciding' : ''}>
                <th>
                  {p} <span className="muted">{view.seats[p] === 'ai' ? 'AI' : 'human'}</span>
                </th>
                <td>{s.crews[p].name}</td>
                <td title="Moxie" className="cp">
                  {s.moxie[p]} Moxie
                </td>
                <td title="Dread level">dread {s.dread[p]}</td>
                <td title="Models on the table / in the crew">
                  {mine.filter(onTable).length}/{mine.length}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted objectives" data-testid="objectives">
        {s.mission.name}: {s.mission.objectives.map((o, i) => `${i + 1} ${held[o.id] ?? '–'}`).join(' · ')}
      </p>
      {r && (
        <table className="score result" data-testid="result">
          <thead>
            <tr>
              <th />
              <th>Battle</th>
              <th>Objective</th>
              <th>Mission</th>
            </tr>
          </thead>
          <tbody>
            {PLAYERS.map((p) => (
              <tr key={p}>
                <th>{p}</th>
                <td>{r.battle[p]}</td>
                <td>{r.objective[p]}</td>
                <td className="points">{r.mission[p]}</td>
              </tr>
            ))}
            <tr>
              <td colSpan={4}>{r.winner ? `${r.winner}: ${r.degree}` : 'A draw'}</td>
            </tr>
          </tbody>
        </table>
      )}
    </>
  );
}
