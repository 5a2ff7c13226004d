import { isParkedCallEvent, isRunInfoEvent } from '@drawbridge/protocol';
import { fetchMessages } from '../api/api-client.ts';
import { idleRunStatus, type RunStatus } from '../app/run-status.ts';
import type { BridgeOutcome } from '../frame-host/widget-bridge.ts';
import type { ToolCallHandler, ToolCallHookContext } from '../transcript/tool-call-hook.ts';
import { transcriptFromStored } from '../transcript/transcript-from-stored.ts';
import { type TranscriptAction, transcriptReducer } from '../transcript/transcript-reducer.ts';
import {
  emptyTranscript,
  messageProse,
  type TranscriptMessage,
  type TranscriptState,
} from '../transcript/transcript-state.ts';
import { type AgentRunTransport, httpAgentRunTransport } from './agent-run-transport.ts';
import { describeRunFailure } from './describe-run-failure.ts';
import { findToolCall } from './find-tool-call.ts';

/** Everything a UI draws from: the thread, its transcript, where the reply stands, and the drawn tool calls. */
export interface AgentRunSnapshot<View> {
  threadId: string | undefined;
  transcript: TranscriptState;
  /** The current reply; a failed one carries the sentence to show. */
  status: RunStatus;
  /** What the tool-call handler drew for each parked or restored call, by toolCallId. */
  toolCallViews: ReadonlyMap<string, View>;
}

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
 */
export class AgentRunClient<View> {
  readonly #options: AgentRunClientOptions<View>;
  readonly #transport: AgentRunTransport;
  readonly #listeners = new Set<() => void>();
  #snapshot: AgentRunSnapshot<View>;
  #run: AbortController | undefined;
  /** The server's id of the running run, once its `drawbridge.run` event arrived: what Stop cancels. */
  #serverRunId: string | undefined;
  // Bumped by every run and thread switch, so a thread load that finishes later cannot overwrite them.
  #generation = 0;

