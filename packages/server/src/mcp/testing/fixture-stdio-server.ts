import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { chattyViewHtml } from './chatty-view-html.ts';
import { createFixtureMcpServer } from './fixture-mcp-server.ts';
import { hostileViewHtml } from './hostile-view-html.ts';

// Run as `node --import tsx fixture-stdio-server.ts [--fail-at-start]`: the test peer spoken to over stdio.
// With `CANARY_ORIGIN` set, `show-note`'s view is the hostile one that tries to escape towards it; with
// `CHATTY_VIEW` set, it is the one that tells the model things and can hang.
if (process.argv.includes('--fail-at-start')) {
  process.stderr.write('fixture: refusing to start (DATABASE_URL is not set)\n');
  process.exit(3);
}
const canaryOrigin = process.env.CANARY_ORIGIN;
const server = createFixtureMcpServer({
  exit: () => process.exit(0),
  ...(canaryOrigin === undefined ? {} : { viewHtml: hostileViewHtml({ canaryOrigin }) }),
  ...(process.env.CHATTY_VIEW === undefined ? {} : { viewHtml: chattyViewHtml() }),
});
await server.connect(new StdioServerTransport());
