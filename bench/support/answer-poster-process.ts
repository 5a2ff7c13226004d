/**
 * The browser side of the parked-call benches, in a process of its own so the client's HTTP work does not
 * share the event loop of the server it measures. Driven over IPC by `AnswerPoster`: `warm` opens the
 * keep-alive sockets; `post` answers the named calls either at a steady rate (`perSecond`: each answer
 * leaves at its time whether or not earlier ones were answered, as answers from many browsers do, so a
 * slow server is seen as queueing instead of being hidden by a client that waits) or flat out with
 * `inFlight` answers outstanding (each sender posts its next answer once the previous one was answered).
 * The reply carries, for every answer, when it left and when its response arrived, as
 * `performance.timeOrigin + performance.now()` so the parent can set them beside the moments its calls
 * resumed.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export type AnswerPosterCommand =
  | { type: 'warm'; url: string; sockets: number }
  | {
      type: 'post';
      url: string;
      threadId: string;
      toolCallIds: string[];
      pace: { perSecond: number } | { inFlight: number };
    };

export type AnswerPosterReply =
  | { type: 'warmed' }
  | { type: 'posted'; sentAt: number[]; respondedAt: number[]; statuses: number[] }
  | { type: 'failed'; message: string };

/** The most connections to one server; answers beyond them wait in the agent, which shows as latency. */
const maxSockets = 256;
const agents = new Map<string, Agent>();

function agentFor(url: string): Agent {
  const origin = new URL(url).origin;
  const existing = agents.get(origin);
  if (existing) return existing;
  const agent = new Agent({ keepAlive: true, maxSockets });
  agents.set(origin, agent);
  return agent;
}

function send(
  url: string,
  { method, body, agent }: { method: 'GET' | 'POST'; body?: string; agent: Agent },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method, agent, headers: body === undefined ? {} : { 'Content-Type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const wallClock = () => performance.timeOrigin + performance.now();

async function warm({ url, sockets }: { url: string; sockets: number }): Promise<AnswerPosterReply> {
  const agent = agentFor(url);
  await Promise.all(
    Array.from({ length: sockets }, () => send(`${url}/api/health`, { method: 'GET', agent })),
  );
  return { type: 'warmed' };
}

async function post({
  url,
  threadId,
  toolCallIds,
  pace,
}: Extract<AnswerPosterCommand, { type: 'post' }>): Promise<AnswerPosterReply> {
  const agent = agentFor(url);
  const sentAt: number[] = [];
  const respondedAt: number[] = [];
  const statuses: number[] = [];
  const answer = async (index: number) => {
    const body = JSON.stringify({
      toolCallId: toolCallIds[index],
      result: { status: 'rendered', message: 'Displayed the table to the user.' },
    });
    sentAt[index] = wallClock();
    statuses[index] = await send(`${url}/api/threads/${threadId}/tool-results`, {
      method: 'POST',
      body,
      agent,
    });
    respondedAt[index] = wallClock();
  };
  if ('inFlight' in pace) {
    let next = 0;
    const sender = async () => {
      while (next < toolCallIds.length) {
        next += 1;
        await answer(next - 1);
      }
    };
    await Promise.all(Array.from({ length: pace.inFlight }, sender));
  } else {
    const started = performance.now();
    const answers: Promise<void>[] = [];
    for (let index = 0; index < toolCallIds.length; index += 1) {
      const dueIn = started + (index * 1000) / pace.perSecond - performance.now();
      if (dueIn > 0) await new Promise((resolve) => setTimeout(resolve, dueIn));
      answers.push(answer(index));
    }
    await Promise.all(answers);
  }
  return { type: 'posted', sentAt, respondedAt, statuses };
}

process.on('message', (command: AnswerPosterCommand) => {
  const work = command.type === 'warm' ? warm(command) : post(command);
  work.then(
    (reply) => process.send?.(reply),
    (error: unknown) =>
      process.send?.({ type: 'failed', message: String(error) } satisfies AnswerPosterReply),
  );
});
process.on('disconnect', () => {
  for (const agent of agents.values()) agent.destroy();
});
