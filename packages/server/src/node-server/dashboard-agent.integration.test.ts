import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { buildRunAgentInput, runAgentRequestInit } from '@drawbridge/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/parse-config.ts';
import type { AuditEntry } from '../governance/audit-log.ts';
import { CallLimits } from '../governance/call-limits.ts';
import type { ServedModel } from '../http/create-app.ts';
import type { ModelScript, ScriptToolCallPart } from '../models/script/model-script.ts';
import { createScriptedModel } from '../models/scripted/scripted-language-model.ts';
import { SkillFileError } from '../skills/skill-file-error.ts';
import { openSqliteStore } from '../store/index.ts';
import { drawbridgeCommand } from '../testing/drawbridge-command.ts';
import { temporaryDirectory } from '../testing/temporary-directory.ts';
import { type RunningServer, startServer } from './start-server.ts';

/** A scripted model that remembers the options of every call, so a test can see which tools were offered. */
function recordingModel(script: ModelScript): { served: ServedModel; calls: LanguageModelV4CallOptions[] } {
  const calls: LanguageModelV4CallOptions[] = [];
  const scripted = createScriptedModel({
    modelId: 'scripted-test',
    provider: 'drawbridge.test',
    pacing: { tokensPerSecond: 0, seed: 7 },
    resolveScript: () => script,
  });
  const model: LanguageModelV4 = {
    ...scripted,
    specificationVersion: 'v4',
    provider: scripted.provider,
    modelId: scripted.modelId,
    supportedUrls: scripted.supportedUrls,
    doGenerate: (options) => scripted.doGenerate(options),
    doStream: (options) => {
      calls.push(options);
      return scripted.doStream(options);
    },
  };
  return { served: { model, id: 'replay:test', demo: false, hint: 'A scripted test model.' }, calls };
}

function toolCall(toolName: string, input: Record<string, unknown>, toolCallId: string): ScriptToolCallPart {
  return { type: 'tool-call', toolName, input, toolCallId };
}

/** One step of tool calls, then a closing sentence. */
function scriptOf(calls: ScriptToolCallPart[]): ModelScript {
  return { steps: [{ parts: calls }, { parts: [{ type: 'text', text: 'Done.' }] }] };
}

