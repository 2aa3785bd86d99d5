/**
 * A button that opens a JSON file and hands its text and name on (the input is cleared, so the same file can
 * be picked again). A real button (Tab reaches it, Enter and Space press it) that clicks a hidden file input.
 */
import { useRef, type ReactNode } from 'react';

/** Props: the button's content, its tooltip, the input's test id, and what to do with the file's text. */
export function JsonFileButton({
  children,
  title,
  testId,
  onText,
}: {
  children: ReactNode;
  title?: string;
  testId?: string;
  onText: (text: string, name: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="file-button" title={title} onClick={() => input.current?.click()}>
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        tabIndex={-1}
        data-testid={testId}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f)
            f.text()
              .then((text) => onText(text, f.name))
              .catch((e: unknown) => console.error(`${f.name}: could not be read`, e));
        }}
      />
    </>
  );
}
