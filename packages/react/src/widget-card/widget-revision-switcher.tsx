import { useState } from 'react';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';
import { WidgetDiffDialog } from './widget-diff-dialog.tsx';

/** ‹ 2 / 3 › over a widget's revisions, and the changes of the shown revision from the one before it. */
export function WidgetRevisionSwitcher({
  revisions,
  shownIndex,
  onShow,
}: {
  revisions: readonly TranscriptWidget[];
  shownIndex: number;
  onShow(index: number): void;
}) {
  const [diffOpen, setDiffOpen] = useState(false);
  const shown = revisions[shownIndex]!;
  const previous = shownIndex > 0 ? revisions[shownIndex - 1] : undefined;
  return (
    <nav className="db-widget-revisions" aria-label="Widget revisions">
      <button
        type="button"
        className="db-widget-toolbar__button db-widget-revisions__step"
        aria-label="Previous revision"
        disabled={shownIndex === 0}
        onClick={() => onShow(shownIndex - 1)}
      >
        ‹
      </button>
      <span className="db-widget-revisions__position" aria-live="polite" data-revision={shownIndex + 1}>
        Revision {shownIndex + 1} / {revisions.length}
      </span>
      <button
        type="button"
        className="db-widget-toolbar__button db-widget-revisions__step"
        aria-label="Next revision"
        disabled={shownIndex === revisions.length - 1}
        onClick={() => onShow(shownIndex + 1)}
      >
        ›
      </button>
      <button
        type="button"
        className="db-widget-toolbar__button"
        disabled={previous === undefined || !shown.complete}
        onClick={() => setDiffOpen(true)}
      >
        Changes
      </button>
      {diffOpen && previous !== undefined && (
        <WidgetDiffDialog
          before={previous}
          after={shown}
          beforeLabel={`revision ${shownIndex}`}
          afterLabel={`revision ${shownIndex + 1}`}
          onClose={() => setDiffOpen(false)}
        />
      )}
    </nav>
  );
}
