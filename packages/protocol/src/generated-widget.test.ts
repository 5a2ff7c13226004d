import { describe, expect, it } from 'vitest';
import {
  widgetActivityContentSchema,
  widgetActivityOperationSchema,
} from './activities/drawbridge-activities.ts';
import { generatedWidgetParts, generatedWidgetSchema, widgetPartSchema } from './generated-widget.ts';

const widget = { id: 'w1', height: 420, css: 'p{}', html: '<p>hi</p>', js: 'go()', complete: true };

describe('generatedWidgetSchema', () => {
  it('accepts a stored widget, with or without a height', () => {
    expect(generatedWidgetSchema.parse(widget)).toEqual(widget);
    expect(generatedWidgetSchema.safeParse({ ...widget, height: null, complete: false }).success).toBe(true);
  });

  it('rejects a missing channel, a fractional or negative height and a height given as text', () => {
    const { js: _js, ...withoutScript } = widget;
    for (const candidate of [
      withoutScript,
      { ...widget, height: 12.5 },
      { ...widget, height: -1 },
      { ...widget, height: '420' },
    ]) {
      expect(generatedWidgetSchema.safeParse(candidate).success, JSON.stringify(candidate)).toBe(false);
    }
  });
});

describe('widgetPartSchema', () => {
  it('is the part a widget activity appends, as it is', () => {
    expect(widgetActivityOperationSchema.options[0].shape.value).toBe(widgetPartSchema);
    expect(widgetActivityContentSchema.shape.parts.element).toBe(widgetPartSchema);
    expect(widgetPartSchema.safeParse({ part: 'html', delta: '<p' }).success).toBe(true);
    expect(widgetPartSchema.safeParse({ part: 'prose', delta: 'hi' }).success).toBe(false);
  });
});

describe('generatedWidgetParts', () => {
  it('replays a complete widget as its parts in stream order, each channel in one delta', () => {
    expect(generatedWidgetParts(widget)).toEqual([
      { part: 'height', delta: '420' },
      { part: 'css', delta: 'p{}' },
      { part: 'html', delta: '<p>hi</p>' },
      { part: 'js', delta: 'go()' },
      { part: 'end', delta: '' },
    ]);
  });

  it('leaves out empty channels, an unknown height and the end of a widget that was cut off', () => {
    expect(
      generatedWidgetParts({ id: 'w2', height: null, css: '', html: '<p>half', js: '', complete: false }),
    ).toEqual([{ part: 'html', delta: '<p>half' }]);
  });
});
