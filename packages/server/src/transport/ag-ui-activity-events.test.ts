import { type BaseEvent, EventType, HttpAgent } from '@ag-ui/client';
import { encodeSseEvent, type RunEvent, runEvents } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';

// Decides B3 of issue 15 (docs/protocol.md, "Widget parts: CUSTOM, not ACTIVITY_*"): what a stock AG-UI client
// (`HttpAgent`, whose pipeline verifies and enforces every event) does with widget parts sent as CUSTOM events
// and with the same parts sent as ACTIVITY_SNAPSHOT / ACTIVITY_DELTA.

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

/** The same widget as activity events: a snapshot, then JSON Patch deltas (there is no "append to a string"). */
function widgetAsActivity(activityMessageId: string): BaseEvent[] {
  return [
    {
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId: activityMessageId,
      activityType: 'drawbridge.widget',
      content: { css: '', html: '', js: '', complete: false },
    } as BaseEvent,
    {
      type: EventType.ACTIVITY_DELTA,
      messageId: activityMessageId,
      activityType: 'drawbridge.widget',
      patch: [{ op: 'replace', path: '/html', value: '<button>' }],
    } as BaseEvent,
    {
      type: EventType.ACTIVITY_DELTA,
      messageId: activityMessageId,
      activityType: 'drawbridge.widget',
      patch: [
        { op: 'replace', path: '/html', value: '<button>0</button>' },
        { op: 'replace', path: '/complete', value: true },
      ],
    } as BaseEvent,
  ];
}

describe('widget parts in a stock AG-UI client', () => {
  it('passes CUSTOM widget parts through verification untouched and keeps the messages to prose', async () => {
    const { agent } = agentOver(
      run([
        runEvents.widgetPart({ messageId, widgetId, part: 'html', delta: '<button>' }),
        runEvents.widgetPart({ messageId, widgetId, part: 'html', delta: '0</button>' }),
        runEvents.widgetPart({ messageId, widgetId, part: 'end', delta: '' }),
      ]),
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

  it('accepts ACTIVITY_* and keeps only the latest content as an activity message, which it never sends back', async () => {
    const { agent, requests } = agentOver(run(widgetAsActivity(widgetId)));
    await agent.runAgent({});

    expect(agent.messages).toEqual([
      { id: messageId, role: 'assistant', content: 'A counter:' },
      {
        id: widgetId,
        role: 'activity',
        activityType: 'drawbridge.widget',
        content: { css: '', html: '<button>0</button>', js: '', complete: true },
      },
    ]);
    await agent.runAgent({});
    expect((requests[1] as { messages: { role: string }[] }).messages.map((message) => message.role)).toEqual(
      ['assistant'],
    );
  });

  it("replaces the prose message when the activity takes the assistant message's id", async () => {
    const { agent } = agentOver(run(widgetAsActivity(messageId)));
    await agent.runAgent({});

    // The prose is gone: an activity cannot live inside the message it belongs to, only beside it.
    expect(agent.messages).toEqual([
      {
        id: messageId,
        role: 'activity',
        activityType: 'drawbridge.widget',
        content: { css: '', html: '<button>0</button>', js: '', complete: true },
      },
    ]);
  });
});
