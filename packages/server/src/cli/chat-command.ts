import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import {
  EventType,
  isDrawbridgeActivity,
  type RunEvent,
  replySegments,
  widgetActivityChanges,
} from '@drawbridge/protocol';
import { type AgentModel, runAgent } from '../agent/run-agent.ts';
import { createStandaloneRenderer } from '../http/standalone-renderer.ts';
import { ModelConfigError, resolveModel } from '../models/index.ts';
import { defaultAppPaths } from '../node-server/app-paths.ts';
import { localUserId } from '../store/local-user-id.ts';
import type { StoredWidget } from '../store/store.ts';
import { readCommandArguments, type TextSink } from './read-command-arguments.ts';
import { type Environment, readCommandConfig } from './read-command-config.ts';
import { prepareWidgetFilePath } from './widget-file-path.ts';
import { createWidgetProgress } from './widget-progress.ts';

/** What `chatCommand` takes from the process (its environment), and what tests may replace. */
export interface ChatCommandDependencies {
  /** Where its settings come from (`DRAWBRIDGE_MODEL` and the provider's keys). */
  environment: Environment;
  /** Defaults to the model `DRAWBRIDGE_MODEL` configures. */
  model?: AgentModel;
  systemPrompt?: string;
  standalone?: (widget: StoredWidget) => Promise<string>;
  /** The current folder, which the widget file (or `--out`) is relative to; the process's by default. */
  directory?: string;
  output?: TextSink;
  errorOutput?: TextSink;
  abortSignal?: AbortSignal;
  /** Rewrite the widget progress line in place; by default when stderr is a terminal. */
  progressInPlace?: boolean;
}

const usage = `usage: drawbridge chat [--out <path>] "prompt"   one turn in the terminal (DRAWBRIDGE_MODEL picks the model)

Prose streams to stdout; progress of a widget goes to stderr and the widget is saved as a standalone HTML
file, drawbridge-widget-<id>.html in the current folder unless --out says where.

options:
  -o, --out <path>   the file to save the widget as, or a folder to save it in (one that exists, or
                     any path ending in /); folders on the way are created, an existing file is replaced
  -h, --help         print this help
  -v, --version      print the version`;

// Loaded on demand so a test that injects its own prompt does not read the prompt file.
async function loadDefaultSystemPrompt(): Promise<string> {
  const { loadWidgetSystemPrompt } = await import('../prompts/widget-system-prompt.ts');
  return loadWidgetSystemPrompt();
}

function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `drawbridge chat "prompt"`: one turn in the terminal, prose streamed to stdout, the widget saved as standalone HTML. */
export async function chatCommand(args: string[], dependencies: ChatCommandDependencies): Promise<number> {
  const output = dependencies.output ?? process.stdout;
  const errorOutput = dependencies.errorOutput ?? process.stderr;
  // A prompt that starts with a dash goes after `--`.
  const parsedArguments = readCommandArguments({
    args,
    command: 'chat',
    usage,
    options: { out: { type: 'string', short: 'o' } },
    allowPositionals: true,
    output,
    errorOutput,
  });
  if (!parsedArguments.proceed) return parsedArguments.exitCode;
  const out = parsedArguments.values.out;
  if (out !== undefined && (typeof out !== 'string' || out.trim() === '')) {
    errorOutput.write('drawbridge chat: --out needs a file or folder path (see drawbridge chat --help)\n');
    return 2;
  }
  const prompt = parsedArguments.positionals.join(' ').trim();
  if (prompt === '') {
    errorOutput.write(`${usage}\n`);
    return 2;
  }

  const config = readCommandConfig({ environment: dependencies.environment, errorOutput });
  if (config === undefined) return 1;
  let model: AgentModel;
  try {
    model = dependencies.model ?? resolveModel(config.model);
  } catch (error) {
    if (ModelConfigError.isInstance(error)) {
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

  const progress = createWidgetProgress({
    output: errorOutput,
    inPlace: dependencies.progressInPlace ?? (dependencies.errorOutput === undefined && process.stderr.isTTY),
  });
  const emit = (event: RunEvent) => {
    if (event.type === EventType.TEXT_MESSAGE_CONTENT) output.write(event.delta);
    else if (isDrawbridgeActivity(event, 'drawbridge.widget')) {
      const { parts, refusal } = widgetActivityChanges(event);
      for (const { part, delta } of parts) progress.onPart(part, delta);
      if (refusal !== undefined) errorOutput.write(`\n(${refusal.message})\n`);
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
      owner: { userId: localUserId, isAdmin: true },
      abortSignal,
      threadId: `console-${randomUUID()}`,
      runId: randomUUID(),
      emit,
    });
    progress.finish();
    output.write('\n');

    // The reply is stored as segments; the widget to save is the last one it drew.
    const widget = replySegments(result.reply).findLast((segment) => segment.widget !== undefined)?.widget;
    if (widget !== undefined) {
      const standalone =
        dependencies.standalone ??
        createStandaloneRenderer({ frameDistDirectory: defaultAppPaths().frameDistDirectory });
      try {
        const path = await prepareWidgetFilePath({
          out,
          directory: dependencies.directory ?? process.cwd(),
          widgetId: widget.id,
        });
        await writeFile(path, await standalone(widget), 'utf8');
        const note = widget.complete ? '' : ' (incomplete: the reply stopped before @@END@@)';
        output.write(`widget saved: ${path}${note}\n`);
      } catch (error) {
        errorOutput.write(`could not save the widget: ${errorMessageOf(error)}\n`);
        return 1;
      }
    } else if (out !== undefined) {
      errorOutput.write(`the reply drew no widget, so nothing was saved to ${out}\n`);
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
