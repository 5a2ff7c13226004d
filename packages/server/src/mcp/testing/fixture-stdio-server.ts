import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { chattyViewHtml } from './chatty-view-html.ts';
import { createFixtureMcpServer } from './fixture-mcp-server.ts';
import { hostileViewHtml } from './hostile-view-html.ts';

// Run as `node --import tsx fixture-stdio-server.ts [--fail-at-start] [--canary-origin <origin>] [--chatty-view]`:
// the test peer spoken to over stdio. With a canary origin, `show-note`'s view is the hostile one that tries to
// escape towards it; with `--chatty-view`, it is the one that tells the model things and can hang.
const { values } = parseArgs({
  options: {
    'fail-at-start': { type: 'boolean' },
    'canary-origin': { type: 'string' },
    'chatty-view': { type: 'boolean' },
  },
});
if (values['fail-at-start']) {
  process.stderr.write('fixture: refusing to start (DATABASE_URL is not set)\n');
  process.exit(3);
}
const canaryOrigin = values['canary-origin'];
const server = createFixtureMcpServer({
  exit: () => process.exit(0),
  ...(canaryOrigin === undefined ? {} : { viewHtml: hostileViewHtml({ canaryOrigin }) }),
  ...(values['chatty-view'] ? { viewHtml: chattyViewHtml() } : {}),
});
await server.connect(new StdioServerTransport());
