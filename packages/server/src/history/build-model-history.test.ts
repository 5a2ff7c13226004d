import { mcpViewCarrierKey } from '@drawbridge/protocol';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { StoredMessage, StoredWidget } from '../store/store.ts';
import { buildModelHistory } from './build-model-history.ts';

let sequence = 0;
function message(
  role: StoredMessage['role'],
  content: string,
  extra: Partial<StoredMessage> = {},
): StoredMessage {
  sequence += 1;
  return {
    id: `m${sequence}`,
    threadId: 't',
    role,
    content,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString(),
    ...extra,
  };
}

function widgetNamed(id: string, heading: string, size = 100): StoredWidget {
  return {
    id,
    height: 300,
    css: `.${id}{color:red}`,
    html: `<section><h2>${heading}</h2><p>${'x'.repeat(size)}</p></section>`,
    js: `console.log('${id}')`,
    complete: true,
  };
}

/** A message's text, whether it is a string or text parts (the part that carries a cache breakpoint). */
function contentText(entry: ModelMessage | undefined): string | undefined {
  if (entry === undefined) return undefined;
  if (typeof entry.content === 'string') return entry.content;
  return entry.content.map((part) => ('text' in part ? part.text : `[${part.type}]`)).join('');
}

function texts(history: ModelMessage[]): string[] {
  return history.map((entry) =>
    typeof entry.content === 'string' ? `${entry.role}: ${entry.content}` : `${entry.role}: [parts]`,
  );
}

