import { APICallError } from 'ai';

const maximumMessageLength = 300;

function firstLine(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > maximumMessageLength ? `${trimmed.slice(0, maximumMessageLength - 1)}…` : trimmed;
}

/** One clear line for a failed model call: what the provider said, never a stack trace. */
export function describeModelError(error: unknown): string {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode === undefined ? '' : ` (HTTP ${error.statusCode})`;
    return `The model provider refused the request${status}: ${firstLine(error.message) || 'no reason given'}`;
  }
  if (error instanceof Error) return `The model call failed: ${firstLine(error.message) || error.name}`;
  return `The model call failed: ${firstLine(String(error)) || 'unknown error'}`;
}
