import { mcpCommand } from '../../cli/mcp-command.ts';
import { fixtureViewSources } from './fixture-view-sources.ts';

/** `drawbridge mcp` with stand-in view scripts, so the stdio test does not depend on a built frame. */
process.exitCode = await mcpCommand(process.argv.slice(2), { sources: fixtureViewSources });
