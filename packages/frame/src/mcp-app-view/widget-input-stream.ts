/**
 * Turns the successive argument snapshots an MCP host streams (`tool-input-partial`, then `tool-input`)
 * into the deltas the frame runtime builds from. A host re-sends the whole argument object each time,
 * so each field is compared with what was already applied: a snapshot that extends it yields only the
 * new tail (the canvas node the markup already built survives), one that does not yields a replacement.
 */

/** The parts of `show_widget`'s arguments the view builds, as far as they have arrived. */
export interface WidgetInputSnapshot {
  css?: unknown;
  html?: unknown;
}

/** What to apply to one field: nothing, a tail to append, or the whole text to start over with. */
export type FieldChange =
  | { kind: 'none' }
  | { kind: 'append'; delta: string }
  | { kind: 'replace'; text: string };

function changeOf({ applied, next }: { applied: string; next: string }): FieldChange {
  if (next === applied) return { kind: 'none' };
  if (next.startsWith(applied)) return { kind: 'append', delta: next.slice(applied.length) };
  return { kind: 'replace', text: next };
}

export class WidgetInputStream {
  private appliedCss = '';
  private appliedHtml = '';

  /** The changes a new snapshot brings; fields that are absent or not text have not arrived yet. */
  next(snapshot: WidgetInputSnapshot): { css: FieldChange; html: FieldChange } {
    const css =
      typeof snapshot.css === 'string' ? changeOf({ applied: this.appliedCss, next: snapshot.css }) : none;
    const html =
      typeof snapshot.html === 'string' ? changeOf({ applied: this.appliedHtml, next: snapshot.html }) : none;
    if (typeof snapshot.css === 'string') this.appliedCss = snapshot.css;
    if (typeof snapshot.html === 'string') this.appliedHtml = snapshot.html;
    return { css, html };
  }
}

const none: FieldChange = { kind: 'none' };