describe('buildModelHistory', () => {
  it('passes a short conversation through unchanged', () => {
    const history = buildModelHistory([
      message('user', 'hi'),
      message('assistant', 'hello'),
      message('user', 'bye'),
    ]);
    expect(history).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
      { role: 'user', content: 'bye' },
    ]);
  });

  it('quotes the latest revision of each widget in wire format and describes earlier revisions', () => {
    const chart = widgetNamed('w1', 'Revenue by region', 12_000);
    const planets = widgetNamed('w2', 'Solar system');
    const darkChart = {
      ...widgetNamed('w3', 'Revenue by region'),
      revision: { of: 'w1', number: 2, baseId: 'w1' },
    };
    const history = buildModelHistory([
      message('user', 'chart please'),
      message('assistant', 'Here is the chart.', { widget: chart }),
      message('user', 'now planets'),
      message('assistant', 'Here are the planets.', { widget: planets }),
      message('user', 'make the chart dark'),
      message('assistant', 'Dark now.', { widget: darkChart }),
      message('user', 'make it blue'),
    ]);
    expect(history[1]).toEqual({
      role: 'assistant',
      content:
        'Here is the chart.\n[widget w1, revision 1, shown earlier: "Revenue by region", 11.8 KB of CSS/HTML/JS omitted]',
    });
    expect(history[3]).toEqual({
      role: 'assistant',
      content: `Here are the planets.\n[widget w2, revision 1]\n@@HEIGHT:300@@\n@@CSS@@\n${planets.css}\n@@HTML@@\n${planets.html}\n@@JS@@\n${planets.js}\n@@END@@`,
    });
    expect(contentText(history[5])).toMatch(
      /^Dark now\.\n\[widget w1, revision 2\]\n@@HEIGHT:300@@\n@@CSS@@\n\.w3/,
    );
  });

  it('describes a failed edit in one line and keeps quoting the revision it left unchanged', () => {
    const counter = widgetNamed('w1', 'Counter');
    const failure = { code: 'hunk_not_found' as const, message: 'Hunk 1 (HTML): no match.' };
    const failed = { ...counter, id: 'w2', revision: { of: 'w1', number: 2, baseId: 'w1', failure } };
    const history = buildModelHistory([
      message('user', 'counter'),
      message('assistant', 'Here.', { widget: counter }),
      message('user', 'add reset'),
      message('assistant', 'Added.', { widget: failed }),
      message('user', 'try again'),
    ]);
    expect(contentText(history[1])).toMatch(/^Here\.\n\[widget w1, revision 1\]\n@@HEIGHT/);
    expect(history[3]?.content).toBe(
      'Added.\n[edit of widget w1 failed, nothing changed: Hunk 1 (HTML): no match.]',
    );
  });

  it('describes a widget stopped at a limit in one line, and an edit stopped there leaves its base quoted', () => {
    const counter = widgetNamed('w1', 'Counter');
    const refusal = { code: 'markup_too_deep' as const, message: 'Nested too deep.' };
    const stoppedEdit = { ...counter, id: 'w2', revision: { of: 'w1', number: 2, baseId: 'w1' }, refusal };
    const stopped = { ...widgetNamed('w3', 'Huge', 5000), complete: false, refusal };
    const history = buildModelHistory([
      message('user', 'counter'),
      message('assistant', 'Here.', { widget: counter }),
      message('user', 'add reset'),
      message('assistant', 'Added.', { widget: stoppedEdit }),
      message('user', 'something huge'),
      message('assistant', 'Here it is.', { widget: stopped }),
      message('user', 'why?'),
    ]);
    expect(contentText(history[1])).toMatch(/^Here\.\n\[widget w1, revision 1\]\n@@HEIGHT/);
    expect(history[3]?.content).toBe(
      'Added.\n[widget w1, revision 2 was stopped and not shown: Nested too deep.]',
    );
    expect(history[5]?.content).toBe(
      'Here it is.\n[widget w3, revision 1 was stopped and not shown: Nested too deep.]',
    );
  });

  it('writes a widget without prose and without height as its label and the block', () => {
    const widget = { ...widgetNamed('w1', 'Clock'), height: null };
    const history = buildModelHistory([message('user', 'clock'), message('assistant', '  ', { widget })]);
    expect(contentText(history[1])).toBe(
      `[widget w1, revision 1]\n@@CSS@@\n${widget.css}\n@@HTML@@\n${widget.html}\n@@JS@@\n${widget.js}\n@@END@@`,
    );
  });

  it('marks only the newest widget quoted in full as a prompt-cache breakpoint', () => {
    const chart = widgetNamed('w1', 'Revenue');
    const planets = widgetNamed('w2', 'Planets');
    const history = buildModelHistory([
      message('user', 'chart please'),
      message('assistant', 'Here is the chart.', { widget: chart }),
      message('user', 'now planets'),
      message('assistant', 'Here are the planets.', { widget: planets }),
      message('user', 'thanks'),
      message('assistant', 'You are welcome.'),
      message('user', 'make the planets spin'),
    ]);
    const marked = history.flatMap((entry, index) =>
      typeof entry.content === 'string'
        ? []
        : entry.content.flatMap((part) =>
            'providerOptions' in part && part.providerOptions !== undefined ? [{ index, part }] : [],
          ),
    );
    expect(marked).toEqual([
      {
        index: 3,
        part: {
          type: 'text',
          text: expect.stringMatching(/^Here are the planets\.\n\[widget w2, revision 1\]\n@@HEIGHT/),
          providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
        },
      },
    ]);
    expect(history[1]).toEqual({
      role: 'assistant',
      content: expect.stringMatching(/^Here is the chart\.\n\[widget w1/),
    });
  });

  it('drops empty carrier messages', () => {
    const history = buildModelHistory([
      message('user', 'table'),
      message('assistant', ''),
      message('assistant', '', { render: { tool: 'render_image', args: { url: 'https://x' } } }),
      message('assistant', 'Done.'),
      message('user', ' '),
      message('user', 'thanks'),
    ]);
    expect(texts(history)).toEqual(['user: table', 'assistant: Done.', 'user: thanks']);
  });

  it('turns a render carrier plus its acknowledgement into a tool call and result pair', () => {
    const args = { columns: ['name'], rows: [['Ada']] };
    const history = buildModelHistory([
      message('user', 'show a table'),
      message('assistant', 'Here you go:'),
      message('assistant', '', { toolCallId: 'call-1', render: { tool: 'render_table', args } }),
      message('tool', 'Displayed the table to the user.', { toolCallId: 'call-1' }),
      message('assistant', 'Anything else?'),
    ]);
    // The prose before the call and the call are one assistant response, as the model produced them.
    expect(history.slice(1, 3)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Here you go:' },
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'render_table', input: args },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call-1',
            toolName: 'render_table',
            output: { type: 'text', value: 'Displayed the table to the user.' },
          },
        ],
      },
    ]);
    expect(history).toHaveLength(4);
  });

  it('joins the segments of one stored reply into one assistant message and drops the carrier', () => {
    const history = buildModelHistory([
      message('user', 'chart weekly traffic'),
      message('assistant', 'Here is the chart.'),
      message('assistant', '', { toolCallId: 'call-1', render: { tool: 'render_chart', args: {} } }),
      message('assistant', 'Tuesday peaks.'),
      message('user', 'thanks'),
    ]);
    expect(history).toEqual([
      { role: 'user', content: 'chart weekly traffic' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Here is the chart.' },
          { type: 'text', text: 'Tuesday peaks.' },
        ],
      },
      { role: 'user', content: 'thanks' },
    ]);
  });

  it('drops a tool result whose call is unknown', () => {
    const history = buildModelHistory([
      message('user', 'q'),
      message('tool', 'orphan answer', { toolCallId: 'missing' }),
      message('tool', 'no call id'),
    ]);
    expect(texts(history)).toEqual(['user: q']);
  });

  it('keeps at most maxMessages, cutting at whole messages and starting at a user message', () => {
    const stored: StoredMessage[] = [];
    for (let turn = 0; turn < 10; turn += 1) {
      stored.push(message('user', `question ${turn}`), message('assistant', `answer ${turn}`));
    }
    stored.push(message('user', 'last question'));
    const history = buildModelHistory(stored, { maxMessages: 4 });
    // The four newest are answer 8, question 9, answer 9, last; the window may not open on an answer.
    expect(texts(history)).toEqual(['user: question 9', 'assistant: answer 9', 'user: last question']);
  });

  it('defaults to the last 30 messages', () => {
    const stored: StoredMessage[] = [];
    for (let turn = 0; turn < 40; turn += 1) {
      stored.push(message('user', `q${turn}`), message('assistant', `a${turn}`));
    }
    const history = buildModelHistory(stored);
    expect(history).toHaveLength(30);
    expect(history[0]).toEqual({ role: 'user', content: 'q25' });
  });

  it('keeps within maxCharacters without cutting any message', () => {
    const stored = [
      message('user', 'a'.repeat(400)),
      message('assistant', 'b'.repeat(400)),
      message('user', 'c'.repeat(400)),
      message('assistant', 'd'.repeat(400)),
      message('user', 'e'.repeat(100)),
    ];
    const history = buildModelHistory(stored, { maxCharacters: 1000 });
    expect(texts(history).map((line) => line.slice(0, 9))).toEqual(['user: ccc', 'assistant', 'user: eee']);
    for (const entry of history) expect([100, 400]).toContain((entry.content as string).length);
  });

  it('always keeps the newest user message, even when it alone is over budget', () => {
    const huge = 'z'.repeat(5000);
    const history = buildModelHistory(
      [message('user', 'earlier'), message('assistant', 'ok'), message('user', huge)],
      {
        maxCharacters: 100,
        maxMessages: 1,
      },
    );
    expect(history).toEqual([{ role: 'user', content: huge }]);
  });

  it('describes the latest widget instead of dropping it when quoting it would not fit', () => {
    const latest = widgetNamed('w9', 'Big dashboard', 20_000);
    const history = buildModelHistory(
      [
        message('user', 'dashboard'),
        message('assistant', 'Here.', { widget: latest }),
        message('user', 'make it blue'),
      ],
      { maxCharacters: 1000 },
    );
    expect(texts(history)).toEqual([
      'user: dashboard',
      'assistant: Here.\n[widget w9, revision 1, shown earlier: "Big dashboard", 19.6 KB of CSS/HTML/JS omitted]',
      'user: make it blue',
    ]);
  });

  it('keeps a tool call and its result together or not at all', () => {
    const args = { rows: 'r'.repeat(300) };
    const stored = [
      message('user', 'first'),
      message('assistant', '', { toolCallId: 'c1', render: { tool: 'render_table', args } }),
      message('tool', 'Displayed.', { toolCallId: 'c1' }),
      message('user', 'second'),
    ];
    const roomForOnlyTheResult = buildModelHistory(stored, { maxMessages: 2 });
    expect(texts(roomForOnlyTheResult)).toEqual(['user: second']);
    const roomForAll = buildModelHistory(stored, { maxMessages: 4 });
    expect(roomForAll.map((entry) => entry.role)).toEqual(['user', 'assistant', 'tool', 'user']);
  });

  it('returns an empty history for an empty thread', () => {
    expect(buildModelHistory([])).toEqual([]);
  });
});

