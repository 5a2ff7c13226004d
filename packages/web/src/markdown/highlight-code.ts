import highlighter from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

/**
 * The languages a chat reply is likely to show, registered on highlight.js's core (each language is a few
 * KB; the full build's 190 would make the chunk ten times larger). Their aliases come along: `js`, `ts`,
 * `py`, `html`, `sh`, `yml`…
 */
const languages = {
  bash,
  c,
  cpp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  markdown,
  python,
  rust,
  shell,
  sql,
  typescript,
  xml,
  yaml,
};
for (const [name, definition] of Object.entries(languages)) highlighter.registerLanguage(name, definition);

/**
 * The code as highlighted HTML (spans with `hljs-*` classes, the text escaped), or `undefined` for a
 * language it does not know: that code stays plain text rather than being guessed at.
 */
export function highlightCode({ code, language }: { code: string; language: string }): string | undefined {
  if (highlighter.getLanguage(language) === undefined) return undefined;
  return highlighter.highlight(code, { language, ignoreIllegals: true }).value;
}
