import type {
  A2uiUserAction,
  Attachment,
  FormAnswers,
  SelectBranchBody,
  SequencedRunEvent,
  ThreadKind,
} from '@drawbridge/protocol';
import { selectBranch } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';
import type { ToolCallHookContext } from '../transcript/tool-call-hook.ts';
import { messageProse } from '../transcript/transcript-state.ts';
import { withoutActiveReply } from '../transcript/without-active-reply.ts';
import type { AgentRunClientOptions, OpenThreadOutcome } from './agent-run-client-options.ts';
import { type AgentRunTransport, httpAgentRunTransport } from './agent-run-transport.ts';
import type { BridgeOutcome } from './bridge-outcome.ts';
import { browserConnectivity, type Connectivity, reconnectDelayMs } from './connectivity.ts';
import { describeRunFailure } from './describe-run-failure.ts';
import { drawParkedCall, drawRestoredCalls } from './draw-tool-calls.ts';
import { driveRun, failedOrStopped, type RunOutcome } from './drive-run.ts';
import { loadStoredThread } from './load-stored-thread.ts';
import { type AgentRunSnapshot, type SessionRun, ThreadSession } from './thread-session.ts';

export type { AgentRunClientOptions, OpenThreadOutcome } from './agent-run-client-options.ts';
export type { AgentRunSnapshot } from './thread-session.ts';

/** How loading a stored thread into a session ended (see `#load`). */
type LoadOutcome =
  | { status: 'loaded' }
  | { status: 'superseded' }
  | { status: 'elsewhere'; kind: ThreadKind };

/**
 * What a user message may answer — a typed form (by its call), or a user action on an A2UI surface — and the
 * files it carries (uploaded first, `uploadAttachment`).
 */
export interface UserMessageAnswers {
  formAnswers?: FormAnswers;
  a2uiAction?: A2uiUserAction;
  attachments?: readonly Attachment[];
}

/**
 * The one agent-run client of the browser, shared by the chat and the dashboard assistant: it starts runs,
 * folds their events into the transcript, says why a run failed, stops it, restores a thread, and hands the
 * calls the server parked to the tool-call handler. Plain TypeScript with a subscribe/snapshot pair, so
 * React reads it through `useAgentRun` and tests drive it without a DOM.
 *
 * A run belongs to the server; this client follows it. Transcript state is per thread (`ThreadSession`):
 * opening another thread never stops a reply, which keeps streaming into its own thread's state; opening
 * it again shows it, still going. A thread opened (or reloaded) while its run is running is drawn as
 * stored before that run and the run is followed from its first event, so its reply is drawn once, and on.
 * A dropped connection is resumed after the last event seen, with backoff; a message sent while the thread
 * already has a run (another tab's) follows that run instead. Stop cancels the run on the server.
 */
export class AgentRunClient<View> {
  readonly #options: AgentRunClientOptions<View>;
  readonly #transport: AgentRunTransport;
  readonly #connectivity: Connectivity;
  readonly #listeners = new Set<() => void>();
  /** The thread on screen. */
  #current: ThreadSession<View>;
  /** Threads whose reply is still running, on screen or not, by thread id. */
  readonly #running = new Map<string, ThreadSession<View>>();
  #disposed = false;

