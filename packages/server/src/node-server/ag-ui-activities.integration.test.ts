import { type BaseEvent, HttpAgent, type Message } from '@ag-ui/client';
import { EventSchemas } from '@ag-ui/core/schemas';
import {
  activityWidgetLookup,
  applyReplyEvent,
  EventType,
  emptyReplyMessage,
  generatedWidgetOf,
  isDrawbridgeActivity,
  type ReplyMessage,
  type RunEvent,
  replyWidgetOfActivity,
  widgetActivityContentSchema,
} from '@drawbridge/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveModel } from '../models/resolve-model.ts';
import { startRenderToolServer } from '../testing/render-tool-server.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

// A stock AG-UI client (`HttpAgent`, which verifies and enforces every event) against the real server: a widget
// and an edit of it (the demo model) arrive as `drawbridge.widget` activities, a typed render call as a
// `drawbridge.render-tool` activity; every event passes `@ag-ui/core`'s schemas, and the activity messages the
// client keeps hold what the server stored.

let server: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function expectAgUiEvents(events: BaseEvent[]): void {
  for (const event of events) {
    const parsed = EventSchemas.safeParse(event);
    expect(parsed.success, `${event.type} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  }
}

async function demoServer(): Promise<TestServer> {
  const { model, id, demo, hint } = resolveModel({ kind: 'demo', pace: 0 });
  return startTestServer({ model: { model, id, demo, hint } });
}

/** Runs one turn, keeping every event the client saw after its own verification. */
async function runTurn(agent: HttpAgent, id: string, content: string): Promise<BaseEvent[]> {
  agent.addMessage({ id, role: 'user', content });
  const events: BaseEvent[] = [];
  await agent.runAgent({}, { onEvent: ({ event }) => void events.push(event) });
  return events;
}

function activityMessages(messages: Message[]) {
  return messages.flatMap((message) => (message.role === 'activity' ? [message] : []));
}

describe('AG-UI activities, read by a stock HttpAgent from the real server', () => {
  it('streams a widget and its edit as activities that pass @ag-ui/core, kept as what the server stored', async () => {
    const demo = await demoServer();
    server = demo;
    const threadId = `fresh-${crypto.randomUUID()}`;
    const agent = new HttpAgent({ url: `${demo.url}/api/agent`, threadId });

    const first = await runTurn(agent, 'user-1', 'a tally counter');
    const second = await runTurn(agent, 'user-2', 'add a reset button');

    expectAgUiEvents([...first, ...second]);
    // No widget travels as a CUSTOM event any more: only the run's own (run info, reply details).
    const customNames = ([...first, ...second] as RunEvent[]).flatMap((event) =>
      event.type === EventType.CUSTOM ? [event.name] : [],
    );
    expect(new Set(customNames)).toEqual(new Set(['drawbridge.run', 'drawbridge.reply']));

    const widgetEvents = (events: BaseEvent[]) =>
      (events as RunEvent[]).filter((event) => isDrawbridgeActivity(event, 'drawbridge.widget'));
    for (const events of [first, second]) {
      const types = widgetEvents(events).map((event) => event.type);
      expect(types[0]).toBe('ACTIVITY_SNAPSHOT');
      expect(types.slice(1).every((type) => type === 'ACTIVITY_DELTA')).toBe(true);
    }

    // The client keeps one activity message per widget, beside (never instead of) the prose.
    const activities = activityMessages(agent.messages);
    expect(activities.map((message) => message.activityType)).toEqual([
      'drawbridge.widget',
      'drawbridge.widget',
    ]);
    const assistants = agent.messages.filter((message) => message.role === 'assistant');
    expect(assistants.length).toBeGreaterThanOrEqual(2);
    for (const activity of activities) {
      expect(assistants.map((message) => message.id)).not.toContain(activity.id);
    }

    // Its content, folded as our reducer folds it, is the widget the store keeps: base and revision.
    const stored = (await demo.store.listMessages(threadId)).flatMap((message) =>
      message.widget === undefined ? [] : [message.widget],
    );
    // An edit's activity names its base and carries only its hunks: the client's own activity messages hold
    // that base, and the documented lookup over them seeds the revision.
    const findWidget = activityWidgetLookup(agent.messages);
    const held = activities.map((activity) =>
      generatedWidgetOf(
        replyWidgetOfActivity(activity.id, widgetActivityContentSchema.parse(activity.content), findWidget),
      ),
    );
    expect(held).toEqual(stored);
    expect(held[1]?.revision).toEqual({ of: held[0]?.id, number: 2, baseId: held[0]?.id });
    expect(held[1]?.html).toContain('reset');

    // And the same events, folded by our reducer, give the reply the server stored (no second wire to agree).
    const reply = (first as RunEvent[]).reduce<ReplyMessage>(
      applyReplyEvent,
      emptyReplyMessage(String(assistants[0]?.id)),
    );
    const widgets = reply.parts.flatMap((part) => (part.kind === 'widget' ? [part.widget] : []));
    expect(widgets.map(generatedWidgetOf)).toEqual([stored[0]]);
  });

  it('shows a typed render call as a drawbridge.render-tool activity with the validated arguments', async () => {
    const tableArgs = {
      columns: [{ key: 'name', label: 'Name', type: 'string' }],
      rows: [{ name: 'Ada' }],
    };
    const renderServer = await startRenderToolServer({
      script: {
        steps: [
          {
            parts: [
              { type: 'text', text: 'Here is the table.' },
              { type: 'tool-call', toolName: 'render_table', input: tableArgs },
            ],
          },
        ],
      },
    });
    server = renderServer;
    const agent = new HttpAgent({
      url: `${renderServer.url}/api/agent`,
      threadId: `fresh-${crypto.randomUUID()}`,
    });
    // A stock client cannot answer mid-run: the call is validated, shown, and the run ends interrupted for it.
    const events = await runTurn(agent, 'user-1', 'show me a table');
    expectAgUiEvents(events);

    const labels = (events as RunEvent[]).map((event) =>
      event.type === EventType.ACTIVITY_SNAPSHOT ? event.activityType : event.type,
    );
    const end = labels.indexOf(EventType.TOOL_CALL_END);
    // After the call's arguments are complete, never before.
    expect(labels.indexOf('drawbridge.render-tool')).toBeGreaterThan(end);
    const toolCallId = agent.messages.flatMap((message) =>
      message.role === 'assistant' ? (message.toolCalls ?? []) : [],
    )[0]?.id;
    expect(activityMessages(agent.messages)).toEqual([
      {
        id: toolCallId,
        role: 'activity',
        activityType: 'drawbridge.render-tool',
        content: { toolCallId, toolName: 'render_table', args: tableArgs },
      },
    ]);
  });
});
