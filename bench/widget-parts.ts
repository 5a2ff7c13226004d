// The way a streamed widget's parts take from the transcript into the frame host, per delta: the transcript
// step (`transcriptReducer`) and what the host hands its frame (`WidgetPartLog.partsAfter`). Beside it, the
// previous way as a reference: every channel joined into one string, the new markup cut back out by length
// and the stylesheet re-sent whole. Run: npx tsx bench/widget-parts.ts
import { type RunEvent, runEvents, WidgetPartLog } from '@drawbridge/protocol';
import { emptyTranscript, type TranscriptState, transcriptReducer } from '@drawbridge/react';

const messageId = 'm1';
const widgetId = 'w1';

function widgetEvents(markupBytes: number, chunkCount: number): RunEvent[] {
  const row = (index: number) =>
    `<tr id="r${index}"><td>${index}</td><td class="name">Item &quot;${index}&quot;</td><td>${(index * 7.3).toFixed(2)}</td></tr>\n`;
  let markup = '<table><tbody>\n';
  for (let index = 0; markup.length < markupBytes; index += 1) markup += row(index);
  markup += '</tbody></table>';
  const css = Array.from({ length: 40 }, (_, index) => `.c${index}{padding:${index}px;color:#333}`).join(
    '\n',
  );
  const cut = (text: string, count: number) =>
    Array.from({ length: count }, (_, index) =>
      text.slice(Math.round((index * text.length) / count), Math.round(((index + 1) * text.length) / count)),
    );
  const part = (name: 'height' | 'css' | 'html' | 'js' | 'end', delta: string) =>
    runEvents.widgetPart({ widgetId, part: name, delta });
  return [
    runEvents.textContent({ messageId, delta: 'Here is the table.' }),
    runEvents.widgetSnapshot({ widgetId }),
    part('height', '480'),
    ...cut(css, 100).map((delta) => part('css', delta)),
    ...cut(markup, chunkCount).map((delta) => part('html', delta)),
    part('js', "document.querySelector('table').dataset.ready = 'yes';"),
    part('end', ''),
  ];
}

/** The current way: each event folded into the transcript, then the host forwards the parts it has not sent. */
function partsWay(events: RunEvent[]): { forwardedBytes: number; messages: number } {
  let state: TranscriptState = emptyTranscript;
  let sent = WidgetPartLog.empty;
  let forwardedBytes = 0;
  let messages = 0;
  for (const event of events) {
    state = transcriptReducer(state, { type: 'run-event', event });
    const part = state.messages[0]?.parts.find((candidate) => candidate.kind === 'widget');
    if (part?.kind !== 'widget') continue;
    for (const forwarded of part.widget.parts.partsAfter(sent) ?? []) {
      forwardedBytes += forwarded.delta.length;
      messages += 1;
    }
    sent = part.widget.parts;
  }
  return { forwardedBytes, messages };
}

/** The previous way, for reference: channels joined per delta, markup cut back out, CSS re-sent whole. */
function joinAndCutWay(events: RunEvent[]): { forwardedBytes: number; messages: number } {
  const widget = { css: '', html: '', js: '' };
  let sentCss = '';
  let sentHtmlLength = 0;
  let forwardedBytes = 0;
  let messages = 0;
  for (const event of events) {
    if (event.type !== 'CUSTOM') continue;
    const { part, delta } = event.value as { part: string; delta: string };
    if (part === 'css' || part === 'html' || part === 'js') widget[part] += delta;
    if (widget.css !== sentCss) {
      sentCss = widget.css;
      forwardedBytes += sentCss.length;
      messages += 1;
    }
    if (widget.html.length > sentHtmlLength) {
      forwardedBytes += widget.html.slice(sentHtmlLength).length;
      sentHtmlLength = widget.html.length;
      messages += 1;
    }
  }
  return { forwardedBytes, messages };
}

/** The fastest of a few runs after a warm-up: on a shared machine the minimum is the least disturbed. */
function time(run: () => { forwardedBytes: number; messages: number }) {
  let outcome = run();
  let fastest = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const started = performance.now();
    outcome = run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return { ms: Number(fastest.toFixed(1)), ...outcome };
}

const rows = [];
for (const [markupBytes, chunkCount] of [
  [46_000, 4_000],
  [200_000, 10_000],
] as const) {
  const events = widgetEvents(markupBytes, chunkCount);
  for (const [way, run] of [
    ['parts (current)', () => partsWay(events)],
    ['join and cut (previous, reference)', () => joinAndCutWay(events)],
  ] as const) {
    const result = time(run);
    rows.push({
      widget: `${Math.round(markupBytes / 1000)} KB markup in ${chunkCount} deltas`,
      way,
      ms: result.ms,
      'bytes to the frame': result.forwardedBytes,
      'messages to the frame': result.messages,
    });
  }
}
console.table(rows);
