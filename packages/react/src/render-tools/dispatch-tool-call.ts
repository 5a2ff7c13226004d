import type { WidgetRegistry } from './widget-definition.ts';

/** A drawable widget: the tool's name and its validated arguments, as stored for reload. */
export interface WidgetCall {
  tool: string;
  args: unknown;
}

export type DispatchOutcome =
  | { status: 'rendered'; message: string; widget: WidgetCall }
  | { status: 'error'; message: string };

/**
 * Resolves a completed tool call against a registry: parses and validates its arguments, runs an acting
 * widget, and says in one line what the model reads back. Expected failures are values, never throws.
 */
export function dispatchToolCall(
  registry: WidgetRegistry,
  { toolCallName, argsJson }: { toolCallName: string; argsJson: string },
): DispatchOutcome {
  const definition = registry.get(toolCallName);
  if (!definition) {
    return { status: 'error', message: `The client has no handler for widget "${toolCallName}".` };
  }
  let rawArgs: unknown;
  try {
    // An empty argument string is how some providers send a call without arguments.
    rawArgs = argsJson.trim() === '' ? {} : JSON.parse(argsJson);
  } catch {
    return { status: 'error', message: `The ${toolCallName} arguments could not be parsed as JSON.` };
  }
  const validation = definition.validate(rawArgs);
  if (!validation.ok) {
    return { status: 'error', message: `Invalid ${toolCallName} arguments: ${validation.reason}` };
  }
  const widget = { tool: toolCallName, args: validation.args };
  if (!definition.execute) {
    return { status: 'rendered', message: definition.ack, widget };
  }
  const executed = definition.execute(validation.args);
  return executed.status === 'rendered'
    ? { status: 'rendered', message: executed.message, widget }
    : executed;
}
