import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createFixtureMcpServer } from './fixture-mcp-server.ts';

// Run as `node --import tsx fixture-stdio-server.ts [--fail-at-start]`: the test peer spoken to over stdio.
if (process.argv.includes('--fail-at-start')) {
  process.stderr.write('fixture: refusing to start (DATABASE_URL is not set)\n');
  process.exit(3);
}
const server = createFixtureMcpServer({ exit: () => process.exit(0) });
await server.connect(new StdioServerTransport());
