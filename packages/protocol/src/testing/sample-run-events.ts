import { type RunEvent, runEvents } from '../run-events.ts';

const threadId = 'thread-7';
const runId = 'run-42';
const messageId = 'message-1';
const widgetId = 'widget-1';

/** One realistic run: prose with multi-byte text, a whole widget, a parked tool call, trailing prose. */
export const sampleRunEvents: RunEvent[] = [
  runEvents.runStarted({ threadId, runId }),
  runEvents.runInfo({ model: 'demo', demo: true, runId: 'durable-1' }),
  runEvents.textStart({ messageId }),
  runEvents.textContent({ messageId, delta: 'Voilà — a café menu 🍰 ' }),
  runEvents.textContent({ messageId, delta: 'with 抹茶 and crème brûlée.\n' }),
  runEvents.widgetSnapshot({ widgetId }),
  runEvents.widgetPart({ widgetId, part: 'height', delta: '420' }),
  runEvents.widgetPart({
    widgetId,
    part: 'css',
    delta: '.menu { color: #333; }\n.menu::before { content: "☕"; }',
  }),
  runEvents.heartbeat(1_750_000_000_000),
  runEvents.widgetPart({ widgetId, part: 'html', delta: '<ul class="menu"><li>Crêpe 🥞</li>' }),
  runEvents.widgetPart({ widgetId, part: 'html', delta: '<li>ラーメン</li></ul>' }),
  runEvents.widgetPart({
    widgetId,
    part: 'js',
    delta: 'document.title = "Ça marche \\u2014 👍";',
  }),
  runEvents.widgetPart({ widgetId, part: 'end', delta: '' }),
  runEvents.toolCallStart({ toolCallId: 'call-1', toolCallName: 'render_table', parentMessageId: messageId }),
  runEvents.toolCallArgs({ toolCallId: 'call-1', delta: '{"title":"Prix — €"}' }),
  runEvents.toolCallEnd({ toolCallId: 'call-1' }),
  runEvents.toolCallResult({
    messageId: 'tool-1',
    toolCallId: 'call-1',
    content: 'Displayed the table to the user.',
  }),
  runEvents.textContent({ messageId, delta: 'Bon appétit! 👩‍🍳' }),
  runEvents.textEnd({ messageId }),
  runEvents.runFinished({ threadId, runId }),
];
