import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ToolCallHandler } from '../transcript/tool-call-hook.ts';
import { AgentRunClient, type AgentRunClientOptions, type AgentRunSnapshot } from './agent-run-client.ts';

export interface UseAgentRunOptions extends Omit<AgentRunClientOptions<ReactNode>, 'drawToolCall'> {
  onToolCall?: ToolCallHandler;
}

/**
 * One `AgentRunClient` for the component's lifetime, read as React state. Callbacks are read at call time,
 * so a handler that changes (the dashboard's registry once the catalogue arrived) is used from then on.
 */
export function useAgentRun(options: UseAgentRunOptions): {
  client: AgentRunClient<ReactNode>;
  snapshot: AgentRunSnapshot<ReactNode>;
} {
  const latest = useRef(options);
  latest.current = options;
  const [client] = useState(() => {
    const { onToolCall: _readAtCallTime, ...settings } = options;
    return new AgentRunClient<ReactNode>({
      ...settings,
      createThread: () => latest.current.createThread(),
      onThreadCreated: (threadId) => latest.current.onThreadCreated?.(threadId),
      onRunStarted: () => latest.current.onRunStarted?.(),
      onRunSettled: () => latest.current.onRunSettled?.(),
      drawToolCall: (call, context) => latest.current.onToolCall?.(call, context),
      ...(options.readState ? { readState: () => latest.current.readState?.() ?? {} } : {}),
    });
  });
  useEffect(() => {
    client.revive();
    return () => client.dispose();
  }, [client]);
  // Plain state rather than useSyncExternalStore: a store update renders synchronously at once, so a run's
  // events (one store update each) would render one by one; a state update renders once for all the events
  // of a task, as a reducer did.
  const [snapshot, setSnapshot] = useState(client.getSnapshot);
  useEffect(() => {
    const unsubscribe = client.subscribe(() => setSnapshot(client.getSnapshot()));
    setSnapshot(client.getSnapshot());
    return unsubscribe;
  }, [client]);
  return { client, snapshot };
}
