import { type A2uiJsonProgress, A2uiJsonStream } from './a2ui-json-stream.ts';

/**
 * The tool a model draws A2UI with, as `@ag-ui/a2ui-middleware` and Google's A2UI agents name it: one argument,
 * `a2ui_json`, a JSON array of A2UI messages written as a string.
 */
export const sendA2uiToolName = 'send_a2ui_json_to_client';

/** The activity message id of the surface a call of the tool draws: one activity per call. */
export function a2uiActivityIdOf(toolCallId: string): string {
  return `a2ui-${toolCallId}`;
}

/** The messages of the tool's final arguments (a string of JSON, or, as the middleware also takes, JSON itself). */
export type A2uiToolArgumentsRead =
  | { success: true; messages: unknown[] }
  | { success: false; error: string };

/** Reads the tool's complete arguments: `{ a2ui_json }` as a JSON string (or an array or one message). */
export function readA2uiToolArguments(input: unknown): A2uiToolArgumentsRead {
  const value =
    typeof input === 'object' && input !== null ? (input as { a2ui_json?: unknown }).a2ui_json : undefined;
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch (error) {
      return { success: false, error: `a2ui_json is not valid JSON: ${(error as Error).message}` };
    }
  }
  if (Array.isArray(parsed)) return { success: true, messages: parsed };
  if (typeof parsed === 'object' && parsed !== null) return { success: true, messages: [parsed] };
  return { success: false, error: 'a2ui_json must be a JSON array of A2UI messages.' };
}

/**
 * Reads the tool's arguments as the model streams them (`{"a2ui_json": "[{\"version\":…`): finds the string,
 * decodes its escapes as they complete, and hands the decoded JSON to an `A2uiJsonStream`. Linear in the
 * arguments' length.
 */
export class A2uiToolArgumentsStream {
  #raw = '';
  #position = 0;
  #state: 'seeking' | 'string' | 'done' = 'seeking';
  readonly #json = new A2uiJsonStream();

  /** Adds a delta of the arguments' JSON; returns the messages so far when they changed. */
  push(delta: string): A2uiJsonProgress | undefined {
    this.#raw += delta;
    if (this.#state === 'seeking') {
      // Searched again from a little before the old end, in case the key was cut between two deltas.
      const from = Math.max(0, this.#position - 16);
      const match = /"a2ui_json"\s*:\s*"/.exec(this.#raw.slice(from));
      if (match === null) {
        this.#position = this.#raw.length;
        return undefined;
      }
      this.#position = from + match.index + match[0].length;
      this.#state = 'string';
    }
    if (this.#state !== 'string') return undefined;
    return this.#json.push(this.#decode());
  }

  /** Decodes the string's characters from the position on, stopping before an escape that is not whole yet. */
  #decode(): string {
    let decoded = '';
    let position = this.#position;
    while (position < this.#raw.length) {
      const character = this.#raw[position]!;
      if (character === '"') {
        this.#state = 'done';
        position += 1;
        break;
      }
      if (character !== '\\') {
        decoded += character;
        position += 1;
        continue;
      }
      const kind = this.#raw[position + 1];
      if (kind === undefined) break;
      if (kind === 'u') {
        const hex = this.#raw.slice(position + 2, position + 6);
        if (hex.length < 4) break;
        decoded += String.fromCharCode(Number.parseInt(hex, 16));
        position += 6;
        continue;
      }
      decoded += escapes.get(kind) ?? kind;
      position += 2;
    }
    this.#position = position;
    return decoded;
  }
}

const escapes = new Map([
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
  ['b', '\b'],
  ['f', '\f'],
]);
