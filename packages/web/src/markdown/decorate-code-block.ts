import type DOMPurify from 'dompurify';
import type { CodeHighlighter } from './load-code-highlighter.ts';

/** The attribute that marks a code block's copy button; the prose block listens for clicks on it. */
export const copyCodeAttribute = 'data-copy-code';

/** The class of the button's visible word ("Copy", "Copied"), which the prose block changes after a copy. */
export const copyCodeLabelClass = 'code-block__copy-label';

const languagePattern = /(?:^|\s)language-([\w+#.-]{1,32})(?:\s|$)/;

/**
 * Gives a sanitised `<pre><code>` its frame: a bar naming the language with a Copy button, keyboard focus
 * for a block that scrolls sideways, and, when the highlighter has loaded and knows the language, colours.
 * The highlighter's HTML is sanitised again, down to spans with classes, so colouring can add nothing else.
 */
export function decorateCodeBlock({
  pre,
  purifier,
  highlightCode,
}: {
  pre: HTMLPreElement;
  purifier: ReturnType<typeof DOMPurify>;
  highlightCode: CodeHighlighter | undefined;
}): void {
  const document = pre.ownerDocument;
  const code = pre.querySelector(':scope > code');
  if (code === null) return;
  const language = languagePattern.exec(code.className)?.[1]?.toLowerCase();
  if (language !== undefined && highlightCode !== undefined) {
    const highlighted = highlightCode({ code: code.textContent ?? '', language });
    if (highlighted !== undefined) {
      code.innerHTML = purifier.sanitize(highlighted, { ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'] });
      code.classList.add('hljs');
    }
  }
  // A code block wider than the reply scrolls; a keyboard user must be able to reach it to scroll it.
  pre.setAttribute('tabindex', '0');
  const block = document.createElement('div');
  block.className = 'code-block';
  const bar = document.createElement('div');
  bar.className = 'code-block__bar';
  const label = document.createElement('span');
  label.className = 'code-block__language';
  label.textContent = language ?? 'code';
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'code-block__copy';
  copy.setAttribute(copyCodeAttribute, '');
  // The visible word starts the accessible name ("Copy js code"), so speech users can say what they see.
  const word = document.createElement('span');
  word.className = copyCodeLabelClass;
  word.textContent = 'Copy';
  const what = document.createElement('span');
  what.className = 'visually-hidden';
  what.textContent = language === undefined ? ' code' : ` ${language} code`;
  copy.append(word, what);
  bar.append(label, copy);
  pre.replaceWith(block);
  block.append(bar, pre);
}
