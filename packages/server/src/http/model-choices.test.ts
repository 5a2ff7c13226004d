import {
  agentRouteErrorCodes,
  appErrorCodes,
  buildRunAgentInput,
  createThreadResponseSchema,
  healthResponseSchema,
  messageListResponseSchema,
  renameThreadResponseSchema,
  threadRouteErrorCodes,
} from '@drawbridge/protocol';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScriptedModel } from '../models/scripted/scripted-language-model.ts';
import { openSqliteStore } from '../store/index.ts';
import type { Store } from '../store/store.ts';
import { createApp, type ServedModel } from './create-app.ts';
import { expectErrorResponse } from './routes/testing/expect-error-response.ts';
import { readJsonResponse } from './routes/testing/read-json-response.ts';

/** A model that always answers with its own name, so a reply says which model wrote it. */
function namedModel(id: string): ServedModel {
  return {
    model: createScriptedModel({
      modelId: id,
      provider: 'drawbridge.test',
      pacing: { tokensPerSecond: 0, seed: 1 },
      resolveScript: () => ({ steps: [{ parts: [{ type: 'text', text: `Written by ${id}.` }] }] }),
    }),
    id,
    demo: false,
    hint: `Model ${id}.`,
  };
}

const codes = [...appErrorCodes, ...agentRouteErrorCodes, ...threadRouteErrorCodes] as const;
const jsonHeaders = { 'Content-Type': 'application/json' };

let store: Store;
let app: Hono;

beforeEach(async () => {
  store = await openSqliteStore({ path: ':memory:' });
  app = createApp({
    store,
    model: namedModel('replay:first'),
    models: [namedModel('replay:second'), namedModel('replay:first')],
    systemPrompt: 'test',
  });
});

afterEach(async () => {
  await store.close();
});

async function runTurn(threadId: string, drawbridge: { model?: string } = {}): Promise<Response> {
  const response = await app.request('/api/agent', {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify(
      buildRunAgentInput({
        threadId,
        runId: `run-${Math.random().toString(36).slice(2)}`,
        userMessageId: 'u',
        text: 'hello',
        drawbridge,
      }),
    ),
  });
  if (response.ok) await response.text();
  return response;
}

async function lastReply(threadId: string) {
  const response = await app.request(`/api/threads/${threadId}/messages`);
  const { messages } = await readJsonResponse(response, messageListResponseSchema);
  return messages.at(-1);
}

describe('several models at once', () => {
  it('lists every model in /api/health, the default first and each once', async () => {
    const health = await readJsonResponse(await app.request('/api/health'), healthResponseSchema);
    expect(health.model.id).toBe('replay:first');
    expect(health.models).toEqual([
      { id: 'replay:first', demo: false },
      { id: 'replay:second', demo: false },
    ]);
  });

  it('runs a chat on the model it was created with or set to, and each reply records its model', async () => {
    const created = await app.request('/api/threads', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ model: 'replay:second' }),
    });
    const { thread } = await readJsonResponse(created, createThreadResponseSchema);
    expect(thread.model).toBe('replay:second');
    await runTurn(thread.id);
    expect(await lastReply(thread.id)).toMatchObject({
      content: 'Written by replay:second.',
      reply: { model: 'replay:second' },
    });

    const patched = await app.request(`/api/threads/${thread.id}`, {
      method: 'PATCH',
      headers: jsonHeaders,
      body: JSON.stringify({ model: 'replay:first' }),
    });
    expect((await readJsonResponse(patched, renameThreadResponseSchema)).thread).toMatchObject({
      model: 'replay:first',
      title: 'hello',
    });
    await runTurn(thread.id);
    expect(await lastReply(thread.id)).toMatchObject({ reply: { model: 'replay:first' } });
    // The earlier reply keeps the model that wrote it.
    const { messages } = await readJsonResponse(
      await app.request(`/api/threads/${thread.id}/messages`),
      messageListResponseSchema,
    );
    expect(messages.flatMap((message) => message.reply?.model ?? [])).toEqual([
      'replay:second',
      'replay:first',
    ]);
  });

  it('lets one run name its model, and a chat with none runs the default', async () => {
    const thread = await store.createThread({});
    await runTurn(thread.id);
    expect(await lastReply(thread.id)).toMatchObject({ reply: { model: 'replay:first' } });
    await runTurn(thread.id, { model: 'replay:second' });
    expect(await lastReply(thread.id)).toMatchObject({ reply: { model: 'replay:second' } });
    expect((await store.getThread(thread.id))?.model).toBeNull();
  });

  it('runs the default when the chat was set to a model the server no longer has', async () => {
    const thread = await store.createThread({ model: 'replay:removed' });
    await runTurn(thread.id);
    expect(await lastReply(thread.id)).toMatchObject({ reply: { model: 'replay:first' } });
  });

  it('refuses an unknown model with 400 unknown_model naming the ones there are, changing nothing', async () => {
    const thread = await store.createThread({ model: 'replay:second' });
    const refusals = [
      await app.request('/api/threads', {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ model: 'openai:nope' }),
      }),
      await app.request(`/api/threads/${thread.id}`, {
        method: 'PATCH',
        headers: jsonHeaders,
        body: JSON.stringify({ model: 'openai:nope' }),
      }),
      await runTurn(thread.id, { model: 'openai:nope' }),
    ];
    for (const response of refusals) {
      const message = await expectErrorResponse({ response, status: 400, codes, code: 'unknown_model' });
      expect(message).toContain('replay:first, replay:second');
    }
    expect(await store.listThreads()).toHaveLength(1);
    expect((await store.getThread(thread.id))?.model).toBe('replay:second');
    expect(await store.listMessages(thread.id)).toEqual([]);
  });

  it('sets a chat back to the default with model null, and refuses an empty PATCH', async () => {
    const thread = await store.createThread({ model: 'replay:second' });
    const reset = await app.request(`/api/threads/${thread.id}`, {
      method: 'PATCH',
      headers: jsonHeaders,
      body: JSON.stringify({ model: null }),
    });
    expect((await readJsonResponse(reset, renameThreadResponseSchema)).thread.model).toBeNull();
    const empty = await app.request(`/api/threads/${thread.id}`, {
      method: 'PATCH',
      headers: jsonHeaders,
      body: JSON.stringify({}),
    });
    await expectErrorResponse({ response: empty, status: 400, codes, code: 'invalid_body' });
  });
});
