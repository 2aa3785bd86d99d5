/**
 * What the page offers on opening when something was autosaved: "Resume <ruleset> match, round N"
 * (or the edited table when no match was being played), each with Discard. An autosave that cannot be
 * read says why, with Discard; the default table stays usable all the while. The offer goes away once
 * the player starts something else (a match, or a change to the table).
 */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ByteReader } from '../io/meshCache';
import { MATCH_FILE, MATCH_KEY, offerOf, SCENE_KEY, type KeyValue, type Offer } from '../state/autosave';
import type { PlayController } from '../state/play';
import { resumeLabel } from '../state/saveFile';
import { loadSceneText } from '../state/sceneLoader';
import type { TabletopStore } from '../state/store';
import { render } from '../i18n/i18n';
import { useLanguage, useSay, useUi } from '../i18n/useSay';

/** Props: the store, the play controller, where autosaves are kept, and how meshes are read. */
export function ResumeOffer({
  store,
  play,
  kv,
  read,
  first,
}: {
  store: TabletopStore;
  play: PlayController;
  kv: KeyValue;
  read: ByteReader;
  /** The offer read while the page loaded (main.tsx reads it beside the meshes), so it shows in the first frame. */
  first?: Offer;
}) {
  const ui = useUi();
  const say = useSay();
  const lang = useLanguage();
  // When an autosave was written, in the shown language's date and time.
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(lang) : ui('ui:resume.earlier'));
  const [offer, setOffer] = useState<Offer | null>(first ?? null);
  const [busy, setBusy] = useState(false);
  // The table as the page opened: once it changes or a match starts, the offer is over.
  const [opened] = useState(() => store.getState().scene);
  const moved = useStore(store, (s) => s.play !== null || s.scene !== opened);

  useEffect(() => {
    if (first) return;
    let live = true;
    void offerOf(kv).then((o) => live && setOffer(o));
    return () => {
      live = false;
    };
  }, [kv, first]);

  if (!offer || moved || (!offer.match && !offer.scene)) return null;
  const discard = (key: string, part: keyof Offer) => {
    kv.del(key)
      .finally(() => setOffer({ ...offer, [part]: null }))
      .catch((e: unknown) => console.error(`autosave: could not discard ${key}`, e));
  };
  const { match, scene } = offer;

  const resume = async (text: string) => {
    setBusy(true);
    const r = await play.loadText(text, MATCH_FILE);
    setBusy(false);
    if (!r.ok) setOffer({ ...offer, match: { error: render(r.reason) } });
  };
  const restore = async (file: string, text: string) => {
    setBusy(true);
    const r = await loadSceneText(store, text, file, read);
    setBusy(false);
    if (!r.ok) setOffer({ ...offer, scene: { error: r.error.message } });
  };

  return (
    <div className="resume-offer" role="dialog" aria-label={ui('ui:resume.label')} data-testid="resume-offer">
      {match && 'error' in match && (
        <p data-testid="autosave-error">
          {ui('ui:resume.match-error', { error: match.error })}{' '}
          <button type="button" data-testid="discard-match" onClick={() => discard(MATCH_KEY, 'match')}>
            {ui('ui:resume.discard-it')}
          </button>
        </p>
      )}
      {match && 'summary' in match && (
        <p>
          <button
            type="button"
            className="primary"
            data-testid="resume-match"
            disabled={busy}
            onClick={() => void resume(match.text)}
          >
            {say(resumeLabel(match.summary))}
          </button>{' '}
          <span className="muted">
            {ui('ui:resume.moves-saved', { n: match.summary.moves, when: when(match.summary.savedAt) })}
          </span>{' '}
          <button type="button" data-testid="discard-match" onClick={() => discard(MATCH_KEY, 'match')}>
            {ui('ui:resume.discard')}
          </button>
        </p>
      )}
      {scene && 'error' in scene && !(match && 'summary' in match) && (
        <p data-testid="autosave-scene-error">
          {ui('ui:resume.scene-error', { error: scene.error })}{' '}
          <button type="button" data-testid="discard-scene" onClick={() => discard(SCENE_KEY, 'scene')}>
            {ui('ui:resume.discard-it')}
          </button>
        </p>
      )}
      {scene && 'text' in scene && !(match && 'summary' in match) && (
        <p>
          <button
            type="button"
            className="primary"
            data-testid="restore-scene"
            disabled={busy}
            onClick={() => void restore(scene.file, scene.text)}
          >
            {ui('ui:resume.scene', { file: scene.file.replace(/^.*[\\/]/, '') })}
          </button>{' '}
          <span className="muted">{ui('ui:resume.saved', { when: when(scene.savedAt) })}</span>{' '}
          <button type="button" data-testid="discard-scene" onClick={() => discard(SCENE_KEY, 'scene')}>
            {ui('ui:resume.discard')}
          </button>
        </p>
      )}
    </div>
  );
}
