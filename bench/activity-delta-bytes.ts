// Wire bytes of one streamed widget three ways: the `drawbridge.widget` activity as the server sends it (a
// snapshot, then one `add /parts/-` per part), the CUSTOM `drawbridge.widget` events it replaced (spelled here
// by hand: no builder makes them any more), and activity deltas that replace a channel's whole string (JSON
// Patch cannot append to a string, so the bytes grow with the square of the widget). The numbers are what
// docs/protocol.md ("Widgets as activities") cites. Run: npx tsx bench/activity-delta-bytes.ts
import { readFileSync } from 'node:fs';
import {
  encodeNdjsonEvent,
  isWidgetPartType,
  runEvents,
  type WidgetChunk,
  WidgetStreamParser,
} from '@drawbridge/protocol';

const pieceLength = 8;

function fixture(name: string): string {
  return readFileSync(
    new URL(`../packages/protocol/src/testing/fixtures/replies/${name}.txt`, import.meta.url),
    'utf8',
  );
}

/** A table widget of about `rows` × 80 characters of markup, like a generated report. */
function tableReply(rows: number): string {
  const lines = Array.from(
    { length: rows },
    (_, row) =>
      `<tr><td>Order #${row}</td><td>customer${row % 97}@example.com</td><td>${row * 7} €</td></tr>`,
  );
  return `Orders.\n@@HEIGHT:480@@\n@@CSS@@\ntd { padding: 4px; }\n@@HTML@@\n<table>\n${lines.join('\n')}\n</table>\n@@END@@\n`;
}

const replies: [string, string][] = [
  ['calculator', fixture('calculator')],
  ['svg-chart', fixture('svg-chart')],
  ['three-scene', fixture('three-scene')],
  ['table-200', tableReply(200)],
  ['table-1000', tableReply(1000)],
];

for (const [name, reply] of replies) {
  const parser = new WidgetStreamParser();
  const chunks: WidgetChunk[] = [];
  for (let index = 0; index < reply.length; index += pieceLength) {
    chunks.push(...parser.push(reply.slice(index, index + pieceLength)));
  }
  chunks.push(...parser.end());
  const channels: Record<string, string> = { height: '', css: '', html: '', js: '' };
  let customBytes = 0;
  let partsBytes = encodeNdjsonEvent(runEvents.widgetSnapshot({ widgetId: 'w' })).length;
  let activityBytes = 0;
  let widgetEvents = 0;
  for (const chunk of chunks) {
    // These replies make new widgets: an edit's chunks (edit target, hunks) do not occur in them.
    if (!isWidgetPartType(chunk.type)) continue;
    widgetEvents += 1;
    const value = { messageId: 'm', widgetId: 'w', part: chunk.type, delta: chunk.delta };
    customBytes += `${JSON.stringify({ type: 'CUSTOM', name: 'drawbridge.widget', value })}\n`.length;
    partsBytes += encodeNdjsonEvent(
      runEvents.widgetPart({ widgetId: 'w', part: chunk.type, delta: chunk.delta }),
    ).length;
    if (chunk.type !== 'end') channels[chunk.type] += chunk.delta;
    const patch =
      chunk.type === 'end'
        ? [{ op: 'replace', path: '/complete', value: true }]
        : [{ op: 'replace', path: `/${chunk.type}`, value: channels[chunk.type] }];
    activityBytes +=
      `${JSON.stringify({ type: 'ACTIVITY_DELTA', messageId: 'w', activityType: 'drawbridge.widget', patch })}\n`
        .length;
  }
  console.log(
    `${name.padEnd(12)} ${String(reply.length).padStart(6)} chars, ${String(widgetEvents).padStart(4)} widget events: ` +
      `CUSTOM ${String(customBytes).padStart(8)} B, activity parts ${String(partsBytes).padStart(8)} B ` +
      `(${(partsBytes / customBytes).toFixed(2)}×), replacing channels ${String(activityBytes).padStart(9)} B ` +
      `(${(activityBytes / customBytes).toFixed(1)}×)`,
  );
}
