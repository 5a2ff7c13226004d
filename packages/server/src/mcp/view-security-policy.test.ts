import { describe, expect, it } from 'vitest';
import { viewSecurityPolicy } from './view-security-policy.ts';

const ownOrigins = new Set(['http://127.0.0.1:8787', 'http://localhost:9000']);
const embedderOrigin = 'http://127.0.0.1:8787';

function directive(policy: string, name: string): string | undefined {
  return policy
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `))
    ?.slice(name.length + 1);
}

describe('viewSecurityPolicy', () => {
  it('closes everything a view does not declare', () => {
    const policy = viewSecurityPolicy({ csp: undefined, permissions: undefined, ownOrigins, embedderOrigin });
    expect(directive(policy.contentSecurityPolicy, 'connect-src')).toBe("'none'");
    expect(directive(policy.contentSecurityPolicy, 'frame-src')).toBe("'none'");
    expect(directive(policy.contentSecurityPolicy, 'form-action')).toBe("'none'");
    expect(directive(policy.contentSecurityPolicy, 'frame-ancestors')).toBe(embedderOrigin);
    expect(policy.permissionsPolicy).toBe('camera=(), microphone=(), geolocation=(), clipboard-write=()');
    expect(policy.allow).toBe('');
  });

  it('grants declared https origins and permissions, and refuses what passes our ceiling', () => {
    const policy = viewSecurityPolicy({
      csp: {
        connectDomains: [
          'https://api.example.com',
          'wss://live.example.com',
          'http://plain.example.com',
          '*',
        ],
        resourceDomains: ['https://*.cdn.example.com', 'https://cdn.example.com/path', 'data:'],
        frameDomains: ['http://localhost:9000', 'https://www.youtube.com'],
      },
      permissions: { microphone: {}, clipboardWrite: {}, usb: {} } as never,
      ownOrigins,
      embedderOrigin,
    });
    expect(directive(policy.contentSecurityPolicy, 'connect-src')).toBe(
      'https://api.example.com wss://live.example.com',
    );
    expect(directive(policy.contentSecurityPolicy, 'script-src')).toBe(
      "'self' 'unsafe-inline' https://*.cdn.example.com",
    );
    expect(directive(policy.contentSecurityPolicy, 'frame-src')).toBe('https://www.youtube.com');
    expect(policy.permissionsPolicy).toBe(
      'camera=(), microphone=(self), geolocation=(), clipboard-write=(self)',
    );
    expect(policy.allow).toBe('microphone; clipboard-write');
    expect(policy.refused).toEqual([
      'connectDomains http://plain.example.com: only https: and wss: origins',
      'connectDomains *: not an origin',
      'resourceDomains https://cdn.example.com/path: an origin, without path, query or credentials',
      'resourceDomains data:: only https: and wss: origins',
      'frameDomains http://localhost:9000: only https: and wss: origins',
      'permissions usb: not a permission a view may have',
    ]);
  });

  it('never grants one of our own origins, even over https', () => {
    const policy = viewSecurityPolicy({
      csp: { connectDomains: ['https://drawbridge.example.com'] },
      permissions: undefined,
      ownOrigins: new Set(['https://drawbridge.example.com']),
      embedderOrigin: 'https://drawbridge.example.com',
    });
    expect(directive(policy.contentSecurityPolicy, 'connect-src')).toBe("'none'");
    expect(policy.refused).toEqual([
      "connectDomains https://drawbridge.example.com: one of Drawbridge's own origins",
    ]);
  });
});
