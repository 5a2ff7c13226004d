import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { SandboxRouteErrorCode } from '@drawbridge/protocol';
import { serve } from '@hono/node-server';
import type { McpUiResourceCsp, McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Hono } from 'hono';
import { type ErrorResponder, errorResponse } from '../http/http-error.ts';
import { isAllowedHost } from '../http/request-guard/host-allowlist.ts';
import { viewSecurityPolicy } from './view-security-policy.ts';

const refuse: ErrorResponder<SandboxRouteErrorCode> = errorResponse;

/** What a view declared, carried in the sandbox document's URL so its headers can say it. */
export interface SandboxViewDeclaration {
  csp?: McpUiResourceCsp;
  permissions?: McpUiResourcePermissions;
}

export interface SandboxServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** `packages/frame/dist`, where the built proxy script is. */
  frameDistDirectory: string;
  /** Host names the app answers to: only a page of the app may embed the sandbox document. */
  allowedHosts: readonly string[];
}

export interface RunningSandboxServer {
  port: number;
  close(): Promise<void>;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function readDeclaration(encoded: string | undefined): SandboxViewDeclaration | undefined {
  if (encoded === undefined) return {};
  try {
    const value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null ? (value as SandboxViewDeclaration) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The sandbox origin's whole server: `GET /view?host=<app origin>&declared=<base64url JSON>` answers the proxy
 * document with the view's CSP and Permissions-Policy as headers (cut to our ceiling), `GET /proxy.js` its
 * script. It serves nothing else — no API, no cookies, no app — so a view that runs as this origin reaches
 * nothing of ours by being same-origin with it.
 */
export function createSandboxApp({
  frameDistDirectory,
  allowedHosts,
}: Omit<SandboxServerOptions, 'host' | 'port'>): Hono {
  const app = new Hono();
  app.use('*', async (context, next) => {
    await next();
    context.header('X-Content-Type-Options', 'nosniff');
    context.header('Referrer-Policy', 'no-referrer');
    context.header('Cache-Control', 'no-store');
  });
  app.get('/proxy.js', async (context) => {
    const script = await readFile(join(frameDistDirectory, 'mcp-sandbox-proxy.js'), 'utf8').catch(
      () => undefined,
    );
    if (script === undefined)
      return refuse(
        context,
        404,
        'sandbox_not_built',
        'The sandbox proxy is not built; run `npm run build`.',
      );
    return context.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  app.get('/view', (context) => {
    const embedder = context.req.query('host') ?? '';
    let embedderUrl: URL;
    try {
      embedderUrl = new URL(embedder);
    } catch {
      return refuse(context, 400, 'invalid_host', 'host must be the origin of the page embedding the view.');
    }
    if (embedderUrl.origin !== embedder || !isAllowedHost(embedderUrl.host, allowedHosts)) {
      return refuse(context, 400, 'invalid_host', 'Only a page of this Drawbridge may embed its views.');
    }
    const declaration = readDeclaration(context.req.query('declared'));
    if (declaration === undefined) {
      return refuse(context, 400, 'invalid_declaration', 'declared must be base64url JSON.');
    }
    const ownOrigin = new URL(context.req.url).origin;
    const policy = viewSecurityPolicy({
      csp: declaration.csp,
      permissions: declaration.permissions,
      ownOrigins: new Set([embedder, ownOrigin]),
      embedderOrigin: embedder,
    });
    const html = `<!doctype html><html data-allow="${escapeAttribute(policy.allow)}"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style></head><body><script src="/proxy.js"></script></body></html>`;
    return context.body(html, 200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': policy.contentSecurityPolicy,
      'Permissions-Policy': policy.permissionsPolicy,
    });
  });
  app.notFound((context) => refuse(context, 404, 'not_found', 'The sandbox origin serves views only.'));
  return app;
}

/** Starts the sandbox origin's server beside the app (same interface, its own port). */
export async function startSandboxServer(options: SandboxServerOptions): Promise<RunningSandboxServer> {
  const app = createSandboxApp(options);
  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () =>
      resolve(started as Server),
    );
    started.once('error', reject);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
