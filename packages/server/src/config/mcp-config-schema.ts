import { z } from 'zod';
import { lowerCaseList, portNumber, someText } from './setting-schemas.ts';

/** `scheme://host[:port]` exactly as a browser sends it in `Origin`: http or https, no path, no trailing slash. */
function isWebOrigin(entry: string): boolean {
  if (!URL.canParse(entry)) return false;
  const url = new URL(entry);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry;
}

/** MCP servers to connect, and the second origin their views are shown from. */
export const mcpConfigSchema = z.strictObject({
  /** `DRAWBRIDGE_MCP_CONFIG`: a JSON file `{ "mcpServers": … }`; unset, none. */
  configFile: someText('the path of a JSON file of MCP servers').optional(),
  /** `DRAWBRIDGE_SANDBOX_PORT`: the sandbox origin's own port; 0 picks a free one. */
  sandboxPort: portNumber.default(0),
  /** `DRAWBRIDGE_SANDBOX_ORIGIN`: where browsers reach the sandbox server; on loopback, the other loopback name. */
  sandboxOrigin: someText('an origin such as https://sandbox.example.com').optional(),
  /**
   * `DRAWBRIDGE_MCP_ALLOWED_ORIGINS`: the origins of pages whose browser-side MCP hosts may call `POST /mcp`
   * (CORS). Loopback origins need no entry while the request is addressed to a loopback name.
   */
  allowedOrigins: lowerCaseList('a list of origins such as https://host.example.com')
    .default([])
    .refine((origins) => origins.every(isWebOrigin), {
      error: '{} must be a list of origins such as https://host.example.com (scheme, host and port only)',
    }),
});
