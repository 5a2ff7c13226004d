import type { FrameTheme } from '@drawbridge/protocol';
import { useEffect, useMemo } from 'react';
import { useAgentRun } from '../agent-run/use-agent-run.ts';
import { createThread } from '../api/api-client.ts';
import { Composer } from '../components/composer.tsx';
import { RunStatusLine } from '../components/run-status-line.tsx';
import { createRenderToolHandler } from '../render-tools/render-tool-handler.tsx';
import type { WidgetRegistry } from '../render-tools/widget-definition.ts';
import type { MessagePartRenderers } from '../transcript-view/message-part-renderers.tsx';
import { TranscriptView } from '../transcript-view/transcript-view.tsx';
import { useLinkConfirmation } from '../widget-bridge/link-confirmation.tsx';
import {
  defaultWidgetEnvironment,
  type WidgetEnvironment,
  WidgetEnvironmentContext,
} from '../widget-card/widget-environment.ts';
import { useSameList } from './use-same-list.ts';

const noRenderTools: WidgetRegistry = new Map();

export interface DrawbridgeChatProps extends MessagePartRenderers {
  /** Where the Drawbridge server is mounted (`/ai`); default the page's origin root. */
  baseUrl?: string;
  /** The thread to show (a reload resumes its running reply); a first message creates one when left out. */
  threadId?: string;
  /** Called once a first message created the thread (keep its id in your URL to come back to it). */
  onThreadCreated?(threadId: string): void;
  /**
   * A search parameter of the page's address that holds the thread (`'thread'`: `?thread=…`): the chat opens
   * the thread it names (a reload resumes it, its running reply included), and puts a thread a first message
   * created there (`history.replaceState`). Read in the browser only, so a server-rendered page is the same.
   * `threadId`, when given, wins.
   */
  threadParam?: string;
  /**
   * Your typed render tools with their components (`widgetRegistryFrom(definitions, components)`), the same
   * definitions the server was given; a call of a tool not in it is answered as one the page cannot draw.
   */
  registry?: WidgetRegistry;
  /** The widgets' theme (your page's light or dark); default light. */
  theme?: FrameTheme;
  /** Hosts a widget's link opens without asking first; any other is shown and asked about. */
  trustedLinkHosts?: readonly string[];
  /** A widget that reports errors asks for its repair once by itself (as the server's `autoRepair`). */
  autoRepair?: boolean;
  /** How a widget's source dialog draws code (your highlighter); plain text when left out. */
  renderCode?: WidgetEnvironment['renderCode'];
  /** The message box's placeholder. */
  placeholder?: string;
}

/** The thread the page's address names in its search parameter `name`. */
function threadInAddress(name: string): string | undefined {
  return new URLSearchParams(location.search).get(name) || undefined;
}

/** The page's address with `threadId` in its search parameter `name`, as the same history entry. */
function showThreadInAddress(name: string, threadId: string): void {
  const address = new URL(location.href);
  address.searchParams.set(name, threadId);
  // The entry's own state stays (a router's, Next.js's say).
  history.replaceState(history.state, '', address);
}

/**
 * The whole chat on one thread: the transcript (prose, live widgets, your typed tools), the run's status
 * with Retry (and Continue after Stop), and the message box with Stop, over `useAgentRun` against the server at `baseUrl`.
 */
export function DrawbridgeChat({
  baseUrl,
  threadId,
  onThreadCreated,
  threadParam,
  registry = noRenderTools,
  theme = 'light',
  trustedLinkHosts = [],
  autoRepair = false,
  renderCode,
  placeholder,
  ...renderers
}: DrawbridgeChatProps) {
  const onToolCall = useMemo(() => createRenderToolHandler({ registry, baseUrl }), [registry, baseUrl]);
  const { client, snapshot } = useAgentRun({
    baseUrl,
    createThread: async () => (await createThread({ baseUrl })).id,
    onThreadCreated: (created) => {
      if (threadParam !== undefined) showThreadInAddress(threadParam, created);
      onThreadCreated?.(created);
    },
    onToolCall,
  });
  // The thread named is loaded (its running reply followed); the one a first message created is already shown.
  useEffect(() => {
    const named = threadId ?? (threadParam === undefined ? undefined : threadInAddress(threadParam));
    if (named !== undefined && named !== client.getSnapshot().threadId) void client.openThread(named);
  }, [client, threadId, threadParam]);
  const { confirmLink, dialog: linkDialog } = useLinkConfirmation();
  const linkHosts = useSameList(trustedLinkHosts);
  const environment = useMemo<WidgetEnvironment>(
    () => ({
      ...defaultWidgetEnvironment,
      baseUrl,
      theme,
      threadId: snapshot.threadId,
      sendPrompt: (text) => client.send(text),
      autoRepair,
      trustedLinkHosts: linkHosts,
      confirmLink,
      ...(renderCode === undefined ? {} : { renderCode }),
    }),
    [baseUrl, theme, snapshot.threadId, client, autoRepair, linkHosts, confirmLink, renderCode],
  );
  const { status, transcript } = snapshot;
  const running = status.phase === 'running';
  const canRetry =
    transcript.messages.some((message) => message.role === 'user') &&
    (status.phase === 'failed' || status.phase === 'stopped');
  // A stopped reply that kept something can go on from where it was stopped.
  const lastMessage = transcript.messages.at(-1);
  const canContinue =
    status.phase === 'stopped' && lastMessage?.role === 'assistant' && lastMessage.parts.length > 0;
  return (
    <WidgetEnvironmentContext.Provider value={environment}>
      <div className="db-chat">
        <TranscriptView
          transcript={transcript}
          running={running}
          toolCallViews={snapshot.toolCallViews}
          footer={
            <RunStatusLine
              status={status}
              canRetry={canRetry}
              onRetry={client.retry}
              canContinue={canContinue}
              onContinue={() => void client.continue()}
            />
          }
          {...renderers}
        />
        <div className="db-chat__composer">
          <Composer
            running={running}
            onSend={(text) => client.send(text).ok}
            onStop={client.stop}
            {...(placeholder === undefined ? {} : { placeholder })}
          />
        </div>
      </div>
      {linkDialog}
    </WidgetEnvironmentContext.Provider>
  );
}
