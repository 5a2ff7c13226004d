import {
  applySearchReplace,
  type GeneratedWidget,
  readWidgetHeight,
  type WidgetChunk,
  type WidgetEditFailureCode,
  type WidgetPart,
  type WidgetRevision,
} from '@drawbridge/protocol';

/** The widget an edit may name, resolved to its lineage and latest revision. */
export interface EditableWidget {
  lineageId: string;
  latest: GeneratedWidget;
  number: number;
}

/** Finds the widget an edit names: by its lineage id or the id of any of its revisions. */
export type EditableWidgetLookup = (widgetId: string) => EditableWidget | undefined;

type CodePart = 'css' | 'html' | 'js';

const partLabels: Record<CodePart, string> = { css: 'CSS', html: 'HTML', js: 'JS' };

interface PendingHunk {
  number: number;
  part: CodePart | '';
  search: string;
  replace: string;
  hasReplace: boolean;
}

/** What the builder asks the caller to send: widget parts, and the revision again when it changed. */
export interface EditBuilderOutput {
  parts: WidgetPart[];
  revision?: WidgetRevision;
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/**
 * Builds the revision an edit reply makes, chunk by chunk: it starts from the base (which every reader holds:
 * the parts it hands on continue the base's), lets a part the edit writes replace the base's (`replace: true`,
 * then streamed), and applies each search/replace hunk as soon as it is complete, handing on the hunk itself
 * (`{ part, search, delta }`, its search text as it stands in the part, so a reader applies it to the first
 * exact occurrence). A hunk that does not apply fails the whole edit: the revision goes back to its base — the
 * base's channels whole — and carries the reason, and nothing else is applied.
 */
export class WidgetEditBuilder {
  readonly widget: GeneratedWidget;
  readonly revision: WidgetRevision;
  /** The revision the edit applies to; undefined when the edit names no widget of the thread. */
  readonly base: GeneratedWidget | undefined;
  private readonly written = new Set<string>();
  // Blanks a part starts with are held until content proves the part is replaced (`@@HTML@@\n\n@@SEARCH@@`).
  private heldBlanks: { part: CodePart; text: string } | undefined;
  private heightText = '';
  private hunk: PendingHunk | undefined;
  private hunkCount = 0;

  constructor({
    widgetId,
    target,
    lookup,
  }: { widgetId: string; target: string; lookup: EditableWidgetLookup }) {
    const editable = lookup(target);
    this.base = editable?.latest;
    const base = editable?.latest;
    this.widget = {
      id: widgetId,
      height: base?.height ?? null,
      css: base?.css ?? '',
      html: base?.html ?? '',
      js: base?.js ?? '',
      complete: false,
    };
    this.revision =
      editable === undefined
        ? {
            of: target,
            number: 2,
            baseId: target,
            failure: {
              code: 'unknown_widget',
              message: `There is no widget ${target} in this conversation to edit.`,
            },
          }
        : { of: editable.lineageId, number: editable.number + 1, baseId: editable.latest.id };
    this.widget.revision = this.revision;
  }

  /** The base as parts, each replacing its channel: what a failed edit goes back to. */
  private baseParts(): WidgetPart[] {
    const parts: WidgetPart[] = [];
    if (this.widget.height !== null)
      parts.push({ part: 'height', delta: String(this.widget.height), replace: true });
    for (const part of ['css', 'html', 'js'] as const)
      parts.push({ part, delta: this.widget[part], replace: true });
    return parts;
  }

