import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type TranscriptWidget, transcriptWidgetSource } from '../transcript/transcript-state.ts';
import { useWidgetEnvironment } from './widget-environment.ts';

const sourceTabs = [
  { key: 'html', label: 'HTML', language: 'html' },
  { key: 'css', label: 'CSS', language: 'css' },
  { key: 'js', label: 'JavaScript', language: 'javascript' },
] as const;

type SourceTabKey = (typeof sourceTabs)[number]['key'];

/**
 * A modal dialog showing a widget's three parts in tabs, each drawn by the environment's `renderCode` (the app's
 * code block: coloured, with a Copy button), or as plain text.
 */
export function WidgetSourceDialog({ widget, onClose }: { widget: TranscriptWidget; onClose(): void }) {
  // Joining the parts is a pass over the whole widget: once per new part while the dialog is open, not per render.
  const source = useMemo(() => transcriptWidgetSource(widget), [widget]);
  const { renderCode } = useWidgetEnvironment();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [selected, setSelected] = useState<SourceTabKey>('html');
  const idPrefix = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
    }
  }, []);

  const moveSelection = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = sourceTabs.findIndex((tab) => tab.key === selected);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) {
      return;
    }
    event.preventDefault();
    const next = sourceTabs[(index + step + sourceTabs.length) % sourceTabs.length]!;
    setSelected(next.key);
    document.getElementById(`${idPrefix}-tab-${next.key}`)?.focus();
  };

  const text = source[selected];
  const language = sourceTabs.find((tab) => tab.key === selected)!.language;
  return (
    <dialog
      ref={dialogRef}
      className="db-source-dialog"
      aria-labelledby={`${idPrefix}-title`}
      onClose={onClose}
    >
      <header className="db-source-dialog__header">
        <h2 id={`${idPrefix}-title`}>Widget source</h2>
        <button type="button" className="db-icon-button" aria-label="Close source" onClick={onClose}>
          ✕
        </button>
      </header>
      <div
        className="db-source-dialog__tabs"
        role="tablist"
        aria-label="Widget parts"
        onKeyDown={moveSelection}
      >
        {sourceTabs.map((tab) => (
          <button
            key={tab.key}
            id={`${idPrefix}-tab-${tab.key}`}
            type="button"
            role="tab"
            aria-selected={tab.key === selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            className="db-source-dialog__tab"
            onClick={() => setSelected(tab.key)}
          >
            {tab.label}
            <span className="db-source-dialog__size">{source[tab.key].length.toLocaleString()} chars</span>
          </button>
        ))}
      </div>
      <div
        id={`${idPrefix}-panel`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-tab-${selected}`}
        className="db-source-dialog__code"
        // A long source scrolls: the panel takes focus so the keyboard can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
        tabIndex={0}
      >
        {text === '' ? (
          <p className="db-source-dialog__empty">(empty)</p>
        ) : renderCode === undefined ? (
          <pre className="db-source-dialog__plain">
            <code>{text}</code>
          </pre>
        ) : (
          renderCode({ text, language })
        )}
      </div>
    </dialog>
  );
}
