import { APICallError } from 'ai';

const maximumMessageLength = 300;

function firstLine(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > maximumMessageLength ? `${trimmed.slice(0, maximumMessageLength - 1)}…` : trimmed;
}

/**
 * The message of an error a provider put in its stream as it parsed it from the wire, not as an `Error`:
 * `{ message }`, or `{ error: { message } }` (Anthropic's `overloaded_error`, OpenAI's `error` event).
 */
function streamedErrorMessage(error: unknown): string | undefined {
  const messageOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string'
      ? value.message
      : undefined;
  if (typeof error !== 'object' || error === null) return undefined;
  return messageOf(error) ?? ('error' in error ? messageOf(error.error) : undefined);
}

/** One clear line for a failed model call: what the provider said, never a stack trace. */
export function describeModelError(error: unknown): string {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode === undefined ? '' : ` (HTTP ${error.statusCode})`;
    return `The model provider refused the request${status}: ${firstLine(error.message) || 'no reason given'}`;
  }
  if (error instanceof Error) return `The model call failed: ${firstLine(error.message) || error.name}`;
  const text = streamedErrorMessage(error) ?? String(error);
  return `The model call failed: ${firstLine(text) || 'unknown error'}`;
}
