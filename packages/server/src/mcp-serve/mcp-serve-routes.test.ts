import { request } from 'node:http';
import { appErrorCodes } from '@drawbridge/protocol';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthSettings } from '../auth/auth-settings.ts';
import type { SignIn } from '../auth/sign-in-guard.ts';
import type { SignedInUser } from '../auth/signed-in-user.ts';
import { expectErrorResponse } from '../http/routes/testing/expect-error-response.ts';
import { signInFor } from '../node-server/sign-in-for.ts';
import { startMcpTestApp } from './testing/start-mcp-test-app.ts';

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const limits = { runsPerMinute: 0, tokensPerDay: 0 };
const signedInModes: Record<string, AuthSettings> = {
  accounts: {
    mode: 'sessions',
    publicUrl: 'http://127.0.0.1',
    secret: 'a-test-secret-that-is-long-enough-for-better-auth',
    accounts: { signUp: 'open' },
    openIdConnect: null,
    limits,
  },
  proxy: {
    mode: 'proxy',
    userHeader: 'x-forwarded-email',
    trustedProxies: ['127.0.0.1'],
    adminEmails: [],
    limits,
  },
};

const ada: SignedInUser = { id: 'ada', name: 'Ada', email: 'ada@example.com', isAdmin: false, via: 'token' };
const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const jsonRpcHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const browserHost = 'http://127.0.0.1:5173';

function post(url: string, headers: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { ...jsonRpcHeaders, ...headers }, body: listTools });
}

/** `post` with a `Host` of the test's choosing, which `fetch` will not send: as a proxy forwards one. */
function postAddressedTo(url: string, headers: Record<string, string> & { host: string }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'POST', headers: { ...jsonRpcHeaders, ...headers } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (typeof value === 'string') responseHeaders.set(name, value);
          }
          resolve(
            new Response(Buffer.concat(chunks), { status: incoming.statusCode, headers: responseHeaders }),
          );
        });
      },
    );
    outgoing.once('error', reject);
    outgoing.end(listTools);
  });
}

function preflight(url: string, origin: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, authorization, mcp-protocol-version',
    },
  });
}

async function tokenFor(signIn: SignIn | undefined): Promise<string> {
  const created = await signIn?.tokens?.create({ user: ada, name: 'browser host' });
  if (created === undefined) throw new Error('the test app has no API tokens');
  return created.secret;
}

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'drawbridge-test-host', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  cleanups.push(() => client.close());
  return client;
}

describe('/mcp for browser MCP hosts (CORS)', () => {
  it('answers the preflight of a loopback page while addressed on loopback', async () => {
    const { url } = await startMcpTestApp({ cleanups });
    const response = await preflight(url, browserHost);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(browserHost);
    expect(response.headers.get('access-control-allow-methods')?.split(',')).toEqual([
      'GET',
      'POST',
      'DELETE',
    ]);
    expect(response.headers.get('access-control-allow-headers')?.split(',')).toEqual([
      'content-type',
      'authorization',
      'mcp-session-id',
      'mcp-protocol-version',
      'last-event-id',
    ]);
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('vary')).toContain('Origin');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it("serves a loopback page's calls with CORS headers, exposing mcp-session-id", async () => {
    const { url } = await startMcpTestApp({ cleanups });
    const response = await post(url, { origin: browserHost });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(browserHost);
    expect(response.headers.get('access-control-expose-headers')?.split(',')).toEqual([
      'mcp-session-id',
      'www-authenticate',
    ]);
    expect(await response.text()).toContain('show_widget');
  });

  it('refuses another site, and a sandboxed page, before the MCP handler and without CORS headers', async () => {
    const { url } = await startMcpTestApp({ cleanups });
    for (const origin of ['https://evil.example', 'null']) {
      const response = await post(url, { origin });
      await expectErrorResponse({ response, status: 403, codes: appErrorCodes, code: 'origin_not_allowed' });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect((await preflight(url, origin)).headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('allows the configured origins off loopback, and loopback pages only on loopback', async () => {
    const { url } = await startMcpTestApp({
      cleanups,
      allowedHosts: ['chat.example.com'],
      mcpAllowedOrigins: ['https://host.example.com'],
    });
    const asChat = { host: 'chat.example.com' };
    const configured = await postAddressedTo(url, { ...asChat, origin: 'https://host.example.com' });
    expect(configured.status).toBe(200);
    expect(configured.headers.get('access-control-allow-origin')).toBe('https://host.example.com');
    for (const origin of [browserHost, 'https://other.example.com', 'http://host.example.com']) {
      const refused = await postAddressedTo(url, { ...asChat, origin });
      await expectErrorResponse({
        response: refused,
        status: 403,
        codes: appErrorCodes,
        code: 'origin_not_allowed',
      });
    }
  });
});

describe.each(Object.entries(signedInModes))('/mcp with sign-in (%s)', (_mode, settings) => {
  const startSignedIn = () =>
    startMcpTestApp({ cleanups, signInWith: (database) => signInFor({ settings, database }) });

  it('refuses an anonymous call, or a bad token, with 401 and a Bearer challenge a browser can read', async () => {
    const { url } = await startSignedIn();
    const anonymous: Record<string, string>[] = [{}, { authorization: 'Bearer dbt_not-a-token' }];
    for (const headers of anonymous) {
      const response = await post(url, { origin: browserHost, ...headers });
      await expectErrorResponse({ response, status: 401, codes: appErrorCodes, code: 'sign_in_required' });
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="drawbridge"');
      expect(response.headers.get('access-control-allow-origin')).toBe(browserHost);
    }
    // A proxy's user header signs in /api/, not /mcp: only an API token does.
    const viaProxy = await post(url, { 'x-forwarded-email': 'ada@example.com' });
    await expectErrorResponse({
      response: viaProxy,
      status: 401,
      codes: appErrorCodes,
      code: 'sign_in_required',
    });
    // The preflight carries no credentials (browsers never send them on one): it is answered all the same.
    expect((await preflight(url, browserHost)).status).toBe(204);
  });

  it("lists and calls the tools for an API token's owner", async () => {
    const app = await startSignedIn();
    const secret = await tokenFor(app.signIn);
    const client = await connect(app.url, { authorization: `Bearer ${secret}` });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('show_widget');
    const result = await client.callTool({
      name: 'show_widget',
      arguments: { title: 'Hello', html: '<p>hello</p>' },
    });
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toMatchObject({ title: 'Hello' });
  });
});
