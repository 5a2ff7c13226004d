import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createDrawbridgeMcpServer } from '../mcp-serve/drawbridge-mcp-server.ts';
import { builtMcpViewSources, type McpViewSources } from '../mcp-serve/mcp-view-sources.ts';
import { readCommandArguments } from './read-command-arguments.ts';

const usage = `usage: drawbridge mcp   serve Drawbridge widgets to an MCP host over stdio

An MCP App server on stdin/stdout: the tool show_widget { title, height, css, html, js } and its view
ui://drawbridge/widget.html, which builds the widget live while the host streams the arguments, and the
typed tools render_image, render_form, render_table and render_chart, each with its ui:// view.
Register it in your MCP host as the command "npx drawbridge mcp". Over HTTP, \`drawbridge serve\` offers
the same at POST /mcp. Needs the built frame (npm run build).

options:
  -h, --help      print this help
  -v, --version   print the version`;

/** `drawbridge mcp`: serves the MCP App server over this process's stdio until stdin closes. */
export async function mcpCommand(
  args: string[],
  { sources = builtMcpViewSources }: { sources?: McpViewSources } = {},
): Promise<number> {
  const parsed = readCommandArguments({
    args,
    command: 'mcp',
    usage,
    options: {},
    output: process.stdout,
    errorOutput: process.stderr,
  });
  if (!parsed.proceed) return parsed.exitCode;
  try {
    await Promise.all([sources.readWidgetView(), sources.readRenderToolView()]);
  } catch {
    // stdout carries the protocol, so the reason goes to stderr, where MCP hosts show a server's log.
    console.error('The widget views are not built yet; run `npm run build`.');
    return 1;
  }
  const handle = serveStdio(() => createDrawbridgeMcpServer({ sources }), {
    onerror: (error) => console.error(`[drawbridge mcp] ${error.message}`),
  });
  await new Promise<void>((resolve) => process.stdin.once('close', resolve).once('end', resolve));
  await handle.close();
  return 0;
}
