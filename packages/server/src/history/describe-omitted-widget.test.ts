import { describe, expect, it } from 'vitest';
import type { StoredWidget } from '../store/store.ts';
import { describeOmittedWidget, findWidgetLabel } from './describe-omitted-widget.ts';

function widgetWith(html: string, css = '', js = ''): StoredWidget {
  return { id: 'w', height: 100, css, html, js, complete: true };
}

describe('findWidgetLabel', () => {
  it('takes the first heading, without its inner tags', () => {
    expect(findWidgetLabel('<div><h3 class="t">Sales <em>2024</em></h3><h1>Later</h1></div>')).toBe(
      'Sales 2024',
    );
  });

  it('takes whichever label comes first in the markup', () => {
    expect(findWidgetLabel('<div aria-label="Orbit viewer"><h2>Planets</h2></div>')).toBe('Orbit viewer');
    expect(findWidgetLabel("<canvas title='Mandelbrot'></canvas>")).toBe('Mandelbrot');
    expect(findWidgetLabel('<title>Doc title</title><p>x</p>')).toBe('Doc title');
  });

  it('decodes entities and collapses whitespace', () => {
    expect(findWidgetLabel('<h1>\n  Tom &amp; Jerry &#x2014; &#169;\n</h1>')).toBe('Tom & Jerry — ©');
  });

  it('skips empty labels and returns undefined when nothing names the widget', () => {
    expect(findWidgetLabel('<h1> </h1><div aria-label="Named"></div>')).toBe('Named');
    expect(findWidgetLabel('<div><p>plain</p></div>')).toBeUndefined();
  });

  it('shortens a very long label', () => {
    const label = findWidgetLabel(`<h1>${'word '.repeat(40)}</h1>`);
    expect(label?.length).toBeLessThanOrEqual(80);
    expect(label?.endsWith('…')).toBe(true);
  });
});

describe('describeOmittedWidget', () => {
  it('names the widget and its size in kilobytes of UTF-8', () => {
    const widget = widgetWith('<h1>Weather</h1>', 'a'.repeat(1024), 'é'.repeat(512));
    expect(describeOmittedWidget(widget)).toBe(
      '[widget w, revision 1, shown earlier: "Weather", 2.0 KB of CSS/HTML/JS omitted]',
    );
  });

  it('escapes quotes in the label', () => {
    expect(describeOmittedWidget(widgetWith('<h1>The "best" chart</h1>'))).toBe(
      '[widget w, revision 1, shown earlier: "The \\"best\\" chart", 0.0 KB of CSS/HTML/JS omitted]',
    );
  });

  it('still describes an unnamed widget', () => {
    expect(describeOmittedWidget(widgetWith('<p>hi</p>'))).toBe(
      '[widget w, revision 1, shown earlier, 0.0 KB of CSS/HTML/JS omitted]',
    );
  });

  it('names a revision by its lineage and number, and says why a failed edit changed nothing', () => {
    const revision = { of: 'w0', number: 3, baseId: 'w2' };
    expect(describeOmittedWidget({ ...widgetWith('<p>hi</p>'), revision })).toBe(
      '[widget w0, revision 3, shown earlier, 0.0 KB of CSS/HTML/JS omitted]',
    );
    const failure = { code: 'hunk_not_found' as const, message: 'Hunk 1 (CSS): not there.' };
    expect(describeOmittedWidget({ ...widgetWith('<p>hi</p>'), revision: { ...revision, failure } })).toBe(
      '[edit of widget w0 failed, nothing changed: Hunk 1 (CSS): not there.]',
    );
  });
});