  constructor(options: AgentRunClientOptions<View>) {
    this.#options = options;
    this.#transport = options.transport ?? httpAgentRunTransport;
    this.#snapshot = {
      threadId: options.initialThreadId,
      transcript: emptyTranscript,
      status: idleRunStatus,
      toolCallViews: new Map(),
    };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): AgentRunSnapshot<View> => this.#snapshot;

  /** Sends a user message as a new run; refused while a reply is still running. */
  readonly send = (text: string): BridgeOutcome => {
    const trimmed = text.trim();
    if (!trimmed) {
      return { ok: false, message: 'The message is empty.' };
    }
    if (this.#run) {
      return { ok: false, message: 'A reply is still being generated; wait for it to finish.' };
    }
    const controller = new AbortController();
    this.#run = controller;
    this.#generation += 1;
    void this.#runTurn(trimmed, controller);
    return { ok: true, message: 'Sent as your next message.' };
  };

  /** Stops the running reply: cancels the run on the server (a closed connection no longer does), then stops reading. */
  readonly stop = (): void => {
    if (this.#run && this.#serverRunId !== undefined) {
      // A failed cancel leaves the run to its timeout; the reply here stops either way.
      void this.#transport.cancel?.(this.#serverRunId).catch(() => undefined);
    }
    this.#run?.abort();
  };

  /** Drops the last user message and what followed it, and sends that message again. */
  readonly retry = (): void => {
    const last = this.#snapshot.transcript.messages.findLast((message) => message.role === 'user');
    if (!last || this.#run) {
      return;
    }
    this.#dispatch({ type: 'truncate-from', messageId: last.id });
    this.send(messageProse(last));
  };

  /**
   * Switches to a thread (or to none, for a new conversation): stops the running reply, clears the
   * transcript and loads the thread's stored messages, drawing its tool calls again without answering them.
   */
  readonly openThread = async (threadId: string | undefined): Promise<OpenThreadOutcome> => {
    this.#run?.abort();
    this.#run = undefined;
    this.#generation += 1;
    const generation = this.#generation;
    this.#update({
      threadId,
      transcript: emptyTranscript,
      status: idleRunStatus,
      toolCallViews: new Map(),
    });
    if (threadId === undefined) {
      return { status: 'opened' };
    }
    let messages: TranscriptMessage[];
    try {
      messages = await (this.#options.loadThread ?? loadStoredThread)(threadId);
    } catch (error) {
      return generation === this.#generation
        ? { status: 'failed', message: describeRunFailure(error) }
        : { status: 'superseded' };
    }
    if (generation !== this.#generation) {
      return { status: 'superseded' };
    }
    const views = new Map<string, View>();
    for (const message of messages) {
      for (const part of message.parts) {
        if (part.kind !== 'tool-call') continue;
        const { toolCallId, toolCallName, argsJson } = part.call;
        const view = this.#options.drawToolCall?.(
          { toolCallId, toolCallName, argsJson, restored: true },
          this.#context(threadId),
        );
        if (view !== undefined) views.set(toolCallId, view);
      }
    }
    this.#update({ transcript: { messages }, toolCallViews: views });
    return { status: 'opened' };
  };

  /** Stops everything this client started; for a UI that goes away. */
  readonly dispose = (): void => {
    this.#run?.abort();
    this.#run = undefined;
    this.#generation += 1;
  };

  async #runTurn(text: string, controller: AbortController): Promise<void> {
    const now = this.#options.now ?? (() => performance.now());
    const ids = this.#options.ids ?? (() => crypto.randomUUID());
    const startedAt = now();
    const elapsedMs = () => Math.round(now() - startedAt);
    this.#update({ status: { phase: 'running', startedAt } });
    let settled: RunStatus;
    try {
      let threadId = this.#snapshot.threadId;
      if (threadId === undefined) {
        threadId = await this.#options.createThread();
        controller.signal.throwIfAborted();
        this.#update({ threadId });
        this.#options.onThreadCreated?.(threadId);
      }
      const userMessageId = ids();
      this.#dispatch({ type: 'user-message', id: userMessageId, text });
      let failure: string | undefined;
      const events = this.#transport.start({
        threadId,
        runId: ids(),
        userMessageId,
        text,
        signal: controller.signal,
        ...(this.#options.readState ? { state: this.#options.readState() } : {}),
        ...(this.#options.skill === undefined ? {} : { skill: this.#options.skill }),
      });
      for await (const event of events) {
        // An event already in flight when a thread switch aborted this run belongs to no transcript.
        if (this.#run !== controller) break;
        this.#dispatch({ type: 'run-event', event });
        if (event.type === 'RUN_ERROR') {
          failure = event.message;
        } else if (isRunInfoEvent(event)) {
          this.#serverRunId = event.value.runId;
        } else if (isParkedCallEvent(event)) {
          this.#drawParkedCall(threadId, event.value.toolCallId);
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
    // A thread switch already reset the state; only the run still current may say how it ended.
    if (this.#run === controller) {
      this.#run = undefined;
      this.#update({ status: settled });
    }
    this.#options.onRunSettled?.();
  }

  /**
   * Draws and answers a call the server parked for this browser, with the arguments the transcript holds.
   * The server announces a call only after its TOOL_CALL_END, so they are complete.
   */
  #drawParkedCall(threadId: string, toolCallId: string): void {
    const call = findToolCall(this.#snapshot.transcript, toolCallId);
    if (call === undefined || !call.complete) return;
    const view = this.#options.drawToolCall?.(
      { toolCallId, toolCallName: call.toolCallName, argsJson: call.argsJson, restored: false },
      this.#context(threadId),
    );
    if (view !== undefined) {
      this.#update({ toolCallViews: new Map(this.#snapshot.toolCallViews).set(toolCallId, view) });
    }
  }

  #context(threadId: string): ToolCallHookContext {
    return { threadId, sendUserMessage: (text) => this.send(text) };
  }

  #dispatch(action: TranscriptAction): void {
    this.#update({ transcript: transcriptReducer(this.#snapshot.transcript, action) });
  }

  #update(patch: Partial<AgentRunSnapshot<View>>): void {
    this.#snapshot = { ...this.#snapshot, ...patch };
    for (const listener of this.#listeners) listener();
  }
}
