import { mcpCommand } from '../../cli/mcp-command.ts';

/** `drawbridge mcp` with a stand-in view script, so the stdio test does not depend on a built frame. */
process.exitCode = await mcpCommand(process.argv.slice(2), {
  readViewSource: async () => 'window.fixtureView = true;',
});
