import { describeSchemaError, findRenderTool, type ToolResult } from '@drawbridge/protocol';

export type RenderCallCheck =
  | { status: 'not_a_render_tool' }
  | { status: 'valid'; answer: ToolResult }
  | { status: 'invalid'; reason: string; answer: ToolResult };

/**
 * What a browser does with a typed render call at its render boundary, minus the drawing: parse the
 * streamed arguments and validate them with the one shared schema. The answer is what the eval posts back.
 */
export function checkRenderCall({
  toolName,
  argsJson,
}: {
  toolName: string;
  argsJson: string;
}): RenderCallCheck {
  const definition = findRenderTool(toolName);
  if (definition === undefined) return { status: 'not_a_render_tool' };
  let args: unknown;
  try {
    // Some providers send a call without arguments as an empty string.
    args = argsJson.trim() === '' ? {} : JSON.parse(argsJson);
  } catch {
    return invalid(toolName, 'the arguments are not valid JSON');
  }
  const parsed = definition.schema.safeParse(args);
  if (!parsed.success) return invalid(toolName, describeSchemaError(parsed.error));
  return { status: 'valid', answer: { status: 'rendered', message: definition.ack } };
}

function invalid(toolName: string, reason: string): RenderCallCheck {
  return {
    status: 'invalid',
    reason,
    answer: { status: 'error', message: `Invalid ${toolName} arguments: ${reason}` },
  };
}
