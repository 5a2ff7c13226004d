// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown.ts';

// Sanitising and link attributes are checked in real Chromium (e2e/chat-prose.test.ts): happy-dom's
// tree walker does not visit nested nodes the way DOMPurify needs, so it would prove nothing here.
describe('renderMarkdown', () => {
  it('renders emphasis, lists and code', () => {
    const html = renderMarkdown('Some **bold** text\n\n- one\n- two\n\n`code`');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<code>code</code>');
  });

  it('renders a half-streamed reply without throwing', () => {
    expect(renderMarkdown('A list:\n\n- first\n- sec')).toContain('<li>sec</li>');
    expect(renderMarkdown('Unclosed **bold')).toContain('Unclosed');
  });
});
