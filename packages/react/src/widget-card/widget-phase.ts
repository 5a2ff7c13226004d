import type { TranscriptWidget } from '../transcript/transcript-state.ts';

/** Formats a byte count the way the phase line shows it ("840 B", "3.1 KB"). */
export function formatByteSize(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * What the model is doing to a widget right now, for the status line under it
 * ("styling…", "building markup · 3.1 KB", "wiring behaviour…"); undefined once done, and once the reply is
 * over (a widget left unfinished then says so with `describeStoppedWidget`).
 */
export function describeWidgetPhase(widget: TranscriptWidget, streaming: boolean): string | undefined {
  if (widget.complete || !streaming) {
    return undefined;
  }
  switch (widget.lastPart) {
    case null:
    case 'height':
      return 'starting…';
    case 'css':
      return 'styling…';
    case 'html':
      return `building markup · ${formatByteSize(widget.markupBytes)}`;
    case 'js':
      return 'wiring behaviour…';
    case 'end':
      return undefined;
  }
}

/**
 * What a widget whose reply ended before `@@END@@` (Stop, an error, a lost model) is left as, for the note
 * that replaces its progress line; undefined for a finished widget or while its reply still streams. Its
 * script never ran, so a widget that looks complete does nothing: the note says so.
 */
export function describeStoppedWidget(widget: TranscriptWidget, streaming: boolean): string | undefined {
  if (widget.complete || streaming) return undefined;
  if (widget.markupBytes === 0) return 'Stopped before any of this widget was drawn.';
  if (widget.lastPart === 'js' || widget.parts.text('js').trim() !== '')
    return 'Stopped before its script ran: it may look finished, but its buttons and controls do nothing.';
  return 'Stopped while it was being drawn: it is incomplete, and its script never ran.';
}
