import type { FrameRouteErrorCode } from '@drawbridge/protocol';
import { Hono } from 'hono';
import { type ErrorResponder, errorResponse } from '../http-error.ts';

const refuse: ErrorResponder<FrameRouteErrorCode> = errorResponse;

/**
 * The only document of ours that may load a remote image. The chat page's CSP allows images from our own
 * origin only, because an image URL a model chose can carry what it read to any server. A `render_image`
 * the user chose to load is shown here instead: a script-less, sandboxed document whose CSP lets it load
 * `https:` images and nothing else.
 */
export const imageFrameContentSecurityPolicy = [
  "default-src 'none'",
  'img-src https:',
  "style-src 'unsafe-inline'",
  "frame-ancestors 'self'",
  'sandbox',
].join('; ');

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

function httpsUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.length > 2048 || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === 'https:' ? url.href : undefined;
}

// The frame's colours, as the chat's theme has them (the frame runs no script to ask).
const themeColours = {
  light: { background: '#f0f1f6', text: '#16181d', muted: '#646b7a' },
  dark: { background: '#12141a', text: '#e6e8ee', muted: '#9aa1b2' },
} as const;

/**
 * The frame's styles. An image that fails to load would leave an empty box with a browser's broken-image
 * mark; a broken `<img>` draws its `::after` (a loaded one, a replaced element, never does), so the frame
 * says what happened without a script.
 */
function imageFrameStyle(theme: keyof typeof themeColours): string {
  const colours = themeColours[theme];
  return [
    'html,body{margin:0;height:100%;background:transparent}',
    'img{position:relative;display:block;width:100%;height:100%;object-fit:contain}',
    `img::after{content:attr(data-failure);position:absolute;inset:0;display:grid;place-items:center;padding:16px;background:${colours.background};color:${colours.text};font:14px/1.5 system-ui,sans-serif;text-align:center}`,
  ].join('');
}

/**
 * `GET /frame/image?url=<https URL>&alt=<text>&theme=<light|dark>`: one image, fitted to the frame, sent
 * without a referrer; if it cannot be loaded, the frame says so and names the host it was asked from.
 */
export function createImageFrameRoutes(): Hono {
  const routes = new Hono();
  routes.get('/frame/image', (context) => {
    const url = httpsUrl(context.req.query('url'));
    if (url === undefined) {
      return refuse(context, 400, 'invalid_image_url', 'The image URL must be an absolute https: URL.');
    }
    const alt = (context.req.query('alt') ?? '').slice(0, 500);
    const theme = context.req.query('theme') === 'dark' ? 'dark' : 'light';
    const failure = `The image could not be loaded from ${new URL(url).host}.`;
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeAttribute(alt || 'Image')}</title>
<style>${imageFrameStyle(theme)}</style>
</head><body><img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt)}" data-failure="${escapeAttribute(failure)}" referrerpolicy="no-referrer"></body></html>`;
    return context.html(page, 200, {
      'Content-Security-Policy': imageFrameContentSecurityPolicy,
      'Cache-Control': 'no-store',
    });
  });
  return routes;
}
