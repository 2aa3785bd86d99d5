/** A set-up panel's start button: disabled while the set-up is not legal or the table is loading; reports the refusal, if any. */
import { useState } from 'react';
import type { PlayResult } from '../state/play';
import { render } from '../i18n/i18n';
import { useUi } from '../i18n/useSay';

/** Props: the label, the test id, whether the set-up is legal, the start itself, and where a refusal (or null) goes. */
export function StartButton({
  label,
  testId,
  disabled,
  start,
  onResult,
}: {
  label: string;
  testId: string;
  disabled: boolean;
  start: () => Promise<PlayResult>;
  onResult: (reason: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const ui = useUi();
  return (
    <button
      type="button"
      className="primary"
      disabled={disabled || busy}
      data-testid={testId}
      onClick={() => {
        setBusy(true);
        void start().then((r) => {
          setBusy(false);
          onResult(r.ok ? null : render(r.reason));
        });
      }}
    >
      {busy ? ui('ui:match.setting-up') : label}
    </button>
  );
}
