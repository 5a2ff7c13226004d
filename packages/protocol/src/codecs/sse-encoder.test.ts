import { HttpAgent } from '@ag-ui/client';
import { EventEncoder } from '@ag-ui/encoder';
import { describe, expect, it } from 'vitest';
import { runEvents } from '../run-events.ts';
import { sampleRunEvents } from '../testing/sample-run-events.ts';
import { encodeSseEvent, sseContentType } from './sse-encoder.ts';

describe('encodeSseEvent', () => {
  it('writes one data line and a blank line', () => {
    expect(encodeSseEvent(runEvents.textEnd({ messageId: 'm1' }))).toBe(
      'data: {"type":"TEXT_MESSAGE_END","messageId":"m1"}\n\n',
    );
  });

  it('keeps newlines inside values escaped, so the message cannot break', () => {
    const encoded = encodeSseEvent(runEvents.textContent({ messageId: 'm1', delta: 'a\n\nb\r\n' }));
    expect(encoded.indexOf('\n')).toBe(encoded.length - 2);
    expect(encoded).not.toContain('\r');
  });

  it('puts the run log sequence number on an id line before the data', () => {
    expect(encodeSseEvent(runEvents.textEnd({ messageId: 'm1' }), 7)).toBe(
      'id: 7\ndata: {"type":"TEXT_MESSAGE_END","messageId":"m1"}\n\n',
    );
  });

  it('writes exactly what the stock @ag-ui/encoder writes', () => {
    const agUiEncoder = new EventEncoder({ accept: sseContentType });
    for (const event of sampleRunEvents) {
      expect(encodeSseEvent(event)).toBe(agUiEncoder.encodeSSE(event));
    }
  });
});

describe('a stock @ag-ui/client HttpAgent reading our SSE', () => {
  it('sees the prose, the tool call, the CUSTOM values and the widget activity', async () => {
    // With the `id:` lines a resumable stream carries.
    const body = sampleRunEvents.map((event, index) => encodeSseEvent(event, index + 1)).join('');
    const bytes = new TextEncoder().encode(body);
    const fetchStub = async (): Promise<Response> =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            // Odd-sized chunks so messages and multi-byte characters straddle chunk boundaries.
            for (let start = 0; start < bytes.length; start += 13)
              controller.enqueue(bytes.subarray(start, start + 13));
            controller.close();
          },
        }),
        { headers: { 'content-type': sseContentType } },
      );
    const agent = new HttpAgent({
      url: 'http://127.0.0.1/api/agent',
      threadId: 'thread-7',
      fetch: fetchStub,
    });
    const customValues: unknown[] = [];
    await agent.runAgent(
      { runId: 'run-42' },
      {
        onCustomEvent: ({ event }) => {
          customValues.push({ name: event.name, value: event.value });
        },
      },
    );

    const assistant = agent.messages.find((message) => message.id === 'message-1');
    expect(assistant?.content).toBe('Voilà — a café menu 🍰 with 抹茶 and crème brûlée.\nBon appétit! 👩‍🍳');
    expect(customValues).toContainEqual({
      name: 'drawbridge.run',
      value: { model: 'demo', demo: true, runId: 'durable-1' },
    });
    // The widget is an activity message of its own, beside the prose, holding every part as it arrived.
    const widget = agent.messages.find((message) => message.role === 'activity');
    expect(widget).toMatchObject({ id: 'widget-1', activityType: 'drawbridge.widget' });
    expect(widget?.role === 'activity' ? widget.content.parts : undefined).toContainEqual({
      part: 'html',
      delta: '<li>ラーメン</li></ul>',
    });
    expect(agent.messages.find((message) => message.role === 'tool')?.content).toBe(
      'Displayed the table to the user.',
    );
  });
});
