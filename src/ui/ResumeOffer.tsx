/**
 * What the page offers on opening when something was autosaved: "Resume <ruleset> match, round N"
 * (or the edited table when no match was being played), each with Discard. An autosave that cannot be
 * read says why, with Discard; the default table stays usable all the while. The offer goes away once
 * the player starts something else (a match, or a change to the table).
 */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ByteReader } from '../io/meshCache';
import { MATCH_FILE, MATCH_KEY, readOffer, SCENE_KEY, type KeyValue, type Offer } from '../state/autosave';
import type { PlayController } from '../state/play';
import { resumeLabel } from '../state/saveFile';
import { loadSceneText } from '../state/sceneLoader';
import type { TabletopStore } from '../state/store';
import { render } from '../i18n/i18n';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'earlier');

/** Props: the store, the play controller, where autosaves are kept, and how meshes are read. */
export function ResumeOffer({
  store,
  play,
  kv,
  read,
}: {
  store: TabletopStore;
  play: PlayController;
  kv: KeyValue;
  read: ByteReader;
}) {
  const [offer, setOffer] = useState<Offer | null>(null);
  const [busy, setBusy] = useState(false);
  // The table as the page opened: once it changes or a match starts, the offer is over.
  const [opened] = useState(() => store.getState().scene);
  const moved = useStore(store, (s) => s.play !== null || s.scene !== opened);

  useEffect(() => {
    let live = true;
    readOffer(kv).then(
      (o) => live && setOffer(o),
      (e: unknown) => live && setOffer({ match: { error: `autosave: ${(e as Error).message}` }, scene: null }),
    );
    return () => {
      live = false;
    };
  }, [kv]);

  if (!offer || moved || (!offer.match && !offer.scene)) return null;
  const discard = (key: string, part: keyof Offer) => {
    void kv.del(key).finally(() => setOffer({ ...offer, [part]: null }));
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
    <div className="resume-offer" role="dialog" aria-label="Autosave" data-testid="resume-offer">
      {match && 'error' in match && (
        <p data-testid="autosave-error">
          The autosaved match cannot be resumed: {match.error}{' '}
          <button type="button" data-testid="discard-match" onClick={() => discard(MATCH_KEY, 'match')}>
            Discard it
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
            {resumeLabel(match.summary)}
          </button>{' '}
          <span className="muted">
            {match.summary.moves} move{match.summary.moves === 1 ? '' : 's'}, saved {when(match.summary.savedAt)}
          </span>{' '}
          <button type="button" data-testid="discard-match" onClick={() => discard(MATCH_KEY, 'match')}>
            Discard
          </button>
        </p>
      )}
      {scene && 'error' in scene && !(match && 'summary' in match) && (
        <p data-testid="autosave-scene-error">
          The autosaved table cannot be restored: {scene.error}{' '}
          <button type="button" data-testid="discard-scene" onClick={() => discard(SCENE_KEY, 'scene')}>
            Discard it
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
            Restore the edited table ({scene.file.replace(/^.*[\\/]/, '')})
          </button>{' '}
          <span className="muted">saved {when(scene.savedAt)}</span>{' '}
          <button type="button" data-testid="discard-scene" onClick={() => discard(SCENE_KEY, 'scene')}>
            Discard
          </button>
        </p>
      )}
    </div>
  );
}