  constructor(options: AgentRunClientOptions<View>) {
    this.#options = options;
    this.#transport = options.transport ?? httpAgentRunTransport({ baseUrl: options.baseUrl });
    this.#connectivity = options.connectivity ?? browserConnectivity;
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
  readonly send = (text: string, answers: UserMessageAnswers = {}): BridgeOutcome =>
    this.#send(this.#current, text, answers);

  /** Stops the reply on screen: the server cancels the run, and its final event ends the reply here. */
  readonly stop = (): void => {
    const run = this.#current.run;
    if (!run) return;
    run.stopRequested = true;
    // Without its id yet (the run's first events are on their way) the cancel goes out when the id arrives.
    if (run.position.runId !== undefined) this.#cancel(run);
  };

  /**
   * Drops a message and everything after it from the transcript and sends `text` in its place: a retry, a
   * regenerated reply, an edited message (the chat rewinds the stored thread first). Refused while a reply runs.
   */
  readonly resend = ({ fromMessageId, text }: { fromMessageId: string; text: string }): BridgeOutcome => {
    const session = this.#current;
    if (session.run) {
      return { ok: false, message: 'A reply is still being generated; wait for it to finish.' };
    }
    // The message goes again with the files it carried, so the server knows it for the one it rewound to.
    const attachments = session.snapshot.transcript.messages.find(
      (message) => message.id === fromMessageId,
    )?.attachments;
    session.dispatch({ type: 'truncate-from', messageId: fromMessageId });
    return this.#send(session, text, attachments === undefined ? {} : { attachments });
  };

  /**
   * Asks the model to go on with the reply the thread on screen ends with (kept after Stop): what it writes is
   * appended to that reply, here and in the store. Refused while a reply runs, and when there is no reply.
   */
  readonly continue = (): BridgeOutcome => {
    const session = this.#current;
    const { messages } = session.snapshot.transcript;
    const reply = messages.at(-1);
    const userMessage = messages.findLast((message) => message.role === 'user');
    if (reply?.role !== 'assistant' || userMessage === undefined || session.threadId === undefined) {
      return { ok: false, message: 'There is no reply to continue.' };
    }
    return this.#send(session, messageProse(userMessage), {}, { continues: reply.id });
  };

  /**
   * Shows another version of a message of the thread on screen (`SelectBranchBody`: the turn, the user message
   * or its reply, which version): the server switches the thread's branch, and the thread is drawn again from
   * it. Refused while a reply runs.
   */
  readonly switchBranch = async (body: SelectBranchBody): Promise<BridgeOutcome> => {
    const session = this.#current;
    const { threadId } = session;
    if (threadId === undefined) return { ok: false, message: 'This chat has no other versions.' };
    if (session.run)
      return { ok: false, message: 'A reply is still being generated; wait for it to finish.' };
    try {
      await selectBranch(threadId, body, { baseUrl: this.#options.baseUrl });
    } catch (error) {
      return { ok: false, message: describeRunFailure(error) };
    }
    // The user went elsewhere meanwhile: the switch is stored, and shows when they come back.
    if (this.#current !== session) return { ok: true, message: 'Switched.' };
    const opened = await this.openThread(threadId);
    return opened.status === 'failed'
      ? { ok: false, message: opened.message }
      : { ok: true, message: 'Switched.' };
  };

  /**
   * Reads again which messages of the thread on screen have other versions (an edit or a regenerated reply
   * just made one), without drawing anything again. For after a run settles.
   */
  readonly refreshBranches = async (): Promise<void> => {
    const session = this.#current;
    const { threadId } = session;
    if (threadId === undefined || session.run) return;
    const loaded = await (
      this.#options.loadThread ?? ((id: string) => loadStoredThread(id, { baseUrl: this.#options.baseUrl }))
    )(threadId);
    if (this.#current !== session || session.run) return;
    session.dispatch({ type: 'set-branches', branches: loaded.messages.map((message) => message.branch) });
  };

  /** Drops the last user message and what followed it, and sends that message again. */
  readonly retry = (): void => {
    const last = this.#current.snapshot.transcript.messages.findLast((message) => message.role === 'user');
    if (last) this.resend({ fromMessageId: last.id, text: messageProse(last) });
  };

  /**
   * Shows a thread (or none, for a new conversation). A reply running in the thread left behind goes on in
   * the background; a thread with a running reply in this tab is shown as it stands, and any other is loaded
   * from the store, its tool calls drawn again without being answered, and its running run followed. A thread
   * that is missing or of another agent stays empty on screen, and the outcome says why.
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
    try {
      const loaded = await this.#load(session, threadId, { onlyOnScreen: true });
      return loaded.status === 'loaded' ? { status: 'opened' } : loaded;
    } catch (error) {
      if (this.#current !== session) return { status: 'superseded' };
      // The server answers another user's thread as a missing one, and so does this.
      if (ApiError.isInstance(error) && error.code === 'thread_not_found') return { status: 'missing' };
      return { status: 'failed', message: describeRunFailure(error) };
    }
  };

  /**
   * Lets a client that was disposed follow runs again: React's development mode unmounts and remounts every
   * component once, and the remount must get a working client, not a dead one.
   */
  readonly revive = (): void => {
    this.#disposed = false;
  };

  /** Stops following every run (the runs themselves go on, on the server); for a UI that goes away. */
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

  /**
   * Loads the stored thread into `session` and follows its running run, if any. `superseded` when the load
   * was overtaken: another thread went on screen (with `onlyOnScreen`), or the session started a run
   * meanwhile; `elsewhere` for another agent's thread, which is left undrawn.
   */
  async #load(
    session: ThreadSession<View>,
    threadId: string,
    { onlyOnScreen }: { onlyOnScreen: boolean },
  ): Promise<LoadOutcome> {
    const loaded = await (
      this.#options.loadThread ?? ((id: string) => loadStoredThread(id, { baseUrl: this.#options.baseUrl }))
    )(threadId);
    if ((onlyOnScreen && this.#current !== session) || session.run !== undefined || this.#disposed) {
      return { status: 'superseded' };
    }
    if (loaded.kind !== (this.#options.threadKind ?? 'chat'))
      return { status: 'elsewhere', kind: loaded.kind };
    const { messages, answeredToolCallIds } =
      loaded.activeRun === null
        ? { messages: loaded.messages, answeredToolCallIds: new Set<string>() }
        : withoutActiveReply(loaded.messages);
    session.update({
      transcript: { messages },
      toolCallViews: drawRestoredCalls({
        messages,
        draw: this.#options.drawToolCall,
        context: this.#context(session, threadId),
      }),
    });
    const { activeRun } = loaded;
    if (activeRun !== null) {
      const run = this.#startRun(session, { runId: activeRun.id });
      // Elapsed time counts from the run's start on the server, not from this page's.
      const startedAt = this.#now() - Math.max(0, Date.now() - Date.parse(activeRun.startedAt));
      void this.#drive(session, run, threadId, {
        startedAt,
        answeredToolCallIds,
        open: (signal) => this.#transport.follow({ runId: activeRun.id, after: 0, signal }),
      }).then((outcome) => this.#settle(session, run, outcome));
    }
    return { status: 'loaded' };
  }

  #startRun(session: ThreadSession<View>, { runId }: { runId?: string } = {}): SessionRun {
    const run: SessionRun = {
      controller: new AbortController(),
      position: { runId, lastSeq: 0 },
      stopRequested: false,
    };
    session.run = run;
    if (session.threadId !== undefined) this.#running.set(session.threadId, session);
    return run;
  }

  #send(
    session: ThreadSession<View>,
    text: string,
    answers: UserMessageAnswers = {},
    { continues }: { continues?: string } = {},
  ): BridgeOutcome {
    const trimmed = text.trim();
    if (!trimmed && (answers.attachments ?? []).length === 0) {
      return { ok: false, message: 'The message is empty.' };
    }
    if (session.run || this.#disposed) {
      return { ok: false, message: 'A reply is still being generated; wait for it to finish.' };
    }
    const run = this.#startRun(session);
    void this.#runTurn(session, run, trimmed, answers, continues);
    return { ok: true, message: continues === undefined ? 'Sent as your next message.' : 'Continuing.' };
  }

  async #runTurn(
    session: ThreadSession<View>,
    run: SessionRun,
    text: string,
    { formAnswers, a2uiAction, attachments = [] }: UserMessageAnswers,
    /** The reply this run continues; absent for a new user message. */
    continues?: string,
  ): Promise<void> {
    const startedAt = this.#now();
    session.update({ status: { phase: 'running', startedAt } });
    let threadId = session.threadId;
    try {
      if (threadId === undefined) {
        threadId = await this.#options.createThread();
        run.controller.signal.throwIfAborted();
        session.update({ threadId });
        this.#running.set(threadId, session);
        this.#options.onThreadCreated?.(threadId);
      }
    } catch (error) {
      const elapsedMs = Math.round(this.#now() - startedAt);
      this.#settle(session, run, { kind: 'settled', status: failedOrStopped({ run, error, elapsedMs }) });
      return;
    }
    const ids = this.#options.ids ?? (() => crypto.randomUUID());
    const userMessageId = ids();
    if (continues === undefined) {
      session.dispatch({
        type: 'user-message',
        id: userMessageId,
        text,
        ...(formAnswers ? { formAnswers } : {}),
        ...(attachments.length === 0 ? {} : { attachments: [...attachments] }),
      });
    } else {
      session.dispatch({ type: 'continue-reply', messageId: continues });
    }
    const request = {
      threadId,
      runId: ids(),
      userMessageId,
      text,
      ...(this.#options.readState ? { state: this.#options.readState() } : {}),
      ...(this.#options.skill === undefined ? {} : { skill: this.#options.skill }),
      ...(formAnswers === undefined ? {} : { formAnswers }),
      ...(a2uiAction === undefined ? {} : { a2uiAction }),
      ...(continues === undefined ? {} : { continue: true }),
      ...(attachments.length === 0 ? {} : { attachmentIds: attachments.map((attachment) => attachment.id) }),
    };
    const outcome = await this.#drive(session, run, threadId, {
      startedAt,
      answeredToolCallIds: new Set(),
      open: (signal) => this.#transport.start({ ...request, signal }),
    });
    if (outcome.kind === 'busy') {
      // Another tab's reply is running in this thread: this message was not taken; follow that reply.
      session.dispatch({ type: 'truncate-from', messageId: userMessageId });
      session.run = undefined;
      this.#running.delete(threadId);
      const busyThreadId = threadId;
      await this.#load(session, busyThreadId, { onlyOnScreen: false }).catch((error: unknown) => {
        session.update({ status: { phase: 'failed', message: describeRunFailure(error) } });
      });
      return;
    }
    this.#settle(session, run, outcome);
  }

  /** Follows a run into `session` (`driveRun`), with this client's transport, clock and tool-call drawing. */
  #drive(
    session: ThreadSession<View>,
    run: SessionRun,
    threadId: string,
    {
      startedAt,
      answeredToolCallIds,
      open,
    }: {
      startedAt: number;
      answeredToolCallIds: ReadonlySet<string>;
      open(signal: AbortSignal): AsyncIterable<SequencedRunEvent>;
    },
  ): Promise<RunOutcome> {
    return driveRun({
      session,
      run,
      startedAt,
      open,
      transport: this.#transport,
      connectivity: this.#connectivity,
      reconnectDelayMs: this.#options.reconnectDelayMs ?? reconnectDelayMs,
      now: () => this.#now(),
      onStarted: () => this.#options.onRunStarted?.(),
      onParkedCall: (toolCallId) => {
        const view = drawParkedCall({
          transcript: session.snapshot.transcript,
          toolCallId,
          restored: answeredToolCallIds.has(toolCallId),
          draw: this.#options.drawToolCall,
          context: this.#context(session, threadId),
        });
        if (view !== undefined) session.setToolCallView(toolCallId, view);
      },
      cancel: (cancelled) => this.#cancel(cancelled),
    });
  }

  #settle(session: ThreadSession<View>, run: SessionRun, outcome: RunOutcome): void {
    if (session.run !== run) return;
    session.run = undefined;
    if (session.threadId !== undefined && this.#running.get(session.threadId) === session) {
      this.#running.delete(session.threadId);
    }
    if (outcome.kind === 'settled') session.update({ status: outcome.status });
    this.#options.onRunSettled?.();
  }

  /** Asks the server to cancel; if it cannot be asked, this page at least stops following the run. */
  #cancel(run: SessionRun): void {
    const runId = run.position.runId;
    if (runId === undefined) return;
    run.cancelSent = true;
    this.#transport.cancel({ runId }).catch(() => run.controller.abort());
  }

  /** A drawn call's way back into the chat: a form's answers go to the thread that drew the form. */
  #context(session: ThreadSession<View>, threadId: string): ToolCallHookContext {
    return {
      threadId,
      sendUserMessage: (text, options) => this.#send(session, text, options),
    };
  }

  #now(): number {
    return (this.#options.now ?? (() => performance.now()))();
  }

  #publish(): void {
    for (const listener of this.#listeners) listener();
  }
}
