import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineRenderTool, EventType } from '@drawbridge/protocol';
import { expect } from 'vitest';
import { z } from 'zod';
import { createDrawbridge, type Drawbridge } from '../drawbridge/create-drawbridge.ts';
import { createScriptedModel } from '../models/scripted/scripted-language-model.ts';
import { createThreadOver, firstToolCallEnd, postToolResult, startRun } from './render-tool-server.ts';

/** A typed render tool of an embedding app's own, declared as ours are. */
export const weatherCard = defineRenderTool({
  name: 'render_weather',
  title: 'Show weather',
  noun: 'weather card',
  description: 'Show the weather for a city as a card.',
  schema: z.object({ city: z.string().min(1), temperatureC: z.number() }),
  ack: 'Displayed the weather card to the user.',
});

/** Prose and a call of the app's own tool, then the follow-up once the browser answered. */
export function weatherModel() {
  return createScriptedModel({
    modelId: 'weather',
    provider: 'drawbridge.test',
    pacing: { tokensPerSecond: 0 },
    resolveScript: () => ({
      steps: [
        {
          parts: [
            { type: 'text', text: 'Here is the weather in Oslo.' },
            { type: 'tool-call', toolName: 'render_weather', input: { city: 'Oslo', temperatureC: 4 } },
          ],
        },
        { parts: [{ type: 'text', text: 'Bring a coat.' }] },
      ],
    }),
  });
}

/** Closes what a test opened, last first; call `closeAll` in `afterEach`. */
export class TestCleanups {
  readonly #cleanups: Array<() => Promise<void>> = [];

  add(cleanup: () => Promise<void>): void {
    this.#cleanups.push(cleanup);
  }

  async closeAll(): Promise<void> {
    for (const cleanup of this.#cleanups.splice(0).reverse()) await cleanup();
  }
}

/** Drawbridge on the weather model with the weather card, under `basePath`, closed by `cleanups`. */
export async function weatherDrawbridge({
  basePath,
  cleanups,
}: {
  basePath: string;
  cleanups: TestCleanups;
}): Promise<Drawbridge> {
  const drawbridge = await createDrawbridge({
    basePath,
    store: ':memory:',
    model: weatherModel(),
    renderTools: [weatherCard],
    logError: () => {},
  });
  cleanups.add(() => drawbridge.close());
  return drawbridge;
}

/** Listens on a free loopback port (closed by `cleanups`) and returns the origin. */
export async function listenOnLoopback({
  server = createServer(),
  listener,
  cleanups,
}: {
  server?: Server;
  listener?: RequestListener;
  cleanups: TestCleanups;
}): Promise<string> {
  if (listener !== undefined) server.on('request', listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.add(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * One whole turn through a mounted Drawbridge at `mountedUrl`: the run streams the call of the app's own typed
 * tool while it is parked (so the response is read as it is written, not at the end), the browser's answer is
 * accepted, and the same run resumes with the acknowledgement and finishes.
 */
export async function expectParkedWeatherTurn(mountedUrl: string): Promise<void> {
  const threadId = await createThreadOver(mountedUrl);
  const run = await startRun({ url: mountedUrl, threadId, text: 'weather in Oslo?' });
  // The stream's own headers survive the mount: nothing between the run and the socket may buffer or compress.
  expect({
    contentType: run.headers.get('content-type'),
    cacheControl: run.headers.get('cache-control'),
    accelBuffering: run.headers.get('x-accel-buffering'),
    contentEncoding: run.headers.get('content-encoding'),
  }).toEqual({
    contentType: expect.stringContaining('application/x-ndjson'),
    cacheControl: 'no-cache, no-transform',
    accelBuffering: 'no',
    contentEncoding: null,
  });
  const toolCallId = await firstToolCallEnd(run);
  expect(run.events.find((event) => event.type === EventType.TOOL_CALL_START)).toMatchObject({
    toolCallName: 'render_weather',
  });
  expect(run.events.some((event) => event.type === EventType.RUN_FINISHED)).toBe(false);
  expect(await postToolResult({ url: mountedUrl, threadId, toolCallId, message: weatherCard.ack })).toEqual({
    status: 200,
    body: { accepted: true },
  });
  await run.finished;
  expect(run.events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
  expect(run.events.find((event) => event.type === EventType.TOOL_CALL_RESULT)).toMatchObject({
    content: weatherCard.ack,
  });
}
