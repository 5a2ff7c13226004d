import { widgetLineageId } from '@drawbridge/protocol';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';
import { useWidgetEnvironment } from './widget-environment.ts';

/**
 * Stands where an earlier revision was drawn once a later reply edited the widget: the transcript keeps one
 * live card per widget, the latest, which can still show this revision.
 */
export function SupersededWidgetNotice({
  widget,
  number,
  latestNumber,
}: {
  widget: TranscriptWidget;
  number: number;
  latestNumber: number;
}) {
  const goToLatest = () => {
    const latest = document.querySelector(
      `.widget-card[data-lineage-id="${CSS.escape(widgetLineageId(widget))}"][data-latest="true"]`,
    );
    latest?.scrollIntoView({ block: 'center' });
  };
  return (
    <figure
      className="db-widget-card db-widget-card--superseded"
      aria-label="Earlier widget revision"
      data-widget-id={widget.id}
      data-lineage-id={widgetLineageId(widget)}
    >
      <p className="db-widget-card__superseded">
        Revision {number} of this widget. It was edited below; revision {latestNumber} is the latest.
      </p>
      <button type="button" className="db-widget-toolbar__button" onClick={goToLatest}>
        Go to revision {latestNumber}
      </button>
    </figure>
  );
}

/** Stands for an edit that could not be applied: says why, and offers to ask for the whole widget instead. */
export function WidgetEditFailedNotice({ widget }: { widget: TranscriptWidget }) {
  const environment = useWidgetEnvironment();
  const failure = widget.revision?.failure;
  const lineageId = widgetLineageId(widget);
  const askForRewrite = () => {
    environment.sendPrompt(
      `Your edit of widget ${lineageId} did not apply (${failure?.message ?? 'unknown reason'}). Send the whole widget again as @@EDIT:${lineageId}@@ with all three parts written out.`,
    );
  };
  return (
    <figure
      className="db-widget-card db-widget-card--edit-failed"
      aria-label="Widget edit failed"
      data-widget-id={widget.id}
      data-edit-failure={failure?.code}
    >
      <div className="db-widget-card__error" role="alert">
        <p>This edit could not be applied, so the widget is unchanged: {failure?.message}</p>
      </div>
      <button type="button" className="db-widget-toolbar__button" onClick={askForRewrite}>
        Ask for the whole widget
      </button>
    </figure>
  );
}
