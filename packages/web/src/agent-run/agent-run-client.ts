import { type FormAnswers, isParkedCallEvent, isRunInfoEvent } from '@drawbridge/protocol';
import { fetchMessages } from '../api/api-client.ts';
import type { RunStatus } from '../app/run-status.ts';
import type { BridgeOutcome } from '../frame-host/widget-bridge.ts';
import type { ToolCallHandler, ToolCallHookContext } from '../transcript/tool-call-hook.ts';
import { transcriptFromStored } from '../transcript/transcript-from-stored.ts';
import { messageProse, type TranscriptMessage } from '../transcript/transcript-state.ts';
import { type AgentRunTransport, httpAgentRunTransport } from './agent-run-transport.ts';
import { describeRunFailure } from './describe-run-failure.ts';
import { findToolCall } from './find-tool-call.ts';
import { type AgentRunSnapshot, type SessionRun, ThreadSession } from './thread-session.ts';

export type { AgentRunSnapshot } from './thread-session.ts';

/** How opening a thread ended; `superseded` means something newer (another thread, a run) took its place. */
export type OpenThreadOutcome =
  | { status: 'opened' }
  | { status: 'superseded' }
  | { status: 'failed'; message: string };

export interface AgentRunClientOptions<View> {
  /** Creates the thread a first message goes to; its id is kept for the following runs. */
  createThread(): Promise<string>;
  /** Called once a first message created the thread (the dashboard remembers it for a reload). */
  onThreadCreated?(threadId: string): void;
  /**
   * Called when a run's first event arrives, the user's message stored by then (the chat lists its threads
   * again, so a new chat shows up under its title while the reply streams).
   */
  onRunStarted?(): void;
  /** Called after every run, however it ended (the chat lists its threads again). */
  onRunSettled?(): void;
  /** Draws a parked call (and answers it) or a restored one (drawing only). */
  drawToolCall?: ToolCallHandler<View>;
  /** The thread to start in (from the URL or the tab's storage); `openThread` loads it. */
  initialThreadId?: string;
  /** Which agent answers (`forwardedProps.drawbridge.skill`). */
  skill?: string;
  /** AG-UI `state` for each run, read when the run starts (what the page shows right now). */
  readState?(): Record<string, unknown>;
  transport?: AgentRunTransport;
  loadThread?(threadId: string): Promise<TranscriptMessage[]>;
  ids?(): string;
  now?(): number;
}

async function loadStoredThread(threadId: string): Promise<TranscriptMessage[]> {
  return transcriptFromStored(await fetchMessages(threadId));
}

/**
 * The one agent-run client of the browser, shared by the chat and the dashboard assistant: it starts runs,
 * folds their events into the transcript, says why a run failed, stops it, restores a thread, and hands the
 * calls the server parked to the tool-call handler. Plain TypeScript with a subscribe/snapshot pair, so
 * React reads it through `useAgentRun` and tests drive it without a DOM.
 *
 * Transcript state is per thread (`ThreadSession`): opening another thread never stops a reply, which
 * keeps streaming into its own thread's state (its parked calls still drawn and answered); opening that
 * thread again shows it, still going. A thread without a running reply is loaded from the store each time.
 */
export class AgentRunClient<View> {
  readonly #options: AgentRunClientOptions<View>;
  readonly #transport: AgentRunTransport;
  readonly #listeners = new Set<() => void>();
  /** The thread on screen. */
  #current: ThreadSession<View>;
  /** Threads whose reply is still running, on screen or not, by thread id. */
  readonly #running = new Map<string, ThreadSession<View>>();
  #disposed = false;

