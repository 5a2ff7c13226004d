/** Entry of the `drawbridge` command: picks the subcommand and hands it the rest of the arguments. */
const usage = `usage:
  drawbridge serve                    start the server (PORT, HOST, DRAWBRIDGE_MODEL, DRAWBRIDGE_DB, DRAWBRIDGE_SKILLS_DIR)
  drawbridge parse [--chunk-size N]   parse a raw model reply from stdin into NDJSON chunks
  drawbridge chat "prompt"            run one turn in the terminal; the widget goes to an HTML file
  drawbridge eval [--suite f.jsonl]   score the configured model on real widgets in Chromium (docs/eval.md)
  drawbridge sample-data              load a week of labelled sample history for the dashboard`;

const [command, ...rest] = process.argv.slice(2);

async function main(): Promise<number> {
  switch (command) {
    case 'serve':
      return (await import('./serve-command.ts')).serveCommand(rest);
    case 'parse':
      return (await import('./parse-command-main.ts')).parseCommandMain(rest);
    case 'chat':
      return (await import('./chat-command.ts')).chatCommand(rest);
    case 'eval':
      return (await import('./eval-command.ts')).evalCommand(rest);
    case 'sample-data':
      return (await import('./sample-data-command.ts')).sampleDataCommand(rest);
    default:
      console.error(usage);
      return command === undefined || command === '--help' ? 0 : 2;
  }
}

process.exitCode = await main();
