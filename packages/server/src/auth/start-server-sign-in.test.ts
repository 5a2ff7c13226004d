import { describe, expect, it } from 'vitest';
import { barChartScript, scriptedTestModel } from '../models/testing/test-models.ts';
import { SettingError } from '../node-server/setting-error.ts';
import { startServer } from '../node-server/start-server.ts';

describe('starting beyond loopback', () => {
  it('refuses to listen on every interface without an auth mode, naming DRAWBRIDGE_AUTH', async () => {
    const starting = startServer({
      host: '0.0.0.0',
      port: 0,
      env: {},
      model: scriptedTestModel({ script: barChartScript() }),
      systemPrompt: 'test',
    });
    await expect(starting).rejects.toBeInstanceOf(SettingError);
    await expect(starting).rejects.toThrow(/DRAWBRIDGE_AUTH/);
  });

  it('answers runs past the per-user limit with 429 JSON and Retry-After', async () => {
    const server = await startServer({
      port: 0,
      env: { DRAWBRIDGE_DB: ':memory:', DRAWBRIDGE_RUNS_PER_MINUTE: '1' },
      model: scriptedTestModel({ script: barChartScript() }),
      systemPrompt: 'test',
      logError: () => {},
    });
    try {
      const run = (threadId: string) =>
        fetch(`${server.url}/api/agent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            threadId,
            runId: `run-${threadId}`,
            messages: [{ id: `u-${threadId}`, role: 'user', content: 'hello' }],
            tools: [],
            context: [],
          }),
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
