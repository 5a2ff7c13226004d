import { WidgetStreamParser } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import type { StoredWidget } from '../store/store.ts';
import { formatWidgetWireText } from './widget-wire-text.ts';

function parseBack(text: string) {
  const parser = new WidgetStreamParser();
  const chunks = [...parser.push(text), ...parser.end()];
  const joined = (type: string) =>
    chunks
      .filter((chunk) => chunk.type === type)
      .map((chunk) => chunk.delta)
      .join('');
  return {
    prose: joined('prose'),
    height: joined('height'),
    css: joined('css'),
    html: joined('html'),
    js: joined('js'),
    ended: chunks.some((chunk) => chunk.type === 'end'),
  };
}

const widget: StoredWidget = {
  id: 'w',
  height: 420,
  css: '.stage { color: var(--db-accent); }',
  html: '<div class="stage"><h2>Orbit</h2><canvas></canvas></div>',
  js: "import * as THREE from 'three';\nconsole.log(THREE.REVISION);",
  complete: true,
};

describe('formatWidgetWireText', () => {
  it('writes the markers in the order the model writes them', () => {
    expect(formatWidgetWireText(widget)).toBe(
      `@@HEIGHT:420@@\n@@CSS@@\n${widget.css}\n@@HTML@@\n${widget.html}\n@@JS@@\n${widget.js}\n@@END@@`,
    );
  });

  it('is read back by the stream parser as the same widget', () => {
    const parsed = parseBack(`Here it is.\n${formatWidgetWireText(widget)}`);
    expect(parsed.prose.trim()).toBe('Here it is.');
    expect(parsed.height).toBe('420');
    expect(parsed.css.trim()).toBe(widget.css);
    expect(parsed.html.trim()).toBe(widget.html);
    expect(parsed.js.trim()).toBe(widget.js);
    expect(parsed.ended).toBe(true);
  });

  it('does not double the line break the parser keeps at the end of a channel', () => {
    const parsedOnce = parseBack(formatWidgetWireText(widget));
    const storedAsParsed = { ...widget, css: parsedOnce.css, html: parsedOnce.html, js: parsedOnce.js };
    expect(formatWidgetWireText(storedAsParsed)).toBe(formatWidgetWireText(widget));
  });

  it('leaves the height marker out when the height is unknown', () => {
    const text = formatWidgetWireText({ ...widget, height: null });
    expect(text.startsWith('@@CSS@@\n')).toBe(true);
    expect(parseBack(text).html.trim()).toBe(widget.html);
  });
});
