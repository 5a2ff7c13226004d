import { z } from 'zod';
import { positiveMilliseconds } from './setting-schemas.ts';

/** How long runs and their parked calls may take, and whether broken widgets ask for repair. */
export const runsConfigSchema = z.strictObject({
  /** `DRAWBRIDGE_RUN_TIMEOUT_MS`: a run nobody cancels still ends after this long. */
  timeoutMs: positiveMilliseconds.default(10 * 60_000),
  /** `DRAWBRIDGE_RUN_LEASE_MS`: how long a run's lease lasts unrenewed; renewed every third of it. */
  leaseMs: positiveMilliseconds.default(15_000),
  /** `DRAWBRIDGE_TOOL_TIMEOUT_MS`: how long a parked render call waits for the browser. */
  toolTimeoutMs: positiveMilliseconds.default(60_000),
  /**
   * `DRAWBRIDGE_FORBID_CODE`: no model-written code at all. The chat agents are taught A2UI surfaces and the
   * typed render tools only, and a widget a model writes anyway is refused (`code_forbidden`) before any of it
   * is sent, stored or run.
   */
  forbidCode: z.boolean({ error: '{} must be 1 (on) or 0 (off)' }).default(false),
  /** `DRAWBRIDGE_AUTO_REPAIR`: a widget that reports errors sends its "Fix it" request once by itself. */
  autoRepair: z.boolean({ error: '{} must be 1 (on) or 0 (off)' }).default(false),
  /**
   * `DRAWBRIDGE_TRUSTED_LINK_HOSTS`: hosts a widget's `host.openLink` opens without asking first (`docs.example.com`,
   * or `*.example.com` for every host below it); a link anywhere else shows its destination and asks.
   */
  trustedLinkHosts: z
    .array(
      z
        .string()
        .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/i, { error: '{} must be a host name, or *. and one' })
        .transform((host) => host.toLowerCase()),
    )
    .default([]),
});
