import { frameKitCss } from './kit/kit-stylesheet.ts';

/**
 * The bootstrap document of the widget frame and the theme it shares with standalone exports.
 * Isomorphic: plain strings, built into `dist/frame.html` by `build.mjs`.
 */

/**
 * Theme variables for light and dark, switched by `data-theme` on `<html>`, and border-box sizing: a widget's
 * `width:100%` box with a border or padding then fits its frame instead of overflowing it by those pixels
 * (widget CSS that wants content-box says so and wins, coming later).
 */
export const frameThemeCss = `
:root{color-scheme:light;--db-fg:#1d2330;--db-bg:transparent;--db-accent:#3b6cf6;--db-muted:#646b7a;
--db-surface:#f4f6fa;--db-border:#dde2ea;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
:root[data-theme="dark"]{color-scheme:dark;--db-fg:#e6e9ef;--db-accent:#7d9cff;--db-muted:#98a0b3;
--db-surface:#1d222c;--db-border:#343b49}
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;background:transparent;color:var(--db-fg)}
#widget-root{display:flow-root}
`.trim();

/**
 * Where the frame resolves `three`, its addons and the kit's script module: our own server, never a CDN. Relative to the frame document
 * (`<mount>/frame`), as its runtime's URL is, so the document works wherever the server is mounted (`/frame`,
 * `/ai/frame`): `./vendor/…` is `<mount>/vendor/…`.
 */
export const frameImportMap = {
  imports: {
    three: './vendor/three/build/three.module.js',
    'three/addons/': './vendor/three/examples/jsm/',
    kit: './frame/kit.js',
  },
};

/** The document served at `/frame`: theme, kit stylesheet, import map, empty widget slots, then the runtime. */
export function renderFrameBootstrapHtml(): string {
  return `<!doctype html>
<html lang="en" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Widget</title>
<script type="importmap">${JSON.stringify(frameImportMap)}</script>
<style>${frameThemeCss}
${frameKitCss}</style>
<style id="widget-css"></style>
</head>
<body>
<div id="widget-root"></div>
<script src="./frame/runtime.js"></script>
</body>
</html>
`;
}
