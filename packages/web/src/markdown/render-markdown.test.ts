// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom's tree walker skips nested nodes, so DOMPurify would leave them unchecked
// there and a test of what the sanitiser drops would prove nothing.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown.ts';

/** The rendered HTML as a fragment, so a test asks about elements and attributes, not about spelling. */
function rendered(markdown: string): HTMLTemplateElement['content'] {
  const template = document.createElement('template');
  template.innerHTML = renderMarkdown(markdown);
  return template.content;
}

describe('renderMarkdown keeps what prose needs', () => {
  it('keeps emphasis, lists, code blocks and headings', () => {
    const fragment = rendered(
      '## Plan\n\nSome **bold** and _soft_ text\n\n- one\n- two\n\n```js\nrun();\n```',
    );
    expect(fragment.querySelector('h2')?.textContent).toBe('Plan');
    expect(fragment.querySelector('strong')?.textContent).toBe('bold');
    expect(fragment.querySelector('em')?.textContent).toBe('soft');
    expect([...fragment.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(fragment.querySelector('pre > code')?.textContent).toBe('run();\n');
  });

  it('reads GitHub-flavoured tables and strikethrough, and a single line break is not a <br>', () => {
    const fragment = rendered('| a | b |\n| - | - |\n| 1 | 2 |\n\n~~gone~~ first line\nsame paragraph');
    expect([...fragment.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['1', '2']);
    expect(fragment.querySelector('del')?.textContent).toBe('gone');
    expect(fragment.querySelector('br')).toBeNull();
  });

  it('opens every link in a new tab without handing it the page', () => {
    const fragment = rendered('[guide](https://example.com/guide) and <a href="https://example.org">raw</a>');
    const links = [...fragment.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/guide',
      'https://example.org',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('renders a half-streamed reply without throwing', () => {
    expect(rendered('A list:\n\n- first\n- sec').querySelectorAll('li')).toHaveLength(2);
    expect(rendered('Unclosed **bold').textContent).toContain('Unclosed');
  });
});

describe('renderMarkdown drops what prose must not carry', () => {
  it('drops scripts, event handlers and javascript: links, also when nested', () => {
    const fragment = rendered(
      '<div><p><b onclick="steal()">x</b><script>steal()</script></p></div>\n\n<img src="x" onerror="steal()">\n\n[click](javascript:steal())',
    );
    expect(fragment.querySelector('script')).toBeNull();
    expect(fragment.querySelector('[onclick], [onerror]')).toBeNull();
    expect(fragment.querySelector('b')?.textContent).toBe('x');
    expect(fragment.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('drops <style> elements, so prose cannot restyle the app', () => {
    const fragment = rendered('<div><p>text<style>body { display: none }</style></p></div>');
    expect(fragment.querySelector('style')).toBeNull();
    expect(fragment.textContent).not.toContain('display');
    expect(fragment.querySelector('p')?.textContent).toBe('text');
  });

  it('drops forms and every form control, so prose cannot ask for a password or post anywhere', () => {
    const fragment = rendered(
      '<div><form action="https://example.com/collect" method="post"><p>in</p><input type="password"><button formaction="https://example.com">Go</button><select><option>a</option></select><textarea>t</textarea></form></div>\n\n- [x] done\n- [ ] open',
    );
    expect(
      fragment.querySelector('form, input, button, select, option, textarea, [action], [formaction]'),
    ).toBeNull();
    expect(fragment.querySelector('p')?.textContent).toBe('in');
    // A task list's checkbox is shown as its state in text.
    expect([...fragment.querySelectorAll('li')].map((item) => item.textContent?.trim())).toEqual([
      '☑ done',
      '☐ open',
    ]);
  });

  it('loads no image or media: an https image becomes a link to open, any other a note', () => {
    const fragment = rendered(
      '![chart](https://example.com/chart.png) ![local](/api/threads) <video src="https://example.com/v.mp4"></video><iframe src="https://example.com"></iframe><picture><source srcset="https://example.com/a.png"></picture>',
    );
    expect(fragment.querySelector('img, video, audio, iframe, picture, source, [srcset]')).toBeNull();
    const blocked = [...fragment.querySelectorAll('.prose-image-blocked')];
    expect(
      blocked.map((element) => [element.tagName, element.getAttribute('href'), element.textContent]),
    ).toEqual([
      ['A', 'https://example.com/chart.png', 'Image not loaded: chart (example.com)'],
      ['SPAN', null, 'Image not loaded: local'],
    ]);
    // Like every other prose link, it never opens in the chat's own tab.
    expect(blocked[0]?.getAttribute('target')).toBe('_blank');
    expect(blocked[0]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('drops style attributes, so prose cannot draw an overlay over the app', () => {
    const fragment = rendered('<p style="position:fixed;inset:0">Session expired</p>');
    expect(fragment.querySelector('[style]')).toBeNull();
    expect(fragment.querySelector('p')?.textContent).toBe('Session expired');
  });

  it('keeps to the HTML profile: no SVG or MathML', () => {
    const fragment = rendered(
      '<div><svg><a href="https://example.com"><circle r="4"/></a></svg><math><mi>x</mi></math></div>',
    );
    expect(fragment.querySelector('svg, circle, math, mi')).toBeNull();
  });
});
