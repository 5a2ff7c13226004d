import { frameRouteErrorCodes } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { createImageFrameRoutes, imageFrameContentSecurityPolicy } from './image-frame-routes.ts';
import { expectErrorResponse } from './testing/expect-error-response.ts';

const routes = createImageFrameRoutes();
const frameFor = (query: Record<string, string>) =>
  routes.request(`/frame/image?${new URLSearchParams(query)}`);

describe('GET /frame/image', () => {
  it('shows one https image in a sandboxed, script-less document that may load nothing else', async () => {
    const response = await frameFor({ url: 'https://example.com/a.png?x=1&y=2', alt: 'A "quoted" <alt>' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(imageFrameContentSecurityPolicy);
    expect(imageFrameContentSecurityPolicy).toContain("default-src 'none'");
    expect(imageFrameContentSecurityPolicy).toMatch(/(^|; )sandbox($|;)/);
    expect(imageFrameContentSecurityPolicy).not.toContain('script-src');
    const html = await response.text();
    expect(html).toContain('src="https://example.com/a.png?x=1&amp;y=2"');
    expect(html).toContain('alt="A &quot;quoted&quot; &lt;alt&gt;"');
    expect(html).not.toContain('<script');
  });

  it("says on the frame, without a script, when the image cannot be loaded, in the chat's theme", async () => {
    const light = await (await frameFor({ url: 'https://images.example/a.png', alt: 'A' })).text();
    expect(light).toContain('data-failure="The image could not be loaded from images.example."');
    expect(light).toContain('img::after{content:attr(data-failure)');
    expect(light).toContain('background:#f0f1f6');
    const dark = await (
      await frameFor({ url: 'https://images.example/a.png', alt: 'A', theme: 'dark' })
    ).text();
    expect(dark).toContain('background:#12141a');
  });

  it.each([
    ['an http URL', { url: 'http://example.com/a.png' }],
    ['a javascript: URL', { url: 'javascript:alert(1)' }],
    ['a relative URL', { url: '/api/threads' }],
    ['no URL', {}],
  ])('refuses %s with 400 JSON', async (_label, query) => {
    const response = await frameFor(query as Record<string, string>);
    await expectErrorResponse({
      response,
      status: 400,
      codes: frameRouteErrorCodes,
      code: 'invalid_image_url',
    });
  });
});
