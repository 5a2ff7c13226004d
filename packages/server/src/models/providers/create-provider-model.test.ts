import { streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnvironment } from '../../config/testing/config-from-environment.ts';
import { startFakeAnthropicServer } from '../testing/fake-anthropic-server.ts';
import { startFakeOpenAiCompatibleServer } from '../testing/fake-openai-compatible-server.ts';
import { startFakeOpenAiServer } from '../testing/fake-openai-server.ts';
import type { FakeProviderServer } from '../testing/fake-provider-server.ts';
import { createProviderModel } from './create-provider-model.ts';

const reply = 'Hello from the fake provider 👋 @@HEIGHT:120@@ done.';
let server: FakeProviderServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function onlyRequest(fake: FakeProviderServer) {
  expect(fake.requests).toHaveLength(1);
  return fake.requests[0]!;
}

describe('createProviderModel against local fakes of each wire format', () => {
  it('openai: streams from the Responses API with the bearer key and model', async () => {
    server = await startFakeOpenAiServer({ reply });
    const model = createProviderModel({
      provider: 'openai',
      modelName: 'gpt-4.1',
      apiKey: 'sk-test-openai',
      baseUrl: server.baseUrl,
    });
    const result = streamText({ model, prompt: 'hi' });
    expect(await result.text).toBe(reply);
    expect((await result.usage).inputTokens).toBe(12);
    const request = onlyRequest(server);
    expect(request.path).toBe('/v1/responses');
    expect(request.headers.authorization).toBe('Bearer sk-test-openai');
    expect(request.body).toMatchObject({ model: 'gpt-4.1', stream: true });
  });

  it('anthropic: streams from the Messages API with the x-api-key and model', async () => {
    server = await startFakeAnthropicServer({ reply });
    const model = createProviderModel({
      provider: 'anthropic',
      modelName: 'claude-sonnet-4-5',
      apiKey: 'sk-ant-test',
      baseUrl: server.baseUrl,
    });
    const result = streamText({ model, prompt: 'hi' });
    expect(await result.text).toBe(reply);
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
    const request = onlyRequest(server);
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe('sk-ant-test');
    expect(request.headers['anthropic-version']).toBeDefined();
    expect(request.body).toMatchObject({ model: 'claude-sonnet-4-5', stream: true });
  });

  it('openai-compatible: streams chat completions from DRAWBRIDGE_BASE_URL with the optional key', async () => {
    server = await startFakeOpenAiCompatibleServer({ reply });
    // As `drawbridge serve` reads them: the trailing slash of the base URL is dropped.
    const { model: settings } = configFromEnvironment({
      DRAWBRIDGE_MODEL: 'openai-compatible:llama3.1:8b',
      DRAWBRIDGE_BASE_URL: `${server.baseUrl}/`,
      DRAWBRIDGE_API_KEY: 'local-key',
    });
    if (settings.kind !== 'provider') throw new Error('expected a provider model');
    const model = createProviderModel(settings);
    const result = streamText({ model, prompt: 'hi' });
    expect(await result.text).toBe(reply);
    expect((await result.usage).inputTokens).toBe(12);
    const request = onlyRequest(server);
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer local-key');
    expect(request.body).toMatchObject({ model: 'llama3.1:8b', stream: true });
  });

  it('openai-compatible: sends no authorization header when no key is set', async () => {
    server = await startFakeOpenAiCompatibleServer({ reply: 'ok' });
    const model = createProviderModel({
      provider: 'openai-compatible',
      modelName: 'qwen',
      apiKey: undefined,
      baseUrl: server.baseUrl,
    });
    expect(await streamText({ model, prompt: 'hi' }).text).toBe('ok');
    expect(onlyRequest(server).headers.authorization).toBeUndefined();
  });
});
