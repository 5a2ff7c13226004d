import { widgetLineageId } from '@drawbridge/protocol';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';

/**
 * Stands for a widget the server stopped at a size or nesting limit: says why, in place of a frame. Nothing of
 * it is drawn, so a runaway widget costs the page nothing and leaves every other card as it was.
 */
export function WidgetRefusedNotice({ widget }: { widget: TranscriptWidget }) {
  return (
    <figure
      className="db-widget-card db-widget-card--refused"
      aria-label="Widget not drawn"
      data-widget-id={widget.id}
      data-lineage-id={widgetLineageId(widget)}
      data-refusal={widget.refusal?.code}
    >
      <div className="db-widget-card__error" role="alert">
        <p>{widget.refusal?.message}</p>
      </div>
    </figure>
  );
}