  /** Applies one chunk of the edit block (anything but prose and the edit target). */
  apply(chunk: WidgetChunk): EditBuilderOutput {
    if (chunk.type === 'end') {
      const output = this.finishHunk();
      this.widget.complete = true;
      output.parts.push({ part: 'end', delta: '' });
      return output;
    }
    if (this.revision.failure !== undefined) return { parts: [] };
    if (chunk.type === 'search' || chunk.type === 'replace') {
      if (this.hunk === undefined) this.startHunk('');
      if (chunk.type === 'search') this.hunk!.search += chunk.delta;
      else {
        this.hunk!.replace += chunk.delta;
        this.hunk!.hasReplace = true;
      }
      return { parts: [] };
    }
    const output = this.finishHunk();
    if (output.revision !== undefined) return output;
    if (chunk.type === 'hunk') {
      this.heldBlanks = undefined;
      this.startHunk(
        chunk.delta === 'css' || chunk.delta === 'html' || chunk.delta === 'js' ? chunk.delta : '',
      );
    } else if (chunk.type === 'height') {
      this.heightText += chunk.delta;
      this.widget.height = readWidgetHeight(this.heightText);
      output.parts.push({ part: 'height', delta: chunk.delta, ...this.replaceOnFirstWrite('height') });
    } else if (chunk.type === 'css' || chunk.type === 'html' || chunk.type === 'js') {
      output.parts.push(...this.writePart(chunk.type, chunk.delta));
    }
    return output;
  }

  /** The stream ended without `@@END@@`: a complete last hunk is still applied. */
  finish(): EditBuilderOutput {
    return this.revision.failure === undefined ? this.finishHunk() : { parts: [] };
  }

  private replaceOnFirstWrite(part: string): { replace?: true } {
    if (this.written.has(part)) return {};
    this.written.add(part);
    return { replace: true };
  }

  private writePart(part: CodePart, delta: string): WidgetPart[] {
    if (!this.written.has(part)) {
      const held = this.heldBlanks?.part === part ? this.heldBlanks.text : '';
      if ((held + delta).trim() === '') {
        this.heldBlanks = { part, text: held + delta };
        return [];
      }
      this.heldBlanks = undefined;
      this.written.add(part);
      this.widget[part] = held + delta;
      return [{ part, delta: held + delta, replace: true }];
    }
    this.widget[part] += delta;
    return [{ part, delta }];
  }

  private startHunk(part: CodePart | ''): void {
    this.hunkCount += 1;
    this.hunk = { number: this.hunkCount, part, search: '', replace: '', hasReplace: false };
  }

  private finishHunk(): EditBuilderOutput {
    const hunk = this.hunk;
    this.hunk = undefined;
    if (hunk === undefined || this.revision.failure !== undefined) return { parts: [] };
    const where = hunk.part === '' ? `Hunk ${hunk.number}` : `Hunk ${hunk.number} (${partLabels[hunk.part]})`;
    if (hunk.part === '')
      return this.fail('hunk_outside_part', `${where} stands before any @@CSS@@, @@HTML@@ or @@JS@@.`);
    if (!hunk.hasReplace) return this.fail('hunk_without_replace', `${where} has no @@REPLACE@@.`);
    const outcome = applySearchReplace({
      text: this.widget[hunk.part],
      search: hunk.search,
      replace: hunk.replace,
    });
    if (!outcome.applied) {
      return outcome.reason === 'empty_search'
        ? this.fail('empty_search', `${where} has an empty @@SEARCH@@.`)
        : this.fail(
            'hunk_not_found',
            `${where}: the search text “${firstLine(hunk.search)}” is not in revision ${this.revision.number - 1}.`,
          );
    }
    const before = this.widget[hunk.part];
    this.widget[hunk.part] = outcome.text;
    this.written.add(hunk.part);
    // A text matched ignoring indentation may occur exactly earlier in the part (mid-line): a reader would
    // change that one, so the part then goes whole.
    if (before.indexOf(outcome.matched) !== outcome.start)
      return { parts: [{ part: hunk.part, delta: outcome.text, replace: true }] };
    return { parts: [{ part: hunk.part, search: outcome.matched, delta: hunk.replace }] };
  }

  private fail(code: WidgetEditFailureCode, message: string): EditBuilderOutput {
    this.revision.failure = { code, message };
    const base = this.base;
    if (base !== undefined) {
      this.widget.height = base.height;
      this.widget.css = base.css;
      this.widget.html = base.html;
      this.widget.js = base.js;
    }
    return { parts: this.baseParts(), revision: this.revision };
  }
}
