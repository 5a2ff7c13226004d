import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { createThread, deleteThread, fetchMessages, fetchThreads } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';
import type { ThreadSummary } from '../api/api-schemas.ts';
import { streamAgentRun } from '../api/stream-agent-run.ts';
import type { BridgeOutcome } from '../frame-host/widget-bridge.ts';
import type { CompletedToolCall, ToolCallEndHandler } from '../transcript/tool-call-hook.ts';
import { transcriptFromStored } from '../transcript/transcript-from-stored.ts';
import { transcriptReducer } from '../transcript/transcript-reducer.ts';
import { emptyTranscript, messageProse, type TranscriptState } from '../transcript/transcript-state.ts';
import { idleRunStatus, type RunStatus } from './run-status.ts';
import { hashForThread, threadIdFromHash } from './thread-route.ts';

export interface ChatController {
  threads: ThreadSummary[];
  activeThreadId: string | undefined;
  transcript: TranscriptState;
  status: RunStatus;
  /** A thread that failed to load or delete, said plainly. */
  threadError: string | undefined;
  /** What the tool-call hook drew for each completed call, by toolCallId. */
  toolCallViews: ReadonlyMap<string, ReactNode>;
  canRetry: boolean;
  newChat(): void;
  selectThread(threadId: string): void;
  removeThread(threadId: string): Promise<void>;
  /** Sends a user message; refused while a reply is still running. */
  send(text: string): BridgeOutcome;
  stop(): void;
  retry(): void;
}

function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    return error.message;
  }
  if (error instanceof Error) {
    return `The connection to the server failed: ${error.message}`;
  }
  return 'The connection to the server failed.';
}

