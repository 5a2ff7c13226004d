import { useState } from 'react';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';
import { widgetSourceText } from './widget-source.ts';
import { WidgetSourceDialog } from './widget-source-dialog.tsx';

/** Download, view source, copy source and reload, for one widget. */
export function WidgetToolbar({
  widget,
  downloadUrl,
  onReload,
}: {
  widget: TranscriptWidget;
  downloadUrl: string | undefined;
  onReload(): void;
}) {
  const [sourceOpen, setSourceOpen] = useState(false);
  const [copyLabel, setCopyLabel] = useState('Copy source');

  const copySource = async () => {
    try {
      await navigator.clipboard.writeText(widgetSourceText(widget));
      setCopyLabel('Copied');
    } catch {
      setCopyLabel('Copy failed');
    }
    window.setTimeout(() => setCopyLabel('Copy source'), 1600);
  };

  return (
    <div className="widget-toolbar" role="toolbar" aria-label="Widget actions">
      {downloadUrl ? (
        <a className="widget-toolbar__button" href={downloadUrl} download>
          Download HTML
        </a>
      ) : (
        <button type="button" className="widget-toolbar__button" disabled>
          Download HTML
        </button>
      )}
      <button type="button" className="widget-toolbar__button" onClick={() => setSourceOpen(true)}>
        View source
      </button>
      <button type="button" className="widget-toolbar__button" onClick={copySource} aria-live="polite">
        {copyLabel}
      </button>
      <button type="button" className="widget-toolbar__button" onClick={onReload}>
        Reload
      </button>
      {sourceOpen && <WidgetSourceDialog widget={widget} onClose={() => setSourceOpen(false)} />}
    </div>
  );
}
