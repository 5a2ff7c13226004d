import { WidgetPartLog } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { createTranscriptWidget } from '../transcript/transcript-state.ts';
import { describeStoppedWidget, describeWidgetPhase, formatByteSize } from './widget-phase.ts';

describe('describeWidgetPhase', () => {
  const widget = createTranscriptWidget('w');

  it('names each part as it streams', () => {
    expect(describeWidgetPhase({ ...widget, lastPart: 'height' }, true)).toBe('starting…');
    expect(describeWidgetPhase({ ...widget, lastPart: 'css' }, true)).toBe('styling…');
    expect(describeWidgetPhase({ ...widget, lastPart: 'html', markupBytes: 3174 }, true)).toBe(
      'building markup · 3.1 KB',
    );
    expect(describeWidgetPhase({ ...widget, lastPart: 'js' }, true)).toBe('wiring behaviour…');
  });

  it('is silent once done, and once the reply is over (nothing is in progress any more)', () => {
    expect(describeWidgetPhase({ ...widget, complete: true, lastPart: 'end' }, true)).toBeUndefined();
    expect(describeWidgetPhase({ ...widget, lastPart: 'html' }, false)).toBeUndefined();
  });

  it('counts bytes, not characters', () => {
    expect(formatByteSize(new TextEncoder().encode('é'.repeat(600)).length)).toBe('1.2 KB');
    expect(formatByteSize(840)).toBe('840 B');
  });
});

describe('describeStoppedWidget', () => {
  const widget = createTranscriptWidget('w');
  const withParts = (parts: Array<{ part: 'css' | 'html' | 'js'; delta: string }>) => ({
    ...widget,
    parts: WidgetPartLog.of(parts),
    lastPart: parts.at(-1)!.part,
    markupBytes: parts
      .filter((part) => part.part === 'html')
      .reduce((sum, part) => sum + part.delta.length, 0),
  });

  it('says nothing while the reply streams or once the widget is finished', () => {
    expect(describeStoppedWidget({ ...widget, lastPart: 'html', markupBytes: 10 }, true)).toBeUndefined();
    expect(describeStoppedWidget({ ...widget, complete: true, lastPart: 'end' }, false)).toBeUndefined();
  });

  it('says how far it got: nothing drawn, markup only, or everything but its script', () => {
    expect(describeStoppedWidget(withParts([{ part: 'css', delta: 'a{}' }]), false)).toBe(
      'Stopped before any of this widget was drawn.',
    );
    expect(describeStoppedWidget(withParts([{ part: 'html', delta: '<p>half' }]), false)).toBe(
      'Stopped while it was being drawn: it is incomplete, and its script never ran.',
    );
    expect(
      describeStoppedWidget(
        withParts([
          { part: 'html', delta: '<button>Go</button>' },
          { part: 'js', delta: "document.querySelector('button')" },
        ]),
        false,
      ),
    ).toBe('Stopped before its script ran: it may look finished, but its buttons and controls do nothing.');
  });
});
