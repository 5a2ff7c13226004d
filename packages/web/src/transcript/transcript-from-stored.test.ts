import { describe, expect, it } from 'vitest';
import { transcriptFromStored } from './transcript-from-stored.ts';
import { transcriptWidgetSource } from './transcript-state.ts';

describe('transcriptFromStored', () => {
  it('restores prose, widgets and rendered tool calls, and drops tool results', () => {
    const messages = transcriptFromStored([
      { id: 'u1', threadId: 't', role: 'user', content: 'Show a cube', createdAt: '2025-01-01T00:00:00Z' },
      {
        id: 'a1',
        threadId: 't',
        role: 'assistant',
        content: 'Here it is.',
        createdAt: '2025-01-01T00:00:01Z',
        widget: { id: 'w1', height: 300, css: 'a{}', html: '<canvas></canvas>', js: 'x()', complete: true },
      },
      {
        id: 'a2',
        threadId: 't',
        role: 'assistant',
        content: '',
        createdAt: '2025-01-01T00:00:02Z',
        toolCallId: 'call-1',
        render: { tool: 'render_table', args: { rows: [] } },
      },
      { id: 't1', threadId: 't', role: 'tool', content: 'Displayed.', createdAt: '2025-01-01T00:00:03Z' },
    ]);
    expect(messages.map((message) => [message.id, message.parts.map((part) => part.kind)])).toEqual([
      ['u1', ['prose']],
      ['a1', ['prose', 'widget']],
      ['a2', ['tool-call']],
    ]);
    const widgetPart = messages[1]?.parts[1];
    if (widgetPart?.kind !== 'widget') throw new Error('the restored message lost its widget');
    const { widget } = widgetPart;
    expect(widget).toMatchObject({ id: 'w1', height: 300, complete: true, lastPart: 'end', markupBytes: 17 });
    // Replayed as parts, the way a live widget reaches its frame.
    expect(widget.parts.all()).toEqual([
      { part: 'height', delta: '300' },
      { part: 'css', delta: 'a{}' },
      { part: 'html', delta: '<canvas></canvas>' },
      { part: 'js', delta: 'x()' },
      { part: 'end', delta: '' },
    ]);
    expect(transcriptWidgetSource(widget)).toEqual({
      css: 'a{}',
      html: '<canvas></canvas>',
      js: 'x()',
    });
    expect(messages[2]?.parts[0]).toEqual({
      kind: 'tool-call',
      call: { toolCallId: 'call-1', toolCallName: 'render_table', argsJson: '{"rows":[]}', complete: true },
    });
  });

  it("keeps a stored reply's model and token counts on its message", () => {
    const reply = { model: 'gpt-test', inputTokens: 5, outputTokens: null };
    const [message] = transcriptFromStored([
      {
        id: 'a1',
        threadId: 't',
        role: 'assistant',
        content: 'Hi.',
        createdAt: '2025-01-01T00:00:00Z',
        reply,
      },
    ]);
    expect(message?.reply).toEqual(reply);
  });
});
