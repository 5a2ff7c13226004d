import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { buildRunAgentInput, decodeEventStream, EventType, type RunEvent } from '@drawbridge/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/parse-config.ts';
import type { ServedModel } from '../http/create-app.ts';
import { createApp } from '../http/create-app.ts';
import { barChartScript, scriptedTestModel, stallingTestModel } from '../models/testing/test-models.ts';
import { openSqliteStore } from '../store/index.ts';
import type { Store } from '../store/store.ts';
import { ServerShutdown } from './server-shutdown.ts';
import { type RunningServer, startServer } from './start-server.ts';

/** A model that streams a word every few milliseconds until its call is aborted, as a provider's fetch would. */
function endlessTestModel(): ServedModel {
  const doStream: LanguageModelV4['doStream'] = async (options) => {
    let timer: NodeJS.Timeout | undefined;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id: 'text-1' });
        timer = setInterval(
          () => controller.enqueue({ type: 'text-delta', id: 'text-1', delta: 'word ' }),
          5,
        );
        options.abortSignal?.addEventListener('abort', () => {
          clearInterval(timer);
          controller.error(options.abortSignal?.reason);
        });
      },
      cancel() {
        clearInterval(timer);
      },
    });
    return { stream };
  };
  const model: LanguageModelV4 = {
    specificationVersion: 'v4',
    provider: 'drawbridge.test',
    modelId: 'endless',
    supportedUrls: {},
    doGenerate: async () => {
      throw new Error('endless only streams');
    },
    doStream,
  };
  return { model, id: 'endless', demo: false, hint: 'An endless test model.' };
}

let store: Store;
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
  await store?.close();
});

function runBody(threadId: string) {
  return JSON.stringify(
    buildRunAgentInput({ threadId, runId: `run-${threadId}`, userMessageId: `u-${threadId}`, text: 'hello' }),
  );
}

/** Starts a run and resolves once its first prose arrived, with the rest of its events to come. */
async function startRun(url: string, threadId: string): Promise<{ events: Promise<RunEvent[]> }> {
  const response = await fetch(`${url}/api/agent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: runBody(threadId),
  });
  expect(response.status).toBe(200);
  const events: RunEvent[] = [];
  let sawProse: () => void = () => {};
  const prose = new Promise<void>((resolve) => {
    sawProse = resolve;
  });
  const all = (async () => {
    for await (const event of decodeEventStream(response.body!)) {
      events.push(event);
      if (event.type === EventType.TEXT_MESSAGE_CONTENT) sawProse();
    }
    return events;
  })();
  await prose;
  // Wrapped: an async function returning the promise itself would wait for the whole stream.
  return { events: all };
}

describe('shutting down', () => {
  it('lets a running run finish within the grace period, and takes no new connection meanwhile', async () => {
    store = await openSqliteStore({ path: ':memory:' });
    const model = stallingTestModel({ pieces: ['one ', 'two ', 'three ', 'four'], delayMs: 30 });
    server = await startServer({
      config: parseConfig({ server: { port: 0 } }),
      store,
      model,
      systemPrompt: 'test',
      logError: () => {},
    });
    const { url } = server;
    const { events } = await startRun(url, 'graceful');
    const closed = server.close({ graceMs: 120_000 });
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    const finished = await events;
    await closed;
    expect(finished.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    expect((await store.listRuns()).map((run) => run.status)).toEqual(['finished']);
  });

  it('ends a run still going when the grace runs out, with a final RUN_ERROR saying why', async () => {
    store = await openSqliteStore({ path: ':memory:' });
    const model = endlessTestModel();
    server = await startServer({
      config: parseConfig({ server: { port: 0 } }),
      store,
      model,
      systemPrompt: 'test',
      logError: () => {},
    });
    const { events } = await startRun(server.url, 'cut');
    await server.close({ graceMs: 0 });
    const last = (await events).at(-1);
    expect(last).toMatchObject({ type: EventType.RUN_ERROR, code: 'interrupted' });
    const statuses = (await store.listRuns()).map((run) => run.status);
    expect(statuses).toEqual(['interrupted']);
  });

  it('answers a run asked for while draining with 503 shutting_down and Retry-After', async () => {
    store = await openSqliteStore({ path: ':memory:' });
    const shutdown = new ServerShutdown();
    const app = createApp({
      store,
      model: scriptedTestModel({ script: barChartScript() }),
      systemPrompt: 't',
      shutdown,
    });
    shutdown.drain();
    const response = await app.request('/api/agent', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: runBody('late'),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ error: { code: 'shutting_down' } });
  });
});
