import DOMPurify from 'dompurify';
import { Marked, type MarkedExtension } from 'marked';
import { decorateCodeBlock } from './decorate-code-block.ts';
import type { CodeHighlighter } from './load-code-highlighter.ts';

/**
 * Model prose is untrusted markup: a prompt-injected reply can try to leak what it read through an image
 * URL, cover the app with a styled overlay ("Session expired, sign in again") or ask for a password in a
 * form field. So prose keeps text structure and links only: no images or media (each image becomes a
 * visible "image not loaded" link the user may choose to open), no `style`, no form controls. The page's
 * CSP (`img-src 'self' data: blob:`) backs this up.
 */
const forbiddenTags = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'optgroup',
  'fieldset',
  'datalist',
  'output',
  'picture',
  'source',
  'video',
  'audio',
  'track',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
];
const forbiddenAttributes = ['style', 'srcset', 'ping', 'background', 'formaction', 'form'];

// A task list's checkbox is a form control: show its state as text instead.
const checkboxAsText: MarkedExtension = {
  renderer: { checkbox: ({ checked }) => (checked ? '☑ ' : '☐ ') },
};

const markdown = new Marked({ async: false, gfm: true, breaks: false }, checkboxAsText);

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * What the user typed: the same markdown, but a line break is a line break (as they saw it in the box) and
 * HTML they typed ("what does <details> do?") is shown as the text it was, not read as markup.
 */
const userMarkdown = new Marked({ async: false, gfm: true, breaks: true }, checkboxAsText, {
  renderer: {
    html: ({ text }) => text.replace(/[&<>"]/g, (character) => htmlEscapes[character] ?? character),
  },
});

let purifier: ReturnType<typeof DOMPurify> | undefined;

function httpsUrl(value: string | null): string | undefined {
  if (value === null) return undefined;
  try {
    const url = new URL(value, 'https://invalid.invalid/');
    return url.protocol === 'https:' && url.hostname !== 'invalid.invalid' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An image the prose asked for, shown as a link the user may follow instead of a request made for them. */
function blockedImage(image: Element): Element {
  const document = image.ownerDocument;
  const alt = image.getAttribute('alt')?.trim();
  const source = httpsUrl(image.getAttribute('src'));
  const label = `Image not loaded${alt ? `: ${alt}` : ''}`;
  if (source === undefined) {
    const span = document.createElement('span');
    span.className = 'prose-image-blocked';
    span.textContent = label;
    return span;
  }
  const link = document.createElement('a');
  link.className = 'prose-image-blocked';
  link.setAttribute('href', source);
  // Made after the sanitiser gave every other link these, and opened the same way: never in the chat's tab.
  link.setAttribute('target', '_blank');
  link.setAttribute('rel', 'noopener noreferrer');
  link.textContent = `${label} (${new URL(source).hostname})`;
  return link;
}

function createPurifier(): ReturnType<typeof DOMPurify> {
  const instance = DOMPurify(window);
  // Runs after sanitising so the attributes we add are not stripped again.
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return instance;
}

/** How to render: colours for code, and whose text it is (model prose, or a message the user typed). */
export interface RenderMarkdownOptions {
  highlightCode?: CodeHighlighter | undefined;
  source?: 'model' | 'user';
}

/**
 * Renders model prose (markdown, possibly cut mid-stream) or a user's message to sanitised HTML; links open
 * in a new tab, code blocks get a Copy button and, with `highlightCode`, colours.
 */
export function renderMarkdown(text: string, options: RenderMarkdownOptions = {}): string {
  purifier ??= createPurifier();
  // A message's text is exactly what was typed: without the newline marked ends its last block with.
  const html =
    options.source === 'user'
      ? (userMarkdown.parse(text) as string).trimEnd()
      : (markdown.parse(text) as string);
  const fragment = purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: forbiddenTags,
    FORBID_ATTR: forbiddenAttributes,
    RETURN_DOM_FRAGMENT: true,
  });
  // The fragment is inert (no request is made for its images); they are swapped out before it is shown.
  for (const image of fragment.querySelectorAll('img')) image.replaceWith(blockedImage(image));
  for (const pre of fragment.querySelectorAll('pre')) {
    decorateCodeBlock({ pre, purifier, highlightCode: options.highlightCode });
  }
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}
