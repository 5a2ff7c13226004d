import { type FormEvent, type ReactNode, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { fetchMessages } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';
import { streamAgentRun } from '../api/stream-agent-run.ts';
import { ProseBlock } from '../components/prose-block.tsx';
import { dispatchToolCall } from '../render-tools/dispatch-tool-call.ts';
import { postToolResult } from '../render-tools/post-tool-result.ts';
import { WidgetProblem } from '../render-tools/widget-problem.tsx';
import { transcriptFromStored } from '../transcript/transcript-from-stored.ts';
import { transcriptReducer } from '../transcript/transcript-reducer.ts';
import { emptyTranscript, type TranscriptMessage } from '../transcript/transcript-state.ts';
import { fetchMetricCatalogue } from './dashboard-api.ts';
import type { DashboardController } from './dashboard-controller.ts';
import { createDashboardThread, recallDashboardThread, rememberDashboardThread } from './dashboard-thread.ts';
import type { DashboardView } from './dashboard-view.ts';
import { createDashboardWidgetRegistry } from './dashboard-widget-registry.tsx';

const suggestedPrompts = ['show the last 7 days', 'go to widgets', 'chart the token usage'];

function describeFailure(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? `The connection to the server failed: ${error.message}` : String(error);
}

/**
 * Whether the server parked the call for this browser. It checks the same catalogue before parking, so a
 * chart of a metric outside it was refused there already (the model got the correction, not the browser).
 */
function wasParked(
  call: { toolCallName: string; argsJson: string },
  metricNames: readonly string[] | undefined,
) {
  if (call.toolCallName !== 'render_chart' || metricNames === undefined) return true;
  try {
    const args = JSON.parse(call.argsJson) as { metric?: unknown };
    return typeof args.metric !== 'string' || metricNames.includes(args.metric);
  } catch {
    return true;
  }
}

/** The dashboard's agent: a chat column that reads and drives the dashboard beside it. */
export function DashboardAgentPanel({
  controller,
  view,
}: {
  controller: DashboardController;
  view: DashboardView;
}) {
  const [transcript, dispatch] = useReducer(transcriptReducer, emptyTranscript);
  const [toolViews, setToolViews] = useState<ReadonlyMap<string, ReactNode>>(new Map());
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [draft, setDraft] = useState('');
  const [metricNames, setMetricNames] = useState<readonly string[] | undefined>();
  const threadId = useRef<string | undefined>(recallDashboardThread());
  const runController = useRef<AbortController | undefined>(undefined);
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
  useEffect(() => () => runController.current?.abort(), []);

  // A reload continues the tab's conversation: prose comes back as stored, and charts and chips are drawn
  // again without executing anything (re-running a restored dashboard_control would move the dashboard).
  useEffect(() => {
    const restoredThreadId = threadId.current;
    if (restoredThreadId === undefined) return;
    let cancelled = false;
    fetchMessages(restoredThreadId).then(
      (messages) => {
        if (cancelled || runController.current) return;
        const restored = transcriptFromStored(messages);
        dispatch({ type: 'replace', messages: restored });
        const drawn = new Map<string, ReactNode>();
        for (const message of restored) {
          for (const part of message.parts) {
            if (part.kind !== 'tool-call') continue;
            const definition = registryRef.current.get(part.call.toolCallName);
            const validation = definition?.validate(JSON.parse(part.call.argsJson) as unknown);
            drawn.set(part.call.toolCallId, validation?.ok ? definition?.render(validation.args, {}) : null);
          }
        }
        setToolViews(drawn);
      },
      () => {
        // The thread was deleted (or the server forgot it): start a new one on the next message.
        if (cancelled) return;
        threadId.current = undefined;
        rememberDashboardThread(undefined);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const registry = useMemo(
    () => createDashboardWidgetRegistry({ controller, metricNames }),
    [controller, metricNames],
  );
  const metricNamesRef = useRef(metricNames);
  metricNamesRef.current = metricNames;
  const registryRef = useRef(registry);
  registryRef.current = registry;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the transcript grows.
  useEffect(() => {
    transcriptEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [transcript, toolViews]);

  const answerToolCall = (
    currentThreadId: string,
    call: { toolCallId: string; toolCallName: string; argsJson: string },
  ) => {
    // list_metrics runs on the server and nothing parks for it (answering would only earn a 404); a call
    // the server refused before parking draws nothing either. Its result reaches the model, not this column.
    if (!registryRef.current.has(call.toolCallName) || !wasParked(call, metricNamesRef.current)) {
      setToolViews((views) => new Map(views).set(call.toolCallId, null));
      return;
    }
    const outcome = dispatchToolCall(registryRef.current, call);
    void postToolResult({
      threadId: currentThreadId,
      toolCallId: call.toolCallId,
      result: { status: outcome.status, message: outcome.message },
    }).then((posted) => {
      if (!posted.ok) setProblem(posted.message);
    });
    const drawn =
      outcome.status === 'error' ? (
        <WidgetProblem tool={call.toolCallName} message={outcome.message} />
      ) : (
        registryRef.current.get(outcome.widget.tool)?.render(outcome.widget.args, {})
      );
    setToolViews((views) => new Map(views).set(call.toolCallId, drawn ?? null));
  };

  const send = async (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || runController.current) return;
    const controller = new AbortController();
    runController.current = controller;
    setRunning(true);
    setProblem(undefined);
    setDraft('');
    dispatch({ type: 'user-message', id: crypto.randomUUID(), text: trimmed });
    const pending = new Map<string, { toolCallName: string; argsJson: string }>();
    try {
      if (threadId.current === undefined) {
        threadId.current = await createDashboardThread();
        rememberDashboardThread(threadId.current);
      }
      const currentThreadId = threadId.current;
      const { page, range } = viewRef.current;
      for await (const event of streamAgentRun({
        threadId: currentThreadId,
        runId: crypto.randomUUID(),
        userMessageId: crypto.randomUUID(),
        text: trimmed,
        signal: controller.signal,
        state: { dashboard: { page, range } },
        skill: 'dashboard',
      })) {
        dispatch({ type: 'run-event', event });
        if (event.type === 'RUN_ERROR') setProblem(event.message);
        else if (event.type === 'TOOL_CALL_START')
          pending.set(event.toolCallId, { toolCallName: event.toolCallName, argsJson: '' });
        else if (event.type === 'TOOL_CALL_ARGS') {
          const call = pending.get(event.toolCallId);
          if (call) call.argsJson += event.delta;
        } else if (event.type === 'TOOL_CALL_END') {
          const call = pending.get(event.toolCallId);
          pending.delete(event.toolCallId);
          if (call) answerToolCall(currentThreadId, { toolCallId: event.toolCallId, ...call });
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) setProblem(describeFailure(error));
    } finally {
      runController.current = undefined;
      setRunning(false);
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(draft);
  };

  return (
    <aside className="agent-panel" aria-label="Dashboard assistant">
      <header className="agent-panel__header">
        <span className="agent-panel__mark" aria-hidden="true" />
        <div>
          <h2 className="agent-panel__title">Dashboard assistant</h2>
          <p className="agent-panel__subtitle">Reads and drives the dashboard for you</p>
        </div>
      </header>
      <div className="agent-panel__transcript" aria-live="polite">
        {transcript.messages.length === 0 && (
          <p className="agent-panel__intro">
            Ask about what you see — “why did widgets fail yesterday?” — or ask me to change the view.
          </p>
        )}
        {transcript.messages.map((message) => (
          <PanelMessage key={message.id} message={message} toolViews={toolViews} />
        ))}
        {running && (
          <span className="typing-dots" role="img" aria-label="Thinking">
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
            disabled={running}
            onClick={() => void send(prompt)}
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
          <button
            type="button"
            className="button button--secondary"
            onClick={() => runController.current?.abort()}
          >
            Stop
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={!draft.trim()}>
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
          return (
            <div key={part.call.toolCallId} className="agent-panel__tool">
              {drawn === undefined ? (
                <span className="dashboard-chip dashboard-chip--pending">{part.call.toolCallName}…</span>
              ) : (
                drawn
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
