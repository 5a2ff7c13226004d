import { sandboxRouteErrorCodes } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { loopbackHostNames } from '../http/request-guard/host-allowlist.ts';
import { expectErrorResponse } from '../http/routes/testing/expect-error-response.ts';
import { defaultAppPaths } from '../node-server/app-paths.ts';
import { createSandboxApp } from './sandbox-server.ts';

const app = createSandboxApp({
  frameDistDirectory: defaultAppPaths().frameDistDirectory,
  allowedHosts: loopbackHostNames,
});
const declared = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the sandbox origin', () => {
  it("serves the proxy document with the view's declared policy as headers, for a page of the app only", async () => {
    const host = encodeURIComponent('http://127.0.0.1:8787');
    const response = await app.request(
      `http://localhost:9000/view?host=${host}&declared=${declared({ csp: { connectDomains: ['https://api.example.com'] }, permissions: { clipboardWrite: {} } })}`,
    );
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain('connect-src https://api.example.com');
    expect(policy).toContain('frame-ancestors http://127.0.0.1:8787');
    expect(response.headers.get('permissions-policy')).toContain('clipboard-write=(self)');
    expect(await response.text()).toContain('data-allow="clipboard-write"');
  });

  it('refuses an embedder that is not the app, bad declarations and every other path', async () => {
    const foreign = encodeURIComponent('https://evil.example');
    for (const [path, status, code] of [
      [`/view?host=${foreign}`, 400, 'invalid_host'],
      ['/view?host=http%3A%2F%2F127.0.0.1%3A8787%2Fpath', 400, 'invalid_host'],
      ['/view?host=http%3A%2F%2F127.0.0.1%3A8787&declared=%%%', 400, 'invalid_declaration'],
      ['/api/threads', 404, 'not_found'],
    ] as const) {
      await expectErrorResponse({
        response: await app.request(`http://localhost:9000${path}`),
        status,
        codes: sandboxRouteErrorCodes,
        code,
      });
    }
  });
});
