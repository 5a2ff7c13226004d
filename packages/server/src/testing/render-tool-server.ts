import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import {
  buildRunAgentInput,
  decodeEventStream,
  EventType,
  isDrawbridgeEvent,
  type RunEvent,
  runAgentRequestInit,
} from '@drawbridge/protocol';
import { buildAgentProfiles } from '../agents/build-agent-profiles.ts';
import { InMemoryClientToolBridge } from '../bridge/in-memory-client-tool-bridge.ts';
import { parseConfig } from '../config/parse-config.ts';
import type { ModelScript } from '../models/script/model-script.ts';
import { createScriptedModel } from '../models/scripted/scripted-language-model.ts';
import { startServer } from '../node-server/start-server.ts';
import { openSqliteStore } from '../store/index.ts';
import type { Store } from '../store/store.ts';
import { openSqliteTelemetry } from '../telemetry/open-sqlite-telemetry.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';

/** The real server with the real skills and render tools, a scripted model and a bridge the test can inspect. */
export interface RenderToolServer {
  url: string;
  store: Store;
  /** The audit log and widget events of this server. */
  telemetry: TelemetryStore;
  bridge: InMemoryClientToolBridge;
  /** Every prompt the model received, in call order (what the model saw, history included). */
  prompts: LanguageModelV4Prompt[];
  close(): Promise<void>;
}

export async function startRenderToolServer({
  script,
  toolTimeoutMs = 60_000,
  heartbeatIntervalMs,
}: {
  script: ModelScript;
  toolTimeoutMs?: number;
  heartbeatIntervalMs?: number;
}): Promise<RenderToolServer> {
  const store = await openSqliteStore({ path: ':memory:' });
  const telemetry = await openSqliteTelemetry({ path: ':memory:' });
  const bridge = new InMemoryClientToolBridge();
  const prompts: LanguageModelV4Prompt[] = [];
  const model = createScriptedModel({
    modelId: 'scripted-render',
    provider: 'drawbridge.test',
    pacing: { tokensPerSecond: 0 },
    resolveScript: (prompt) => {
      prompts.push(prompt);
      return script;
    },
  });
  const profiles = buildAgentProfiles({
    widgetSystemPrompt: 'You are a test agent.',
    bridge,
    toolTimeoutMs,
    metricSources: { store, telemetry },
  });
  const server = await startServer({
    model: { model, id: 'replay:render-test', demo: false, hint: 'A scripted render-tool model.' },
    store,
    telemetry,
    bridge,
    profiles,
    config: parseConfig({ server: { port: 0 } }),
    logError: () => {},
    ...(heartbeatIntervalMs === undefined ? {} : { heartbeatIntervalMs }),
  });
  return {
    url: server.url,
    store,
    telemetry,
    bridge,
    prompts,
    close: async () => {
      await server.close();
      await store.close();
      await telemetry.close();
    },
  };
}

/** Creates a thread over HTTP and returns its id. */
export async function createThreadOver(url: string): Promise<string> {
  const response = await fetch(`${url}/api/threads`, { method: 'POST' });
  return ((await response.json()) as { thread: { id: string } }).thread.id;
}

/** A run being read as it streams: the events so far, and a way to wait for the one a test needs next. */
export interface StreamingRun {
  /** The response's headers, as the server sent them. */
  headers: Headers;
  events: RunEvent[];
  /** Resolves with the first event (already seen or still to come) that matches. */
  waitFor(predicate: (event: RunEvent) => boolean): Promise<RunEvent>;
  /** Resolves once the stream has ended. */
  finished: Promise<void>;
  /** Drops the connection, as a closed browser tab does. */
  disconnect(): void;
}

/** Posts a run to `POST /api/agent` and reads its NDJSON events in the background. */
export async function startRun({
  url,
  threadId,
  text,
  clientTools = true,
  // A fresh one per run, as AG-UI clients make: a runId names one run of its user.
  runId = `run-${crypto.randomUUID()}`,
}: {
  url: string;
  threadId: string;
  text: string;
  clientTools?: boolean;
  runId?: string;
}): Promise<StreamingRun> {
  const connection = new AbortController();
  const input = buildRunAgentInput({
    threadId,
    runId,
    userMessageId: 'u1',
    text,
    drawbridge: { clientTools },
  });
  const response = await fetch(`${url}/api/agent`, runAgentRequestInit({ input, signal: connection.signal }));
  if (response.status !== 200 || response.body === null) {
    throw new Error(`the run was refused: ${response.status} ${await response.text()}`);
  }
  const events: RunEvent[] = [];
  const waiters: { predicate: (event: RunEvent) => boolean; resolve: (event: RunEvent) => void }[] = [];
  const body = response.body;
  const finished = (async () => {
    try {
      for await (const event of decodeEventStream(body)) {
        events.push(event);
        for (const waiter of waiters.filter((candidate) => candidate.predicate(event))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    } catch {
      // A test that disconnects on purpose ends the body with an abort; the events so far stay readable.
    }
  })();
  return {
    headers: response.headers,
    events,
    finished,
    disconnect: () => connection.abort(),
    waitFor: (predicate) => {
      const seen = events.find(predicate);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ predicate, resolve });
        void finished.then(() => reject(new Error('the run ended before the awaited event')));
      });
    },
  };
}

/** The TOOL_CALL_END of the run's first tool call: the moment the browser would dispatch it. */
export async function firstToolCallEnd(run: StreamingRun): Promise<string> {
  const end = await run.waitFor((event) => event.type === EventType.TOOL_CALL_END);
  return (end as Extract<RunEvent, { type: EventType.TOOL_CALL_END }>).toolCallId;
}

/** The server's id of the run (announced in `drawbridge.run`), for `/api/runs/:runId`. */
export async function durableRunId(run: StreamingRun): Promise<string> {
  const info = await run.waitFor((event) => isDrawbridgeEvent(event, 'drawbridge.run'));
  return isDrawbridgeEvent(info, 'drawbridge.run') ? info.value.runId : '';
}

/** Posts the browser's answer to a parked call; returns the HTTP status and JSON body. */
export async function postToolResult({
  url,
  threadId,
  toolCallId,
  status = 'rendered',
  message = 'Displayed it to the user.',
}: {
  url: string;
  threadId: string;
  toolCallId: string;
  status?: 'rendered' | 'error';
  message?: string;
}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/api/threads/${threadId}/tool-results`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ toolCallId, result: { status, message } }),
  });
  return { status: response.status, body: await response.json() };
}
