import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import type { DemoEntry } from './demo/demo-catalogue.ts';
import { ModelConfigError, type ModelConfigErrorCode } from './model-config-error.ts';
import { resolveModel } from './resolve-model.ts';
import { startFakeOpenAiCompatibleServer } from './testing/fake-openai-compatible-server.ts';
import type { FakeProviderServer } from './testing/fake-provider-server.ts';

const directory = mkdtempSync(join(tmpdir(), 'drawbridge-resolve-'));
const replyFile = join(directory, 'reply.txt');
writeFileSync(replyFile, 'Replayed reply.');
const demoFile = join(directory, 'demo.txt');
writeFileSync(demoFile, 'Demo reply.');
const demoCatalogue: DemoEntry[] = [
  { id: 'greeting', title: 'Say hello', keywords: ['hello'], file: demoFile },
];

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function configError(env: Record<string, string | undefined>): ModelConfigError {
  try {
    resolveModel(env, { demoCatalogue });
  } catch (error) {
    if (error instanceof ModelConfigError) return error;
    throw error;
  }
  throw new Error('expected a ModelConfigError');
}

describe('resolveModel', () => {
  it('runs the demo when DRAWBRIDGE_MODEL is unset, blank or demo', async () => {
    for (const setting of [undefined, '', ' ', 'demo']) {
      const resolved = resolveModel(
        { DRAWBRIDGE_MODEL: setting, DRAWBRIDGE_DEMO_PACE: '0' },
        { demoCatalogue },
      );
      expect(resolved).toMatchObject({ id: 'demo', demo: true });
      expect(resolved.hint).toContain('DRAWBRIDGE_MODEL');
    }
    const { model } = resolveModel({ DRAWBRIDGE_DEMO_PACE: '0' }, { demoCatalogue });
    expect(await streamText({ model, prompt: 'hello' }).text).toBe('Demo reply.');
  });

  it('loads every reply of the built-in demo catalogue', () => {
    expect(resolveModel({})).toMatchObject({ id: 'demo', demo: true });
  });

  it('replays a file for replay:<path>', async () => {
    const resolved = resolveModel({ DRAWBRIDGE_MODEL: `replay:${replyFile}`, DRAWBRIDGE_DEMO_PACE: '0' });
    expect(resolved).toMatchObject({ id: `replay:${replyFile}`, demo: false });
    expect(await streamText({ model: resolved.model, prompt: 'anything' }).text).toBe('Replayed reply.');
  });

  it('connects an openai-compatible server for openai-compatible:<model>', async () => {
    server = await startFakeOpenAiCompatibleServer({ reply: 'From the local server.' });
    const resolved = resolveModel({
      DRAWBRIDGE_MODEL: 'openai-compatible:llama3.1',
      DRAWBRIDGE_BASE_URL: server.baseUrl,
    });
    expect(resolved).toMatchObject({ id: 'openai-compatible:llama3.1', demo: false });
    expect(await streamText({ model: resolved.model, prompt: 'hi' }).text).toBe('From the local server.');
    expect(server.requests[0]?.body).toMatchObject({ model: 'llama3.1' });
  });

  it('names openai and anthropic models by provider and model', () => {
    expect(resolveModel({ DRAWBRIDGE_MODEL: 'openai:gpt-4.1', OPENAI_API_KEY: 'k' }).id).toBe(
      'openai:gpt-4.1',
    );
    const anthropic = resolveModel({
      DRAWBRIDGE_MODEL: 'anthropic:claude-sonnet-4-5',
      ANTHROPIC_API_KEY: 'k',
    });
    expect(anthropic).toMatchObject({ id: 'anthropic:claude-sonnet-4-5', demo: false });
    expect(anthropic.model.modelId).toBe('claude-sonnet-4-5');
  });

  const misconfigurations: { env: Record<string, string>; code: ModelConfigErrorCode; names: string }[] = [
    { env: { DRAWBRIDGE_MODEL: 'gemini:pro' }, code: 'unknown_provider', names: 'DRAWBRIDGE_MODEL' },
    { env: { DRAWBRIDGE_MODEL: 'gpt-4.1' }, code: 'unknown_provider', names: 'DRAWBRIDGE_MODEL' },
    { env: { DRAWBRIDGE_MODEL: 'openai:' }, code: 'missing_model_name', names: 'DRAWBRIDGE_MODEL' },
    { env: { DRAWBRIDGE_MODEL: 'replay:' }, code: 'missing_model_name', names: 'DRAWBRIDGE_MODEL' },
    { env: { DRAWBRIDGE_MODEL: 'openai:gpt-4.1' }, code: 'missing_api_key', names: 'OPENAI_API_KEY' },
    { env: { DRAWBRIDGE_MODEL: 'anthropic:claude' }, code: 'missing_api_key', names: 'ANTHROPIC_API_KEY' },
    {
      env: { DRAWBRIDGE_MODEL: 'openai-compatible:qwen' },
      code: 'missing_base_url',
      names: 'DRAWBRIDGE_BASE_URL',
    },
    {
      env: { DRAWBRIDGE_MODEL: 'replay:/no/such/file.txt' },
      code: 'script_unreadable',
      names: '/no/such/file.txt',
    },
    { env: { DRAWBRIDGE_DEMO_PACE: 'fast' }, code: 'invalid_pace', names: 'DRAWBRIDGE_DEMO_PACE' },
    { env: { DRAWBRIDGE_DEMO_PACE: '-5' }, code: 'invalid_pace', names: 'DRAWBRIDGE_DEMO_PACE' },
  ];

  for (const { env, code, names } of misconfigurations) {
    it(`throws ${code} for ${JSON.stringify(env)}, in one line naming ${names}`, () => {
      const error = configError(env);
      expect(error.code).toBe(code);
      expect(error.message).toContain(names);
      expect(error.message).not.toContain('\n');
    });
  }

  it('throws invalid_script with file and line for a malformed replay file', () => {
    const path = join(directory, 'bad.jsonl');
    writeFileSync(path, '{"type":"text","text":"ok"}\n{"type":"oops"}\n');
    const error = configError({ DRAWBRIDGE_MODEL: `replay:${path}` });
    expect(error.code).toBe('invalid_script');
    expect(error.message.startsWith(`${path}:2: `)).toBe(true);
  });
});
