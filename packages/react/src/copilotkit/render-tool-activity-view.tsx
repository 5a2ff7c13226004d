import type { DrawbridgeActivityContent } from '@drawbridge/protocol';
import type { ReactNode } from 'react';
import { WidgetProblem } from '../render-tools/widget-problem.tsx';
import type { ToolCallHandler } from '../transcript/tool-call-hook.ts';
import type { ActivityRenderProps } from './activity-message-renderer.ts';
import { useCopilotKitSend } from './use-copilotkit-send.ts';

/**
 * A `drawbridge.render-tool` activity: the typed render call the server parked, handed to the registry's handler
 * (`createRenderToolHandler`), which checks the arguments with the tool's own schema, draws its component and
 * answers the parked call once it is on screen, so the run goes on. A form's answers go back as the user's next
 * message in CopilotKit's chat.
 */
export function RenderToolActivityView({
  content,
  agent,
  handler,
}: ActivityRenderProps<DrawbridgeActivityContent<'drawbridge.render-tool'>> & {
  handler: ToolCallHandler;
}): ReactNode {
  const sendUserMessage = useCopilotKitSend(agent);
  if (agent === undefined) {
    return <WidgetProblem tool={content.toolName} message="There is no agent to answer this call for." />;
  }
  return (
    handler(
      {
        toolCallId: content.toolCallId,
        toolCallName: content.toolName,
        argsJson: JSON.stringify(content.args),
        restored: false,
      },
      { threadId: agent.threadId, sendUserMessage },
    ) ?? null
  );
}
