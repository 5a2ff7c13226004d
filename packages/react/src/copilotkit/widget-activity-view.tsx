import type { DrawbridgeActivityContent, FrameTheme } from '@drawbridge/protocol';
import { type ReactNode, useMemo, useRef } from 'react';
import { useLinkConfirmation } from '../widget-bridge/link-confirmation.tsx';
import { WidgetCard } from '../widget-card/widget-card.tsx';
import { type WidgetEnvironment, WidgetEnvironmentContext } from '../widget-card/widget-environment.ts';
import { WidgetLineagesContext } from '../widget-card/widget-lineages-context.ts';
import type { ActivityRenderProps } from './activity-message-renderer.ts';
import { activityWidgetLineagesOf } from './activity-widget-lineages.ts';
import { type FoldedWidgetActivity, foldWidgetActivity } from './fold-widget-activity.ts';
import { useActivityWidgetLineages } from './use-activity-widget-lineages.ts';
import { useAgentRunning } from './use-agent-running.ts';
import { useCopilotKitSend } from './use-copilotkit-send.ts';

/** What every widget drawn in CopilotKit's chat shares: where Drawbridge is mounted, the theme, the trusted hosts. */
export interface WidgetActivityOptions {
  baseUrl?: string;
  theme?: FrameTheme;
  trustedLinkHosts?: readonly string[];
}

/**
 * A `drawbridge.widget` activity, drawn live in Drawbridge's sandboxed frame by the package's `WidgetCard`: each
 * delta hands the frame only the part that came; an edit's revision supersedes the card of the one before it
 * (which then says so) and the latest card switches between them. The widget's `host.sendPrompt` becomes the
 * user's next message in CopilotKit's chat.
 */
export function WidgetActivityView({
  message,
  content,
  agent,
  options,
}: ActivityRenderProps<DrawbridgeActivityContent<'drawbridge.widget'>> & {
  options: WidgetActivityOptions;
}): ReactNode {
  const foldRef = useRef<FoldedWidgetActivity | undefined>(undefined);
  // Folding is idempotent for the same content (the previous fold comes back), so a render React repeats is safe.
  const folded = foldWidgetActivity({
    previous: foldRef.current,
    id: message.id,
    content,
    findWidget: activityWidgetLineagesOf(agent).widget,
  });
  foldRef.current = folded;
  const { lineages, known } = useActivityWidgetLineages(folded.widget, agent);
  const running = useAgentRunning(agent);
  const sendUserMessage = useCopilotKitSend(agent);
  const { confirmLink, dialog } = useLinkConfirmation();
  const environment = useMemo<WidgetEnvironment>(
    () => ({
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      theme: options.theme ?? 'light',
      threadId: agent?.threadId,
      sendPrompt: (text) => sendUserMessage(text),
      autoRepair: false,
      trustedLinkHosts: options.trustedLinkHosts ?? [],
      confirmLink,
    }),
    [options, agent, sendUserMessage, confirmLink],
  );
  // A failed edit and a refused widget are in no lineage: their cards are notices, drawn at once.
  const inLineage = folded.widget.refusal === undefined && folded.widget.revision?.failure === undefined;
  if (inLineage && !known) return null;
  return (
    <WidgetEnvironmentContext.Provider value={environment}>
      <WidgetLineagesContext.Provider value={lineages}>
        <WidgetCard widget={folded.widget} streaming={running && !folded.widget.complete} />
        {dialog}
      </WidgetLineagesContext.Provider>
    </WidgetEnvironmentContext.Provider>
  );
}