describe('buildModelHistory with MCP App views', () => {
  function viewCarrier(toolCallId: string, modelContext?: unknown): StoredMessage {
    return message('assistant', '', {
      toolCallId,
      render: {
        tool: 'mcp__notes__show-note',
        args: { [mcpViewCarrierKey]: { input: { note: 'n' }, result: {}, modelContext } },
      },
    });
  }

  it('adds what each view last told the model to the newest user message, as one labelled text part', () => {
    const history = buildModelHistory([
      message('user', 'Show the note.'),
      viewCarrier('call_a', {
        content: [{ type: 'text', text: 'The user ticked two items.' }],
        structuredContent: { ticked: 2 },
      }),
      viewCarrier('call_quiet'),
      message('assistant', 'Here it is.'),
      message('user', 'What did I tick?'),
    ]);
    expect(history.at(0)).toEqual({ role: 'user', content: 'Show the note.' });
    expect(history.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What did I tick?' },
        {
          type: 'text',
          text: 'Context from the mcp__notes__show-note view (call call_a): The user ticked two items.\n{"ticked":2}',
        },
      ],
    });
  });

  it('leaves the history as it was when no view said anything', () => {
    const history = buildModelHistory([message('user', 'Show it.'), viewCarrier('call_b')]);
    expect(history).toEqual([{ role: 'user', content: 'Show it.' }]);
  });
});
