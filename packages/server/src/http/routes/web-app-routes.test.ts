import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildRunAgentInput } from '@drawbridge/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { barChartScript, scriptedTestModel } from '../../models/testing/test-models.ts';
import { openSqliteStore } from '../../store/index.ts';
import type { Store } from '../../store/store.ts';
import { temporaryDirectory } from '../../testing/temporary-directory.ts';
import { createApp } from '../create-app.ts';

const script = `export const answer = ${JSON.stringify('forty-two '.repeat(50))};`;
const immutable = 'public, max-age=31536000, immutable';

let store: Store;
let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
let app: ReturnType<typeof createApp>;

beforeEach(async () => {
  store = await openSqliteStore({ path: ':memory:' });
  directory = await temporaryDirectory();
  const webDistDirectory = join(directory.path, 'web');
  await mkdir(join(webDistDirectory, 'assets'), { recursive: true });
  await writeFile(join(webDistDirectory, 'index.html'), '<!doctype html><div id="root"></div>');
  const asset = join(webDistDirectory, 'assets', 'main-abc123.js');
  await writeFile(asset, script);
  await writeFile(`${asset}.br`, brotliCompressSync(script));
  await writeFile(`${asset}.gz`, gzipSync(script));
  app = createApp({
    store,
    model: scriptedTestModel({ script: barChartScript() }),
    systemPrompt: 'test',
    paths: { webDistDirectory, frameDistDirectory: join(directory.path, 'frame') },
    logError: () => {},
  });
});

afterEach(async () => {
  await store.close();
  await directory.remove();
});

async function getAsset(acceptEncoding?: string) {
  const response = await app.request('/assets/main-abc123.js', {
    headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
  });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('createWebAppRoutes: hashed assets', () => {
  it('serves the brotli file to a client that takes brotli, immutable and varying by encoding', async () => {
    const { response, body } = await getAsset('gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe(immutable);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('serves the gzip file to a client that takes gzip only', async () => {
    const { response, body } = await getAsset('gzip, deflate');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe(immutable);
    expect(gunzipSync(body).toString()).toBe(script);
  });

  it('serves the file as it is, still varying by encoding, to a client that takes neither', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const { response, body } = await getAsset(acceptEncoding);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe(immutable);
      expect(body.toString()).toBe(script);
    }
  });

  it('never compresses the page itself, whose answer is revalidated on each load', async () => {
    const response = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('id="root"');
  });
});

describe('createApp: the run stream and the API', () => {
  it('never compresses the run stream, whatever the client accepts', async () => {
    const thread = await store.createThread({});
    const response = await app.request('/api/agent', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip, deflate, br, zstd' },
      body: JSON.stringify(
        buildRunAgentInput({
          threadId: thread.id,
          runId: 'run-1',
          userMessageId: 'u1',
          text: 'show me sign-ups',
        }),
      ),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    const body = await response.text();
    expect(body).toContain('RUN_FINISHED');
  });

  it('never compresses an API answer', async () => {
    const response = await app.request('/api/threads', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
  });
});
