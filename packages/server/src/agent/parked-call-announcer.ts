import { type ActivitySnapshotRunEvent, type RunEvent, runEvents } from '@drawbridge/protocol';

/**
 * Writes what a tool says about its call — the call's view as an activity, CUSTOM `drawbridge.parked` for a
 * parked call — never before the call's TOOL_CALL_END. A tool runs beside the loop that writes the model's
 * stream, so it can park a call before the loop has written the call's END; holding the announcement back
 * means a client always has the complete arguments of a call it is shown or asked to draw.
 */
export class ParkedCallAnnouncer {
  readonly #emit: (event: RunEvent) => void;
  readonly #ended = new Set<string>();
  readonly #aheadOfEnd = new Map<string, RunEvent[]>();

  constructor({ emit }: { emit(event: RunEvent): void }) {
    this.#emit = emit;
  }

  /** The tool parked the call. */
  parked(toolCallId: string): void {
    this.#announce(toolCallId, runEvents.parkedCall({ toolCallId }));
  }

  /** The tool shows the call's view (`drawbridge.render-tool`, `drawbridge.mcp-view`). */
  shown(toolCallId: string, activity: ActivitySnapshotRunEvent): void {
    this.#announce(toolCallId, activity);
  }

  /** The call's TOOL_CALL_END was just written. */
  ended(toolCallId: string): void {
    this.#ended.add(toolCallId);
    const held = this.#aheadOfEnd.get(toolCallId);
    this.#aheadOfEnd.delete(toolCallId);
    for (const event of held ?? []) this.#emit(event);
  }

  #announce(toolCallId: string, event: RunEvent): void {
    if (this.#ended.has(toolCallId)) {
      this.#emit(event);
      return;
    }
    const held = this.#aheadOfEnd.get(toolCallId);
    if (held === undefined) this.#aheadOfEnd.set(toolCallId, [event]);
    else held.push(event);
  }
}
