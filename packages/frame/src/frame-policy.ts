/**
 * The Content-Security-Policy header served with the widget frame's bootstrap document.
 *
 * Scripts load only from our own server (`'self'`: the runtime bundle and three.js under
 * `/vendor/three/`) or inline (the import map and the widget's module script). `'self'` would also
 * let widget code load an API URL as a script; that is a credential-free GET from an opaque
 * origin whose JSON response does not run, so it is accepted. Everything that could carry data
 * out is closed: no fetch/XHR/WebSocket/EventSource, no nested frames or workers, no plugins, no
 * form submission, no `<base>` rewriting. Images, fonts and media come only from `data:`/`blob:`.
 *
 * The header also sandboxes the document itself and names who may embed it. The iframe's `sandbox`
 * attribute is chosen by the embedding page: a page on another origin that embeds `/frame` without one
 * would get a document running as our origin, beside our API. The `sandbox` directive gives the
 * document an opaque origin however it is embedded, and `frame-ancestors 'self'` lets only our own
 * page embed it at all.
 */
export function frameContentSecurityPolicy(): string {
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data:',
    'media-src data: blob:',
    "connect-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "child-src 'none'",
    "object-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    'sandbox allow-scripts allow-forms',
  ].join('; ');
}
