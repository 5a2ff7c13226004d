import type { JsonPatchOperation } from '@ag-ui/core';
import {
  A2uiToolArgumentsStream,
  a2uiActivityIdOf,
  a2uiActivityType,
  a2uiOperationsKey,
  type RunEvent,
  readA2uiToolArguments,
  runEvents,
  sendA2uiToolName,
} from '@drawbridge/protocol';
import type { ToolCallPart } from './tool-call-events.ts';

/** One call of the A2UI tool being drawn: its streaming reader and the messages the client has. */
interface DrawnCall {
  stream: A2uiToolArgumentsStream;
  sent: unknown[] | undefined;
}

/**
 * Draws each call of `send_a2ui_json_to_client` as an `a2ui-surface` activity while its arguments stream: a
 * snapshot with the first messages, then JSON Patch deltas that add each further message and each component
 * of the message being written as it ends (`growthPatch`), as `@ag-ui/a2ui-middleware` shapes the content (`a2ui_operations`). The
 * complete arguments have the last word. Only a run that offers the tool draws its calls: a call of a tool the
 * agent was not given is refused by governance, and must not have been shown first.
 */
export class A2uiToolCallActivities {
  readonly #emit: (event: RunEvent) => void;
  readonly #offered: boolean;
  readonly #calls = new Map<string, DrawnCall>();

  constructor({
    emit,
    offered,
  }: { emit(event: RunEvent): void /** The run offers the tool. */; offered: boolean }) {
    this.#emit = emit;
    this.#offered = offered;
  }

  /** Handles a tool part of the model's stream; parts of other tools pass by. */
  handle(part: ToolCallPart): void {
    switch (part.type) {
      case 'tool-input-start':
        if (this.#offered && part.toolName === sendA2uiToolName)
          this.#calls.set(part.id, { stream: new A2uiToolArgumentsStream(), sent: undefined });
        return;
      case 'tool-input-delta': {
        const call = this.#calls.get(part.id);
        const progress = call?.stream.push(part.delta);
        if (call !== undefined && progress !== undefined) this.#send(part.id, call, progress.messages);
        return;
      }
      case 'tool-call': {
        if (!this.#offered || part.toolName !== sendA2uiToolName || part.invalid === true) return;
        const call = this.#calls.get(part.toolCallId) ?? {
          stream: new A2uiToolArgumentsStream(),
          sent: undefined,
        };
        this.#calls.delete(part.toolCallId);
        const read = readA2uiToolArguments(part.input);
        if (read.success) this.#send(part.toolCallId, call, read.messages);
        else this.#fail(part.toolCallId, read.error);
        return;
      }
      default:
        return;
    }
  }

  #send(toolCallId: string, call: DrawnCall, messages: unknown[]): void {
    const messageId = a2uiActivityIdOf(toolCallId);
    const sent = call.sent;
    call.sent = messages;
    if (sent === undefined) {
      this.#emit(
        runEvents.activitySnapshot({
          messageId,
          activityType: a2uiActivityType,
          content: { [a2uiOperationsKey]: messages },
        }),
      );
      return;
    }
    const patch = growthPatch(sent, messages, `/${a2uiOperationsKey}`);
    if (patch.length > 0)
      this.#emit(runEvents.activityDelta({ messageId, activityType: a2uiActivityType, patch }));
  }

  /** Arguments that are not A2UI: the card says why, in the middleware's lifecycle words, and draws nothing. */
  #fail(toolCallId: string, error: string): void {
    this.#emit(
      runEvents.activitySnapshot({
        messageId: a2uiActivityIdOf(toolCallId),
        activityType: a2uiActivityType,
        content: { status: 'failed', error },
      }),
    );
  }
}

function isSameJson(left: unknown, right: unknown): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The JSON Patch from `before` to `after` that sends only what is new where `after` grew from `before` — a list
 * that gained items, an object that gained keys — and replaces only what changed. A streamed message grows one
 * component at a time, so its deltas add one component each instead of the whole message again (which would
 * send a surface's bytes quadratically).
 */
function growthPatch(before: unknown, after: unknown, path: string): JsonPatchOperation[] {
  if (isSameJson(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after) && after.length >= before.length) {
    return [
      ...before.flatMap((item, index) => growthPatch(item, after[index], `${path}/${index}`)),
      ...after
        .slice(before.length)
        .map((value): JsonPatchOperation => ({ op: 'add', path: `${path}/-`, value })),
    ];
  }
  if (
    isPlainObject(before) &&
    isPlainObject(after) &&
    Object.keys(before).every((key) => Object.hasOwn(after, key))
  ) {
    return Object.entries(after).flatMap(([key, value]): JsonPatchOperation[] => {
      const keyPath = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      return Object.hasOwn(before, key)
        ? growthPatch(before[key], value, keyPath)
        : [{ op: 'add', path: keyPath, value }];
    });
  }
  return [{ op: 'replace', path, value: after }];
}
