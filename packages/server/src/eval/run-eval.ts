import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { DrawbridgeConfig } from '../config/drawbridge-config-schema.ts';
import type { ServedModel } from '../http/create-app.ts';
import { resolveModel } from '../models/index.ts';
import { defaultAppPaths } from '../node-server/app-paths.ts';
import { startServer } from '../node-server/start-server.ts';
import { openSqliteStore } from '../store/index.ts';
import { assertEvalPackages } from './assert-eval-packages.ts';
import { renderContactSheet } from './contact-sheet.ts';
import type { EvalCase } from './eval-case.ts';
import { EvalInterruptedError } from './eval-interrupted-error.ts';
import { EvalSetupError } from './eval-setup-error.ts';
import { type EvalCaseResult, type EvalSummary, passRateOf } from './eval-summary.ts';
import { launchEvalBrowser } from './launch-eval-browser.ts';
import { runEvalCase } from './run-eval-case.ts';

/** Generous, because software WebGL on a busy machine takes long to start a 3D scene. */
export const defaultRenderTimeoutMs = 60_000;

export interface RunEvalOptions {
  cases: readonly EvalCase[];
  /** Shown in the summary: the suite file, or `built-in`. */
  suiteName: string;
  outDirectory: string;
  /** Cases in flight at once (each a run on the server and a page in the browser). */
  concurrency: number;
  /** Settings exactly as `serve` reads them (model, keys, skills, timeouts); the server's port and database are the eval's. */
  config: DrawbridgeConfig;
  /** Replaces the model `config` chooses (tests). */
  model?: ServedModel;
  /** Shares a browser the caller owns (tests); otherwise one is launched and closed. */
  browser?: Browser;
  /** How long a widget frame may take to run its script; default 60 s. */
  renderTimeoutMs?: number;
  /** Stops the run: no new case starts, the cases in flight end and are dropped, then `EvalInterruptedError`. */
  abortSignal?: AbortSignal;
  onCaseStarted?: (evalCase: EvalCase) => void;
  onCaseFinished?: (result: EvalCaseResult, done: number) => void;
}

/**
 * Starts the real app in-process (port 0, a temporary SQLite database, the configured model), runs every case
 * through it and through Chromium, and writes `summary.json`, `index.html` and one PNG per case.
 */
export async function runEval(options: RunEvalOptions): Promise<EvalSummary> {
  // Resolved as `startServer` would, but first: a configuration that cannot work is the first thing to report.
  const model = options.model ?? resolveModel(options.config.model);
  assertAppBuilt();
  assertEvalPackages();
  const startedAt = new Date();
  const clockStart = performance.now();
  await mkdir(options.outDirectory, { recursive: true });
  const databaseDirectory = await mkdtemp(join(tmpdir(), 'drawbridge-eval-'));
  const databasePath = join(databaseDirectory, 'eval.db');
  const store = await openSqliteStore({ path: databasePath });
  let browser = options.browser;
  try {
    const server = await startServer({
      config: { ...options.config, server: { ...options.config.server, port: 0, host: '127.0.0.1' } },
      store,
      model,
    });
    try {
      browser ??= await launchBrowserOrExplain(options.config.eval.chromiumPath);
      const environment = {
        baseUrl: server.url,
        store,
        browser,
        outDirectory: options.outDirectory,
        renderTimeoutMs: options.renderTimeoutMs ?? defaultRenderTimeoutMs,
      };
      const results: EvalCaseResult[] = new Array(options.cases.length);
      let next = 0;
      let done = 0;
      const worker = async () => {
        while (next < options.cases.length && !options.abortSignal?.aborted) {
          const index = next;
          next += 1;
          const evalCase = options.cases[index] as EvalCase;
          options.onCaseStarted?.(evalCase);
          const result = await runEvalCase({ evalCase, environment });
          // A case cut short by the interruption says nothing about the model.
          if (options.abortSignal?.aborted) return;
          results[index] = result;
          done += 1;
          options.onCaseFinished?.(result, done);
        }
      };
      const workers = Math.max(1, Math.min(options.concurrency, options.cases.length));
      await Promise.all(Array.from({ length: workers }, worker));
      if (options.abortSignal?.aborted)
        throw new EvalInterruptedError({ finished: done, total: options.cases.length });

      const passed = results.filter((result) => result.passed).length;
      const summary: EvalSummary = {
        model: { id: server.model.id, demo: server.model.demo },
        suite: options.suiteName,
        startedAt: startedAt.toISOString(),
        seconds: Math.round(performance.now() - clockStart) / 1000,
        passRate: passRateOf(results),
        passed,
        total: results.length,
        cases: results,
      };
      await writeFile(join(options.outDirectory, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
      await writeFile(join(options.outDirectory, 'index.html'), renderContactSheet({ summary }));
      return summary;
    } finally {
      if (options.browser === undefined) await browser?.close();
      await server.close();
    }
  } finally {
    await store.close();
    await rm(databaseDirectory, { recursive: true, force: true });
  }
}

function assertAppBuilt(): void {
  const paths = defaultAppPaths();
  const missing = [
    paths.webDistDirectory === undefined
      ? 'the @drawbridge/web package'
      : join(paths.webDistDirectory, 'index.html'),
    join(paths.frameDistDirectory, 'runtime.js'),
  ].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new EvalSetupError({
      code: 'app_not_built',
      message: `The eval renders in the built web app, which is missing (${missing.join(', ')}): run \`npm run build\` first.`,
    });
  }
}

async function launchBrowserOrExplain(chromiumPath: string): Promise<Browser> {
  try {
    return await launchEvalBrowser({ chromiumPath });
  } catch (error) {
    throw new EvalSetupError({
      code: 'browser_unavailable',
      message: `Chromium could not be started (set CHROMIUM_PATH to its executable): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    });
  }
}
