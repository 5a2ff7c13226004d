import type { StoredWidgetState } from '@drawbridge/protocol';
import type { BridgeOutcome } from '../agent-run/bridge-outcome.ts';
import { ApiError } from '../api/api-error.ts';
import { putWidgetState } from '../api/widget-state-api.ts';

/** Where one widget's state is kept: its thread and its lineage (the id of its first revision). */
export interface WidgetStateKey {
  threadId: string;
  lineageId: string;
}

type Save = (input: WidgetStateKey & { json: string; baseUrl: string | undefined }) => Promise<void>;

/**
 * What the page's widgets keep (`host.setState`), by thread and widget lineage, as JSON text: filled from each
 * thread the page loads and by every state a widget sets, so a frame made later (a Reload, an edit with a new
 * script, a widget released and restored) starts from the latest. Saving coalesces: while one state of a widget
 * is on its way to the server, only the newest of those set meanwhile follows it, and each caller is answered
 * when a state at least as new as its own is stored.
 */
export class WidgetStateBook {
  readonly #states = new Map<string, string>();
  readonly #waiting = new Map<
    string,
    { json: string; baseUrl: string | undefined; answers: Array<(outcome: BridgeOutcome) => void> }
  >();
  readonly #saving = new Set<string>();
  readonly #save: Save;

  constructor({ save = defaultSave }: { save?: Save } = {}) {
    this.#save = save;
  }

  /** The states the server holds for a thread just loaded. */
  adopt(threadId: string, states: readonly StoredWidgetState[]): void {
    for (const { lineageId, state } of states) {
      const key = keyOf({ threadId, lineageId });
      // A state set on this page and not stored yet is newer than what the server answered.
      if (!this.#waiting.has(key) && !this.#saving.has(key)) this.#states.set(key, JSON.stringify(state));
    }
  }

  /** The widget's state as JSON text, `undefined` when it kept none. */
  read(key: WidgetStateKey): string | undefined {
    return this.#states.get(keyOf(key));
  }

  /** Keeps `json` (already checked against `widgetStateLimits`) and stores it on the server. */
  write({
    baseUrl,
    json,
    ...key
  }: WidgetStateKey & { json: string; baseUrl: string | undefined }): Promise<BridgeOutcome> {
    const id = keyOf(key);
    this.#states.set(id, json);
    return new Promise((answer) => {
      const waiting = this.#waiting.get(id);
      this.#waiting.set(id, { json, baseUrl, answers: [...(waiting?.answers ?? []), answer] });
      if (!this.#saving.has(id)) void this.#drain(key);
    });
  }

  async #drain(key: WidgetStateKey): Promise<void> {
    const id = keyOf(key);
    this.#saving.add(id);
    for (let next = this.#waiting.get(id); next !== undefined; next = this.#waiting.get(id)) {
      this.#waiting.delete(id);
      let outcome: BridgeOutcome;
      try {
        await this.#save({ ...key, json: next.json, baseUrl: next.baseUrl });
        outcome = { ok: true, message: 'Kept.' };
      } catch (error) {
        outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      for (const answer of next.answers) answer(outcome);
    }
    this.#saving.delete(id);
  }
}

function keyOf({ threadId, lineageId }: WidgetStateKey): string {
  return `${threadId}\u0000${lineageId}`;
}

const defaultSave: Save = async ({ threadId, lineageId, json, baseUrl }) => {
  try {
    await putWidgetState({
      threadId,
      lineageId,
      state: JSON.parse(json) as Record<string, unknown>,
      baseUrl,
    });
  } catch (error) {
    // The server's own words reach the widget (a bound, a chat deleted meanwhile).
    throw ApiError.isInstance(error) ? new Error(error.message) : error;
  }
};

/** The page's book: module-level, like the prompt budget, so every card and every load share it. */
export const pageWidgetStates = new WidgetStateBook();
