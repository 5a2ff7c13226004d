import { type RefObject, useState } from 'react';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';
import { WidgetSourceDialog } from './widget-source-dialog.tsx';

const copyHtmlLabel = 'Copy HTML';

/**
 * Download, view source, copy runnable HTML, share (when the page offers it), reload and fullscreen, for one
 * widget; always visible, below it.
 */
export function WidgetToolbar({
  widget,
  downloadUrl,
  onShare,
  onReload,
  fullscreen,
  fullscreenButtonRef,
  onToggleFullscreen,
}: {
  widget: TranscriptWidget;
  downloadUrl: string | undefined;
  /** Shares this revision by link; absent where the page offers no sharing. */
  onShare?: () => void;
  onReload(): void;
  fullscreen: boolean;
  fullscreenButtonRef: RefObject<HTMLButtonElement | null>;
  onToggleFullscreen(): void;
}) {
  const [sourceOpen, setSourceOpen] = useState(false);
  const [copyLabel, setCopyLabel] = useState(copyHtmlLabel);

  // What is copied runs as it is: the same standalone document the download gives, not the wire format.
  const copyHtml = async () => {
    if (downloadUrl === undefined) return;
    try {
      const response = await fetch(downloadUrl);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setCopyLabel('Copied');
    } catch {
      setCopyLabel('Copy failed');
    }
    window.setTimeout(() => setCopyLabel(copyHtmlLabel), 1600);
  };

  return (
    <div className="db-widget-toolbar" role="toolbar" aria-label="Widget actions">
      {downloadUrl ? (
        <a className="db-widget-toolbar__button" href={downloadUrl} download>
          Download HTML
        </a>
      ) : (
        <button type="button" className="db-widget-toolbar__button" disabled>
          Download HTML
        </button>
      )}
      <button type="button" className="db-widget-toolbar__button" onClick={() => setSourceOpen(true)}>
        View source
      </button>
      <button
        type="button"
        className="db-widget-toolbar__button"
        onClick={copyHtml}
        disabled={downloadUrl === undefined}
        aria-live="polite"
      >
        {copyLabel}
      </button>
      {onShare && (
        <button
          type="button"
          className="db-widget-toolbar__button"
          onClick={onShare}
          disabled={downloadUrl === undefined}
        >
          Share…
        </button>
      )}
      <button type="button" className="db-widget-toolbar__button" onClick={onReload}>
        Reload
      </button>
      <button
        ref={fullscreenButtonRef}
        type="button"
        className="db-widget-toolbar__button"
        aria-pressed={fullscreen}
        onClick={onToggleFullscreen}
      >
        {fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
      </button>
      {sourceOpen && <WidgetSourceDialog widget={widget} onClose={() => setSourceOpen(false)} />}
    </div>
  );
}
