import { describe, expect, it } from 'vitest';
import { WidgetInputStream } from './widget-input-stream.ts';

describe('WidgetInputStream', () => {
  it('yields only the new tail while a snapshot extends what was applied', () => {
    const stream = new WidgetInputStream();
    expect(stream.next({ css: 'p{' })).toEqual({
      css: { kind: 'append', delta: 'p{' },
      html: { kind: 'none' },
    });
    expect(stream.next({ css: 'p{color:red}', html: '<canvas id="c"></canvas><p>' })).toEqual({
      css: { kind: 'append', delta: 'color:red}' },
      html: { kind: 'append', delta: '<canvas id="c"></canvas><p>' },
    });
    expect(stream.next({ css: 'p{color:red}', html: '<canvas id="c"></canvas><p>hi</p>' })).toEqual({
      css: { kind: 'none' },
      html: { kind: 'append', delta: 'hi</p>' },
    });
  });

  it('replaces a field whose new snapshot does not extend the applied text', () => {
    const stream = new WidgetInputStream();
    stream.next({ html: '<p>draft' });
    expect(stream.next({ html: '<div>final</div>' }).html).toEqual({
      kind: 'replace',
      text: '<div>final</div>',
    });
  });

  it('ignores fields that have not arrived or are not text', () => {
    const stream = new WidgetInputStream();
    expect(stream.next({ css: 42, html: undefined })).toEqual({
      css: { kind: 'none' },
      html: { kind: 'none' },
    });
    expect(stream.next({ css: 'a{}' }).css).toEqual({ kind: 'append', delta: 'a{}' });
  });
});
