import { buildRunAgentInput } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.ts';
import { parseConfig } from '../config/parse-config.ts';
import { readConfigFromEnvironment } from '../config/read-config-from-environment.ts';
import { barChartScript, scriptedTestModel } from '../models/testing/test-models.ts';
import { startServer } from '../node-server/start-server.ts';

describe('starting beyond loopback', () => {
  it('has no configuration to listen on every interface without an auth mode, naming DRAWBRIDGE_AUTH', () => {
    expect(readConfigFromEnvironment({ HOST: '0.0.0.0' })).toEqual({
      success: false,
      problems: [
        {
          setting: 'DRAWBRIDGE_AUTH',
          message: expect.stringMatching(
            /^Drawbridge is bound to 0\.0\.0\.0, .* set DRAWBRIDGE_AUTH to accounts/,
          ),
        },
      ],
    });
  });

  it('refuses to listen on every interface without an auth mode even given a configuration built by hand', async () => {
    const defaults = parseConfig({ server: { port: 0 } });
    const starting = startServer({
      config: { ...defaults, server: { ...defaults.server, host: '0.0.0.0' } },
      model: scriptedTestModel({ script: barChartScript() }),
      systemPrompt: 'test',
    });
    await expect(starting).rejects.toBeInstanceOf(ConfigError);
    await expect(starting).rejects.toThrow(/set auth\.modes to accounts/);
  });

  it('answers runs past the per-user limit with 429 JSON and Retry-After', async () => {
    const server = await startServer({
      config: parseConfig({
        server: { port: 0 },
        store: { sqlitePath: ':memory:' },
        auth: { limits: { runsPerMinute: 1 } },
      }),
      model: scriptedTestModel({ script: barChartScript() }),
      systemPrompt: 'test',
      logError: () => {},
    });
    try {
      const run = (threadId: string) =>
        fetch(`${server.url}/api/agent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            buildRunAgentInput({
              threadId,
              runId: `run-${threadId}`,
              userMessageId: `u-${threadId}`,
              text: 'hello',
            }),
          ),
        });
      const first = await run('first');
      expect(first.status).toBe(200);
      await first.text();
      const second = await run('second');
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await second.json()).toMatchObject({ error: { code: 'run_rate_limited' } });
    } finally {
      await server.close();
    }
  });
});