  constructor(options: AgentRunClientOptions<View>) {
    this.#options = options;
    this.#transport = options.transport ?? httpAgentRunTransport;
    this.#current = this.#createSession(options.initialThreadId);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): AgentRunSnapshot<View> => this.#current.snapshot;

  /**
   * Sends a user message as a new run of the thread on screen; refused while its reply is still running.
   * A form's answers name the form, which the thread then keeps as sent.
   */
  readonly send = (text: string, options: { formAnswers?: FormAnswers } = {}): BridgeOutcome =>
    this.#send(this.#current, text, options.formAnswers);

  /** Stops the running reply on screen: cancels the run on the server (a closed connection no longer does), then stops reading. */
  readonly stop = (): void => {
    const run = this.#current.run;
    if (run?.serverRunId !== undefined) {
      // A failed cancel leaves the run to its timeout; the reply here stops either way.
      void this.#transport.cancel?.(run.serverRunId).catch(() => undefined);
    }
    run?.controller.abort();
  };

  /** Drops the last user message and what followed it, and sends that message again. */
  readonly retry = (): void => {
    const session = this.#current;
    const last = session.snapshot.transcript.messages.findLast((message) => message.role === 'user');
    if (!last || session.run) {
      return;
    }
    session.dispatch({ type: 'truncate-from', messageId: last.id });
    this.#send(session, messageProse(last));
  };

  /**
   * Shows a thread (or none, for a new conversation). A reply running in the thread left behind goes on in
   * the background; a thread with a running reply is shown as it stands, and any other is loaded from the
   * store, its tool calls drawn again without being answered.
   */
  readonly openThread = async (threadId: string | undefined): Promise<OpenThreadOutcome> => {
    const running = threadId === undefined ? undefined : this.#running.get(threadId);
    if (running !== undefined) {
      this.#show(running);
      return { status: 'opened' };
    }
    const session = this.#createSession(threadId);
    this.#show(session);
    if (threadId === undefined) {
      return { status: 'opened' };
    }
    let messages: TranscriptMessage[];
    try {
      messages = await (this.#options.loadThread ?? loadStoredThread)(threadId);
    } catch (error) {
      return this.#current === session
        ? { status: 'failed', message: describeRunFailure(error) }
        : { status: 'superseded' };
    }
    // Another thread was opened meanwhile, or this one started a run (its events own the transcript now).
    if (this.#current !== session || session.run !== undefined) {
      return { status: 'superseded' };
    }
    session.update({ transcript: { messages }, toolCallViews: this.#restoredViews(session, messages) });
    return { status: 'opened' };
  };

  /** Stops everything this client started; for a UI that goes away. */
  readonly dispose = (): void => {
    this.#disposed = true;
    for (const session of [this.#current, ...this.#running.values()]) session.run?.controller.abort();
    this.#running.clear();
  };

  #createSession(threadId: string | undefined): ThreadSession<View> {
    return new ThreadSession<View>({
      threadId,
      onChange: (session) => {
        if (session === this.#current) this.#publish();
      },
    });
  }

  #show(session: ThreadSession<View>): void {
    this.#current = session;
    this.#publish();
  }

  #restoredViews(session: ThreadSession<View>, messages: TranscriptMessage[]): Map<string, View> {
    const views = new Map<string, View>();
    const threadId = session.threadId;
    if (threadId === undefined) return views;
    for (const message of messages) {
      for (const part of message.parts) {
        if (part.kind !== 'tool-call') continue;
        const { toolCallId, toolCallName, argsJson, sentAnswers } = part.call;
        const view = this.#options.drawToolCall?.(
          { toolCallId, toolCallName, argsJson, restored: true, ...(sentAnswers ? { sentAnswers } : {}) },
          this.#context(session, threadId),
        );
        if (view !== undefined) views.set(toolCallId, view);
      }
    }
    return views;
  }

  #send(session: ThreadSession<View>, text: string, formAnswers?: FormAnswers): BridgeOutcome {
    const trimmed = text.trim();
    if (!trimmed) {
      return { ok: false, message: 'The message is empty.' };
    }
    if (session.run || this.#disposed) {
      return { ok: false, message: 'A reply is still being generated; wait for it to finish.' };
    }
    const run: SessionRun = { controller: new AbortController() };
    session.run = run;
    if (session.threadId !== undefined) this.#running.set(session.threadId, session);
    void this.#runTurn(session, run, trimmed, formAnswers);
    return { ok: true, message: 'Sent as your next message.' };
  }

  async #runTurn(
    session: ThreadSession<View>,
    run: SessionRun,
    text: string,
    formAnswers: FormAnswers | undefined,
  ): Promise<void> {
    const { controller } = run;
    const now = this.#options.now ?? (() => performance.now());
    const ids = this.#options.ids ?? (() => crypto.randomUUID());
    const startedAt = now();
    const elapsedMs = () => Math.round(now() - startedAt);
    session.update({ status: { phase: 'running', startedAt } });
    let settled: RunStatus;
    try {
      let threadId = session.threadId;
      if (threadId === undefined) {
        threadId = await this.#options.createThread();
        controller.signal.throwIfAborted();
        session.update({ threadId });
        this.#running.set(threadId, session);
        this.#options.onThreadCreated?.(threadId);
      }
      const userMessageId = ids();
      session.dispatch({
        type: 'user-message',
        id: userMessageId,
        text,
        ...(formAnswers === undefined ? {} : { formAnswers }),
      });
      let failure: string | undefined;
      const events = this.#transport.start({
        threadId,
        runId: ids(),
        userMessageId,
        text,
        signal: controller.signal,
        ...(this.#options.readState ? { state: this.#options.readState() } : {}),
        ...(this.#options.skill === undefined ? {} : { skill: this.#options.skill }),
        ...(formAnswers === undefined ? {} : { formAnswers }),
      });
      let started = false;
      for await (const event of events) {
        if (!started) {
          started = true;
          this.#options.onRunStarted?.();
        }
        session.dispatch({ type: 'run-event', event });
        if (event.type === 'RUN_ERROR') {
          failure = event.message;
        } else if (isRunInfoEvent(event)) {
          run.serverRunId = event.value.runId;
        } else if (isParkedCallEvent(event)) {
          this.#drawParkedCall(session, threadId, event.value.toolCallId);
        }
      }
      settled = failure
        ? { phase: 'failed', message: failure }
        : { phase: 'finished', elapsedMs: elapsedMs() };
    } catch (error) {
      settled = controller.signal.aborted
        ? { phase: 'stopped', elapsedMs: elapsedMs() }
        : { phase: 'failed', message: describeRunFailure(error) };
    }
    session.run = undefined;
    if (session.threadId !== undefined && this.#running.get(session.threadId) === session) {
      this.#running.delete(session.threadId);
    }
    session.update({ status: settled });
    this.#options.onRunSettled?.();
  }

  /**
   * Draws and answers a call the server parked for this browser, with the arguments the transcript holds.
   * The server announces a call only after its TOOL_CALL_END, so they are complete.
   */
  #drawParkedCall(session: ThreadSession<View>, threadId: string, toolCallId: string): void {
    const call = findToolCall(session.snapshot.transcript, toolCallId);
    if (call === undefined || !call.complete) return;
    const view = this.#options.drawToolCall?.(
      { toolCallId, toolCallName: call.toolCallName, argsJson: call.argsJson, restored: false },
      this.#context(session, threadId),
    );
    if (view !== undefined) session.setToolCallView(toolCallId, view);
  }

  /** A drawn call's way back into the chat: a form's answers go to the thread that drew the form. */
  #context(session: ThreadSession<View>, threadId: string): ToolCallHookContext {
    return {
      threadId,
      sendUserMessage: (text, options) => this.#send(session, text, options?.formAnswers),
    };
  }

  #publish(): void {
    for (const listener of this.#listeners) listener();
  }
}
