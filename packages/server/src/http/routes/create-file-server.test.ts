import { mkdir, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../testing/temporary-directory.ts';
import { createFileServer } from './create-file-server.ts';

let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
let server: Server;
let port: number;

beforeAll(async () => {
  directory = await temporaryDirectory();
  const root = join(directory.path, 'root');
  await mkdir(join(root, 'build'), { recursive: true });
  await writeFile(join(root, 'build', 'a.js'), 'export const a = 1;');
  await writeFile(join(root, 'page.html'), '<p>page</p>');
  await writeFile(join(directory.path, 'secret.txt'), 'the secret');
  await writeFile(join(root, 'build', 'secret.txt'), 'not this one either');
  const files = createFileServer({ root });
  const page = createFileServer({ root, fileName: 'page.html' });
  const app = new Hono()
    .get(
      '/page/*',
      async (context) => (await page(context, { 'X-Served': 'page' })) ?? context.text('none', 404),
    )
    .get('*', async (context) => (await files(context, { 'X-Served': 'file' })) ?? context.text('none', 404));
  server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started as Server),
    );
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await directory.remove();
});

/** A GET whose request target goes on the wire exactly as written: no URL parser normalises it first. */
function rawGet(path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, method: 'GET' }, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (text: string) => {
        body += text;
      });
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('createFileServer', () => {
  it.each([
    '/../secret.txt',
    '/build/../../secret.txt',
    '/build/%2e%2e/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/build%2F..%2F..%2Fsecret.txt',
    '/build/%2e%2e%2fsecret.txt',
    '//etc/passwd',
    '/%2Fetc%2Fpasswd',
    '/build\\..\\..\\secret.txt',
    '/build/..\\secret.txt',
    '/build/%00.js',
    '/build//a.js',
    '/%E0%A4%A',
  ])('refuses %j', async (path) => {
    const response = await rawGet(path);
    // The Node adapter itself answers 400 to a backslash; everything else reaches the file server.
    expect([400, 404]).toContain(response.status);
    expect(response.body).not.toContain('secret');
    expect(response.headers['x-served']).toBeUndefined();
  });

  it('serves a file named with dot segments or encoded letters that stay inside the root', async () => {
    for (const path of ['/build/./a.js', '/build/%61.js', '/build/x/../a.js']) {
      expect(await rawGet(path)).toMatchObject({ status: 200, body: 'export const a = 1;' });
    }
  });

  it('serves a plain nested file with its MIME type, length and the given headers', async () => {
    const response = await rawGet('/build/a.js');
    expect(response.status).toBe(200);
    expect(response.body).toBe('export const a = 1;');
    expect(response.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'content-length': '19',
      'x-served': 'file',
    });
  });

  it('says it has nothing for a folder without an index or a missing file', async () => {
    expect(await rawGet('/build')).toMatchObject({ status: 404, body: 'none' });
    expect(await rawGet('/build/missing.js')).toMatchObject({ status: 404, body: 'none' });
  });

  it('serves its one file for any path when given a file name', async () => {
    for (const path of ['/page/', '/page/threads/abc', '/page/caf%C3%A9%20menu']) {
      const response = await rawGet(path);
      expect(response).toMatchObject({ status: 200, body: '<p>page</p>' });
      expect(response.headers['x-served']).toBe('page');
    }
  });
});
