import { describe, expect, it } from 'vitest';
import { typedCallHtml } from './typed-call-html.ts';

describe('a typed tool call as static markup', () => {
  it('draws a table as its table, every cell as text', () => {
    const html = typedCallHtml({
      tool: 'render_table',
      args: {
        title: 'Cities',
        columns: [
          { key: 'city', label: 'City', type: 'string' },
          { key: 'people', label: 'People', type: 'number' },
        ],
        rows: [
          { city: '<script>alert(1)</script>', people: 709000 },
          { city: 'Bergen', people: null },
        ],
      },
    });
    expect(html).toContain('<figcaption>Cities</figcaption>');
    expect(html).toContain('<th scope="col">City</th><th scope="col">People</th>');
    expect(html).toContain('<tr><td>&#60;script&#62;alert(1)&#60;/script&#62;</td><td>709000</td></tr>');
    expect(html).toContain('<tr><td>Bergen</td><td></td></tr>');
    expect(html).not.toContain('<script>');
  });

  it('draws a chart as its data under its title, a series a column', () => {
    const html = typedCallHtml({
      tool: 'render_chart',
      args: {
        title: 'Visitors',
        kind: 'line',
        unit: 'k',
        labels: ['Mon', 'Tue'],
        series: [
          { name: 'Web', values: [3, 4] },
          { name: 'App', values: [1, 2] },
        ],
      },
    });
    expect(html).toContain('<figcaption>Visitors — line chart, in k</figcaption>');
    expect(html).toContain('<th scope="col"></th><th scope="col">Web</th><th scope="col">App</th>');
    expect(html).toContain('<tr><td>Mon</td><td>3</td><td>1</td></tr>');
  });

  it('links a picture instead of loading it, and lists a form’s fields', () => {
    expect(
      typedCallHtml({
        tool: 'render_image',
        args: { url: 'https://example.com/a.png', alt: 'A lighthouse', caption: 'At dusk' },
      }),
    ).toBe(
      '<figure class="typed"><a href="https://example.com/a.png" rel="noreferrer noopener">Picture: A lighthouse</a><figcaption>At dusk</figcaption></figure>',
    );
    const form = typedCallHtml({
      tool: 'render_form',
      args: {
        title: 'Feedback',
        fields: [
          { name: 'email', label: 'Email', type: 'text', required: true },
          { name: 'score', label: 'Score', type: 'number' },
        ],
      },
    });
    expect(form).toContain(
      '<figcaption>Feedback</figcaption><ul><li>Email (required)</li><li>Score</li></ul>',
    );
  });

  it('shows any other tool, and arguments a component refuses, as the name and the data, escaped', () => {
    const weather = typedCallHtml({
      tool: 'render_weather',
      args: { city: '<b>Paris</b>', temperatureC: 18 },
    });
    expect(weather).toContain('<summary>render_weather: drawn in the app; its data here</summary>');
    expect(weather).toContain('&#34;city&#34;: &#34;&#60;b&#62;Paris&#60;/b&#62;&#34;');
    // A picture the schema refuses (not https) is never a link.
    const refused = typedCallHtml({ tool: 'render_image', args: { url: 'javascript:alert(1)', alt: 'x' } });
    expect(refused).not.toContain('href=');
    expect(refused).toContain('<summary>render_image: drawn in the app; its data here</summary>');
    // A name that is an Object.prototype key is not a renderer.
    expect(typedCallHtml({ tool: 'constructor', args: null })).toContain('<pre>null</pre>');
  });
});
