import { useCopilotKit } from '@copilotkit/react-core/v2/context';
import type { FormAnswers } from '@drawbridge/protocol';
import { useCallback } from 'react';
import type { BridgeOutcome } from '../agent-run/bridge-outcome.ts';
import type { ActivityAgent } from './activity-message-renderer.ts';
import { drawbridgeCopilotKitProperties } from './copilotkit-properties.ts';

type RunAgentParameters = Parameters<ReturnType<typeof useCopilotKit>['copilotkit']['runAgent']>[0];

/**
 * Sends text as the user's next message in CopilotKit's chat, as its composer does (the message added to the agent,
 * then a run through CopilotKit, with its tools and context): what a widget's `host.sendPrompt` and a typed form's
 * answers become. A form's answers name their call (`forwardedProps.drawbridge.formAnswers`), so Drawbridge stores
 * that form as sent. Refused while a reply is still running, as Drawbridge's own chat refuses it.
 */
export function useCopilotKitSend(
  agent: ActivityAgent | undefined,
): (text: string, options?: { formAnswers?: FormAnswers }) => BridgeOutcome {
  const { copilotkit } = useCopilotKit();
  return useCallback(
    (text, options = {}) => {
      if (agent === undefined) return { ok: false, message: 'The chat is not ready.' };
      if (agent.isRunning) {
        return { ok: false, message: 'A reply is still being generated; wait for it to finish.' };
      }
      agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: text });
      const forwardedProps =
        options.formAnswers === undefined
          ? {}
          : // CopilotKit merges these over its `properties` one level deep: the whole `drawbridge` key goes.
            {
              drawbridge: { ...drawbridgeCopilotKitProperties.drawbridge, formAnswers: options.formAnswers },
            };
      // The agent is the one CopilotKit handed the renderer; our type names only what we read of it.
      void copilotkit
        .runAgent({ agent: agent as unknown as RunAgentParameters['agent'], forwardedProps })
        .catch((error: unknown) => console.error('Drawbridge: the CopilotKit run failed', error));
      return { ok: true, message: 'Sent as your next message.' };
    },
    [agent, copilotkit],
  );
}
