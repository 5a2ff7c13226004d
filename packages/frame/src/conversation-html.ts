import { standaloneContentSecurityPolicy } from './standalone-html.ts';
import { escapeHtml, typedCallHtml } from './typed-call-html.ts';

/** One piece of an exported conversation, in order. */
export type ConversationEntry =
  | { kind: 'prose'; role: 'user' | 'assistant'; text: string }
  /** A widget's standalone file (`renderStandaloneHtml`), shown at `height` pixels. */
  | { kind: 'widget'; title: string; standaloneHtml: string; height: number }
  /** A typed tool call the app drew (a table, a chart, a form, a picture, or a tool of the team's own). */
  | { kind: 'typed'; tool: string; args: unknown }
  /** A picture a user message carried, as a `data:` URL. */
  | { kind: 'image'; name: string; dataUrl: string }
  /** Any other file a user message carried: its name and what it is, and its text when it is text. */
  | { kind: 'file'; name: string; description: string; text?: string };

const styles = `body{margin:0;background:#f7f7fb;color:#16181d;font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:820px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:22px;margin:0 0 20px}
.note{margin:-12px 0 20px;color:#646b7a;font-size:13px}
.role{margin:20px 0 4px;color:#646b7a;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em}
.prose{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
.user .prose{background:#4f5bd5;color:#fff;border-radius:14px;padding:10px 14px;width:fit-content;max-width:85%;margin-left:auto}
iframe{display:block;width:100%;border:1px solid #e3e5ec;border-radius:12px;background:#fff;margin:10px 0}
img{display:block;max-width:320px;max-height:240px;border-radius:10px;margin:8px 0 8px auto}
details{border:1px solid #e3e5ec;border-radius:10px;background:#fff;padding:8px 12px;margin:8px 0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:13px}
.typed{margin:10px 0;border:1px solid #e3e5ec;border-radius:12px;background:#fff;padding:10px 14px}
.typed figcaption{font-weight:600;margin:0 0 6px}
.typed__scroll{overflow-x:auto}
table{border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:4px 10px;border-bottom:1px solid #e3e5ec}
@media (prefers-color-scheme:dark){body{background:#131419;color:#e8e9ef}.role,.note{color:#9aa0ae}iframe{border-color:#2c2f3a;background:#1c1e25}details,.typed{background:#1c1e25;border-color:#2c2f3a}th,td{border-color:#2c2f3a}a{color:#9db0ff}}`;

/**
 * A whole conversation as one HTML file that works from disk: the prose as text (never as markup), the files
 * the user sent, each typed tool call as static markup (`typedCallHtml`), and each widget as its own standalone document (`renderStandaloneHtml`) in a sandboxed
 * `srcdoc` frame — the same isolation as a single widget's download, under the same policy: the page runs no
 * script of its own, and what a widget runs stays in its opaque-origin frame.
 */
export function renderConversationHtml({
  title,
  note,
  entries,
}: {
  title: string;
  /** A line under the title, as text (a shared page says what it is and when it was made). */
  note?: string;
  entries: readonly ConversationEntry[];
}): string {
  let lastRole: string | undefined;
  const body = entries
    .map((entry) => {
      const role =
        entry.kind === 'prose'
          ? entry.role
          : entry.kind === 'widget' || entry.kind === 'typed'
            ? 'assistant'
            : 'user';
      const heading =
        role === lastRole ? '' : `<p class="role">${role === 'user' ? 'You' : 'Assistant'}</p>\n`;
      lastRole = role;
      switch (entry.kind) {
        case 'prose':
          return `${heading}<div class="${entry.role}"><p class="prose">${escapeHtml(entry.text)}</p></div>`;
        case 'widget':
          return `${heading}<iframe sandbox="allow-scripts allow-forms" title="${escapeHtml(entry.title)}" style="height:${Math.round(entry.height)}px" srcdoc="${escapeHtml(entry.standaloneHtml)}"></iframe>`;
        case 'typed':
          return `${heading}${typedCallHtml(entry)}`;
        case 'image':
          return `${heading}<img src="${escapeHtml(entry.dataUrl)}" alt="${escapeHtml(entry.name)}">`;
        case 'file':
          return `${heading}<details><summary>${escapeHtml(entry.name)} (${escapeHtml(entry.description)})</summary>${entry.text === undefined ? '' : `<pre>${escapeHtml(entry.text)}</pre>`}</details>`;
        default: {
          const exhaustiveCheck: never = entry;
          throw new Error(`unknown conversation entry ${JSON.stringify(exhaustiveCheck)}`);
        }
      }
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${standaloneContentSecurityPolicy}">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${note === undefined ? '' : `<p class="note">${escapeHtml(note)}</p>\n`}${body}
</main>
</body>
</html>
`;
}
