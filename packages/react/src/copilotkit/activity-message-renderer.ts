import type { ReactNode } from 'react';
import type { z } from 'zod';

/**
 * The AG-UI agent a CopilotKit activity renderer is handed (an `AbstractAgent` of `@ag-ui/client`), as far as our
 * renderers read it: its thread (the Drawbridge thread the run wrote into), whether a run is going, its messages
 * and its subscription.
 */
export interface ActivityAgent {
  threadId: string;
  isRunning: boolean;
  addMessage(message: { id: string; role: 'user'; content: string }): void;
  subscribe(subscriber: { onRunInitialized?(): void; onRunFinalized?(): void; onRunFailed?(): void }): {
    unsubscribe(): void;
  };
}

/** What CopilotKit hands an activity renderer's component: the activity's type, its checked content, the message. */
export interface ActivityRenderProps<Content> {
  activityType: string;
  content: Content;
  message: { id: string };
  agent: ActivityAgent | undefined;
}

/**
 * One entry of CopilotKit's `renderActivityMessages` (`ReactActivityMessageRenderer` of
 * `@copilotkit/react-core/v2`), declared by its shape so that this package's types never name CopilotKit's: the
 * activity type it draws, the schema CopilotKit checks each message's content with (ours, from
 * `@drawbridge/protocol`; a zod schema is a Standard Schema), and the component.
 */
export interface ActivityMessageRenderer<Content> {
  activityType: string;
  /** Draws this type for one agent only; every agent when left out. */
  agentId?: string;
  content: z.ZodType<Content>;
  /** A function component (CopilotKit takes any component type; a function is what ours are). */
  render: (props: ActivityRenderProps<Content>) => ReactNode;
}