const servers: RunningServer[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The real server with the repository's skills (no `systemPrompt`, so skills load) and a memory store. */
async function startWithSkills(model: ServedModel, callLimits?: CallLimits): Promise<RunningServer> {
  const store = await openSqliteStore({ path: ':memory:' });
  cleanups.push(() => store.close());
  const server = await startServer({
    config: parseConfig({ server: { port: 0 }, model: { id: 'demo' } }),
    store,
    model,
    logError: () => {},
    ...(callLimits ? { callLimits } : {}),
  });
  servers.push(server);
  return server;
}

async function createThread(url: string): Promise<string> {
  const response = await fetch(`${url}/api/threads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Dashboard assistant', kind: 'dashboard' }),
  });
  const body = (await response.json()) as { thread: { id: string } };
  return body.thread.id;
}

interface StreamedEvent {
  type: string;
  toolCallId?: string;
  content?: string;
}

/** Runs the dashboard agent once and returns every event of the NDJSON stream. */
async function runDashboardAgent(url: string, threadId: string, text: string): Promise<StreamedEvent[]> {
  const input = buildRunAgentInput({
    threadId,
    runId: crypto.randomUUID(),
    userMessageId: crypto.randomUUID(),
    text,
    state: { dashboard: { page: 'overview', range: { preset: '24h' } } },
    drawbridge: { clientTools: true, skill: 'dashboard' },
  });
  const response = await fetch(`${url}/api/agent`, runAgentRequestInit({ input }));
  expect(response.status).toBe(200);
  const lines = (await response.text()).split('\n').filter((line) => line.trim() !== '');
  return lines.map((line) => JSON.parse(line) as StreamedEvent);
}

function toolResults(events: StreamedEvent[]): Map<string, string> {
  return new Map(
    events
      .filter((event) => event.type === 'TOOL_CALL_RESULT')
      .map((event) => [event.toolCallId ?? '', event.content ?? '']),
  );
}

async function auditEntries(url: string, query = ''): Promise<AuditEntry[]> {
  const response = await fetch(`${url}/api/dashboard/audit?preset=1h${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: AuditEntry[] }).entries;
}

describe('the dashboard agent over HTTP', () => {
  it('is offered only the tools its skill grants', async () => {
    const { served, calls } = recordingModel({ steps: [{ parts: [{ type: 'text', text: 'Hello.' }] }] });
    const server = await startWithSkills(served);
    await runDashboardAgent(server.url, await createThread(server.url), 'hello');

    const offered = (calls[0]?.tools ?? []).map((tool) => tool.name).sort();
    expect(offered).toEqual(['dashboard_control', 'list_metrics', 'render_chart']);
    expect(calls[0]?.prompt[0]).toMatchObject({
      role: 'system',
      content: expect.stringContaining('You are the assistant inside the Drawbridge dashboard.'),
    });
  });

  it('refuses and audits an ungranted tool the model calls anyway, without executing it', async () => {
    const { served } = recordingModel(
      scriptOf([toolCall('render_form', { title: 'Tell me', fields: [] }, 'call-form')]),
    );
    const server = await startWithSkills(served);
    const threadId = await createThread(server.url);
    const events = await runDashboardAgent(server.url, threadId, 'ask me for feedback');

    expect(toolResults(events).get('call-form')).toMatch(/^Error: .*render_form/);
    // Not executed: a render_form would have parked and waited for a browser; the run finished at once.
    expect(events.at(-1)?.type).toBe('RUN_FINISHED');
    const entries = await auditEntries(server.url);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'dashboard',
      threadId,
      toolCallId: 'call-form',
      tool: 'render_form',
      outcome: 'refused',
      reason: expect.stringMatching(/^not_granted: the dashboard skill does not offer it/),
    });
  });

  it('refuses an unknown metric with the catalogue names, and audits it as an error', async () => {
    const { served } = recordingModel(
      scriptOf([toolCall('render_chart', { metric: 'happiness' }, 'call-chart')]),
    );
    const server = await startWithSkills(served);
    const events = await runDashboardAgent(server.url, await createThread(server.url), 'chart happiness');

    expect(toolResults(events).get('call-chart')).toContain(
      'there is no metric "happiness". The catalogue has: runs, tokens,',
    );
    const [entry] = await auditEntries(server.url);
    expect(entry).toMatchObject({ tool: 'render_chart', outcome: 'error', toolCallId: 'call-chart' });
  });

  it('leaves exactly one audit record per call, allowed or refused', async () => {
    const { served } = recordingModel(
      scriptOf([
        toolCall('list_metrics', {}, 'call-list'),
        toolCall('render_form', { title: 'x', fields: [] }, 'call-form'),
        toolCall('render_chart', { metric: 'nope' }, 'call-chart'),
        toolCall('dashboard_control', { operation: 'explode' }, 'call-control'),
      ]),
    );
    const server = await startWithSkills(served);
    const threadId = await createThread(server.url);
    await runDashboardAgent(server.url, threadId, 'do four things');

    const entries = await auditEntries(server.url);
    const outcomes = Object.fromEntries(entries.map((entry) => [entry.toolCallId, entry.outcome]));
    expect(entries).toHaveLength(4);
    expect(outcomes).toEqual({
      'call-list': 'ok',
      'call-form': 'refused',
      'call-chart': 'error',
      'call-control': 'refused',
    });
    for (const entry of entries) {
      expect(entry.argumentsDigest).toMatch(/^[0-9a-f]{64}$/);
      expect(entry.threadId).toBe(threadId);
    }
    const refused = await auditEntries(server.url, '&outcome=refused');
    expect(refused.map((entry) => entry.toolCallId).sort()).toEqual(['call-control', 'call-form']);
    expect(refused.find((entry) => entry.tool === 'dashboard_control')?.reason).toMatch(
      /^invalid_arguments: /,
    );
  });

  it('trips the per-run budget, says why, and audits the refusal', async () => {
    const { served } = recordingModel(
      scriptOf([
        toolCall('list_metrics', {}, 'call-1'),
        toolCall('list_metrics', {}, 'call-2'),
        toolCall('list_metrics', {}, 'call-3'),
      ]),
    );
    const limits = new CallLimits({ callsPerRun: 2, callsPerThreadWindow: 100, windowMs: 60_000 });
    const server = await startWithSkills(served, limits);
    const events = await runDashboardAgent(server.url, await createThread(server.url), 'list thrice');

    const results = toolResults(events);
    expect(results.get('call-1')).not.toMatch(/^Error/);
    expect(results.get('call-3')).toContain(
      'limit_exceeded: this run already made 2 tool calls (the budget is 2 per run)',
    );
    const refused = await auditEntries(server.url, '&outcome=refused');
    expect(refused.map((entry) => entry.toolCallId)).toEqual(['call-3']);
    expect(refused[0]?.reason).toMatch(/^limit_exceeded: /);
  });

  it('trips the per-thread rate across runs of one thread, and not for another thread', async () => {
    const { served } = recordingModel(
      scriptOf([toolCall('list_metrics', {}, 'call-a'), toolCall('list_metrics', {}, 'call-b')]),
    );
    const limits = new CallLimits({ callsPerRun: 100, callsPerThreadWindow: 3, windowMs: 60_000 });
    const server = await startWithSkills(served, limits);
    const busyThread = await createThread(server.url);
    await runDashboardAgent(server.url, busyThread, 'first');
    const second = toolResults(await runDashboardAgent(server.url, busyThread, 'second'));
    const otherThread = toolResults(
      await runDashboardAgent(server.url, await createThread(server.url), 'elsewhere'),
    );

    expect(second.get('call-a')).not.toMatch(/^Error/);
    expect(second.get('call-b')).toContain(
      'limit_exceeded: this thread made 3 tool calls in the last 60 s (the limit is 3)',
    );
    expect([...otherThread.values()].some((content) => content.startsWith('Error'))).toBe(false);
    const entries = await auditEntries(server.url);
    expect(entries).toHaveLength(6);
    expect(entries.filter((entry) => entry.outcome === 'refused')).toHaveLength(1);
  });
});

