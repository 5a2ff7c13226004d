// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { frameKitCss } from './kit/kit-stylesheet.ts';
import { inlineModules } from './mcp-app-view/inline-modules.ts';
import { renderMcpAppViewHtml } from './mcp-app-view-document.ts';

function parsed(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('renderMcpAppViewHtml', () => {
  const html = renderMcpAppViewHtml({
    viewSource: 'window.view = true;',
    threeSource: 'window.three = "</script><p id=escaped>";',
    kitSource: 'window.kit = "<!-- </SCRIPT>";',
  });
  const document = parsed(html);

  it('carries three.js and the kit inert, each under the id the view reads it from', () => {
    const three = document.getElementById(inlineModules.three.sourceElementId);
    const kit = document.getElementById(inlineModules.kit.sourceElementId);
    expect(three?.getAttribute('type')).toBe('text/plain');
    expect(kit?.getAttribute('type')).toBe('text/plain');
    // Escaped so neither ends its element early; the same JavaScript once run.
    expect(three?.textContent).toBe('window.three = "<\\/script><p id=escaped>";');
    expect(kit?.textContent).toBe('window.kit = "<\\!-- <\\/SCRIPT>";');
    expect(document.getElementById('escaped')).toBeNull();
  });

  it('runs the view script last, after the inert modules it reads', () => {
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((script) => script.id)).toEqual([
      inlineModules.three.sourceElementId,
      inlineModules.kit.sourceElementId,
      '',
    ]);
    expect(scripts.at(-1)?.hasAttribute('type')).toBe(false);
    expect(scripts.at(-1)?.textContent).toBe('window.view = true;');
  });

  it("styles a kit widget with the frame's kit stylesheet, before the widget's own CSS", () => {
    const styles = [...document.querySelectorAll('style')];
    expect(styles[0]?.textContent).toContain(frameKitCss);
    expect(styles[1]?.id).toBe('widget-css');
  });
});
