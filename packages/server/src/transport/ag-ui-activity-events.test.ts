import { type BaseEvent, EventType, HttpAgent } from '@ag-ui/client';
import { encodeSseEvent, type RunEvent, runEvents } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';

// What a stock AG-UI client (`HttpAgent`, whose pipeline verifies and enforces every event) does with a widget
// sent as the `drawbridge.widget` activity (docs/protocol.md, "Widgets as activities"), and with the CUSTOM
// `drawbridge.widget` events that carried widgets before — which a run log written by an older server may
// still hold.

const threadId = 'thread-1';
const messageId = 'assistant-1';
const widgetId = 'widget-1';

/** An HttpAgent whose server is a recorded stream: every run gets `events` as SSE; request bodies are kept. */
function agentOver(events: readonly BaseEvent[]): { agent: HttpAgent; requests: unknown[] } {
  const requests: unknown[] = [];
  const agent = new HttpAgent({
    url: 'http://drawbridge.invalid/api/agent',
    threadId,
    fetch: async (_url, init) => {
      requests.push(JSON.parse(String(init.body)));
      const body = events.map((event) => encodeSseEvent(event as RunEvent)).join('');
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    },
  });
  return { agent, requests };
}

function run(body: BaseEvent[]): BaseEvent[] {
  return [
    runEvents.runStarted({ threadId, runId: 'run-1' }),
    runEvents.textStart({ messageId }),
    runEvents.textContent({ messageId, delta: 'A counter:' }),
    ...body,
    runEvents.textEnd({ messageId }),
    runEvents.runFinished({ threadId, runId: 'run-1' }),
  ];
}

/** A widget as the server sends it: a snapshot as it starts, then one `add /parts/-` per part. */
function widgetAsActivity(activityMessageId: string): BaseEvent[] {
  return [
    runEvents.widgetSnapshot({ widgetId: activityMessageId }),
    runEvents.widgetPart({ widgetId: activityMessageId, part: 'html', delta: '<button>' }),
    runEvents.widgetPart({ widgetId: activityMessageId, part: 'html', delta: '0</button>' }),
    runEvents.widgetPart({ widgetId: activityMessageId, part: 'end', delta: '' }),
  ];
}

const widgetContent = {
  parts: [
    { part: 'html', delta: '<button>' },
    { part: 'html', delta: '0</button>' },
    { part: 'end', delta: '' },
  ],
};

describe('widget parts in a stock AG-UI client', () => {
  it('passes the CUSTOM widget parts of an older server through verification and keeps the messages to prose', async () => {
    const legacyPart = (part: string, delta: string): BaseEvent =>
      ({
        type: EventType.CUSTOM,
        name: 'drawbridge.widget',
        value: { messageId, widgetId, part, delta },
      }) as BaseEvent;
    const { agent } = agentOver(
      run([legacyPart('html', '<button>'), legacyPart('html', '0</button>'), legacyPart('end', '')]),
    );
    const custom: unknown[] = [];
    await agent.runAgent({}, { onCustomEvent: ({ event }) => void custom.push(event.value) });

    expect(custom).toEqual([
      { messageId, widgetId, part: 'html', delta: '<button>' },
      { messageId, widgetId, part: 'html', delta: '0</button>' },
      { messageId, widgetId, part: 'end', delta: '' },
    ]);
    expect(agent.messages).toEqual([{ id: messageId, role: 'assistant', content: 'A counter:' }]);
  });

  it('keeps the widget as one activity message holding every part, which it never sends back', async () => {
    const { agent, requests } = agentOver(run(widgetAsActivity(widgetId)));
    await agent.runAgent({});

    expect(agent.messages).toEqual([
      { id: messageId, role: 'assistant', content: 'A counter:' },
      {
        id: widgetId,
        role: 'activity',
        activityType: 'drawbridge.widget',
        content: widgetContent,
      },
    ]);
    await agent.runAgent({});
    expect((requests[1] as { messages: { role: string }[] }).messages.map((message) => message.role)).toEqual(
      ['assistant'],
    );
  });

  it("would replace the prose if a widget took the assistant message's id, so it never does", async () => {
    const { agent } = agentOver(run(widgetAsActivity(messageId)));
    await agent.runAgent({});

    // The prose is gone: an activity cannot live inside the message it belongs to, only beside it.
    expect(agent.messages).toEqual([
      {
        id: messageId,
        role: 'activity',
        activityType: 'drawbridge.widget',
        content: widgetContent,
      },
    ]);
  });
});
