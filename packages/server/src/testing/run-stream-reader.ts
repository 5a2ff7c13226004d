import {
  buildRunAgentInput,
  decodeSequencedEventStream,
  isDrawbridgeEvent,
  isFinalRunEvent,
  parseRunEvent,
  runAgentRequestInit,
  type SequencedRunEvent,
  sseContentType,
} from '@drawbridge/protocol';
import { EventSourceParserStream } from 'eventsource-parser/stream';

/** A run's events being read from one response as they arrive, with their seq. */
export interface RunStreamReader {
  status: number;
  /** The run-log events so far (heartbeats left out), in arrival order. */
  events: SequencedRunEvent[];
  /** Resolves with the first event (seen or still to come) that matches. */
  waitFor(predicate: (item: SequencedRunEvent) => boolean): Promise<SequencedRunEvent>;
  /** Resolves once the response has ended (or was dropped). */
  finished: Promise<void>;
  /** Drops the connection, as a closed tab does. */
  disconnect(): void;
}

/** Reads an NDJSON or SSE run response (SSE through a kept parser, as a browser's EventSource would). */
export function readRunStream(response: Response, connection: AbortController): RunStreamReader {
  const events: SequencedRunEvent[] = [];
  const waiters: {
    predicate: (item: SequencedRunEvent) => boolean;
    resolve: (item: SequencedRunEvent) => void;
  }[] = [];
  const body = response.body;
  const deliver = (item: SequencedRunEvent) => {
    if (item.seq === undefined) return;
    events.push(item);
    for (const waiter of waiters.filter((candidate) => candidate.predicate(item))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(item);
    }
  };
  const finished = (async () => {
    if (body === null || response.status !== 200) return;
    try {
      if ((response.headers.get('content-type') ?? '').startsWith(sseContentType)) {
        const messages = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
        const reader = messages.getReader();
        for (;;) {
          const { done, value: message } = await reader.read();
          if (done) break;
          const parsed = parseRunEvent(JSON.parse(message.data));
          if (!parsed.success) throw parsed.error;
          deliver(
            message.id === undefined
              ? { event: parsed.event }
              : { seq: Number(message.id), event: parsed.event },
          );
        }
      } else {
        for await (const item of decodeSequencedEventStream(body)) deliver(item);
      }
    } catch {
      // A test that disconnects on purpose ends the body with an abort; the events so far stay readable.
    }
  })();
  return {
    status: response.status,
    events,
    finished,
    disconnect: () => connection.abort(),
    waitFor: (predicate) => {
      const seen = events.find(predicate);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ predicate, resolve });
        void finished.then(() => reject(new Error('the stream ended before the awaited event')));
      });
    },
  };
}

/** Starts a run over `POST /api/agent` and reads it. */
export async function postRun({
  url,
  threadId,
  text = 'hello',
  accept = 'application/x-ndjson',
}: {
  url: string;
  threadId: string;
  text?: string;
  accept?: string;
}): Promise<RunStreamReader> {
  const connection = new AbortController();
  const input = buildRunAgentInput({
    threadId,
    runId: `client-${crypto.randomUUID()}`,
    userMessageId: 'u1',
    text,
    drawbridge: { clientTools: true },
  });
  const response = await fetch(
    `${url}/api/agent`,
    runAgentRequestInit({ input, accept, signal: connection.signal }),
  );
  return readRunStream(response, connection);
}

/** Follows a run over `GET /api/runs/:runId/events`. */
export async function followRun({
  url,
  runId,
  after,
  lastEventId,
  accept = 'application/x-ndjson',
}: {
  url: string;
  runId: string;
  after?: number;
  lastEventId?: number;
  accept?: string;
}): Promise<RunStreamReader> {
  const connection = new AbortController();
  const query = after === undefined ? '' : `?after=${after}`;
  const response = await fetch(`${url}/api/runs/${runId}/events${query}`, {
    headers: {
      Accept: accept,
      ...(lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) }),
    },
    signal: connection.signal,
  });
  return readRunStream(response, connection);
}

/** The server's id of the run a reader follows, from its `drawbridge.run` event. */
export async function runIdOf(reader: RunStreamReader): Promise<string> {
  const { event } = await reader.waitFor((item) => isDrawbridgeEvent(item.event, 'drawbridge.run'));
  return isDrawbridgeEvent(event, 'drawbridge.run') ? event.value.runId : '';
}

/** Resolves once the reader saw the run's final event. */
export async function finalEventOf(reader: RunStreamReader): Promise<SequencedRunEvent> {
  return reader.waitFor((item) => isFinalRunEvent(item.event));
}
