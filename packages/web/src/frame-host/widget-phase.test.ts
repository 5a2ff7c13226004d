import { describe, expect, it } from 'vitest';
import { createTranscriptWidget } from '../transcript/transcript-state.ts';
import { describeWidgetPhase, formatByteSize } from './widget-phase.ts';

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

  it('is silent once done and says so when the run stopped first', () => {
    expect(describeWidgetPhase({ ...widget, complete: true, lastPart: 'end' }, true)).toBeUndefined();
    expect(describeWidgetPhase({ ...widget, lastPart: 'html' }, false)).toBe(
      'stopped before it was finished',
    );
  });

  it('counts bytes, not characters', () => {
    expect(formatByteSize(new TextEncoder().encode('é'.repeat(600)).length)).toBe('1.2 KB');
    expect(formatByteSize(840)).toBe('840 B');
  });
});
