import { type RunEvent, runEvents } from '@drawbridge/protocol';
import type { ToolOutcome } from '../tools/agent-tool.ts';
import { describeToolOutcome } from './agent-tool-set.ts';
import type { ParkedCallAnnouncer } from './parked-call-announcer.ts';
import type { AgentStepPart } from './stream-agent-steps.ts';

/** A call the run ended on: a client-executed tool's, or one interrupted for the client's next run. */
export interface PendingToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** The step parts about tool calls. */
export type ToolCallPart = Extract<
  AgentStepPart,
  {
    type:
      | 'tool-input-start'
      | 'tool-input-delta'
      | 'tool-input-end'
      | 'tool-call'
      | 'tool-result'
      | 'tool-error';
  }
>;

export interface ToolCallEventsOptions {
  emit(event: RunEvent): void;
  /** The reply message the calls belong to (`parentMessageId`). */
  messageId: string;
  createId(): string;
  parkedCalls: ParkedCallAnnouncer;
  /** Tools the client executes: their valid calls end the run pending. */
  clientExecutedToolNames: ReadonlySet<string>;
  /** Awaited before a call is first announced: the text before it is closed and stored. */
  beforeAnnouncing(): Promise<void>;
  /** A call rejected before any tool ran (not offered, or its arguments refused), for governance to record. */
  onUnofferedToolCall?(call: PendingToolCall): Promise<unknown>;
}

function isToolOutcome(value: unknown): value is ToolOutcome {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  return value.ok === true ? 'output' in value : 'error' in value;
}

function toolResultText(output: unknown): string {
  if (isToolOutcome(output)) return describeToolOutcome(output);
  return typeof output === 'string' ? output : JSON.stringify(output);
}

/**
 * Turns the model's tool calls into TOOL_CALL_* events and keeps what the run's outcome needs of them: which
 * calls wait for the client (pending) and which the run was interrupted for.
 */
export class ToolCallEvents {
  readonly #options: ToolCallEventsOptions;
  /** Calls whose START went out; a provider that streams input sends start/delta/end before `tool-call`. */
  readonly #announced = new Set<string>();
  /** Calls whose input has not ended yet. */
  readonly #open = new Set<string>();
  /** Calls the SDK rejected before execution; their `tool-error` carries only a message, not the error class. */
  readonly #invalid = new Set<string>();
  readonly #pending = new Map<string, PendingToolCall>();
  /** Calls a tool interrupted the run for; the step that made them is the run's last. */
  readonly #interrupting = new Set<string>();
  readonly #interrupted = new Map<string, PendingToolCall>();

  constructor(options: ToolCallEventsOptions) {
    this.#options = options;
  }

  /** Handles one tool part of the model's stream. */
  async handle(part: ToolCallPart): Promise<void> {
    switch (part.type) {
      case 'tool-input-start':
        await this.#announce(part.id, part.toolName);
        this.#open.add(part.id);
        return;
      case 'tool-input-delta':
        if (part.delta !== '')
          this.#options.emit(runEvents.toolCallArgs({ toolCallId: part.id, delta: part.delta }));
        return;
      case 'tool-input-end':
        this.#end(part.id);
        return;
      case 'tool-call':
        return this.#call(part);
      case 'tool-result':
        return this.#result(part);
      case 'tool-error':
        return this.#error(part);
    }
  }

  /** A tool asked to end the run waiting for the client's answer to this call. */
  interrupt(toolCallId: string): void {
    this.#interrupting.add(toolCallId);
  }

  /** True once a tool asked to end the run after this step. */
  get interruptRequested(): boolean {
    return this.#interrupting.size > 0;
  }

  /** Ends the calls whose input never ended (the model stopped mid-call), so every START has its END. */
  endOpenCalls(): void {
    for (const toolCallId of this.#open) this.#end(toolCallId);
  }

  /** Calls of client-executed tools, in the order the model made them. */
  get pending(): PendingToolCall[] {
    return [...this.#pending.values()];
  }

  /** Calls the run was interrupted for. */
  get interrupted(): PendingToolCall[] {
    return [...this.#interrupted.values()];
  }

  async #announce(toolCallId: string, toolName: string): Promise<void> {
    await this.#options.beforeAnnouncing();
    this.#announced.add(toolCallId);
    this.#options.emit(
      runEvents.toolCallStart({
        toolCallId,
        toolCallName: toolName,
        parentMessageId: this.#options.messageId,
      }),
    );
  }

  #end(toolCallId: string): void {
    this.#open.delete(toolCallId);
    this.#options.emit(runEvents.toolCallEnd({ toolCallId }));
    this.#options.parkedCalls.ended(toolCallId);
  }

  async #call(part: Extract<ToolCallPart, { type: 'tool-call' }>): Promise<void> {
    const { toolCallId, toolName, input } = part;
    if (part.invalid === true) this.#invalid.add(toolCallId);
    else if (this.#options.clientExecutedToolNames.has(toolName)) {
      this.#pending.set(toolCallId, { toolCallId, toolName, input });
    }
    // A provider that does not stream a call's input sends only this part: the call is announced whole.
    if (this.#announced.has(toolCallId)) return;
    await this.#announce(toolCallId, toolName);
    this.#options.emit(runEvents.toolCallArgs({ toolCallId, delta: JSON.stringify(input ?? {}) }));
    this.#end(toolCallId);
  }

  #result(part: Extract<ToolCallPart, { type: 'tool-result' }>): void {
    const { toolCallId, toolName, input } = part;
    // The model never reads an interrupted call's placeholder output; the client's resume answers it.
    if (this.#interrupting.has(toolCallId)) {
      this.#interrupted.set(toolCallId, { toolCallId, toolName, input });
      return;
    }
    this.#emitResult(toolCallId, toolResultText(part.output));
  }

  async #error(part: Extract<ToolCallPart, { type: 'tool-error' }>): Promise<void> {
    const { toolCallId, toolName, input, error } = part;
    this.#pending.delete(toolCallId);
    if (this.#invalid.has(toolCallId))
      await this.#options.onUnofferedToolCall?.({ toolCallId, toolName, input });
    this.#emitResult(toolCallId, `Error: ${error instanceof Error ? error.message : String(error)}`);
  }

  #emitResult(toolCallId: string, content: string): void {
    this.#options.emit(
      runEvents.toolCallResult({ messageId: this.#options.createId(), toolCallId, content }),
    );
  }
}
