import { z } from 'zod';
import { loopbackHostNames } from '../http/request-guard/host-allowlist.ts';
import { lowerCaseList, portNumber, someText, wholeNumber } from './setting-schemas.ts';

/** Where the server listens and what it answers to. */
export const serverConfigSchema = z.strictObject({
  /** `PORT`; 0 picks a free port. */
  port: portNumber.default(8787),
  /** `HOST`: loopback keeps the server to this machine (and needs no sign-in). */
  host: someText('a host name or address to listen on').default('127.0.0.1'),
  /**
   * `DRAWBRIDGE_ALLOWED_HOSTS`: the names (`name` for any port, or `name:port`) a request's `Host` may carry;
   * loopback names when empty, so a rebinding DNS name gets nothing.
   */
  allowedHosts: lowerCaseList('a list of host names, optionally name:port')
    .default([])
    .transform((hosts): readonly string[] => (hosts.length === 0 ? loopbackHostNames : hosts)),
  /** `DRAWBRIDGE_MAX_CONNECTIONS`: connections held at once; unset, what the open-file limit leaves. */
  maxConnections: wholeNumber({ min: 1, expects: 'a whole number above 0' }).optional(),
  /** `DRAWBRIDGE_SHUTDOWN_GRACE_MS`: how long SIGTERM lets running runs finish (under Kubernetes' 30 s). */
  shutdownGraceMs: wholeNumber({ expects: 'a whole number of milliseconds' }).default(25_000),
});
