import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiTokenResponseSchema } from '@drawbridge/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../packages/server/src/config/parse-config.ts';
import { type RunningServer, startServer } from '../packages/server/src/node-server/start-server.ts';
import { findFreePort } from '../test-support/free-port.ts';
import { type OpenedPage, openAppPage } from './support/app-server.ts';
import { type BrowserMcpHost, startBrowserMcpHost } from './support/browser-mcp-host.ts';

interface HostWindow {
  browserHost: {
    tryConnect(mcpUrl: string, token?: string): Promise<string>;
    showTool(
      mcpUrl: string,
      token: string,
      name: string,
      args: Record<string, unknown>,
    ): Promise<{ toolNames: string[]; resourceUri: string; result: { structuredContent?: unknown } }>;
  };
}

let directory: string;
let server: RunningServer;
let appUrl: string;
let host: BrowserMcpHost;
let opened: OpenedPage | undefined;

/** Drawbridge with accounts, on a port chosen first (the public URL names it). */
async function startAccountsServer(): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const port = await findFreePort();
    appUrl = `http://127.0.0.1:${port}`;
    try {
      server = await startServer({
        config: parseConfig({
          server: { port },
          model: { id: 'demo', demoPace: 0 },
          store: { sqlitePath: join(directory, 'drawbridge.db') },
          auth: {
            modes: ['accounts'],
            secret: 'an-e2e-secret-of-more-than-thirty-two-characters',
            publicUrl: appUrl,
            signUp: 'open',
          },
        }),
      });
      return;
    } catch (error) {
      // Another process took the port between choosing and listening: choose again.
      if (attempt < 5 && error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') continue;
      throw error;
    }
  }
}

/** Signs up an account and creates an API token for it, as a user does on the settings page. */
async function createApiToken(): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: appUrl };
  const signUp = await fetch(`${appUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse battery staple', name: 'Ada' }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .find((line) => line.includes('session_token='))
    ?.split(';')[0];
  if (cookie === undefined) throw new Error(`sign-up gave no session: ${signUp.status}`);
  const created = await fetch(`${appUrl}/api/tokens`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: 'browser MCP host' }),
  });
  expect(created.status).toBe(201);
  return createApiTokenResponseSchema.parse(await created.json()).secret;
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'drawbridge-mcp-browser-host-'));
  await startAccountsServer();
  host = await startBrowserMcpHost({ mcpOrigin: appUrl });
});

afterAll(async () => {
  await opened?.close();
  await host?.close();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

function hostPage(): Promise<Page> {
  return (async () => {
    opened = await openAppPage(host.url);
    await opened.page.waitForFunction(() => 'browserHost' in window);
    return opened.page;
  })();
}

describe('a browser MCP host on another origin, connected straight to /mcp', () => {
  it('is refused without an API token, then lists, calls and shows show_widget with one', async () => {
    expect(new URL(host.url).origin).not.toBe(appUrl);
    const page = await hostPage();
    const mcpUrl = `${appUrl}/mcp`;

    // Readable by the page (CORS): the SDK's transport reports our 401's body, not a network error.
    const anonymous = await page.evaluate(
      (url) => (window as unknown as HostWindow).browserHost.tryConnect(url),
      mcpUrl,
    );
    expect(anonymous).toContain('sign_in_required');

    const token = await createApiToken();
    const args = {
      title: 'Browser host',
      height: 120,
      css: '#hello{color:rgb(10, 120, 40)}',
      html: '<p id="hello">Hello from Drawbridge</p>',
      js: "document.getElementById('hello').dataset.ran = 'yes';",
    };
    const shown = await page.evaluate(
      ({ url, secret, input }) =>
        (window as unknown as HostWindow).browserHost.showTool(url, secret, 'show_widget', input),
      { url: mcpUrl, secret: token, input: args },
    );
    expect(shown.toolNames).toEqual(
      expect.arrayContaining(['show_widget', 'render_table', 'render_chart', 'render_form', 'render_image']),
    );
    expect(shown.resourceUri).toBe('ui://drawbridge/widget.html');
    expect(shown.result.structuredContent).toMatchObject({ title: 'Browser host' });

    const view = page.frameLocator('#view');
    await view.locator('html[data-widget-state="rendered"]').waitFor();
    const hello = view.locator('#hello');
    expect(await hello.textContent()).toBe('Hello from Drawbridge');
    expect(await hello.getAttribute('data-ran')).toBe('yes');
    expect(await hello.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(10, 120, 40)');
    // The browser logs two answers as failed resources, both expected: the 401 above, and the 405 to the
    // SDK's GET for a standalone stream, which a stateless server does not offer (the SDK goes on without).
    const expectedStatuses = /^Failed to load resource: the server responded with a status of (401|405) /;
    expect(opened?.pageErrors.filter((error) => !expectedStatuses.test(error))).toEqual([]);
  });
});
