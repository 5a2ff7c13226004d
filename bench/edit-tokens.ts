import { readFileSync } from 'node:fs';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import {
  emptyReplyMessage,
  type GeneratedWidget,
  replyEventReducer,
  replySegments,
} from '../packages/protocol/src/index.ts';
import { AssistantMessageAssembler } from '../packages/server/src/assembly/assistant-message-assembler.ts';
import { formatWidgetWireText } from '../packages/server/src/history/widget-wire-text.ts';
import { demoCatalogue } from '../packages/server/src/models/demo/demo-catalogue.ts';
import { demoReplyValues, fillPlaceholders } from '../packages/server/src/models/demo/fill-demo-reply.ts';
import { median } from './support/statistics.ts';

/**
 * Output tokens of an edit written as a patch (`@@EDIT:id@@` with whole parts or hunks) against the same edit
 * written as a full rewrite of the widget, over realistic edit requests on demo widgets. Each patch is applied
 * to its widget first; the full rewrite is the reply's prose plus the resulting widget in the wire format.
 */
interface EditRequest {
  request: string;
  base: string;
  patch: string;
}

const entryText = (id: string): string => {
  const entry = demoCatalogue.find((candidate) => candidate.id === id);
  if (entry === undefined) throw new Error(`no demo entry ${id}`);
  return readFileSync(entry.file, 'utf8');
};

const hunk = (part: string, search: string, replace: string) =>
  `@@${part}@@\n@@SEARCH@@\n${search}\n@@REPLACE@@\n${replace}\n`;

const edits: EditRequest[] = [
  ...['dark-theme', 'counter-reset', 'counter-bigger', 'counter-title'].map((id) => ({
    request: demoCatalogue.find((entry) => entry.id === id)!.title,
    base: 'counter',
    patch: entryText(id),
  })),
  {
    request: 'calculator: call the clear key AC',
    base: 'calculator',
    patch: `The clear key now reads AC.\n@@EDIT:{{widget}}@@\n${hunk(
      'HTML',
      '    <button type="button" class="function" data-key="Escape" aria-label="Clear">C</button>',
      '    <button type="button" class="function" data-key="Escape" aria-label="Clear all">AC</button>',
    )}@@END@@\n`,
  },
  {
    request: 'pomodoro: rename the long break',
    base: 'pomodoro-timer',
    patch: `Renamed the long break to "Long rest".\n@@EDIT:{{widget}}@@\n${hunk(
      'HTML',
      '    <button type="button" data-mode="long" aria-pressed="false">Long break</button>',
      '    <button type="button" data-mode="long" aria-pressed="false">Long rest</button>',
    )}@@END@@\n`,
  },
  {
    request: 'unit converter: call the weight tab Mass',
    base: 'unit-converter',
    patch: `The tab now says Mass.\n@@EDIT:{{widget}}@@\n${hunk(
      'HTML',
      '    <button type="button" role="tab" data-kind="mass" aria-selected="false">Weight</button>',
      '    <button type="button" role="tab" data-kind="mass" aria-selected="false">Mass</button>',
    )}@@END@@\n`,
  },
  {
    request: 'bar chart: retitle it',
    base: 'bar-chart',
    patch: `Retitled the chart.\n@@EDIT:{{widget}}@@\n${hunk(
      'HTML',
      '      <h3 id="bars-title">Sales by region</h3>',
      '      <h3 id="bars-title">2025 sales by region</h3>',
    )}@@END@@\n`,
  },
  {
    request: 'trip planner: friendlier submit button',
    base: 'trip-planner-form',
    patch: `The button now says "Check my trip".\n@@EDIT:{{widget}}@@\n${hunk(
      'HTML',
      '    <div class="wide actions"><button type="submit" class="primary">Review my trip</button></div>',
      '    <div class="wide actions"><button type="submit" class="primary">Check my trip</button></div>',
    )}@@END@@\n`,
  },
  {
    request: 'elements table: label the number column "Z"',
    base: 'elements-table',
    patch: `The first column is now headed Z, the atomic number.\n@@EDIT:{{widget}}@@\n${hunk(
      'HTML',
      '        <th class="num" scope="col"><button type="button" data-column="number">No. <span class="arrow" aria-hidden="true">▲</span></button></th>',
      '        <th class="num" scope="col"><button type="button" data-column="number">Z <span class="arrow" aria-hidden="true">▲</span></button></th>',
    )}@@END@@\n`,
  },
  {
    request: 'counter: make it dark and add a reset button in one reply',
    base: 'counter',
    patch: `${entryText('dark-theme').replace(/@@END@@\n?$/, '')}${entryText('counter-reset').slice(
      entryText('counter-reset').indexOf('@@HTML@@'),
    )}`,
  },
];

function assemble(text: string, base: GeneratedWidget | undefined) {
  let next = 0;
  const assembler = new AssistantMessageAssembler({
    messageId: 'm',
    createId: () => `w${++next}`,
    editableWidgets: (id) =>
      id === 'base' && base ? { lineageId: 'base', latest: base, number: 1 } : undefined,
  });
  const events = [...assembler.push(text), ...assembler.end()];
  // Prose after a finished widget is stored as a segment of its own: the reply is every segment together.
  const segments = replySegments(
    events.reduce(replyEventReducer(assembler.widgetBases), emptyReplyMessage('m')),
  );
  return {
    content: segments.map((segment) => segment.content).join('\n'),
    widget: segments.findLast((segment) => segment.widget !== undefined)?.widget,
  };
}

function main(): void {
  const ratios: number[] = [];
  console.log(
    `${'edit request'.padEnd(62)}${'patch'.padStart(7)}${'full'.padStart(7)}${'ratio'.padStart(7)}`,
  );
  for (const edit of edits) {
    const base = assemble(entryText(edit.base), undefined).widget!;
    // Filled as the demo fills it: the widget's id, and the last line of its CSS for the dark look.
    const patch = fillPlaceholders(
      edit.patch,
      demoReplyValues({ userText: '', quoted: { id: 'base', text: formatWidgetWireText(base) } }),
    );
    const result = assemble(patch, base);
    const failure = result.widget?.revision?.failure;
    if (failure !== undefined) throw new Error(`${edit.request}: ${failure.message}`);
    const full = `${result.content.trim()}\n${formatWidgetWireText(result.widget!)}\n`;
    const patchTokens = countTokens(patch);
    const fullTokens = countTokens(full);
    ratios.push(patchTokens / fullTokens);
    console.log(
      `${edit.request.slice(0, 60).padEnd(62)}${String(patchTokens).padStart(7)}${String(fullTokens).padStart(7)}${(patchTokens / fullTokens).toFixed(3).padStart(7)}`,
    );
  }
  console.log(`edit tokens: median patch/full = ${median(ratios).toFixed(3)} over ${ratios.length} edits`);
}

main();
