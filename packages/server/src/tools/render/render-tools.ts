import { type RenderToolDefinition, renderToolDefinitions } from '@drawbridge/protocol';
import type { AgentTool } from '../agent-tool.ts';
import {
  createRenderTool,
  type RenderToolDependencies,
  type RenderToolMessages,
} from './create-render-tool.ts';

function messagesFor(noun: string): RenderToolMessages {
  return {
    noClient: `No browser is attached to this conversation, so the ${noun} cannot be shown. Answer in text instead.`,
    timeout: `The browser did not confirm the ${noun} in time; it was not shown. Tell the user, or answer in text.`,
    cancelled: `The run was cancelled before the ${noun} was shown.`,
  };
}

/** The server's tool for one render tool of the shared definition list. */
export function renderTool(
  definition: RenderToolDefinition,
  dependencies: RenderToolDependencies,
): AgentTool {
  return createRenderTool(
    {
      name: definition.name,
      description: definition.description,
      schema: definition.schema,
      messages: messagesFor(definition.noun),
    },
    dependencies,
  ) as AgentTool;
}

/** The chat's render tools (`renderToolDefinitions`) over one bridge. */
export function createRenderTools(dependencies: RenderToolDependencies): AgentTool[] {
  return renderToolDefinitions.map((definition) => renderTool(definition, dependencies));
}
