import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackHostNames } from './host-allowlist.ts';
import { createRequestGuard } from './request-guard.ts';

function guardedApp(allowedHosts: readonly string[] = loopbackHostNames): Hono {
  const app = new Hono();
  app.use('*', createRequestGuard({ allowedHosts }));
  app.get('/api/threads', (context) => context.json({ threads: [] }));
  app.post('/api/threads', (context) => context.json({ created: true }, 201));
  app.delete('/api/threads/:id', (context) => context.body(null, 204));
  app.get('/frame', (context) => context.text('frame'));
  return app;
}

async function errorCode(response: Response): Promise<string> {
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.code;
}

describe('the Host allowlist', () => {
  it('refuses a rebinding name, naming the setting to change', async () => {
    const response = await guardedApp().request('/api/threads', { headers: { Host: 'evil.example' } });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('host_not_allowed');
    expect(body.error.message).toContain('DRAWBRIDGE_ALLOWED_HOSTS');
  });

  it('serves loopback names, and only the configured names when a list is set', async () => {
    for (const host of ['127.0.0.1:8787', 'localhost:8787', '[::1]:8787']) {
      const response = await guardedApp().request('/api/threads', { headers: { Host: host } });
      expect(response.status, host).toBe(200);
    }
    const configured = guardedApp(['chat.example.com']);
    expect((await configured.request('/frame', { headers: { Host: 'chat.example.com' } })).status).toBe(200);
    const loopback = await configured.request('/frame', { headers: { Host: '127.0.0.1:8787' } });
    expect(loopback.status).toBe(403);
    expect(await errorCode(loopback)).toBe('host_not_allowed');
  });
});

describe('state-changing requests', () => {
  const post = (headers: Record<string, string>, body?: string) =>
    guardedApp().request('/api/threads', {
      method: 'POST',
      headers: { Host: '127.0.0.1:8787', ...headers },
      ...(body === undefined ? {} : { body }),
    });

  it('refuses another origin, and the null origin of a sandboxed widget', async () => {
    for (const origin of ['http://evil.example', 'null', 'http://127.0.0.1:9999', 'file://']) {
      const response = await post({ Origin: origin, 'Content-Type': 'application/json' }, '{}');
      expect(response.status, origin).toBe(403);
      expect(await errorCode(response)).toBe('origin_not_allowed');
    }
  });

  it('accepts our own origin, and a client that sends none', async () => {
    const same = await post({ Origin: 'http://127.0.0.1:8787', 'Content-Type': 'application/json' }, '{}');
    expect(same.status).toBe(201);
    const noOrigin = await post({ 'Content-Type': 'application/json' }, '{}');
    expect(noOrigin.status).toBe(201);
    const empty = await post({});
    expect(empty.status).toBe(201);
  });

  it('refuses a body not declared JSON (a cross-site form or text/plain beacon)', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const response = await post({ 'Content-Type': contentType }, 'a=1');
      expect(response.status, contentType).toBe(415);
      expect(await errorCode(response)).toBe('unsupported_media_type');
    }
    const undeclared = await post({}, '{}');
    expect(undeclared.status).toBe(415);
  });
});

describe('cross-origin requests a route allows', () => {
  it('lets through only what allowsCrossOrigin says yes to, told the path, origin and host', async () => {
    const asked: unknown[] = [];
    const app = new Hono();
    app.use(
      '*',
      createRequestGuard({
        allowedHosts: loopbackHostNames,
        allowsCrossOrigin: (request) => {
          asked.push(request);
          return request.path === '/mcp' && request.origin === 'http://127.0.0.1:5173';
        },
      }),
    );
    app.post('/mcp', (context) => context.json({ ok: true }));
    app.post('/api/threads', (context) => context.json({ created: true }, 201));
    const post = (path: string, origin: string) =>
      app.request(path, { method: 'POST', headers: { Host: '127.0.0.1:8787', Origin: origin } });
    expect((await post('/mcp', 'http://127.0.0.1:5173')).status).toBe(200);
    const elsewhere = await post('/api/threads', 'http://127.0.0.1:5173');
    expect(elsewhere.status).toBe(403);
    expect(await errorCode(elsewhere)).toBe('origin_not_allowed');
    expect(await errorCode(await post('/mcp', 'https://evil.example'))).toBe('origin_not_allowed');
    expect(asked[0]).toEqual({ path: '/mcp', origin: 'http://127.0.0.1:5173', host: '127.0.0.1:8787' });
  });
});

describe('requests on the wire', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function listen(): Promise<number> {
    const app = guardedApp();
    server = await new Promise<Server>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(started as Server),
      );
    });
    return (server.address() as AddressInfo).port;
  }

  it('let a bodiless DELETE from our own page through (the adapter gives it an empty body stream)', async () => {
    const port = await listen();
    const response = await fetch(`http://127.0.0.1:${port}/api/threads/t1`, {
      method: 'DELETE',
      headers: { Origin: `http://127.0.0.1:${port}` },
    });
    expect(response.status).toBe(204);
  });

  it('refuse an absolute-form target, whatever Host says', async () => {
    const port = await listen();
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write(
        `GET http://evil.example/api/threads HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      );
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toContain('"absolute_form_refused"');
  });
});
