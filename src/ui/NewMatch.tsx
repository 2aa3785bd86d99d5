/**
 * The set-up of a match, for every ruleset of the list (src/rulesets.ts): the ruleset chooser, the seats, each side's force through the one picker and
 * builder, "Load forces…" for the player's own file, the table, the ruleset's declared options, the
 * AI's strength (when a seat is the AI's), the seed, and Start.
 */
import { useMemo, useState } from 'react';
import { CARDS, type AnyRuleset } from '../rulesets';
import { useRulesets } from './useRulesets';
import type { PlayController, Seat, Side } from '../state/play';
import { download } from './download';
import { ForcePicker } from './ForcePicker';
import { JsonFileButton } from './JsonFileButton';
import { SeatLegend } from './SeatLegend';
import { StartButton } from './StartButton';
import { useSay, useUi } from '../i18n/useSay';
import { DEFAULT_LEVEL, LEVELS, type Level } from '../rules/engine/strength';

const SIDES = ['A', 'B'] as const;
/** Each strength's name in the chooser. */
const LEVEL_WORDS = { easy: 'ui:level.easy', normal: 'ui:level.normal', hard: 'ui:level.hard' } as const;

/** The set-up of one ruleset (remounted when the ruleset changes, so its choices start fresh). */
export function Setup({ entry, play }: { entry: AnyRuleset; play: PlayController }) {
  const say = useSay();
  const ui = useUi();
  const builder = entry.play.forces;
  const initial = useMemo(() => builder.defaultData() as unknown, [builder]);
  const presetOr = (d: unknown, id: string) => builder.preset(d, id) ?? builder.preset(d, builder.presets(d)[0]!.id);
  const [data, setData] = useState<unknown>(initial);
  // null: the ruleset's own forces file (named in the shown language).
  const [file, setFile] = useState<string | null>(null);
  const [forces, setForces] = useState<Record<Side, unknown>>(() => ({
    A: presetOr(initial, builder.defaults.A),
    B: presetOr(initial, builder.defaults.B),
  }));
  const [seats, setSeats] = useState<Record<Side, Seat>>({ A: 'human', B: 'ai' });
  const [table, setTable] = useState(entry.play.tables[0]!.id);
  const [options, setOptions] = useState<Record<string, string>>(() =>
    Object.fromEntries(entry.play.options.map((o) => [o.id, o.choices[0]!.value])),
  );
  const [seed, setSeed] = useState(1);
  const [level, setLevel] = useState<Level>(DEFAULT_LEVEL);
  const [error, setError] = useState<string | null>(null);
  const bad = SIDES.some((p) => builder.problem(data, forces[p]) !== null);
  const forcesFile = builder.fileOf(data, forces);
  // Sides shared with a second player online (a co-op crew against the AI).
  const [shared, setShared] = useState<Record<Side, boolean>>({ A: false, B: false });
  const [password, setPassword] = useState('');
  // A side may be shared where this screen's player plays it against the AI.
  const sharable = (p: Side) => seats[p] === 'human' && seats[p === 'A' ? 'B' : 'A'] === 'ai';
  const sharing = SIDES.filter((p) => shared[p] && sharable(p));
  // A seat for a player at another machine: the match is created on the game server (it referees).
  const online = seats.A === 'remote' || seats.B === 'remote' || sharing.length > 0;
  return (
    <>
      <p className="muted">{say(entry.play.blurb)}</p>
      {SIDES.map((p) => (
        <fieldset key={p}>
          <SeatLegend side={p} seat={seats[p]} testId={`seat-${p}`} onChange={(s) => setSeats({ ...seats, [p]: s })} />
          <ForcePicker
            builder={builder}
            data={data}
            side={p}
            force={forces[p]}
            onChange={(f) => setForces({ ...forces, [p]: f })}
          />
          {sharable(p) && (
            <label className="share-side" title={ui('ui:match.share.title')}>
              <input
                type="checkbox"
                checked={shared[p]}
                data-testid={`share-${p}`}
                onChange={(e) => setShared({ ...shared, [p]: e.target.checked })}
              />{' '}
              {ui('ui:match.share', { side: p })}
            </label>
          )}
        </fieldset>
      ))}
      <div className="play-options">
        <JsonFileButton
          title={ui('ui:match.load-forces.title', { label: say(builder.fileLabel) })}
          testId="forces-input"
          onText={(text, name) => {
            const r = builder.parse(text, name);
            if (!r.ok) {
              setError(r.error.message);
              return;
            }
            setData(r.value);
            setFile(name);
            setError(null);
            // Keep each side's force when it is still legal with the new file; else the file's first preset.
            const keep = (f: unknown, p: Side) =>
              builder.problem(r.value, f) === null
                ? f
                : presetOr(r.value, builder.presets(r.value)[p === 'A' ? 0 : 1]?.id ?? '');
            setForces({ A: keep(forces.A, 'A'), B: keep(forces.B, 'B') });
          }}
        >
          {ui('ui:match.load-forces')}{' '}
          <span className="muted">
            ({say(builder.fileLabel).toLowerCase()}: {file ?? ui('ui:match.own-file')})
          </span>
        </JsonFileButton>
        {forcesFile !== null && (
          <button
            type="button"
            title={ui('ui:match.save-forces.title')}
            data-testid="save-forces"
            onClick={() => download(`${JSON.stringify(forcesFile, null, 2)}\n`, `${entry.id}-forces.json`)}
          >
            {ui('ui:match.save-forces')}
          </button>
        )}
        <label>
          {ui('ui:match.table')}{' '}
          {entry.play.tables.length > 1 ? (
            <select value={table} data-testid="table-choice" onChange={(e) => setTable(e.target.value)}>
              {entry.play.tables.map((t) => (
                <option key={t.id} value={t.id}>
                  {say(t.label)}
                </option>
              ))}
            </select>
          ) : (
            <span>{say(entry.play.tables[0]!.label)}</span>
          )}
        </label>
        {entry.play.options
          // A field online play fixes (hands kept secret) is not offered for an online match.
          .filter((o) => !(online && o.online !== undefined))
          .map((o) => (
            <label key={o.id}>
              {say(o.label)}{' '}
              <select
                value={options[o.id]}
                data-testid={`option-${o.id}`}
                onChange={(e) => setOptions({ ...options, [o.id]: e.target.value })}
              >
                {o.choices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {say(c.label)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        {(seats.A === 'ai' || seats.B === 'ai') && (
          <label title={ui('ui:match.level.title')}>
            {ui('ui:match.level')}{' '}
            <select value={level} data-testid="ai-level" onChange={(e) => setLevel(e.target.value as Level)}>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {ui(LEVEL_WORDS[l])}
                </option>
              ))}
            </select>
          </label>
        )}
        {online && (
          <label title={ui('ui:online.password.title')}>
            {ui('ui:online.password-label')}{' '}
            <input
              type="password"
              value={password}
              autoComplete="new-password"
              data-testid="online-password"
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
        )}
        {/* Online, the server draws the seed: no player may know it (it tells every roll to come). */}
        {!online && (
          <label>
            {ui('ui:match.seed')}{' '}
            <input
              type="number"
              min={0}
              value={seed}
              className="seed"
              data-testid="seed"
              onChange={(e) => setSeed(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
            />
          </label>
        )}
      </div>
      {online ? (
        <StartButton
          label={ui('ui:match.create-online', { name: entry.name })}
          testId="create-online"
          disabled={bad}
          start={() =>
            play.startOnline(
              { rules: entry.id, seats, forces, options, data },
              { ...(password ? { password } : {}), shared: sharing },
            )
          }
          onResult={setError}
        />
      ) : (
        <StartButton
          label={ui('ui:match.start', { name: entry.name })}
          testId="start-match"
          disabled={bad}
          start={() => play.start({ rules: entry.id, seats, seed, forces, options, table, data, level })}
          onResult={setError}
        />
      )}
      {error && <p className="problem">{error}</p>}
    </>
  );
}

/**
 * The set-up panel: choose a ruleset, then set it up. The chosen ruleset's code is fetched when the
 * panel opens (or the pointer comes to it), so the page's first load carries none.
 */
export function NewMatch({ play }: { play: PlayController }) {
  const ui = useUi();
  const [rules, setRules] = useState<string>(CARDS[0]!.id);
  const [wanted, setWanted] = useState(false);
  const entry = useRulesets([rules], wanted)[0];
  return (
    <details
      className="play-panel new-match"
      data-testid="setup-panel"
      onToggle={(e) => e.currentTarget.open && setWanted(true)}
      onPointerEnter={() => setWanted(true)}
    >
      <summary data-testid="play-open">{ui('ui:match.open')}</summary>
      <fieldset className="ruleset-chooser">
        <legend>{ui('ui:match.ruleset')}</legend>
        {CARDS.map((r) => (
          <label key={r.id} title={r.title}>
            <input
              type="radio"
              name="ruleset"
              value={r.id}
              data-testid={`ruleset-${r.id}`}
              checked={r.id === rules}
              onChange={() => setRules(r.id)}
            />{' '}
            {r.title}
          </label>
        ))}
      </fieldset>
      <JoinOnline play={play} />
      {entry ? (
        <Setup key={entry.id} entry={entry} play={play} />
      ) : (
        wanted && (
          <p className="loading" data-testid="setup-loading">
            {ui('ui:match.loading', { name: CARDS.find((c) => c.id === rules)?.name ?? rules })}
          </p>
        )
      )}
    </details>
  );
}

/** Joining a room another player created: its code (or the whole link), and the seat to take or watching. */
function JoinOnline({ play }: { play: PlayController }) {
  const ui = useUi();
  // A link opened in this page fills the form (a room with a password is joined here, with it).
  const [code, setCode] = useState(() => linked().get('room') ?? '');
  const [seat, setSeat] = useState<Side | 'spectator'>(() => (linked().get('seat') === 'A' ? 'A' : 'B'));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A pasted link works as well as its code.
  const roomCode = (/[?&]room=([0-9A-Za-z]+)/.exec(code)?.[1] ?? code).trim().toUpperCase();
  return (
    <fieldset className="join-online">
      <legend>{ui('ui:online.join')}</legend>
      <input
        value={code}
        data-testid="join-code"
        placeholder={ui('ui:online.code')}
        aria-label={ui('ui:online.code')}
        onChange={(e) => setCode(e.target.value)}
      />{' '}
      <select
        value={seat}
        data-testid="join-seat"
        aria-label={ui('ui:online.join-as')}
        onChange={(e) => setSeat(e.target.value as Side | 'spectator')}
      >
        <option value="A">{ui('ui:online.as-player', { side: 'A' })}</option>
        <option value="B">{ui('ui:online.as-player', { side: 'B' })}</option>
        <option value="spectator">{ui('ui:online.as-spectator')}</option>
      </select>{' '}
      <input
        type="password"
        value={password}
        className="join-password"
        autoComplete="off"
        data-testid="join-password"
        placeholder={ui('ui:online.password')}
        aria-label={ui('ui:online.password')}
        onChange={(e) => setPassword(e.target.value)}
      />{' '}
      <StartButton
        label={ui('ui:online.join-button')}
        testId="join-online"
        disabled={roomCode.length === 0}
        start={() => play.joinOnline(roomCode, seat, password || undefined)}
        onResult={setError}
      />
      {error && <p className="problem">{error}</p>}
    </fieldset>
  );
}

/** The page's query (a room link's `room` and `seat`); empty outside a browser. */
function linked(): URLSearchParams {
  return new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
}
