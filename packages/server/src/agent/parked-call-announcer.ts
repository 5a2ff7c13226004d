import { type RunEvent, runEvents } from '@drawbridge/protocol';

/**
 * Writes CUSTOM `drawbridge.parked` for each parked call, never before the call's TOOL_CALL_END. A tool runs
 * beside the loop that writes the model's stream, so it can park a call before the loop has written the
 * call's END; holding the announcement back means a client always has the complete arguments of a call it
 * is asked to draw.
 */
export class ParkedCallAnnouncer {
  readonly #emit: (event: RunEvent) => void;
  readonly #ended = new Set<string>();
  readonly #parkedAheadOfEnd = new Set<string>();

  constructor({ emit }: { emit(event: RunEvent): void }) {
    this.#emit = emit;
  }

  /** The tool parked the call. */
  parked(toolCallId: string): void {
    if (this.#ended.has(toolCallId)) this.#emit(runEvents.parkedCall({ toolCallId }));
    else this.#parkedAheadOfEnd.add(toolCallId);
  }

  /** The call's TOOL_CALL_END was just written. */
  ended(toolCallId: string): void {
    this.#ended.add(toolCallId);
    if (this.#parkedAheadOfEnd.delete(toolCallId)) this.#emit(runEvents.parkedCall({ toolCallId }));
  }
}
