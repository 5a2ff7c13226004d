import {
  a2uiActivityIdOf,
  applyReplyEvent,
  EventType,
  emptyReplyMessage,
  foldA2uiActivity,
  type RunEvent,
  sendA2uiToolName,
} from '@drawbridge/protocol';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedTestModel } from '../models/testing/test-models.ts';
import { type DisplayedA2uiSurface, sendA2uiJsonTool } from '../tools/a2ui/send-a2ui-json-tool.ts';
import { runAgent } from './run-agent.ts';

const history: ModelMessage[] = [{ role: 'user', content: 'book a table' }];
const catalogId = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const booking = [
  { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'booking',
      components: [
        { id: 'root', component: 'Column', children: ['title', 'guests', 'book'] },
        { id: 'title', component: 'Text', text: 'Book a table', variant: 'h3' },
        { id: 'guests', component: 'Slider', label: 'Guests', min: 1, max: 8, value: { path: '/guests' } },
        { id: 'book', component: 'Button', child: 'label', action: { event: { name: 'book' } } },
        { id: 'label', component: 'Text', text: 'Book' },
      ],
    },
  },
  { version: 'v0.9', updateDataModel: { surfaceId: 'booking', value: { guests: 2 } } },
];

async function run(messages: unknown[], { offered = true } = {}) {
  const displayed: DisplayedA2uiSurface[] = [];
  const events: RunEvent[] = [];
  const tool = sendA2uiJsonTool({ onDisplayed: async (surface) => void displayed.push(surface) });
  const result = await runAgent({
    system: 'test',
    history,
    abortSignal: new AbortController().signal,
    threadId: 'thread-1',
    runId: 'run-1',
    owner: { userId: 'local', isAdmin: true },
    emit: (event) => events.push(event),
    tools: offered ? [tool as never] : [],
    model: scriptedTestModel({
      script: {
        steps: [
          {
            parts: [
              { type: 'text', text: 'Here is a form. ' },
              {
                type: 'tool-call',
                toolCallId: 'call-1',
                toolName: sendA2uiToolName,
                input: { a2ui_json: JSON.stringify(messages) },
              },
            ],
          },
          { parts: [{ type: 'text', text: 'Pick a size.' }] },
        ],
      },
    }),
  });
  return { events, result, displayed };
}

const activityEvents = (events: RunEvent[]) =>
  events.filter(
    (event) => event.type === EventType.ACTIVITY_SNAPSHOT || event.type === EventType.ACTIVITY_DELTA,
  );

describe('A2UI tool calls', () => {
  it('draw their surface while the arguments stream, as an a2ui-surface activity', async () => {
    const { events, result, displayed } = await run(booking);
    const drawn = activityEvents(events);
    expect(drawn[0]).toMatchObject({
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId: a2uiActivityIdOf('call-1'),
      activityType: 'a2ui-surface',
    });
    // More than one step: components arrive one by one, not all at the end, each sent once.
    expect(drawn.length).toBeGreaterThan(3);
    const componentAdds = drawn.flatMap((event) =>
      event.type === EventType.ACTIVITY_DELTA
        ? event.patch.filter(
            (operation) => operation.path === '/a2ui_operations/1/updateComponents/components/-',
          )
        : [],
    );
    expect(componentAdds.length).toBeGreaterThan(1);
    const sentBytes = drawn.reduce((total, event) => total + JSON.stringify(event).length, 0);
    expect(sentBytes).toBeLessThan(2 * JSON.stringify(booking).length + 1_000);
    let partial = emptyReplyMessage(result.reply.id);
    for (const event of events) {
      partial = applyReplyEvent(partial, event);
      const activity = partial.parts.find((part) => part.kind === 'activity');
      if (activity?.kind === 'activity')
        expect(foldA2uiActivity(activity.activity.content).success).toBe(true);
    }
    const activity = result.reply.parts.find((part) => part.kind === 'activity');
    expect(activity).toEqual({
      kind: 'activity',
      activity: { id: 'a2ui-call-1', activityType: 'a2ui-surface', content: { a2ui_operations: booking } },
    });
    expect(displayed).toHaveLength(1);
    expect(displayed[0]?.context.toolCallId).toBe('call-1');
    const results = events.flatMap((event) =>
      event.type === EventType.TOOL_CALL_RESULT ? [event.content] : [],
    );
    expect(results).toEqual([
      'Displayed the surface "booking" to the user. Their actions on it arrive as their next message.',
    ]);
  });

  it('tell the model exactly what is wrong with an invalid surface, and keep nothing', async () => {
    const broken = structuredClone(booking);
    (
      broken[1] as { updateComponents: { components: Record<string, unknown>[] } }
    ).updateComponents.components[2] = { id: 'guests', component: 'Slider', label: 'Guests' };
    const { events, displayed } = await run(broken);
    const [result] = events.flatMap((event) =>
      event.type === EventType.TOOL_CALL_RESULT ? [event.content] : [],
    );
    expect(result).toMatch(/^Error: The surface was not drawn: message 2: .*Slider "guests"/);
    expect(displayed).toEqual([]);
  });

  it('are not drawn when the agent was not offered the tool', async () => {
    const { events } = await run(booking, { offered: false });
    expect(activityEvents(events)).toEqual([]);
  });
});
