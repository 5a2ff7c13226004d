import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EventType, isWidgetPartEvent, type RunEvent } from '@drawbridge/protocol';
import { defaultAppPaths } from '../app/app-paths.ts';
import { createStandaloneRenderer } from '../app/standalone-renderer.ts';
import { ModelConfigError, resolveModel } from '../models/index.ts';
import { type AgentModel, runAgent } from '../run/run-agent.ts';
import type { StoredWidget } from '../store/store.ts';

/** Where the console chat writes; tests pass collectors, the CLI passes the process streams. */
export interface TextSink {
  write(text: string): unknown;
}

/** Everything `chatCommand` would otherwise take from the process, injectable for tests. */
export interface ChatCommandDependencies {
  env?: Record<string, string | undefined>;
  /** Defaults to the model `DRAWBRIDGE_MODEL` configures. */
  model?: AgentModel;
  systemPrompt?: string;
  standalone?: (widget: StoredWidget) => Promise<string>;
  /** Folder the widget file is written to; the current directory by default. */
  directory?: string;
  output?: TextSink;
  errorOutput?: TextSink;
  abortSignal?: AbortSignal;
}

const usage = 'usage: drawbridge chat "prompt"   (prose streams here; a widget is saved as an HTML file)';

// Loaded on demand so a test that injects its own prompt does not read the prompt file.
async function loadDefaultSystemPrompt(): Promise<string> {
  const { loadWidgetSystemPrompt } = await import('../prompts/widget-system-prompt.ts');
  return loadWidgetSystemPrompt();
}

function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `drawbridge chat "prompt"`: one turn in the terminal, prose streamed to stdout, the widget saved as standalone HTML. */
export async function chatCommand(
  args: string[],
  dependencies: ChatCommandDependencies = {},
): Promise<number> {
  const output = dependencies.output ?? process.stdout;
  const errorOutput = dependencies.errorOutput ?? process.stderr;
  let parsedArguments: { values: { help?: boolean | undefined }; positionals: string[] };
  try {
    parsedArguments = parseArgs({
      args,
      options: { help: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    // parseArgs throws for an unknown option; a prompt that starts with a dash goes after `--`.
    errorOutput.write(`${errorMessageOf(error).split('\n')[0]}\n${usage}\n`);
    return 2;
  }
  if (parsedArguments.values.help === true) {
    output.write(`${usage}\n`);
    return 0;
  }
  const prompt = parsedArguments.positionals.join(' ').trim();
  if (prompt === '') {
    errorOutput.write(`${usage}\n`);
    return 2;
  }

  let model: AgentModel;
  try {
    model = dependencies.model ?? resolveModel(dependencies.env ?? process.env);
  } catch (error) {
    if (error instanceof ModelConfigError) {
      errorOutput.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  if (model.demo) errorOutput.write('(offline demo model; set DRAWBRIDGE_MODEL to use a real one)\n');

  const interruption = new AbortController();
  const abortSignal =
    dependencies.abortSignal === undefined
      ? interruption.signal
      : AbortSignal.any([dependencies.abortSignal, interruption.signal]);
  const interrupt = () => interruption.abort();
  process.once('SIGINT', interrupt);

  let announcedWidget = false;
  const emit = (event: RunEvent) => {
    if (event.type === EventType.TEXT_MESSAGE_CONTENT) output.write(event.delta);
    else if (isWidgetPartEvent(event) && !announcedWidget) {
      announcedWidget = true;
      errorOutput.write('\n(drawing a widget…)\n');
    }
  };

  try {
    const result = await runAgent({
      model,
      system: dependencies.systemPrompt ?? (await loadDefaultSystemPrompt()),
      history: [{ role: 'user', content: prompt }],
      // No browser is attached, so typed render tools could only fail; the model answers in prose and widgets.
      tools: [],
      clientAttached: false,
      abortSignal,
      threadId: `console-${randomUUID()}`,
      runId: randomUUID(),
      emit,
    });
    output.write('\n');

    if (result.widget !== undefined) {
      const standalone =
        dependencies.standalone ??
        createStandaloneRenderer({ frameDistDirectory: defaultAppPaths().frameDistDirectory });
      try {
        const path = join(
          dependencies.directory ?? process.cwd(),
          `drawbridge-widget-${result.widget.id}.html`,
        );
        await writeFile(path, await standalone(result.widget), 'utf8');
        const note = result.widget.complete ? '' : ' (incomplete: the reply stopped before @@END@@)';
        output.write(`widget saved: ${path}${note}\n`);
      } catch (error) {
        errorOutput.write(`could not save the widget: ${errorMessageOf(error)}\n`);
        return 1;
      }
    }

    if (result.status === 'aborted') return 130;
    if (result.status === 'error') {
      errorOutput.write(`the model call failed: ${result.error ?? 'unknown error'}\n`);
      return 1;
    }
    return 0;
  } finally {
    process.off('SIGINT', interrupt);
  }
}
