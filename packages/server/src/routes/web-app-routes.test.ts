import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWebAppRoutes } from './web-app-routes.ts';

describe('the web app routes', () => {
  const webDistDirectory = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDistDirectory, 'index.html'), '<!doctype html><div id="root"></div>');
  const routes = createWebAppRoutes({ webDistDirectory });

  it('lets the page frame only the bootstrap document, so a widget cannot navigate its frame elsewhere', async () => {
    const response = await routes.request('http://127.0.0.1:8787/t/abc');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain('frame-src http://127.0.0.1:8787/frame;');
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain("frame-src 'self'");
    expect(await response.text()).toContain('id="root"');
  });

  it('leaves API and frame paths to their own routes', async () => {
    expect((await routes.request('http://127.0.0.1:8787/api/nothing')).status).toBe(404);
    expect((await routes.request('http://127.0.0.1:8787/frame/missing.js')).status).toBe(404);
  });
});