/** All chat state and actions: threads, the transcript, the running reply and its cancellation. */
export function useChat({ onToolCallEnd }: { onToolCallEnd?: ToolCallEndHandler }): ChatController {
  const [threads, setThreads] = useState<ThreadSummary[]>([]);
  const [activeThreadId, setActiveThreadId] = useState<string | undefined>(() =>
    threadIdFromHash(window.location.hash),
  );
  const [transcript, dispatch] = useReducer(transcriptReducer, emptyTranscript);
  const [status, setStatus] = useState<RunStatus>(idleRunStatus);
  const [threadError, setThreadError] = useState<string | undefined>();
  const [toolCallViews, setToolCallViews] = useState<ReadonlyMap<string, ReactNode>>(new Map());
  const runController = useRef<AbortController | undefined>(undefined);
  const activeThreadRef = useRef(activeThreadId);
  activeThreadRef.current = activeThreadId;
  const transcriptRef = useRef(transcript);
  transcriptRef.current = transcript;
  const handlerRef = useRef(onToolCallEnd);
  handlerRef.current = onToolCallEnd;
  // `send` is referenced by the tool-call context before it is defined below.
  const sendRef = useRef<(text: string) => BridgeOutcome>(() => ({ ok: false, message: 'Not ready.' }));

  const refreshThreads = useCallback(async () => {
    try {
      setThreads(await fetchThreads());
    } catch (error) {
      setThreadError(describeFailure(error));
    }
  }, []);

  const drawToolCall = useCallback((threadId: string, call: CompletedToolCall) => {
    const view = handlerRef.current?.(call, { threadId, sendUserMessage: (text) => sendRef.current(text) });
    if (view !== undefined) {
      setToolCallViews((views) => new Map(views).set(call.toolCallId, view));
    }
  }, []);

  useEffect(() => {
    void refreshThreads();
  }, [refreshThreads]);

  // Loads the active thread whenever it changes (also on first load from the URL).
  useEffect(() => {
    const wantedHash = hashForThread(activeThreadId);
    if (window.location.hash !== wantedHash) {
      history.replaceState(null, '', wantedHash || window.location.pathname);
    }
    if (!activeThreadId || runController.current) {
      return;
    }
    let cancelled = false;
    setThreadError(undefined);
    fetchMessages(activeThreadId).then(
      (messages) => {
        if (cancelled) {
          return;
        }
        const restored = transcriptFromStored(messages);
        dispatch({ type: 'replace', messages: restored });
        setToolCallViews(new Map());
        for (const message of restored) {
          for (const part of message.parts) {
            if (part.kind === 'tool-call') {
              drawToolCall(activeThreadId, { ...part.call, restored: true });
            }
          }
        }
      },
      (error: unknown) => {
        if (!cancelled) {
          dispatch({ type: 'replace', messages: [] });
          setThreadError(describeFailure(error));
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [activeThreadId, drawToolCall]);

  useEffect(() => {
    const handleHashChange = () => {
      const threadId = threadIdFromHash(window.location.hash);
      if (threadId !== activeThreadRef.current) {
        runController.current?.abort();
        setStatus(idleRunStatus);
        setActiveThreadId(threadId);
      }
    };
    window.addEventListener('hashchange', handleHashChange);
    return () => window.removeEventListener('hashchange', handleHashChange);
  }, []);

  const runTurn = useCallback(
    async (text: string, controller: AbortController) => {
      const startedAt = performance.now();
      setStatus({ phase: 'running', startedAt });
      const elapsed = () => Math.round(performance.now() - startedAt);
      const pendingCalls = new Map<string, { toolCallName: string; argsJson: string }>();
      let threadId = activeThreadRef.current;
      try {
        if (!threadId) {
          threadId = (await createThread()).id;
          activeThreadRef.current = threadId;
          setActiveThreadId(threadId);
        }
        const userMessageId = crypto.randomUUID();
        dispatch({ type: 'user-message', id: userMessageId, text });
        let failure: string | undefined;
        const events = streamAgentRun({
          threadId,
          runId: crypto.randomUUID(),
          userMessageId,
          text,
          signal: controller.signal,
        });
        for await (const event of events) {
          dispatch({ type: 'run-event', event });
          if (event.type === 'RUN_ERROR') {
            failure = event.message;
          } else if (event.type === 'TOOL_CALL_START') {
            pendingCalls.set(event.toolCallId, { toolCallName: event.toolCallName, argsJson: '' });
          } else if (event.type === 'TOOL_CALL_ARGS') {
            const pending = pendingCalls.get(event.toolCallId);
            if (pending) {
              pending.argsJson += event.delta;
            }
          } else if (event.type === 'TOOL_CALL_END') {
            const pending = pendingCalls.get(event.toolCallId);
            pendingCalls.delete(event.toolCallId);
            if (pending) {
              drawToolCall(threadId, { toolCallId: event.toolCallId, ...pending, restored: false });
            }
          }
        }
        setStatus(
          failure ? { phase: 'failed', message: failure } : { phase: 'finished', elapsedMs: elapsed() },
        );
      } catch (error) {
        if (controller.signal.aborted) {
          setStatus({ phase: 'stopped', elapsedMs: elapsed() });
        } else {
          setStatus({ phase: 'failed', message: describeFailure(error) });
        }
      } finally {
        if (runController.current === controller) {
          runController.current = undefined;
        }
        void refreshThreads();
      }
    },
    [drawToolCall, refreshThreads],
  );

  const send = useCallback(
    (text: string): BridgeOutcome => {
      const trimmed = text.trim();
      if (!trimmed) {
        return { ok: false, message: 'The message is empty.' };
      }
      if (runController.current) {
        return { ok: false, message: 'A reply is still being generated; wait for it to finish.' };
      }
      const controller = new AbortController();
      runController.current = controller;
      void runTurn(trimmed, controller);
      return { ok: true, message: 'Sent as your next message.' };
    },
    [runTurn],
  );
  sendRef.current = send;

  const stop = useCallback(() => runController.current?.abort(), []);

  const lastUserMessage = transcript.messages.findLast((message) => message.role === 'user');
  const canRetry = lastUserMessage !== undefined && (status.phase === 'failed' || status.phase === 'stopped');

  const retry = useCallback(() => {
    const last = transcriptRef.current.messages.findLast((message) => message.role === 'user');
    if (!last || runController.current) {
      return;
    }
    dispatch({ type: 'truncate-from', messageId: last.id });
    send(messageProse(last));
  }, [send]);

  const newChat = useCallback(() => {
    runController.current?.abort();
    setActiveThreadId(undefined);
    dispatch({ type: 'replace', messages: [] });
    setStatus(idleRunStatus);
    setThreadError(undefined);
  }, []);

  const selectThread = useCallback((threadId: string) => {
    if (threadId === activeThreadRef.current) {
      return;
    }
    runController.current?.abort();
    setStatus(idleRunStatus);
    setActiveThreadId(threadId);
  }, []);

  const removeThread = useCallback(
    async (threadId: string) => {
      try {
        await deleteThread(threadId);
        if (threadId === activeThreadRef.current) {
          newChat();
        }
        await refreshThreads();
      } catch (error) {
        setThreadError(describeFailure(error));
      }
    },
    [newChat, refreshThreads],
  );

  return useMemo(
    () => ({
      threads,
      activeThreadId,
      transcript,
      status,
      threadError,
      toolCallViews,
      canRetry,
      newChat,
      selectThread,
      removeThread,
      send,
      stop,
      retry,
    }),
    [
      threads,
      activeThreadId,
      transcript,
      status,
      threadError,
      toolCallViews,
      canRetry,
      newChat,
      selectThread,
      removeThread,
      send,
      stop,
      retry,
    ],
  );
}
