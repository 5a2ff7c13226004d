import { type ToolResult, toolResultSchema } from '@drawbridge/protocol';
import type { Redis } from 'ioredis';
import type { RedisSubscriptions } from '../redis/redis-subscriptions.ts';
import type { AnswerOutcome, ClientToolBridge, ParkedCall, ParkOutcome } from './client-tool-bridge.ts';
import { defaultAnswerGraceMs, InMemoryClientToolBridge } from './in-memory-client-tool-bridge.ts';

/** How long a closed call is remembered, so a late or repeated answer is told "already answered". */
const closedCallMemoryMs = 10 * 60_000;

/** What the registry in Redis knows of an open call: where it waits and what it asked. */
interface RegisteredCall {
  instanceId: string;
  runId: string;
  toolName: string;
  args: unknown;
}

const callKey = (threadId: string, toolCallId: string) =>
  `drawbridge:call:${JSON.stringify([threadId, toolCallId])}`;
const closedKey = (threadId: string, toolCallId: string) =>
  `drawbridge:call-closed:${JSON.stringify([threadId, toolCallId])}`;
const instanceChannel = (instanceId: string) => `drawbridge:bridge:${instanceId}`;

// Takes the open call (so only one answer wins, whichever instance it reaches), marks it closed and, when
// it waits on another instance, hands that instance the answer.
const answerScript = `
local call = redis.call('GET', KEYS[1])
if not call then
  if redis.call('EXISTS', KEYS[2]) == 1 then return {'already_answered'} end
  return {'unknown_call'}
end
redis.call('DEL', KEYS[1])
redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
local owner = cjson.decode(call).instanceId
if owner ~= ARGV[1] then
  redis.call('PUBLISH', 'drawbridge:bridge:' .. owner, ARGV[2])
end
return {'accepted', call}
`;

// Closes a call that ended on its own instance (timeout, cancel) unless an answer took it first.
const closeScript = `
if redis.call('DEL', KEYS[1]) == 1 then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[1])
end
return 1
`;

interface HandedAnswer {
  threadId: string;
  toolCallId: string;
  result: ToolResult;
}

/**
 * The rendezvous for several instances: a call parks in this instance's memory and is registered in Redis;
 * an answer posted to any instance takes the registration atomically and, if the call waits elsewhere,
 * is published to the instance that holds it, which resumes the call. Every call still gets exactly one
 * outcome, and a repeated answer is `already_answered` on every instance.
 */
export class RedisClientToolBridge implements ClientToolBridge {
  readonly #redis: Redis;
  readonly #instanceId: string;
  readonly #local: InMemoryClientToolBridge;
  readonly #subscribed: Promise<() => Promise<void>>;

  constructor({
    redis,
    subscriptions,
    instanceId,
  }: {
    redis: Redis;
    subscriptions: RedisSubscriptions;
    instanceId: string;
  }) {
    this.#redis = redis;
    this.#instanceId = instanceId;
    this.#local = new InMemoryClientToolBridge();
    this.#subscribed = subscriptions.listen(instanceChannel(instanceId), (message) => {
      const handed = parseHandedAnswer(message);
      if (handed !== undefined) this.#local.answer(handed);
    });
  }

  /** Resolves once answers handed over by other instances reach this one (before the server listens). */
  async ready(): Promise<void> {
    await this.#subscribed;
  }

  async park(
    call: ParkedCall,
    { timeoutMs, abortSignal }: { timeoutMs: number; abortSignal: AbortSignal },
  ): Promise<ParkOutcome> {
    const registration: RegisteredCall = {
      instanceId: this.#instanceId,
      runId: call.runId,
      toolName: call.toolName,
      args: call.args,
    };
    const keys = [
      callKey(call.threadId, call.toolCallId),
      closedKey(call.threadId, call.toolCallId),
    ] as const;
    // Parked locally first, so an answer handed over right after the registration finds it waiting.
    const outcome = this.#local.park(call, { timeoutMs, abortSignal });
    await this.#redis.set(keys[0], JSON.stringify(registration), 'PX', timeoutMs + closedCallMemoryMs);
    const settled = await outcome;
    if (settled.kind !== 'answered') {
      await this.#redis.eval(closeScript, 2, ...keys, String(closedCallMemoryMs));
    }
    return settled;
  }

  async answerWhenParked(
    input: { threadId: string; toolCallId: string; result: ToolResult },
    { graceMs = defaultAnswerGraceMs }: { graceMs?: number } = {},
  ): Promise<AnswerOutcome> {
    const deadline = Date.now() + graceMs;
    let pauseMs = 5;
    for (;;) {
      const outcome = await this.#answer(input);
      if (outcome.status !== 'unknown_call' || Date.now() >= deadline) return outcome;
      // The call may not be parked yet (the browser can answer before the tool runs): look again shortly.
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      pauseMs = Math.min(pauseMs * 2, 100);
    }
  }

  openCallCount(): number {
    return this.#local.openCallCount();
  }

  async #answer(input: HandedAnswer): Promise<AnswerOutcome> {
    const reply = (await this.#redis.eval(
      answerScript,
      2,
      callKey(input.threadId, input.toolCallId),
      closedKey(input.threadId, input.toolCallId),
      this.#instanceId,
      JSON.stringify(input),
      String(closedCallMemoryMs),
    )) as [string, string?];
    const [status, registrationText] = reply;
    if (status !== 'accepted' || registrationText === undefined) {
      return { status: status === 'already_answered' ? 'already_answered' : 'unknown_call' };
    }
    const registration = JSON.parse(registrationText) as RegisteredCall;
    if (registration.instanceId === this.#instanceId) this.#local.answer(input);
    return {
      status: 'accepted',
      call: {
        threadId: input.threadId,
        runId: registration.runId,
        toolCallId: input.toolCallId,
        toolName: registration.toolName,
        args: registration.args,
      },
    };
  }
}

function parseHandedAnswer(message: string): HandedAnswer | undefined {
  try {
    const value = JSON.parse(message) as Partial<HandedAnswer>;
    const result = toolResultSchema.safeParse(value.result);
    if (typeof value.threadId !== 'string' || typeof value.toolCallId !== 'string' || !result.success) {
      return undefined;
    }
    return { threadId: value.threadId, toolCallId: value.toolCallId, result: result.data };
  } catch {
    // Only our own instances publish here; anything else is not an answer.
    return undefined;
  }
}
