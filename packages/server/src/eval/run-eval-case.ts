import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { Store } from '../store/store.ts';
import { composeCasePicture } from './compose-case-picture.ts';
import { driveAgentTurn } from './drive-agent-turn.ts';
import type { EvalCase } from './eval-case.ts';
import type { EvalProblem } from './eval-problem.ts';
import type { EvalCaseResult, EvalScores } from './eval-summary.ts';
import { inspectThreadPage } from './inspect-thread-page.ts';

export interface EvalCaseEnvironment {
  baseUrl: string;
  store: Pick<Store, 'listRuns' | 'listMessages'>;
  browser: Browser;
  outDirectory: string;
  renderTimeoutMs: number;
}

/**
 * One case end to end: a fresh thread, each turn through `POST /api/agent`, then the thread opened in the
 * real web app and inspected. Failures of the eval itself become an `eval_error` problem, never a crash.
 */
export async function runEvalCase({
  evalCase,
  environment,
}: {
  evalCase: EvalCase;
  environment: EvalCaseEnvironment;
}): Promise<EvalCaseResult> {
  const startedAt = performance.now();
  const problems: EvalProblem[] = [];
  const kinds: string[] = [];
  let scores: EvalScores = {};
  let firstEvent: number | null = null;
  let widgetComplete: number | null = null;
  let firstMarkup: number | null = null;
  let cssBeforeMarkup: number | null = null;
  let screenshot: string | null = null;
  let threadId: string | undefined;
  try {
    threadId = await createThread({ baseUrl: environment.baseUrl, title: evalCase.id });
    for (const [turn, text] of [evalCase.prompt, ...(evalCase.followUps ?? [])].entries()) {
      const record = await driveAgentTurn({ baseUrl: environment.baseUrl, threadId, text });
      problems.push(...record.problems);
      kinds.push(...record.kinds);
      if (turn === 0) firstEvent = record.firstEventSeconds;
      widgetComplete = record.widgetCompleteSeconds;
      // The first widget the conversation draws: the one a user waited for from an empty card.
      if (firstMarkup === null && record.firstMarkupSeconds !== null) {
        firstMarkup = record.firstMarkupSeconds;
        cssBeforeMarkup = record.cssBeforeMarkup;
      }
    }
    if (kinds.length === 0 && !problems.some((problem) => problem.code === 'widget_incomplete')) {
      problems.push({
        code: 'no_widget',
        phase: 'reply',
        message: 'The reply had no widget block and no typed render call.',
      });
    }
    const inspection = await inspectThreadPage({
      browser: environment.browser,
      baseUrl: environment.baseUrl,
      threadId,
      renderTimeoutMs: environment.renderTimeoutMs,
      typedWidgets: kinds.some((kind) => kind !== 'widget'),
      completeWidgets: kinds.filter((kind) => kind === 'widget').length,
    });
    problems.push(...inspection.problems);
    scores = inspection.scores;
    if (inspection.screenshots) {
      const picture = await composeCasePicture({ browser: environment.browser, ...inspection.screenshots });
      screenshot = `${evalCase.id}.png`;
      await writeFile(join(environment.outDirectory, screenshot), picture);
    }
  } catch (error) {
    problems.push({
      code: 'eval_error',
      phase: 'render',
      message: `The eval could not finish this case: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    });
  }
  return {
    id: evalCase.id,
    prompt: evalCase.prompt,
    passed: problems.length === 0,
    problems,
    kinds,
    scores,
    tokens:
      threadId === undefined
        ? { input: null, cachedInput: null, output: null }
        : await tokensOf({ store: environment.store, threadId }),
    cssBeforeMarkup,
    seconds: {
      firstEvent,
      firstMarkup,
      widgetComplete,
      total: Math.round(performance.now() - startedAt) / 1000,
    },
    screenshot,
  };
}

async function createThread({ baseUrl, title }: { baseUrl: string; title: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/threads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: `eval: ${title}` }),
  });
  if (!response.ok) throw new Error(`POST /api/threads answered ${response.status}`);
  const body = (await response.json()) as { thread: { id: string } };
  return body.thread.id;
}

async function tokensOf({
  store,
  threadId,
}: {
  store: Pick<Store, 'listRuns' | 'listMessages'>;
  threadId: string;
}): Promise<EvalCaseResult['tokens']> {
  const runs = (await store.listRuns()).filter((run) => run.threadId === threadId);
  const sum = (values: (number | null)[]) =>
    values.every((value) => value === null)
      ? null
      : values.reduce<number>((total, value) => total + (value ?? 0), 0);
  // The run records do not keep cached tokens; each reply's details do (on its last stored message).
  const replies = (await store.listMessages(threadId)).flatMap((message) => message.reply ?? []);
  return {
    input: sum(runs.map((run) => run.inputTokens)),
    cachedInput: sum(replies.map((reply) => reply.cachedInputTokens ?? null)),
    output: sum(runs.map((run) => run.outputTokens)),
  };
}
