import { z } from 'zod';
import { portNumber, someText } from './setting-schemas.ts';

/** MCP servers to connect, and the second origin their views are shown from. */
export const mcpConfigSchema = z.strictObject({
  /** `DRAWBRIDGE_MCP_CONFIG`: a JSON file `{ "mcpServers": … }`; unset, none. */
  configFile: someText('the path of a JSON file of MCP servers').optional(),
  /** `DRAWBRIDGE_SANDBOX_PORT`: the sandbox origin's own port; 0 picks a free one. */
  sandboxPort: portNumber.default(0),
  /** `DRAWBRIDGE_SANDBOX_ORIGIN`: where browsers reach the sandbox server; on loopback, the other loopback name. */
  sandboxOrigin: someText('an origin such as https://sandbox.example.com').optional(),
});
