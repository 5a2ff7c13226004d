import { describePastedText } from './pasted-text.ts';

/** A long paste shown as an attachment: one line saying what it is, the text itself one click away. */
export function PastedTextBlock({ text }: { text: string }) {
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  return (
    <details className="db-pasted-block">
      <summary className="db-pasted-block__summary">
        <PasteIcon />
        <span className="db-pasted-block__title">Pasted text</span>
        <span className="db-pasted-block__size">{describePastedText(text)}</span>
        <span className="db-pasted-block__preview">{firstLine}</span>
      </summary>
      {/* Scrolls both ways inside a bounded box; focusable so a keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <pre className="db-pasted-block__text" tabIndex={0}>
        {text}
      </pre>
    </details>
  );
}

export function PasteIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" className="db-pasted-block__icon">
      <path
        d="M6 3h6l4 4v10H6zM12 3v4h4M8.5 10.5h5M8.5 13.5h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
