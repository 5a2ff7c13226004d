import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import {
  agentRouteErrorCodes,
  appErrorCodes,
  buildRunAgentInput,
  messageListResponseSchema,
} from '@drawbridge/protocol';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { continuationMarker } from '../history/continuation-request.ts';
import { createScriptedModel } from '../models/scripted/scripted-language-model.ts';
import { openSqliteStore } from '../store/index.ts';
import type { Store } from '../store/store.ts';
import { createApp } from './create-app.ts';
import { expectErrorResponse } from './routes/testing/expect-error-response.ts';
import { readJsonResponse } from './routes/testing/read-json-response.ts';

const codes = [...appErrorCodes, ...agentRouteErrorCodes] as const;

let store: Store;
let app: Hono;
let prompts: LanguageModelV4Prompt[];

beforeEach(async () => {
  store = await openSqliteStore({ path: ':memory:' });
  prompts = [];
  app = createApp({
    store,
    model: {
      model: createScriptedModel({
        modelId: 'continuing',
        provider: 'drawbridge.test',
        pacing: { tokensPerSecond: 0, seed: 1 },
        resolveScript: (prompt) => {
          prompts.push(prompt);
          return { steps: [{ parts: [{ type: 'text', text: 'the rest of it.' }] }] };
        },
      }),
      id: 'replay:continuing',
      demo: false,
      hint: 'test',
    },
    systemPrompt: 'test',
  });
});

afterEach(async () => {
  await store.close();
});

async function continueRun(threadId: string): Promise<Response> {
  return await app.request('/api/agent', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(
      buildRunAgentInput({
        threadId,
        runId: `run-${prompts.length}-${Math.random().toString(36).slice(2)}`,
        userMessageId: 'u',
        text: 'Tell me a story',
        drawbridge: { continue: true },
      }),
    ),
  });
}

function promptText(prompt: LanguageModelV4Prompt | undefined): string[] {
  return (prompt ?? []).flatMap((message) =>
    message.role === 'system'
      ? []
      : [message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')],
  );
}

describe('continuing a stopped reply', () => {
  it('asks the model to go on from what was kept, and appends what it writes to that reply', async () => {
    const thread = await store.createThread({});
    await store.appendMessage({ id: 'u1', threadId: thread.id, role: 'user', content: 'Tell me a story' });
    await store.appendMessage({
      id: 'a1',
      threadId: thread.id,
      role: 'assistant',
      content: 'Once upon a time, ',
    });
    const response = await continueRun(thread.id);
    expect(response.status).toBe(200);
    await response.text();

    const seen = promptText(prompts[0]);
    expect(seen.slice(0, 2)).toEqual(['Tell me a story', 'Once upon a time, ']);
    expect(seen[2]).toMatch(new RegExp(`^\\${continuationMarker}.*do not repeat what you already wrote`));
    expect(seen[2]).not.toContain('widget');
    const { messages } = await readJsonResponse(
      await app.request(`/api/threads/${thread.id}/messages`),
      messageListResponseSchema,
    );
    // No user message was stored for the request: the thread reads as one reply, kept part first.
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Tell me a story'],
      ['assistant', 'Once upon a time, '],
      ['assistant', 'the rest of it.'],
    ]);
    expect(messages.at(-1)?.reply?.model).toBe('replay:continuing');
  });

  it('asks for a widget cut by Stop again, whole', async () => {
    const thread = await store.createThread({});
    await store.appendMessage({ id: 'u1', threadId: thread.id, role: 'user', content: 'A counter' });
    await store.appendMessage({
      id: 'a1',
      threadId: thread.id,
      role: 'assistant',
      content: 'Here it is.',
      widget: { id: 'w1', height: 200, css: 'p{}', html: '<p>', js: '', complete: false },
    });
    await (await continueRun(thread.id)).text();
    expect(promptText(prompts[0]).at(-1)).toMatch(
      /incomplete and its script never ran.*again from its start/,
    );
  });

  it('refuses with 409 nothing_to_continue when the thread does not end with a reply, storing nothing', async () => {
    const thread = await store.createThread({});
    await store.appendMessage({ id: 'u1', threadId: thread.id, role: 'user', content: 'Tell me a story' });
    const message = await expectErrorResponse({
      response: await continueRun(thread.id),
      status: 409,
      codes,
      code: 'nothing_to_continue',
    });
    expect(message).toContain('does not end with a reply to continue');
    expect(await store.listMessages(thread.id)).toHaveLength(1);
    expect(await store.runningRun(thread.id)).toBeUndefined();
    expect(prompts).toEqual([]);
  });
});
