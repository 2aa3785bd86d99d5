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

/** Props: the store and the play controller. */
export function RulesFailureBanner({ store, play }: { store: TabletopStore; play: PlayController }) {
  const record = useStore(store, (s) => s.failure);
  if (!record) return null;
  const { head, detail } = failureWords(record);
  return (
    <div className="error-banner rules-failure" role="alert" data-testid="rules-failure">
      <div className="error-head">
        <strong>{head}</strong>
        <span className="muted">
          {' '}
          The game stays as it was before it: {record.by === 'ai' ? 'dismiss to let the AI try again' : 'choose again'}.
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
          Download bug report
        </button>
        <button type="button" data-testid="rules-failure-dismiss" onClick={() => play.dismissFailure()}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
