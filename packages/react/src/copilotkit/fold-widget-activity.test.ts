import type { WidgetPart, WidgetPartLog } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { foldWidgetActivity } from './fold-widget-activity.ts';

const parts: WidgetPart[] = [
  { part: 'height', delta: '160' },
  { part: 'css', delta: '.counter { font: 600 2rem system-ui; }' },
  { part: 'html', delta: '<button class="counter">' },
  { part: 'html', delta: '0</button>' },
  { part: 'end', delta: '' },
];

/** The content as a client hands it to each render: a fresh copy, as CopilotKit's parse makes it. */
function contentOf(count: number) {
  return structuredClone({ parts: parts.slice(0, count) });
}

describe('foldWidgetActivity', () => {
  it('continues the part log it folded before, so its frame is sent only what came since', () => {
    let folded = foldWidgetActivity({ previous: undefined, id: 'wgt_01', content: contentOf(0) });
    const logs: WidgetPartLog[] = [folded.widget.parts];
    for (let count = 1; count <= parts.length; count += 1) {
      folded = foldWidgetActivity({ previous: folded, id: 'wgt_01', content: contentOf(count) });
      logs.push(folded.widget.parts);
    }
    for (let index = 1; index < logs.length; index += 1) {
      expect(logs[index]!.partsAfter(logs[index - 1]!)).toEqual([parts[index - 1]]);
    }
    expect(folded.widget).toMatchObject({ id: 'wgt_01', height: 160, complete: true, lastPart: 'end' });
    expect(folded.widget.parts.text('html')).toBe('<button class="counter">0</button>');
  });

  it('gives the previous fold back when nothing changed', () => {
    const first = foldWidgetActivity({ previous: undefined, id: 'wgt_01', content: contentOf(3) });
    expect(foldWidgetActivity({ previous: first, id: 'wgt_01', content: contentOf(3) })).toBe(first);
  });

  it('folds afresh when the content no longer continues the fold (a snapshot that replaced it)', () => {
    const first = foldWidgetActivity({ previous: undefined, id: 'wgt_01', content: contentOf(3) });
    const replaced = foldWidgetActivity({
      previous: first,
      id: 'wgt_01',
      content: { parts: [{ part: 'html', delta: '<p>other</p>' }, ...parts.slice(3)] },
    });
    expect(replaced.widget.parts.partsAfter(first.widget.parts)).toBeUndefined();
    expect(replaced.widget.parts.text('html')).toBe('<p>other</p>0</button>');
    const shorter = foldWidgetActivity({ previous: first, id: 'wgt_01', content: contentOf(1) });
    expect(shorter.widget.parts.all()).toEqual(parts.slice(0, 1));
  });

  it('sets, changes and keeps the revision and the refusal as the content says', () => {
    const revision = { of: 'wgt_01', number: 2, baseId: 'wgt_01' };
    const first = foldWidgetActivity({
      previous: undefined,
      id: 'wgt_02',
      content: { ...contentOf(2), revision },
    });
    expect(first.widget.revision).toEqual(revision);
    expect(
      foldWidgetActivity({
        previous: first,
        id: 'wgt_02',
        content: { ...contentOf(2), revision: { ...revision } },
      }),
    ).toBe(first);
    const failure = { code: 'hunk_not_found', message: 'The edit did not apply.' } as const;
    const failed = foldWidgetActivity({
      previous: first,
      id: 'wgt_02',
      content: { ...contentOf(2), revision: { ...revision, failure } },
    });
    expect(failed.widget.revision?.failure).toEqual(failure);
    expect(failed.widget.parts).toBe(first.widget.parts);
    const refusal = { code: 'widget_too_large', message: 'This widget passed the size limit.' } as const;
    const refused = foldWidgetActivity({
      previous: undefined,
      id: 'wgt_03',
      content: { parts: [], refusal },
    });
    expect(refused.widget.refusal).toEqual(refusal);
  });

  it("starts a live edit's revision from its base: the base's part log, then the hunks", () => {
    const base = foldWidgetActivity({ previous: undefined, id: 'wgt_01', content: contentOf(parts.length) });
    const revision = { of: 'wgt_01', number: 2, baseId: 'wgt_01' };
    const edited = foldWidgetActivity({
      previous: undefined,
      id: 'wgt_02',
      content: {
        parts: [
          { part: 'css', search: '600', delta: '700' },
          { part: 'end', delta: '' },
        ],
        revision,
        fromBase: true,
      },
      findWidget: (widgetId) => (widgetId === 'wgt_01' ? base.widget : undefined),
    });
    expect(edited.widget.parts.partsAfter(base.widget.parts)).toEqual([
      { part: 'css', search: '600', delta: '700' },
      { part: 'end', delta: '' },
    ]);
    expect(edited.widget.parts.text('css')).toBe('.counter { font: 700 2rem system-ui; }');
    expect(edited.widget).toMatchObject({ id: 'wgt_02', complete: true, revision });
  });
});
