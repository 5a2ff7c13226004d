/**
 * How much the history window saves: a thread of ten turns, each answered with a ~8 KB widget,
 * counted in o200k tokens as a naive full replay versus what buildModelHistory sends.
 * Run: npx tsx bench/history.ts
 */
import { createSeededRandom } from '@drawbridge/protocol';
import type { ModelMessage } from 'ai';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { buildModelHistory } from '../packages/server/src/history/build-model-history.ts';
import { formatWidgetWireText } from '../packages/server/src/history/widget-wire-text.ts';
import type { StoredMessage, StoredWidget } from '../packages/server/src/store/store.ts';

const turnCount = 10;
const topics = [
  'Revenue',
  'Signups',
  'Latency',
  'Churn',
  'Inventory',
  'Weather',
  'Orbits',
  'Budget',
  'Tasks',
  'Scores',
];

function realisticWidget(turn: number, topic: string): StoredWidget {
  const random = createSeededRandom(turn + 1);
  const css = Array.from(
    { length: 24 },
    (_, index) =>
      `.${topic.toLowerCase()}-cell-${index} { padding: ${4 + (index % 6)}px ${8 + (index % 4)}px; ` +
      `color: hsl(${Math.floor(random() * 360)} 60% 40%); border-bottom: 1px solid #e3e6ee; }`,
  ).join('\n');
  const rows = Array.from({ length: 30 }, (_, row) => {
    const cells = Array.from(
      { length: 4 },
      (_, column) =>
        `<td class="${topic.toLowerCase()}-cell-${(row + column) % 24}">${(random() * 10_000).toFixed(1)}</td>`,
    ).join('');
    return `<tr><th scope="row">${topic} ${row + 1}</th>${cells}</tr>`;
  }).join('\n');
  const html = `<section class="card" aria-label="${topic} overview">\n<h2>${topic} by quarter</h2>\n<table>\n<thead><tr><th>Item</th><th>Q1</th><th>Q2</th><th>Q3</th><th>Q4</th></tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>\n<button id="sort">Sort by Q4</button>\n</section>`;
  const js = `const body = document.querySelector('tbody');
document.getElementById('sort').addEventListener('click', () => {
  const rows = [...body.rows].sort((left, right) => Number(right.cells[4].textContent) - Number(left.cells[4].textContent));
  for (const row of rows) body.append(row);
});`;
  return { id: `w${turn}`, height: 480, css, html, js, complete: true };
}

function buildThread(): StoredMessage[] {
  const messages: StoredMessage[] = [];
  const push = (role: StoredMessage['role'], content: string, widget?: StoredWidget) => {
    const index = messages.length;
    const message: StoredMessage = {
      id: `m${index}`,
      threadId: 'bench',
      role,
      content,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
    };
    if (widget !== undefined) message.widget = widget;
    messages.push(message);
  };
  topics.slice(0, turnCount).forEach((topic, turn) => {
    push('user', `Show me ${topic.toLowerCase()} by quarter as a sortable table.`);
    push(
      'assistant',
      `Here is ${topic.toLowerCase()} by quarter; click the button to sort by Q4.`,
      realisticWidget(turn, topic),
    );
  });
  push('user', 'Make the last one blue.');
  return messages;
}

function fullReplay(messages: StoredMessage[]): ModelMessage[] {
  return messages.map((message) =>
    message.role === 'user'
      ? { role: 'user', content: message.content }
      : {
          role: 'assistant',
          content:
            message.widget === undefined
              ? message.content
              : `${message.content}\n${formatWidgetWireText(message.widget)}`,
        },
  );
}

function tokensOf(history: ModelMessage[]): number {
  return history.reduce(
    (total, message) =>
      total +
      countTokens(typeof message.content === 'string' ? message.content : JSON.stringify(message.content)),
    0,
  );
}

const thread = buildThread();
const widgetSizes = thread.flatMap((message) =>
  message.widget === undefined
    ? []
    : [message.widget.css.length + message.widget.html.length + message.widget.js.length],
);
const averageWidgetKilobytes = widgetSizes.reduce((sum, size) => sum + size, 0) / widgetSizes.length / 1024;
const fullTokens = tokensOf(fullReplay(thread));
const window = buildModelHistory(thread);
const windowTokens = tokensOf(window);

console.log(
  `thread: ${turnCount} turns, ${thread.length} messages, widgets ~${averageWidgetKilobytes.toFixed(1)} KB each`,
);
console.log(`full history:   ${fullTokens} tokens (o200k_base), ${thread.length} messages`);
console.log(
  `model window:   ${windowTokens} tokens, ${window.length} messages (latest widget quoted, older described)`,
);
console.log(`saved:          ${(100 * (1 - windowTokens / fullTokens)).toFixed(1)}%`);
