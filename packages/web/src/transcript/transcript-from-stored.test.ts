import { describe, expect, it } from 'vitest';
import { transcriptFromStored } from './transcript-from-stored.ts';

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
    expect(messages[2]?.parts[0]).toEqual({
      kind: 'tool-call',
      call: { toolCallId: 'call-1', toolCallName: 'render_table', argsJson: '{"rows":[]}', complete: true },
    });
  });
});