describe('malformed skill files', () => {
  async function brokenSkillsDirectory(): Promise<{ directory: string; file: string }> {
    const temporary = await temporaryDirectory();
    cleanups.push(temporary.remove);
    await mkdir(join(temporary.path, 'broken'));
    const file = join(temporary.path, 'broken', 'SKILL.md');
    await writeFile(file, '---\nname: broken\nallowed-tools: [list_metrics]\n---\nDo things.\n');
    return { directory: temporary.path, file };
  }

  it('fail startServer with the file and the reason', async () => {
    const { directory, file } = await brokenSkillsDirectory();
    const store = await openSqliteStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    const { served } = recordingModel({ steps: [] });
    const starting = startServer({
      config: parseConfig({ server: { port: 0 }, skills: { directory } }),
      store,
      model: served,
    });
    await expect(starting).rejects.toBeInstanceOf(SkillFileError);
    await expect(starting).rejects.toMatchObject({ file, reason: expect.stringContaining('description') });
  });

  it('make `drawbridge serve` print one line naming the file and exit 1', async () => {
    const { directory, file } = await brokenSkillsDirectory();
    const result = spawnSync(process.execPath, drawbridgeCommand(['serve']), {
      encoding: 'utf8',
      timeout: 20_000,
      env: {
        ...process.env,
        PORT: '0',
        DRAWBRIDGE_MODEL: 'demo',
        DRAWBRIDGE_DB: ':memory:',
        DRAWBRIDGE_SKILLS_DIR: directory,
      },
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${file.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*description`));
    expect(result.stdout).toBe('');
  });
});
