import {
  Composer,
  createRenderToolHandler,
  createThread,
  defaultWidgetEnvironment,
  RunStatusLine,
  useAgentRun,
  WidgetCard,
  WidgetEnvironmentContext,
  widgetRegistryFrom,
} from '@drawbridge/react';
import { useEffect, useMemo } from 'react';
import { WeatherCard } from './weather-card.tsx';
import { weatherCard } from './weather-tool.ts';

const baseUrl = '/ai';
const registry = widgetRegistryFrom([weatherCard], { render_weather: (args) => <WeatherCard {...args} /> });

export function Chat() {
  const onToolCall = useMemo(() => createRenderToolHandler({ registry, baseUrl }), []);
  const { client, snapshot } = useAgentRun({
    baseUrl,
    createThread: async () => (await createThread({ baseUrl })).id,
    // The thread in the address, so a reload shows it again (its running reply included).
    onThreadCreated: (threadId) => history.replaceState(null, '', `?thread=${threadId}`),
    onToolCall,
  });
  useEffect(() => {
    const threadId = new URLSearchParams(location.search).get('thread');
    if (threadId) void client.openThread(threadId);
  }, [client]);
  // Where each widget card's frame comes from, and its way back into this chat (a widget's own prompts).
  const widgets = useMemo(
    () => ({ ...defaultWidgetEnvironment, baseUrl, threadId: snapshot.threadId, sendPrompt: client.send }),
    [client, snapshot.threadId],
  );
  const running = snapshot.status.phase === 'running';
  const lastMessage = snapshot.transcript.messages.at(-1);
  return (
    <WidgetEnvironmentContext.Provider value={widgets}>
      <main className="chat">
        {snapshot.transcript.messages.map((message) => (
          <article key={message.id} className={`message message--${message.role}`}>
            {message.parts.map((part, index) => {
              // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts only grow at its end
              if (part.kind === 'prose') return <p key={index}>{part.text}</p>;
              if (part.kind === 'widget')
                return (
                  <WidgetCard
                    key={part.widget.id}
                    widget={part.widget}
                    streaming={running && message === lastMessage}
                  />
                );
              if (part.kind === 'tool-call')
                return (
                  <div key={part.call.toolCallId}>{snapshot.toolCallViews.get(part.call.toolCallId)}</div>
                );
              return null;
            })}
          </article>
        ))}
        <RunStatusLine status={snapshot.status} canRetry onRetry={client.retry} />
        <Composer running={running} onSend={(text) => client.send(text).ok} onStop={client.stop} />
      </main>
    </WidgetEnvironmentContext.Provider>
  );
}
