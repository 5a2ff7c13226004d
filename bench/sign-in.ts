/**
 * What sign-in costs each API request: `GET /api/threads` through the whole app (Host/Origin guard, sign-in
 * guard, the route, SQLite in memory) as the local user, a trusted proxy's user, an API token and a
 * better-auth session cookie (each user holds no threads, so the list itself costs the same). Prints p50/p99.
 *
 *     npx tsx bench/sign-in.ts
 */
import { performance } from 'node:perf_hooks';
import type { Hono } from 'hono';
import type { AuthSettings } from '../packages/server/src/auth/auth-settings.ts';
import { localSignIn } from '../packages/server/src/auth/local-sign-in.ts';
import { createApp } from '../packages/server/src/http/create-app.ts';
import { barChartScript, scriptedTestModel } from '../packages/server/src/models/testing/test-models.ts';
import { signInFor } from '../packages/server/src/node-server/sign-in-for.ts';
import { openStorage } from '../packages/server/src/store/index.ts';
import { percentile } from './support/statistics.ts';

const requests = 2000;
const publicUrl = 'https://chat.example.com';
const limits = { runsPerMinute: 0, tokensPerDay: 0 };

async function measure(name: string, app: Hono, headers: Record<string, string>): Promise<void> {
  const durations: number[] = [];
  // The first requests compile the route and prepare statements; only the steady state is measured.
  for (let index = 0; index < 200; index += 1)
    await (await app.request(`${publicUrl}/api/threads`, { headers })).arrayBuffer();
  for (let index = 0; index < requests; index += 1) {
    const started = performance.now();
    const response = await app.request(`${publicUrl}/api/threads`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
    durations.push(performance.now() - started);
  }
  durations.sort((left, right) => left - right);
  const format = (value: number) => `${(value * 1000).toFixed(0).padStart(6)} µs`;
  console.log(
    `${name.padEnd(16)} p50 ${format(percentile(durations, 0.5))}  p99 ${format(percentile(durations, 0.99))}`,
  );
}

const storage = await openStorage({ location: { dialect: 'sqlite', path: ':memory:' } });
const base = {
  store: storage.store,
  telemetry: storage.telemetry,
  model: scriptedTestModel({ script: barChartScript() }),
  systemPrompt: 'bench',
  allowedHosts: ['chat.example.com'],
};
const sessions: AuthSettings = {
  mode: 'sessions',
  publicUrl,
  secret: 'a-bench-secret-that-is-long-enough-for-better-auth',
  accounts: { signUp: 'open' },
  openIdConnect: null,
  limits,
};
const proxy: AuthSettings = {
  mode: 'proxy',
  userHeader: 'x-forwarded-email',
  trustedProxies: ['127.0.0.1'],
  adminEmails: [],
  limits,
};
const sessionApp = createApp({
  ...base,
  signIn: signInFor({ settings: sessions, database: storage.database }),
});
const json = { 'content-type': 'application/json', origin: publicUrl };
await sessionApp.request(`${publicUrl}/api/auth/sign-up/email`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery', name: 'Bench' }),
});
const signedIn = await sessionApp.request(`${publicUrl}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery' }),
});
const cookie = (signedIn.headers.getSetCookie().find((line) => line.includes('session_token=')) ?? '').split(
  ';',
)[0]!;
const made = await sessionApp.request(`${publicUrl}/api/tokens`, {
  method: 'POST',
  headers: { ...json, cookie },
  body: JSON.stringify({ name: 'bench' }),
});
const { secret } = (await made.json()) as { secret: string };

console.log(`GET /api/threads, ${requests} requests each, SQLite in memory`);
await measure(
  'local user',
  createApp({ ...base, allowedHosts: ['chat.example.com'], signIn: localSignIn }),
  {},
);
await measure(
  'trusted proxy',
  createApp({
    ...base,
    signIn: signInFor({ settings: proxy, database: storage.database }),
    peerAddress: () => '127.0.0.1',
  }),
  { 'x-forwarded-email': 'bench@example.com' },
);
await measure('API token', sessionApp, { authorization: `Bearer ${secret}` });
await measure('session cookie', sessionApp, { cookie });
await storage.close();
