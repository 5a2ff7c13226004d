import { EventType, type RunEvent } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { barChartScript, scriptedTestModel } from '../app/testing/test-models.ts';
import { openSqliteStore } from '../store/open-sqlite-store.ts';
import type { RunRecord, StoredMessage } from '../store/store.ts';
import { executeAgentRun } from './execute-agent-run.ts';

describe('executeAgentRun', () => {
  it('sends RUN_FINISHED only once the run is ended and its reply stored', async () => {
    const store = await openSqliteStore({ path: ':memory:' });
    await store.createThread({ id: 't' });
    await store.appendMessage({ id: 'u1', threadId: 't', role: 'user', content: 'show me sign-ups' });
    let counter = 0;
    const seenAtFinish: Array<Promise<[RunRecord | undefined, StoredMessage | undefined]>> = [];
    const events: RunEvent[] = [];
    await executeAgentRun({
      store,
      model: scriptedTestModel({ script: barChartScript() }),
      system: 'test',
      tools: [],
      threadId: 't',
      runId: 'client-run',
      runRecordId: 'r1',
      clientAttached: false,
      ids: () => `id-${++counter}`,
      abortSignal: new AbortController().signal,
      reportError: (message, error) => {
        throw new Error(`${message}: ${String(error)}`);
      },
      emit: (event) => {
        events.push(event);
        // Queries issued now run after every write issued before this event.
        if (event.type === EventType.RUN_FINISHED) {
          seenAtFinish.push(Promise.all([store.getRun('r1'), store.lastMessage('t')]));
        }
      },
    });
    expect(events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    const [run, lastMessage] = await seenAtFinish[0]!;
    expect(run?.status).toBe('finished');
    expect(lastMessage).toMatchObject({ role: 'assistant', content: expect.stringContaining('August') });
    // The widget's segment, then the prose that followed it, in the order they streamed.
    const stored = await store.listMessages('t');
    expect(stored.map((message) => [message.role, message.widget?.complete ?? null])).toEqual([
      ['user', null],
      ['assistant', true],
      ['assistant', null],
    ]);
    await store.close();
  });
});
