import { type BaseEvent, HttpAgent, type Message } from '@ag-ui/client';
import { EventSchemas } from '@ag-ui/core/schemas';
import {
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
import { startTestServer, type TestServer } from '../testing/test-server.ts';

// A stock AG-UI client (`HttpAgent`, which verifies and enforces every event) against the real server and the
// demo model: a widget and an edit of it arrive as `drawbridge.widget` activities that pass `@ag-ui/core`'s
// schemas, and the activity message the client keeps is the widget the server stored.

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

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

describe('widgets as AG-UI activities, read by a stock HttpAgent from the real server', () => {
  it('streams a widget and its edit as activities that pass @ag-ui/core, kept as what the server stored', async () => {
    server = await demoServer();
    const threadId = `fresh-${crypto.randomUUID()}`;
    const agent = new HttpAgent({ url: `${server.url}/api/agent`, threadId });

    const first = await runTurn(agent, 'user-1', 'a tally counter');
    const second = await runTurn(agent, 'user-2', 'add a reset button');

    for (const event of [...first, ...second]) {
      const parsed = EventSchemas.safeParse(event);
      expect(parsed.success, `${event.type} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
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
    const stored = (await server.store.listMessages(threadId)).flatMap((message) =>
      message.widget === undefined ? [] : [message.widget],
    );
    const held = activities.map((activity) =>
      generatedWidgetOf(
        replyWidgetOfActivity(activity.id, widgetActivityContentSchema.parse(activity.content)),
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
});
