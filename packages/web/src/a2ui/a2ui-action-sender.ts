import type { A2uiUserAction } from '@drawbridge/protocol';
import type { BridgeOutcome } from '@drawbridge/react';
import { createContext, useContext } from 'react';

/**
 * Where a surface's user actions go: the chat sends each as the next run's `forwardedProps.a2uiAction.userAction`
 * (the middleware's convention), with the sentence the agent reads as the user's message. Refused, with the
 * reason, while a reply is still running.
 */
export type A2uiActionSender = (action: A2uiUserAction) => BridgeOutcome;

export const A2uiActionSenderContext = createContext<A2uiActionSender>(() => ({
  ok: false,
  message: 'This page cannot send actions to the assistant.',
}));

export function useA2uiActionSender(): A2uiActionSender {
  return useContext(A2uiActionSenderContext);
}
