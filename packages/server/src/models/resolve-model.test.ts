import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnvironment } from '../config/testing/config-from-environment.ts';
import type { DemoEntry } from './demo/demo-catalogue.ts';
import { ModelConfigError } from './model-config-error.ts';
import { resolveModel as resolveSettings } from './resolve-model.ts';
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

/** The model these variables configure, as `drawbridge serve` builds it. */
function resolveModel(
  environment: Record<string, string | undefined>,
  options: { demoCatalogue?: DemoEntry[] } = {},
) {
  return resolveSettings(configFromEnvironment(environment).model, options);
}

function configError(env: Record<string, string | undefined>): ModelConfigError {
  try {
    resolveModel(env, { demoCatalogue });
  } catch (error) {
    if (ModelConfigError.isInstance(error)) return error;
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

  // The settings themselves (an unknown provider, a missing key, a bad pace) are refused when the configuration is
  // parsed, all at once: config/model-config-schema.test.ts. A file that cannot be played is found here.
  it('throws script_unreadable for replay:<file> of no file, in one line naming the file', () => {
    const error = configError({ DRAWBRIDGE_MODEL: 'replay:/no/such/file.txt' });
    expect(error.code).toBe('script_unreadable');
    expect(error.message).toContain('/no/such/file.txt');
    expect(error.message).not.toContain('\n');
  });

  it('throws invalid_script with file and line for a malformed replay file', () => {
    const path = join(directory, 'bad.jsonl');
    writeFileSync(path, '{"type":"text","text":"ok"}\n{"type":"oops"}\n');
    const error = configError({ DRAWBRIDGE_MODEL: `replay:${path}` });
    expect(error.code).toBe('invalid_script');
    expect(error.message.startsWith(`${path}:2: `)).toBe(true);
  });
});
