/**
 * The banner for a contained rules failure: what failed, in words, that the game stayed at its last
 * good state, a bug report to download (the save plus the failing action, the error and its stack),
 * and a dismiss. After a person's failed choice they may choose again; after the AI's, dismissing
 * asks the AI once more.
 */
import { useStore } from 'zustand';
import type { PlayController } from '../state/play';
import { bugReportName, bugReportText, failureWords } from '../state/rulesFailure';
import type { TabletopStore } from '../state/store';
import { download } from './download';
import { useSay, useUi } from '../i18n/useSay';

/** Props: the store and the play controller. */
export function RulesFailureBanner({ store, play }: { store: TabletopStore; play: PlayController }) {
  const record = useStore(store, (s) => s.failure);
  const ui = useUi();
  const say = useSay();
  if (!record) return null;
  const { head, detail } = failureWords(record);
  return (
    <div className="error-banner rules-failure" role="alert" data-testid="rules-failure">
      <div className="error-head">
        <strong>{say(head)}</strong>
        <span className="muted">
          {' '}
          {ui('ui:failure.kept', {
            then: record.by === 'ai' ? ui('ui:failure.then-ai') : ui('ui:failure.then-human'),
          })}
        </span>
      </div>
      <p>
        <code data-testid="rules-failure-detail">{detail}</code>
      </p>
      <div className="error-actions">
        <button
          type="button"
          data-testid="rules-bug-report"
          onClick={() => download(bugReportText(record, new Date()), bugReportName(record))}
        >
          {ui('ui:guard.bug-report')}
        </button>
        <button type="button" data-testid="rules-failure-dismiss" onClick={() => play.dismissFailure()}>
          {ui('ui:error.dismiss')}
        </button>
      </div>
    </div>
  );
}
