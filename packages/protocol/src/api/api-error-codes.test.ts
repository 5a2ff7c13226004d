import { describe, expect, it } from 'vitest';
import {
  agentRouteErrorCodes,
  appErrorCodes,
  attachmentRouteErrorCodes,
  authRouteErrorCodes,
  dashboardRouteErrorCodes,
  frameRouteErrorCodes,
  mcpRouteErrorCodes,
  runRouteErrorCodes,
  sandboxRouteErrorCodes,
  shareRouteErrorCodes,
  telemetryRouteErrorCodes,
  threadRouteErrorCodes,
  toolResultRouteErrorCodes,
} from './api-error-codes.ts';
import { errorResponseSchemaFor } from './error-response.ts';

const everyRoute = {
  appErrorCodes,
  agentRouteErrorCodes,
  threadRouteErrorCodes,
  attachmentRouteErrorCodes,
  shareRouteErrorCodes,
  toolResultRouteErrorCodes,
  dashboardRouteErrorCodes,
  telemetryRouteErrorCodes,
  authRouteErrorCodes,
  frameRouteErrorCodes,
  mcpRouteErrorCodes,
  sandboxRouteErrorCodes,
  runRouteErrorCodes,
};

describe('API error codes', () => {
  it.each(Object.entries(everyRoute))('%s are snake_case and listed once', (_name, codes) => {
    for (const code of codes) expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("narrows an error body to a route's codes", () => {
    const schema = errorResponseSchemaFor(toolResultRouteErrorCodes);
    expect(schema.safeParse({ error: { code: 'unknown_call', message: 'No such call.' } }).success).toBe(
      true,
    );
    expect(schema.safeParse({ error: { code: 'thread_not_found', message: 'No.' } }).success).toBe(false);
    expect(schema.safeParse({ error: { code: 'unknown_call', message: '' } }).success).toBe(false);
  });
});
