// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom's tree walker skips nested nodes, so DOMPurify would leave them unchecked
// there and a test of what the sanitiser drops would prove nothing.
import { describe, expect, it } from 'vitest';
import { copyCodeAttribute } from './decorate-code-block.ts';
import { highlightCode } from './highlight-code.ts';
import type { CodeHighlighter } from './load-code-highlighter.ts';
import { renderMarkdown } from './render-markdown.ts';

/** The rendered HTML as a fragment, so a test asks about elements and attributes, not about spelling. */
function rendered(markdown: string, highlighter?: CodeHighlighter): HTMLTemplateElement['content'] {
  const template = document.createElement('template');
  template.innerHTML = renderMarkdown(
    markdown,
    highlighter === undefined ? {} : { highlightCode: highlighter },
  );
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

describe("renderMarkdown for the user's own message", () => {
  function renderedUser(markdown: string): HTMLTemplateElement['content'] {
    const template = document.createElement('template');
    template.innerHTML = renderMarkdown(markdown, { source: 'user' });
    return template.content;
  }

  it('keeps markdown and line breaks, and shows typed HTML as the text it was', () => {
    const fragment = renderedUser('Why does `npm ci` fail?\nSee **this** and <details>open</details>');
    expect(fragment.querySelector('code')?.textContent).toBe('npm ci');
    expect(fragment.querySelector('strong')?.textContent).toBe('this');
    expect(fragment.querySelectorAll('br')).toHaveLength(1);
    expect(fragment.querySelector('details')).toBeNull();
    expect(fragment.textContent).toContain('<details>open</details>');
    expect(renderedUser('Just this').textContent).toBe('Just this');
  });

  it('is sanitised like prose: no image loads, links open in a new tab', () => {
    const fragment = renderedUser('![x](https://example.com/x.png) [docs](https://example.com/docs)');
    expect(fragment.querySelector('img')).toBeNull();
    expect(fragment.querySelector('a[href="https://example.com/docs"]')?.getAttribute('target')).toBe(
      '_blank',
    );
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

describe('renderMarkdown frames code blocks', () => {
  it('gives each block a bar with its language and a Copy button, and makes it reachable by keyboard', () => {
    const fragment = rendered('```python\nprint(1)\n```\n\n```\nplain\n```');
    const blocks = [...fragment.querySelectorAll('.code-block')];
    expect(blocks).toHaveLength(2);
    expect(blocks.map((block) => block.querySelector('.code-block__language')?.textContent)).toEqual([
      'python',
      'code',
    ]);
    const buttons = blocks.map((block) => block.querySelector(`button[${copyCodeAttribute}]`));
    expect(buttons.map((button) => button?.textContent)).toEqual(['Copy python code', 'Copy code']);
    expect(blocks.map((block) => block.querySelector('pre')?.getAttribute('tabindex'))).toEqual(['0', '0']);
    expect(blocks[0]?.querySelector('pre > code')?.textContent).toBe('print(1)\n');
  });

  it('colours a known language with the highlighter and leaves an unknown one plain', () => {
    const fragment = rendered('```js\nconst answer = "yes";\n```\n\n```klingon\nqapla\n```', highlightCode);
    const [known, unknown] = [...fragment.querySelectorAll('pre > code')];
    expect(known?.classList.contains('hljs')).toBe(true);
    expect(known?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(known?.querySelector('.hljs-string')?.textContent).toBe('"yes"');
    expect(known?.textContent).toBe('const answer = "yes";\n');
    expect(unknown?.querySelector('span')).toBeNull();
    expect(unknown?.textContent).toBe('qapla\n');
  });

  it('keeps markup in code as text, and lets a highlighter add nothing but classed spans', () => {
    const hostile = () =>
      '<img src=x onerror="alert(1)"><a href="https://evil.example">x</a><span class="k">y</span>';
    const fragment = rendered('```html\n<img src=x onerror=alert(1)>\n```', hostile);
    const code = fragment.querySelector('pre > code');
    expect(code?.querySelector('img, a')).toBeNull();
    expect(code?.querySelector('span.k')?.textContent).toBe('y');
    const plain = rendered('```html\n<img src=x onerror=alert(1)>\n```', highlightCode);
    expect(plain.querySelector('pre img')).toBeNull();
    expect(plain.querySelector('pre > code')?.textContent).toBe('<img src=x onerror=alert(1)>\n');
  });
});
