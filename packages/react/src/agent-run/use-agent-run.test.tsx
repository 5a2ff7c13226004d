// @vitest-environment happy-dom
import { type RunEvent, runEvents } from '@drawbridge/protocol';
import { act, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentRunClient } from './agent-run-client.ts';
import { useAgentRun } from './use-agent-run.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const messageId = 'assistant-1';
const deltas = Array.from({ length: 200 }, (_, index) => `piece ${index} `);
// One network chunk's worth of events: they arrive together, as a decoded NDJSON chunk does.
const events: RunEvent[] = [
  runEvents.textStart({ messageId }),
  ...deltas.map((delta) => runEvents.textContent({ messageId, delta })),
  runEvents.textEnd({ messageId }),
  runEvents.runFinished({ threadId: 'thread-1', runId: 'r' }),
];

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  root.unmount();
  container.remove();
});

/** What the probe saw: how often it rendered, and the client it was given. */
const probe: { renders: number; client: AgentRunClient<unknown> | undefined } = {
  renders: 0,
  client: undefined,
};

function Probe() {
  const run = useAgentRun({
    initialThreadId: 'thread-1',
    createThread: async () => 'thread-1',
    transport: {
      async *start() {
        for (const event of events) yield { event };
      },
      follow: () => {
        throw new Error('this test follows no run');
      },
      cancel: async () => {},
    },
  });
  probe.client = run.client as AgentRunClient<unknown>;
  probe.renders += 1;
  return <p>{run.snapshot.status.phase}</p>;
}

describe('useAgentRun', () => {
  it('renders the events of one chunk together, not one render per event', async () => {
    await act(async () => root.render(<Probe />));
    const rendersBefore = probe.renders;
    probe.client?.send('go');
    await expect.poll(() => container.textContent).toBe('finished');

    expect(probe.renders - rendersBefore).toBeLessThan(10);
  });

  it('still runs after the development double mount (StrictMode unmounts and remounts once)', async () => {
    await act(async () =>
      root.render(
        <StrictMode>
          <Probe />
        </StrictMode>,
      ),
    );
    probe.client?.send('go');
    await expect.poll(() => container.textContent).toBe('finished');
  });
});
