import type { GeneratedWidget } from '@drawbridge/protocol';
import { clampWidgetHeight, defaultWidgetHeight } from '@drawbridge/protocol/widget-height';
import { frameThemeCss } from './frame-document.ts';
import { frameContentSecurityPolicy } from './frame-policy.ts';
import { escapeInlineScript, escapeInlineStyle } from './inline-element-text.ts';
import { frameKitCss } from './kit/kit-stylesheet.ts';

export interface StandaloneHtmlOptions {
  /** A stored widget; its height, or the default when the model gave none, is the page's minimum. */
  widget: Pick<GeneratedWidget, 'height' | 'css' | 'html' | 'js'>;
  /** `dist/runtime.js`. */
  runtimeSource: string;
  /** `dist/three-bundle.js`: three.js and `OrbitControls` as one ES module. */
  threeBundleSource: string;
  /** `dist/kit.js`, the kit's script module; a widget that imports `kit` needs it in its export. */
  kitBundleSource?: string;
  title: string;
  /**
   * `light` (the default): the widget as drawn on a light page, whatever the reader's setting — a downloaded
   * widget looks as it did. `reader`: light or dark as the reader's browser prefers, for a page of widgets that
   * follows that setting itself (an exported or shared conversation).
   */
  theme?: 'light' | 'reader';
}

// A `<meta>` policy may not carry these (browsers ignore them there, with a console warning).
const headerOnlyDirectives = new Set(['frame-ancestors', 'sandbox', 'report-uri']);

/**
 * The live frame's policy, for a downloaded file: it has no server behind it, so scripts come inline or
 * from `data:` URLs only, and the directives only a header can carry are left out.
 */
export const standaloneContentSecurityPolicy = frameContentSecurityPolicy()
  .split('; ')
  .filter((directive) => !headerOnlyDirectives.has(directive.split(' ')[0] ?? ''))
  .map((directive) => (directive.startsWith('script-src ') ? "script-src 'unsafe-inline' data:" : directive))
  .join('; ');

const threeImport = /(?:\bfrom|\bimport)\s*\(?\s*["']three(?:\/addons\/[^"']*)?["']/;
const kitImport = /(?:\bfrom|\bimport)\s*\(?\s*["']kit["']/;
// The kit's `stage()` imports three.js itself when it runs, which a file cannot wait for: a script that imports
// the kit and names `stage` gets three.js in its file too.
const kitStage = /\bstage\b/;
// A widget on the kit names the class in its markup; the others do not need the kit's stylesheet in their file.
const kitClass = /\bclass\s*=\s*(?:"[^"]*\bkit\b[^"]*"|'[^']*\bkit\b[^']*'|kit\b)/;

/**
 * One self-contained HTML file that shows a widget from disk. Opened from disk it has no server and no
 * opaque origin of its own, so the widget does not run in it: the file is a shell whose only content is
 * a sandboxed `srcdoc` frame holding the widget document (the runtime, the CSS, the markup — built by the
 * runtime with the same rules as in a live frame — and the script, with `three` and `kit` mapped to inline
 * `data:` modules when, and only when, the script imports them — or, for `three`, imports the kit's `stage`). The shell's CSP is inherited by that frame
 * and its `frame-src 'none'` stops the frame from navigating anywhere; the sandbox gives it no popups and
 * no way to navigate the shell.
 */
export function renderStandaloneHtml(options: StandaloneHtmlOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${standaloneContentSecurityPolicy}">
<title>${escapeHtml(options.title)}</title>
<style>html,body{margin:0;height:100%}iframe{display:block;width:100%;height:100%;border:0}</style>
</head>
<body>
<iframe sandbox="allow-scripts allow-forms" title="${escapeHtml(options.title)}" srcdoc="${escapeHtml(renderWidgetDocument(options))}"></iframe>
</body>
</html>
`;
}

/** The widget's own document, shown inside the shell's sandboxed frame. */
function renderWidgetDocument({
  widget,
  runtimeSource,
  threeBundleSource,
  kitBundleSource,
  title,
  theme = 'light',
}: StandaloneHtmlOptions): string {
  const kit =
    kitBundleSource !== undefined && kitImport.test(widget.js)
      ? `data:text/javascript;base64,${base64FromUtf8(kitBundleSource)}`
      : undefined;
  const usesThree = threeImport.test(widget.js) || (kit !== undefined && kitStage.test(widget.js));
  const imports = {
    ...(usesThree ? standaloneThreeImports(threeBundleSource) : {}),
    ...(kit === undefined ? {} : { kit }),
  };
  const importMap = Object.keys(imports).length === 0 ? undefined : { imports };
  const minimumHeight = clampWidgetHeight(widget.height ?? defaultWidgetHeight);
  return `<!doctype html>
<html lang="en" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${theme === 'reader' ? `<script>${followReaderTheme}</script>\n` : ''}${importMap === undefined ? '' : `<script type="importmap">${escapeInlineScript(JSON.stringify(importMap))}</script>\n`}<style>${frameThemeCss}
${kitClass.test(widget.html) ? `${frameKitCss}\n` : ''}@media (prefers-color-scheme: dark){:root:not([data-theme="light"]){color-scheme:dark}}
body{padding:16px}#widget-root{min-height:${minimumHeight}px}</style>
<style id="widget-css">${escapeInlineStyle(widget.css)}</style>
</head>
<body>
<div id="widget-root"></div>
<script type="application/json" id="widget-markup">${jsonForScript(widget.html)}</script>
<script>${escapeInlineScript(runtimeSource)}</script>
<script type="module">${escapeInlineScript(widget.js)}</script>
</body>
</html>
`;
}

// Before the widget's CSS and script read it: the same attribute the live frame's host sets.
const followReaderTheme =
  "document.documentElement.dataset.theme=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'";

function standaloneThreeImports(threeBundleSource: string): Record<string, string> {
  const orbitControls = "export { OrbitControls } from 'three';";
  return {
    three: `data:text/javascript;base64,${base64FromUtf8(threeBundleSource)}`,
    'three/addons/controls/OrbitControls.js': `data:text/javascript;base64,${base64FromUtf8(orbitControls)}`,
  };
}

/**
 * A JSON value as inline script text. `<` is written as `\u003c`, which is still valid JSON (unlike the
 * `<\!--` of `escapeInlineScript`, which JSON.parse refuses) and can neither close the element nor open a comment.
 */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Base64 of the UTF-8 bytes, without Node's `Buffer`, so this module stays isomorphic. */
function base64FromUtf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  const sliceLength = 0x8000;
  for (let start = 0; start < bytes.length; start += sliceLength) {
    binary += String.fromCharCode(...bytes.subarray(start, start + sliceLength));
  }
  return btoa(binary);
}
