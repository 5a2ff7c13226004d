import { describe, expect, it } from 'vitest';
import { configFromEnvironment, configProblemsOf } from './testing/config-from-environment.ts';

describe('the model settings', () => {
  it('choose the demo when DRAWBRIDGE_MODEL is unset, blank or demo, at the pace asked', () => {
    for (const setting of [undefined, '', ' ', 'demo']) {
      expect(configFromEnvironment({ DRAWBRIDGE_MODEL: setting }).model).toEqual({
        kind: 'demo',
        pace: undefined,
      });
    }
    expect(configFromEnvironment({ DRAWBRIDGE_DEMO_PACE: '0' }).model).toEqual({ kind: 'demo', pace: 0 });
    expect(configFromEnvironment({ DRAWBRIDGE_DEMO_PACE: '90.5' }).model).toEqual({
      kind: 'demo',
      pace: 90.5,
    });
  });

  it('choose a replay file, and a provider with its key and base URL (no trailing slash)', () => {
    expect(configFromEnvironment({ DRAWBRIDGE_MODEL: 'replay: reply.jsonl' }).model).toEqual({
      kind: 'replay',
      file: 'reply.jsonl',
      pace: undefined,
    });
    expect(
      configFromEnvironment({
        DRAWBRIDGE_MODEL: 'openai:gpt-4.1',
        OPENAI_API_KEY: ' sk-1 ',
        OPENAI_BASE_URL: 'https://proxy.example.com/v1/',
      }).model,
    ).toEqual({
      kind: 'provider',
      provider: 'openai',
      modelName: 'gpt-4.1',
      apiKey: 'sk-1',
      baseUrl: 'https://proxy.example.com/v1',
    });
    expect(
      configFromEnvironment({
        DRAWBRIDGE_MODEL: 'openai-compatible:qwen',
        DRAWBRIDGE_BASE_URL: 'http://127.0.0.1:11434/v1',
      }).model,
    ).toMatchObject({ kind: 'provider', provider: 'openai-compatible', apiKey: undefined });
  });

  it('list every model a chat may pick (DRAWBRIDGE_MODELS), the default first and each once', () => {
    const model = configFromEnvironment({
      DRAWBRIDGE_MODEL: 'openai:gpt-4.1',
      DRAWBRIDGE_MODELS: 'demo, openai:gpt-4.1 replay:reply.jsonl',
      OPENAI_API_KEY: 'k',
      DRAWBRIDGE_DEMO_PACE: '0',
    }).model;
    expect(model).toMatchObject({ kind: 'provider', modelName: 'gpt-4.1' });
    expect(model.choices).toEqual([
      { kind: 'provider', provider: 'openai', modelName: 'gpt-4.1', apiKey: 'k', baseUrl: undefined },
      { kind: 'demo', pace: 0 },
      { kind: 'replay', file: 'reply.jsonl', pace: 0 },
    ]);
    expect(configFromEnvironment({ DRAWBRIDGE_MODELS: 'demo' }).model.choices).toBeUndefined();
  });

  it("ignore another provider's settings, even broken ones", () => {
    expect(configFromEnvironment({ ANTHROPIC_BASE_URL: 'ftp://x', OPENAI_API_KEY: 'k' }).model.kind).toBe(
      'demo',
    );
  });

  const misconfigurations: { environment: Record<string, string>; setting: string; says: RegExp }[] = [
    {
      environment: { DRAWBRIDGE_MODEL: 'gemini:pro' },
      setting: 'DRAWBRIDGE_MODEL',
      says: /names no known provider/,
    },
    {
      environment: { DRAWBRIDGE_MODEL: 'gpt-4.1' },
      setting: 'DRAWBRIDGE_MODEL',
      says: /names no known provider/,
    },
    {
      environment: { DRAWBRIDGE_MODEL: 'openai:', OPENAI_API_KEY: 'k' },
      setting: 'DRAWBRIDGE_MODEL',
      says: /e\.g\. openai:gpt-4\.1/,
    },
    {
      environment: { DRAWBRIDGE_MODEL: 'replay:' },
      setting: 'DRAWBRIDGE_MODEL',
      says: /replay:reply\.jsonl/,
    },
    {
      environment: { DRAWBRIDGE_MODEL: 'openai:gpt-4.1' },
      setting: 'OPENAI_API_KEY',
      says: /^OPENAI_API_KEY is not set: set it to your OpenAI API key, or unset DRAWBRIDGE_MODEL/,
    },
    {
      environment: { DRAWBRIDGE_MODEL: 'openai:gpt-4.1', OPENAI_API_KEY: '  ' },
      setting: 'OPENAI_API_KEY',
      says: /is not set/,
    },
    {
      environment: { DRAWBRIDGE_MODEL: 'anthropic:claude' },
      setting: 'ANTHROPIC_API_KEY',
      says: /your Anthropic API key/,
    },
    {
      environment: { DRAWBRIDGE_MODEL: 'openai-compatible:qwen' },
      setting: 'DRAWBRIDGE_BASE_URL',
      says: /http:\/\/127\.0\.0\.1:11434\/v1 for Ollama/,
    },
    {
      environment: { DRAWBRIDGE_MODEL: 'openai-compatible:qwen', DRAWBRIDGE_BASE_URL: 'localhost:11434' },
      setting: 'DRAWBRIDGE_BASE_URL',
      says: /is not an http\(s\) URL.*\(got "localhost:11434"\)/,
    },
    {
      environment: { DRAWBRIDGE_MODEL: 'openai:gpt-4.1', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'ftp://x' },
      setting: 'OPENAI_BASE_URL',
      says: /is not an http\(s\) URL/,
    },
    {
      environment: { DRAWBRIDGE_MODELS: 'demo, gemini:pro' },
      setting: 'DRAWBRIDGE_MODELS',
      says: /^DRAWBRIDGE_MODELS's entry "gemini:pro" names no known provider/,
    },
    {
      environment: { DRAWBRIDGE_MODELS: 'anthropic:claude-sonnet-4-5' },
      setting: 'ANTHROPIC_API_KEY',
      says: /your Anthropic API key/,
    },
    {
      environment: { DRAWBRIDGE_DEMO_PACE: 'fast' },
      setting: 'DRAWBRIDGE_DEMO_PACE',
      says: /tokens per second, e\.g\. 90, or 0 for no delay \(got "fast"\)/,
    },
    {
      environment: { DRAWBRIDGE_DEMO_PACE: '-5' },
      setting: 'DRAWBRIDGE_DEMO_PACE',
      says: /tokens per second/,
    },
  ];

  for (const { environment, setting, says } of misconfigurations) {
    it(`refuse ${JSON.stringify(environment)} in one line naming ${setting}`, () => {
      const problems = configProblemsOf(environment);
      expect(problems).toEqual([{ setting, message: expect.stringMatching(says) }]);
      expect(problems[0]?.message.startsWith(setting)).toBe(true);
      expect(problems[0]?.message).not.toContain('\n');
    });
  }

  it('never repeat a key in a refusal', () => {
    const problems = configProblemsOf({
      DRAWBRIDGE_MODEL: 'openai-compatible:qwen',
      DRAWBRIDGE_BASE_URL: 'nowhere',
      DRAWBRIDGE_API_KEY: 'sk-secret-key',
    });
    expect(JSON.stringify(problems)).not.toContain('sk-secret-key');
  });
});
