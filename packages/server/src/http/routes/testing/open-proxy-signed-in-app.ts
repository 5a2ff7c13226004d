import type { Hono } from 'hono';
import { type ApiTokenStore, createApiTokenStore } from '../../../auth/api-token-store.ts';
import type { AuthSettings } from '../../../auth/auth-settings.ts';
import { scriptedTestModel } from '../../../models/testing/test-models.ts';
import { openStorage, type Storage } from '../../../store/index.ts';
import { type AppDependencies, createApp } from '../../create-app.ts';

/** Users as a trusted proxy names them: `x-forwarded-email` on a request from 127.0.0.1; no admins, no limits. */
export const proxySignInSettings = {
  mode: 'proxy',
  userHeader: 'x-forwarded-email',
  trustedProxies: ['127.0.0.1'],
  adminEmails: [],
  limits: { runsPerMinute: 0, tokensPerDay: 0 },
} as const satisfies AuthSettings;

export interface ProxySignedInApp {
  storage: Storage;
  app: Hono;
  /** The storage's API tokens; they sign a request in only when the app was opened with `apiTokens: true`. */
  tokens: ApiTokenStore;
  /** Sends a request through the proxy for the user with `email`. */
  as(email: string, path: string, init?: RequestInit): Promise<Response>;
}

/**
 * The whole app over fresh in-memory storage, its users told apart by the proxy's header: for route tests with
 * more than one user. `dependencies` replace the defaults (a model that answers "ok", a standalone renderer that
 * wraps the widget's markup); `apiTokens` also signs requests in by the storage's tokens, `telemetry` mounts the
 * dashboard and telemetry routes on the storage's telemetry. The caller closes `storage`.
 */
export async function openProxySignedInApp({
  apiTokens = false,
  telemetry = false,
  ...dependencies
}: Partial<Omit<AppDependencies, 'store' | 'signIn' | 'telemetry'>> & {
  apiTokens?: boolean;
  telemetry?: boolean;
} = {}): Promise<ProxySignedInApp> {
  const storage = await openStorage({ location: { dialect: 'sqlite', path: ':memory:' } });
  const tokens = createApiTokenStore({ kysely: storage.database.kysely });
  const app = createApp({
    store: storage.store,
    model: scriptedTestModel({ script: { steps: [{ parts: [{ type: 'text', text: 'ok' }] }] } }),
    peerAddress: () => '127.0.0.1',
    standalone: async (widget) => `<!doctype html><title>standalone</title>${widget.html}`,
    ...dependencies,
    ...(telemetry ? { telemetry: storage.telemetry } : {}),
    signIn: { settings: proxySignInSettings, ...(apiTokens ? { tokens } : {}) },
  });
  const as = async (email: string, path: string, init: RequestInit = {}) =>
    app.request(path, { ...init, headers: { 'x-forwarded-email': email, ...init.headers } });
  return { storage, app, tokens, as };
}
