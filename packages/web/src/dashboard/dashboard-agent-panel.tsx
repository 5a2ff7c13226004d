import type { TranscriptMessage } from '@drawbridge/react';
import { createRenderToolHandler, deleteThread, describeRunFailure, useAgentRun } from '@drawbridge/react';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { ProseBlock } from '../components/prose-block.tsx';
import { fetchMetricCatalogue } from './dashboard-api.ts';
import type { DashboardController } from './dashboard-controller.ts';
import { createDashboardThread, findDashboardThread } from './dashboard-thread.ts';
import type { DashboardView } from './dashboard-view.ts';
import { createDashboardWidgetRegistry } from './dashboard-widget-registry.tsx';

const suggestedPrompts = ['show the last 7 days', 'go to widgets', 'chart the token usage'];

/** The dashboard's agent: a chat column that reads and drives the dashboard beside it. */
export function DashboardAgentPanel({
  controller,
  view,
}: {
  controller: DashboardController;
  view: DashboardView;
}) {
  const [answerProblem, setAnswerProblem] = useState<string | undefined>();
  const [draft, setDraft] = useState('');
  const [metricNames, setMetricNames] = useState<readonly string[] | undefined>();
  // Until the server said which conversation to continue, a message would start a second one.
  const [restoring, setRestoring] = useState(true);
  const viewRef = useRef(view);
  viewRef.current = view;
  const transcriptEnd = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controllerForCatalogue = new AbortController();
    // Without the catalogue the server still refuses unknown metrics; the browser check is a second line.
    fetchMetricCatalogue(controllerForCatalogue.signal).then(
      (metrics) => setMetricNames(metrics.map((metric) => metric.name)),
      () => undefined,
    );
    return () => controllerForCatalogue.abort();
  }, []);

  const onToolCall = useMemo(
    () =>
      createRenderToolHandler({
        registry: createDashboardWidgetRegistry({ controller, metricNames }),
        onResultFailure: (_toolCallId, message) => setAnswerProblem(message),
      }),
    [controller, metricNames],
  );
  const { client, snapshot } = useAgentRun({
    createThread: createDashboardThread,
    skill: 'dashboard',
    threadKind: 'dashboard',
    readState: () => {
      const { page, range } = viewRef.current;
      return { dashboard: { page, range } };
    },
    onToolCall,
  });
  const { transcript, status, toolCallViews } = snapshot;
  const running = status.phase === 'running';
  const problem = status.phase === 'failed' ? status.message : answerProblem;

  // The conversation continues where the user left it, after a reload, in another tab, on another day: the
  // server keeps it as the user's `dashboard` thread. Prose comes back as stored; charts and chips are drawn
  // again with the dashboard's own tool definitions, without executing anything (re-running a restored
  // dashboard_control would move the dashboard).
  useEffect(() => {
    const lookup = new AbortController();
    findDashboardThread(lookup.signal)
      .then(async (threadId) => {
        if (threadId === undefined) return;
        const outcome = await client.openThread(threadId);
        // Deleted meanwhile, or unreadable: the next message starts a new conversation.
        if (outcome.status !== 'opened' && outcome.status !== 'superseded')
          await client.openThread(undefined);
      })
      // Without the lookup the assistant still works; the next message starts a new conversation.
      .catch(() => undefined)
      .finally(() => {
        if (!lookup.signal.aborted) setRestoring(false);
      });
    return () => lookup.abort();
  }, [client]);

  const clear = async () => {
    const threadId = client.getSnapshot().threadId;
    await client.openThread(undefined);
    setAnswerProblem(undefined);
    if (threadId === undefined) return;
    await deleteThread(threadId).catch((error: unknown) => setAnswerProblem(describeRunFailure(error)));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the transcript grows.
  useEffect(() => {
    transcriptEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [transcript, toolCallViews]);

  const send = (text: string) => {
    if (restoring) return;
    if (client.send(text).ok) {
      setAnswerProblem(undefined);
      setDraft('');
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(draft);
  };

  return (
    <aside className="agent-panel" aria-label="Dashboard assistant">
      <header className="agent-panel__header">
        <span className="agent-panel__mark" aria-hidden="true" />
        <div className="agent-panel__heading">
          <h2 className="agent-panel__title">Dashboard assistant</h2>
          <p className="agent-panel__subtitle">Reads and drives the dashboard for you</p>
        </div>
        <button
          type="button"
          className="agent-panel__clear"
          title="Delete this conversation and start a new one"
          disabled={running || transcript.messages.length === 0}
          onClick={() => void clear()}
        >
          Clear
        </button>
      </header>
      <div className="agent-panel__transcript" aria-live="polite" aria-busy={restoring}>
        {!restoring && transcript.messages.length === 0 && (
          <p className="agent-panel__intro">
            Ask about what you see — “why did widgets fail yesterday?” — or ask me to change the view.
          </p>
        )}
        {transcript.messages.map((message) => (
          <PanelMessage key={message.id} message={message} toolViews={toolCallViews} />
        ))}
        {running && (
          <span className="db-typing-dots" role="img" aria-label="Thinking">
            <span />
            <span />
            <span />
          </span>
        )}
        {problem && (
          <p className="agent-panel__problem" role="alert">
            {problem}
          </p>
        )}
        <div ref={transcriptEnd} />
      </div>
      <div className="agent-panel__suggestions">
        {suggestedPrompts.map((prompt) => (
          <button
            key={prompt}
            type="button"
            className="agent-panel__chip"
            disabled={running || restoring}
            onClick={() => send(prompt)}
          >
            {prompt}
          </button>
        ))}
      </div>
      <form className="agent-panel__composer" onSubmit={handleSubmit}>
        <label className="visually-hidden" htmlFor="dashboard-agent-input">
          Message the dashboard assistant
        </label>
        <input
          id="dashboard-agent-input"
          className="agent-panel__input"
          placeholder="Ask about the dashboard…"
          autoComplete="off"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        {running ? (
          <button type="button" className="button button--secondary" onClick={client.stop}>
            Stop
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={restoring || !draft.trim()}>
            Send
          </button>
        )}
      </form>
    </aside>
  );
}

function PanelMessage({
  message,
  toolViews,
}: {
  message: TranscriptMessage;
  toolViews: ReadonlyMap<string, ReactNode>;
}) {
  if (message.role === 'user') {
    const text = message.parts.map((part) => (part.kind === 'prose' ? part.text : '')).join('');
    return <p className="agent-panel__user">{text}</p>;
  }
  return (
    <div className="agent-panel__assistant">
      {message.parts.map((part, index) => {
        if (part.kind === 'prose') {
          // biome-ignore lint/suspicious/noArrayIndexKey: prose parts have no id; their position never changes.
          return <ProseBlock key={`prose-${index}`} text={part.text} />;
        }
        if (part.kind === 'tool-call') {
          const drawn = toolViews.get(part.call.toolCallId);
          // A call the server ran itself (list_metrics) or refused before parking was never drawn here; its
          // result reached the model, not this column.
          if (drawn === undefined && part.call.result !== undefined) return null;
          return (
            <div key={part.call.toolCallId} className="agent-panel__tool">
              {drawn ?? (
                <span className="dashboard-chip dashboard-chip--pending">{part.call.toolCallName}…</span>
              )}
            </div>
          );
        }
        // The dashboard skill draws with its tools; a generated widget has no place in this narrow column.
        return null;
      })}
    </div>
  );
}
