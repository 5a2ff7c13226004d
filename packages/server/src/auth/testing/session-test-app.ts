import type { Context, Hono } from 'hono';
import { createApp } from '../../http/create-app.ts';
import { barChartScript, scriptedTestModel } from '../../models/testing/test-models.ts';
import { signInFor } from '../../node-server/sign-in-for.ts';
import type { Storage } from '../../store/index.ts';
import type { AuthSettings } from '../auth-settings.ts';

/** Where the accounts-mode test app says it is served: its public URL, and the origin its pages send. */
export const sessionTestUrl = 'https://chat.example.com';

/** The whole app on `storage` with accounts and session cookies (`settings`), served at `sessionTestUrl`. */
export function sessionTestApp({
  storage,
  settings,
  peerAddress,
}: {
  storage: Storage;
  settings: AuthSettings;
  /** The client's address; default: the request has none. */
  peerAddress?: (context: Context) => string | undefined;
}): Hono {
  return createApp({
    store: storage.store,
    telemetry: storage.telemetry,
    model: scriptedTestModel({ script: barChartScript() }),
    systemPrompt: 'test',
    allowedHosts: [new URL(sessionTestUrl).host],
    signIn: signInFor({ settings, database: storage.database }),
    ...(peerAddress === undefined ? {} : { peerAddress }),
  });
}

/** A JSON POST as the app's own page sends it: to its public URL, with its origin. */
export function postFromPage(app: Hono, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(`${sessionTestUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: sessionTestUrl, ...headers },
    body: JSON.stringify(body),
  });
}
