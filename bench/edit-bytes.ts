import { readFileSync } from 'node:fs';
import {
  encodeNdjsonEvent,
  type GeneratedWidget,
  generatedWidgetLookup,
  generatedWidgetOf,
  isDrawbridgeActivity,
  parseRunEvent,
  type RunEvent,
  replyOfRunEvents,
  runEvents,
} from '../packages/protocol/src/index.ts';
import { AssistantMessageAssembler } from '../packages/server/src/assembly/assistant-message-assembler.ts';
import { formatWidgetWireText } from '../packages/server/src/history/widget-wire-text.ts';
import { demoCatalogue } from '../packages/server/src/models/demo/demo-catalogue.ts';
import { demoReplyValues, fillPlaceholders } from '../packages/server/src/models/demo/fill-demo-reply.ts';

/**
 * Bytes on the wire for an edit against the patch the model wrote, over the demo model's canned edits: for each,
 * the edit block as written (`@@EDIT:id@@` … `@@END@@`, `patch`), the NDJSON of the edit's widget activity
 * events (its snapshot and deltas, each with its `seq`, as a client reads them: `wire`), and their ratio; then
 * `text`, the part of `wire` that is the edit's own text (`wire` less the same events with every part's text
 * emptied: the envelope, about 450 bytes per edit whatever it says). The base widget's size is printed beside
 * them: an edit that re-sends its widget costs a multiple of that column instead. Each edit's events are
 * validated and folded with the protocol's reducer, the base beside them, and must make the edit, so a figure
 * can only come from a wire that carries the whole edit.
 *
 *     npx tsx bench/edit-bytes.ts
 */
interface DemoEdit {
  edit: string;
  base: string;
}

const edits: DemoEdit[] = [
  { edit: 'counter-title', base: 'counter' },
  { edit: 'counter-bigger', base: 'counter' },
  { edit: 'counter-reset', base: 'counter' },
  { edit: 'dark-theme', base: 'counter' },
  { edit: 'dark-theme', base: 'trip-planner-form' },
  { edit: 'dice-roller-fix', base: 'dice-roller' },
];

const entryText = (id: string): string => {
  const entry = demoCatalogue.find((candidate) => candidate.id === id);
  if (entry === undefined) throw new Error(`no demo entry ${id}`);
  return readFileSync(entry.file, 'utf8');
};

// Ids as long as the server's (UUIDs), so the envelope weighs what it weighs live.
const idFactory = (prefix: string) => {
  let next = 0;
  return () => {
    next += 1;
    return `${prefix}${String(next).padStart(12, '0')}`;
  };
};

function assemble(text: string, base: GeneratedWidget | undefined, prefix: string): RunEvent[] {
  const assembler = new AssistantMessageAssembler({
    messageId: `${prefix}message`,
    createId: idFactory(`${prefix}-0000-4000-8000-`),
    editableWidgets: (id) =>
      base !== undefined && id === base.id ? { lineageId: base.id, latest: base, number: 1 } : undefined,
  });
  return [
    runEvents.textStart({ messageId: `${prefix}message` }),
    ...assembler.push(text),
    ...assembler.end(),
    runEvents.textEnd({ messageId: `${prefix}message` }),
  ];
}

function widgetOf(events: RunEvent[], base?: GeneratedWidget): GeneratedWidget {
  const reply = replyOfRunEvents(events, generatedWidgetLookup(base === undefined ? [] : [base]))!;
  const part = reply.parts.findLast((candidate) => candidate.kind === 'widget');
  if (part?.kind !== 'widget') throw new Error('the reply holds no widget');
  return generatedWidgetOf(part.widget);
}

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The event with the text of every part emptied: what it costs whatever the edit says. */
function envelopeOf(event: RunEvent): RunEvent {
  const emptied = JSON.parse(JSON.stringify(event));
  const parts = [
    ...(emptied.content?.parts ?? []),
    ...(emptied.patch ?? []).flatMap((operation: { path: string; value: unknown }) =>
      operation.path === '/parts/-' ? [operation.value] : [],
    ),
  ];
  for (const part of parts) {
    part.delta = '';
    if (part.search !== undefined) part.search = '';
  }
  return emptied;
}

function main(): void {
  const ratios: number[] = [];
  const textRatios: number[] = [];
  console.log(
    [
      'edit'.padEnd(34),
      'widget'.padStart(7),
      'patch'.padStart(7),
      'wire'.padStart(7),
      'events'.padStart(7),
      'wire/patch'.padStart(11),
      'text'.padStart(7),
      'text/patch'.padStart(11),
    ].join(''),
  );
  for (const { edit, base: baseEntry } of edits) {
    const base = widgetOf(assemble(entryText(baseEntry), undefined, 'aaaaaaaa'));
    const reply = fillPlaceholders(
      entryText(edit),
      demoReplyValues({ userText: '', quoted: { id: base.id, text: formatWidgetWireText(base) } }),
    );
    const block = reply.slice(reply.indexOf('@@EDIT:'), reply.indexOf('@@END@@') + '@@END@@'.length);
    const events = assemble(reply, base, 'bbbbbbbb');
    const edited = widgetOf(events, base);
    if (edited.revision?.failure !== undefined)
      throw new Error(`${edit} on ${baseEntry}: ${edited.revision.failure.message}`);
    const same = (['css', 'html', 'js'] as const).every((part) => edited[part] === base[part]);
    if (!edited.complete || same) throw new Error(`${edit} on ${baseEntry}: the events do not make the edit`);
    let seq = 0;
    let wire = 0;
    let envelope = 0;
    let count = 0;
    for (const event of events) {
      seq += 1;
      if (!isDrawbridgeActivity(event, 'drawbridge.widget') || event.messageId !== edited.id) continue;
      const parsed = parseRunEvent(JSON.parse(JSON.stringify(event)));
      if (!parsed.success) throw new Error(`${edit} on ${baseEntry}: ${parsed.error.message}`);
      wire += utf8(encodeNdjsonEvent(event, seq));
      envelope += utf8(encodeNdjsonEvent(envelopeOf(event), seq));
      count += 1;
    }
    const widgetBytes = utf8(base.css) + utf8(base.html) + utf8(base.js);
    const patch = utf8(block);
    const text = wire - envelope;
    ratios.push(wire / patch);
    textRatios.push(text / patch);
    console.log(
      [
        `${edit} on ${baseEntry}`.padEnd(34),
        String(widgetBytes).padStart(7),
        String(patch).padStart(7),
        String(wire).padStart(7),
        String(count).padStart(7),
        (wire / patch).toFixed(2).padStart(11),
        String(text).padStart(7),
        (text / patch).toFixed(2).padStart(11),
      ].join(''),
    );
  }
  const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  console.log(
    `edit bytes over ${ratios.length} edits: wire/patch ${range(ratios)}, text/patch ${range(textRatios)} (goal ≤ 1.5)`,
  );
}

main();
