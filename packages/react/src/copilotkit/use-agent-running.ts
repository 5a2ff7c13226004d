import { useCallback, useSyncExternalStore } from 'react';
import type { ActivityAgent } from './activity-message-renderer.ts';

/** Whether the agent is running a reply now, re-rendering when a run starts or ends. */
export function useAgentRunning(agent: ActivityAgent | undefined): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (agent === undefined) return () => {};
      const subscription = agent.subscribe({
        onRunInitialized: changed,
        onRunFinalized: changed,
        onRunFailed: changed,
      });
      return () => subscription.unsubscribe();
    },
    [agent],
  );
  return useSyncExternalStore(
    subscribe,
    () => agent?.isRunning ?? false,
    () => false,
  );
}
