/** Entry of the `drawbridge` command: picks the subcommand and hands it the rest of the arguments. */
import { drawbridgeVersion } from './drawbridge-version.ts';

const usage = `usage: drawbridge <command> [options]   (drawbridge <command> --help for its options)

commands:
  serve                        start the server (PORT, HOST, DRAWBRIDGE_MODEL, DRAWBRIDGE_DATABASE_URL, DRAWBRIDGE_DB, DRAWBRIDGE_SKILLS_DIR)
  parse [--chunk-size N]       parse a raw model reply from stdin into NDJSON chunks
  chat [--out path] "prompt"   run one turn in the terminal; the widget goes to an HTML file
  eval [--suite f.jsonl]       score the configured model on real widgets in Chromium (docs/eval.md)
  mcp                          serve widgets to an MCP host over stdio (show_widget; docs/mcp-apps.md)
  sample-data                  load a week of labelled sample history for the dashboard (once; a second load is skipped)
  admin grant|revoke|list      who sees every user's data on the dashboard (accounts and oidc sign-in)

options:
  -h, --help                   print this help
  -v, --version                print the version`;

const [command, ...rest] = process.argv.slice(2);
// The one place the environment is read: each command that needs settings reads them from this, once.
const environment = process.env;

async function main(): Promise<number> {
  switch (command) {
    case 'serve':
      return (await import('./serve-command.ts')).serveCommand(rest, { environment });
    case 'parse':
      return (await import('./parse-command-main.ts')).parseCommandMain(rest);
    case 'chat':
      return (await import('./chat-command.ts')).chatCommand(rest, { environment });
    case 'eval':
      return (await import('./eval-command.ts')).evalCommand(rest, { environment });
    case 'mcp':
      return (await import('./mcp-command.ts')).mcpCommand(rest);
    case 'sample-data':
      return (await import('./sample-data-command.ts')).sampleDataCommand(rest, { environment });
    case 'admin':
      return (await import('./admin-command.ts')).adminCommand(rest, { environment });
    case undefined:
    case '--help':
    case '-h':
      console.log(usage);
      return 0;
    case '--version':
    case '-v':
      console.log(`drawbridge ${drawbridgeVersion()}`);
      return 0;
    default:
      console.error(`drawbridge: unknown command "${command}" (see drawbridge --help)`);
      return 2;
  }
}

process.exitCode = await main();
