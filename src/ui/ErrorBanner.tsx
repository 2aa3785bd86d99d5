/** Shows why the last file was refused, issue by issue, and that the table was left as it was. */
import { useStore } from 'zustand';
import type { TabletopStore } from '../state/store';
import { useSay, useUi } from '../i18n/useSay';

/** Props: the store. */
export function ErrorBanner({ store }: { store: TabletopStore }) {
  const error = useStore(store, (s) => s.lastError);
  const ui = useUi();
  if (!error) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error-banner">
      <div className="error-head">
        <strong>{ui('ui:error.could-not-open', { file: error.file })}</strong> — {ui('ui:error.table-kept')}
        <button type="button" onClick={() => store.getState().dismissError()} aria-label={ui('ui:error.dismiss')}>
          ×
        </button>
      </div>
      <ul>
        {error.issues.slice(0, 8).map((issue, i) => (
          <li key={i}>
            <code>{issue.path || ui('ui:error.whole-file')}</code>: {issue.message}{' '}
            <span className="value">{ui('ui:error.value', { value: issue.value })}</span>
          </li>
        ))}
        {error.issues.length > 8 && <li>{ui('ui:error.more', { n: error.issues.length - 8 })}</li>}
      </ul>
    </div>
  );
}

/** A short message from the table (why a move was refused), dismissed with a click or the next action. */
export function NoticeBanner({ store }: { store: TabletopStore }) {
  const notice = useStore(store, (s) => s.notice);
  const say = useSay();
  if (!notice) return null;
  return (
    <div className="notice" role="status" data-testid="notice" onClick={() => store.getState().setNotice(null)}>
      {say(notice)}
    </div>
  );
}
