import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type TranscriptWidget, transcriptWidgetSource } from '../transcript/transcript-state.ts';
import { diffLines } from './line-diff.ts';

const diffTabs = [
  { key: 'html', label: 'HTML' },
  { key: 'css', label: 'CSS' },
  { key: 'js', label: 'JavaScript' },
] as const;

type DiffTabKey = (typeof diffTabs)[number]['key'];

const lineMarks = { same: ' ', removed: '−', added: '+' } as const;

/** A modal dialog showing what changed in each of the three parts between two revisions of a widget. */
export function WidgetDiffDialog({
  before,
  after,
  beforeLabel,
  afterLabel,
  onClose,
}: {
  before: TranscriptWidget;
  after: TranscriptWidget;
  beforeLabel: string;
  afterLabel: string;
  onClose(): void;
}) {
  const diffs = useMemo(() => {
    const old = transcriptWidgetSource(before);
    const next = transcriptWidgetSource(after);
    return {
      html: diffLines({ before: old.html, after: next.html }),
      css: diffLines({ before: old.css, after: next.css }),
      js: diffLines({ before: old.js, after: next.js }),
    };
  }, [before, after]);
  const changedTab = diffTabs.find((tab) => diffs[tab.key].some((line) => line.kind !== 'same'));
  const [selected, setSelected] = useState<DiffTabKey>(changedTab?.key ?? 'html');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const idPrefix = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const lines = diffs[selected];
  const changes = (key: DiffTabKey) => diffs[key].filter((line) => line.kind !== 'same').length;
  return (
    <dialog
      ref={dialogRef}
      className="db-source-dialog"
      aria-labelledby={`${idPrefix}-title`}
      onClose={onClose}
    >
      <header className="db-source-dialog__header">
        <h2 id={`${idPrefix}-title`}>
          Changes from {beforeLabel} to {afterLabel}
        </h2>
        <button type="button" className="db-icon-button" aria-label="Close changes" onClick={onClose}>
          ✕
        </button>
      </header>
      <div className="db-source-dialog__tabs" role="tablist" aria-label="Widget parts">
        {diffTabs.map((tab) => (
          <button
            key={tab.key}
            id={`${idPrefix}-tab-${tab.key}`}
            type="button"
            role="tab"
            aria-selected={tab.key === selected}
            aria-controls={`${idPrefix}-panel`}
            className="db-source-dialog__tab"
            onClick={() => setSelected(tab.key)}
          >
            {tab.label}
            <span className="db-source-dialog__size">
              {changes(tab.key) === 0 ? 'unchanged' : `${changes(tab.key)} lines changed`}
            </span>
          </button>
        ))}
      </div>
      <pre
        id={`${idPrefix}-panel`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-tab-${selected}`}
        className="db-source-dialog__code db-widget-diff"
        // A long diff scrolls: the panel takes focus so the keyboard can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
        tabIndex={0}
      >
        {lines.length === 0 ? (
          <code>(empty)</code>
        ) : (
          lines.map((line, index) => (
            // Lines repeat; their position in the diff is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <code key={index} className={`db-widget-diff__line db-widget-diff__line--${line.kind}`}>
              {`${lineMarks[line.kind]} ${line.text}\n`}
            </code>
          ))
        )}
      </pre>
    </dialog>
  );
}
