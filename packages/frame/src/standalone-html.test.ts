import { describe, expect, it } from 'vitest';
import { frameContentSecurityPolicy } from './frame-policy.ts';
import { renderStandaloneHtml } from './standalone-html.ts';

function directives(policy: string): Map<string, string> {
  return new Map(policy.split('; ').map((directive) => [directive.split(' ')[0] ?? '', directive]));
}

/** The policy a rendered standalone file carries in its `<meta>` tag. */
function standalonePolicy(): string {
  const html = renderStandaloneHtml({
    widget: { css: '', html: '<p>hi</p>', js: '', height: null },
    runtimeSource: '',
    threeBundleSource: '',
    title: 'w',
  });
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  expect(policy).toBeDefined();
  return policy!;
}

describe('renderStandaloneHtml content security policy', () => {
  it("is the live frame's policy with inline and data: scripts, minus header-only directives", () => {
    const frame = directives(frameContentSecurityPolicy());
    const standalone = directives(standalonePolicy());
    expect(standalone.get('script-src')).toBe("script-src 'unsafe-inline' data:");
    const headerOnly = ['frame-ancestors', 'sandbox', 'report-uri'];
    for (const [name, directive] of frame) {
      if (name === 'script-src') continue;
      if (headerOnly.includes(name)) expect(standalone.has(name)).toBe(false);
      else expect(standalone.get(name)).toBe(directive);
    }
    expect([...standalone.keys()].sort()).toEqual(
      [...frame.keys()].filter((name) => !headerOnly.includes(name)).sort(),
    );
    expect(standalone.get('connect-src')).toBe("connect-src 'none'");
  });
});

describe('renderStandaloneHtml theme', () => {
  const render = (theme?: 'light' | 'reader') =>
    renderStandaloneHtml({
      widget: { css: '', html: '<p>hi</p>', js: '', height: null },
      runtimeSource: '',
      threeBundleSource: '',
      title: 'w',
      ...(theme === undefined ? {} : { theme }),
    });

  it('draws a downloaded widget light, and one on a conversation page as the reader prefers', () => {
    expect(render()).toContain('data-theme=&#34;light&#34;');
    expect(render()).not.toContain('matchMedia');
    expect(render('light')).toBe(render());
    // In the widget's document (escaped into the shell's srcdoc): set before its CSS and script read it.
    const reader = render('reader');
    expect(reader).toContain("matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'");
    expect(reader.indexOf('matchMedia')).toBeLessThan(reader.indexOf('id=&#34;widget-css&#34;'));
  });
});
