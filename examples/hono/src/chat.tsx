import {
  Composer,
  createRenderToolHandler,
  createThread,
  FrameHost,
  RunStatusLine,
  type TranscriptWidget,
  useAgentRun,
  widgetRegistryFrom,
} from '@drawbridge/react';
import { useEffect, useMemo, useRef } from 'react';
import { WeatherCard } from './weather-card.tsx';
import { weatherCard } from './weather-tool.ts';

const baseUrl = '/assistant';
const registry = widgetRegistryFrom([weatherCard], { render_weather: (args) => <WeatherCard {...args} /> });

/** One generated widget in its sandboxed frame, handed each part as it streams. */
function WidgetFrame({ widget }: { widget: TranscriptWidget }) {
  const container = useRef<HTMLDivElement>(null);
  const host = useRef<FrameHost>(null);
  useEffect(() => {
    const frame = new FrameHost({
      container: container.current!,
      baseUrl,
      title: 'Generated widget',
      theme: 'light',
      onError: () => {},
      onRendered: () => {},
      onRefused: () => {},
      onNavigatedAway: () => frame.dispose(),
      onBridgeRequest: () => ({ ok: false, message: 'This page takes no requests from widgets.' }),
    });
    host.current = frame;
    return () => frame.dispose();
  }, []);
  useEffect(() => void host.current?.update(widget), [widget]);
  return <div ref={container} className="widget" />;
}

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
  return (
    <main className="chat">
      {snapshot.transcript.messages.map((message) => (
        <article key={message.id} className={`message message--${message.role}`}>
          {message.parts.map((part, index) => {
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts only grow at its end
            if (part.kind === 'prose') return <p key={index}>{part.text}</p>;
            if (part.kind === 'widget') return <WidgetFrame key={part.widget.id} widget={part.widget} />;
            if (part.kind === 'tool-call')
              return <div key={part.call.toolCallId}>{snapshot.toolCallViews.get(part.call.toolCallId)}</div>;
            return null;
          })}
        </article>
      ))}
      <RunStatusLine status={snapshot.status} canRetry onRetry={client.retry} />
      <Composer
        running={snapshot.status.phase === 'running'}
        onSend={(text) => client.send(text).ok}
        onStop={client.stop}
      />
    </main>
  );
}
