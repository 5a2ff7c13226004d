import type { McpUiResourceCsp, McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';

/** The declared policy of one view after our ceiling: what its headers grant, and what was refused. */
export interface ViewSecurityPolicy {
  contentSecurityPolicy: string;
  permissionsPolicy: string;
  /** The `allow` attribute the view's iframes get: the declared permissions we grant. */
  allow: string;
  /** Declared entries we did not grant, each with the reason, for the console and the docs' promise. */
  refused: string[];
}

const maximumDomainsPerDirective = 32;

/** The permissions a view may ask for (the spec's four); the browser still asks the user for each. */
const grantablePermissions = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
} as const satisfies Record<keyof McpUiResourcePermissions, string>;

/**
 * Reads one declared source against the ceiling: an `https:` or `wss:` origin (a `*.` subdomain wildcard
 * allowed), never one of ours (the app's or the sandbox's own origins), never a path, a scheme alone or `*`.
 */
function grantSource(
  source: unknown,
  ownOrigins: ReadonlySet<string>,
): { ok: true; source: string } | { ok: false; reason: string } {
  if (typeof source !== 'string') return { ok: false, reason: 'not a string' };
  const wildcard = /^(https|wss):\/\/\*\./.exec(source);
  const candidate = wildcard ? source.replace('*.', 'wildcard.') : source;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, reason: 'not an origin' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'wss:')
    return { ok: false, reason: 'only https: and wss: origins' };
  if (
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== '/' && url.pathname !== '')
  ) {
    return { ok: false, reason: 'an origin, without path, query or credentials' };
  }
  if (candidate.replace(/\/$/, '') !== url.origin) return { ok: false, reason: 'not in origin form' };
  const origin = wildcard ? url.origin.replace('wildcard.', '*.') : url.origin;
  if (ownOrigins.has(origin) || ownOrigins.has(origin.replace(/^wss:/, 'https:'))) {
    return { ok: false, reason: "one of Drawbridge's own origins" };
  }
  return { ok: true, source: origin };
}

function grantSources(
  directive: string,
  sources: unknown,
  ownOrigins: ReadonlySet<string>,
  refused: string[],
): string[] {
  if (!Array.isArray(sources)) return [];
  const granted: string[] = [];
  for (const source of sources) {
    if (granted.length >= maximumDomainsPerDirective) {
      refused.push(`${directive}: more than ${maximumDomainsPerDirective} origins`);
      break;
    }
    const verdict = grantSource(source, ownOrigins);
    if (verdict.ok) granted.push(verdict.source);
    else refused.push(`${directive} ${String(source).slice(0, 100)}: ${verdict.reason}`);
  }
  return granted;
}

/**
 * The headers a view's sandbox document is served with: the resource's declared CSP and permissions, cut to
 * our ceiling. What nothing declares is closed (no network, no nested frames, no form submission); inline
 * script and style stay open because views are single HTML documents.
 */
export function viewSecurityPolicy({
  csp,
  permissions,
  ownOrigins,
  embedderOrigin,
}: {
  csp: McpUiResourceCsp | undefined;
  permissions: McpUiResourcePermissions | undefined;
  /** The app's and the sandbox's origins: a view may never be granted a connection or frame to them. */
  ownOrigins: ReadonlySet<string>;
  /** The app page allowed to embed the sandbox document. */
  embedderOrigin: string;
}): ViewSecurityPolicy {
  const refused: string[] = [];
  const connect = grantSources('connectDomains', csp?.connectDomains, ownOrigins, refused);
  const resources = grantSources('resourceDomains', csp?.resourceDomains, ownOrigins, refused);
  const frames = grantSources('frameDomains', csp?.frameDomains, ownOrigins, refused);
  const baseUris = grantSources('baseUriDomains', csp?.baseUriDomains, ownOrigins, refused);
  const list = (sources: string[], fallback: string) => (sources.length === 0 ? fallback : sources.join(' '));
  const withResources = (base: string) => [base, ...resources].join(' ');
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src ${withResources("'self' 'unsafe-inline'")}`,
    `style-src ${withResources("'self' 'unsafe-inline'")}`,
    `img-src ${withResources("'self' data: blob:")}`,
    `font-src ${withResources("'self' data:")}`,
    `media-src ${withResources("'self' data: blob:")}`,
    `connect-src ${list(connect, "'none'")}`,
    `frame-src ${list(frames, "'none'")}`,
    `base-uri ${list(baseUris, "'self'")}`,
    "form-action 'none'",
    "object-src 'none'",
    `frame-ancestors ${embedderOrigin}`,
  ].join('; ');
  const granted = Object.entries(grantablePermissions).filter(([key]) =>
    Object.hasOwn(permissions ?? {}, key),
  );
  for (const key of Object.keys(permissions ?? {})) {
    if (!Object.hasOwn(grantablePermissions, key))
      refused.push(`permissions ${key}: not a permission a view may have`);
  }
  const permissionsPolicy = Object.entries(grantablePermissions)
    .map(
      ([key, feature]) =>
        `${feature}=${granted.some(([grantedKey]) => grantedKey === key) ? '(self)' : '()'}`,
    )
    .join(', ');
  return {
    contentSecurityPolicy,
    permissionsPolicy,
    allow: granted.map(([, feature]) => feature).join('; '),
    refused,
  };
}
