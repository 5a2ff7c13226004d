import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { parseConfig, safeParseConfig } from './parse-config.ts';
import { configFromEnvironment } from './testing/config-from-environment.ts';

describe('parseConfig (a configuration built in code)', () => {
  it('gives what an empty environment gives, and fills what a partial object leaves out', () => {
    expect(parseConfig()).toEqual(configFromEnvironment({}));
    const config = parseConfig({ server: { port: 0 }, runs: { autoRepair: true } });
    expect(config.server).toMatchObject({ port: 0, host: '127.0.0.1' });
    expect(config.runs).toEqual({
      timeoutMs: 600_000,
      leaseMs: 15_000,
      toolTimeoutMs: 60_000,
      forbidCode: false,
      autoRepair: true,
      trustedLinkHosts: [],
    });
  });

  it('names problems by path, every one at once', () => {
    const result = safeParseConfig({
      server: { port: 70_000, host: '0.0.0.0' },
      auth: { modes: ['accounts'], publicUrl: 'http://chat.example.com' },
      model: { id: 'openai:gpt-4.1' },
    });
    expect(result).toEqual({
      success: false,
      problems: [
        {
          setting: 'server.port',
          message: 'server.port must be a whole number from 0 to 65535 (got 70000).',
        },
        {
          setting: 'model.openai.apiKey',
          message:
            'model.openai.apiKey is not set: set it to your OpenAI API key, or unset model.id to run the offline demo.',
        },
        {
          setting: 'auth.secret',
          message: 'auth.secret must be set to a random string of 32 or more characters.',
        },
        {
          setting: 'auth.publicUrl',
          message:
            'auth.publicUrl must be https:// (plain http only on loopback) (got "http://chat.example.com").',
        },
      ],
    });
  });

  it('refuses a setting it does not know, so a misspelt one is not silently ignored', () => {
    const result = safeParseConfig({ server: { prot: 80 } } as never);
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^server: .*"prot"/),
    ]);
  });

  it('throws a ConfigError whose message is one line per problem, never showing a secret', () => {
    let caught: unknown;
    try {
      parseConfig({ store: { databaseUrl: 'mysql://app:hunter2@db/app' }, redis: { url: 'http://x' } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.code).toBe('invalid_config');
    expect(error.problems.map((problem) => problem.setting)).toEqual(['store.databaseUrl', 'redis.url']);
    expect(error.message.split('\n')).toHaveLength(2);
    expect(error.message).not.toContain('hunter2');
  });
});
