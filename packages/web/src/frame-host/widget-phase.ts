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
 * ("styling…", "building markup · 3.1 KB", "wiring behaviour…"); undefined once done.
 */
export function describeWidgetPhase(widget: TranscriptWidget, streaming: boolean): string | undefined {
  if (widget.complete) {
    return undefined;
  }
  if (!streaming) {
    return 'stopped before it was finished';
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
