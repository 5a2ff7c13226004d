import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every Map (and every Set kept as a field) in the server's code, with what bounds it. A collection that
 * outlives a request can grow with traffic until the process runs out of memory; this test fails for one
 * added without an entry here, so its bound is decided (and tested where it is not obvious) when it is written.
 */
const audited: Record<string, string> = {
  'agent/parked-call-announcer.ts:#aheadOfEnd':
    'events of one run’s calls shown before their TOOL_CALL_END, handed on and dropped at that end; gone with the run',
  'agent/a2ui-tool-call-activities.ts:#calls':
    'one per send_a2ui_json_to_client call streaming in one step, dropped at its tool-call; gone with the step',
  'agents/build-agent-profiles.ts:profiles': 'one entry per skill file, built once at start-up',
  'agents/single-agent-profiles.ts:new Map([': 'one entry, built once',
  'runs/run-registry.ts:running':
    'runs in flight; each leaves when it settles, bounded by the connection cap',
  'auth/admin-accounts.ts:byEmail': 'local to one `drawbridge admin` lookup, one entry per account it reads',
  'auth/better-auth-options.ts:counters':
    'one per better-auth rate-limit rule (a handful), each a bounded counter',
  'auth/better-auth-options.ts:passwordFieldByPath':
    'three fixed entries, one per endpoint that sets a password',
  'bridge/in-memory-client-tool-bridge.ts:#open':
    'open parked calls; each closes by answer, timeout or cancel',
  'bridge/in-memory-client-tool-bridge.ts:#closed': 'at most closedCallCapacity, oldest dropped (tested)',
  'bridge/in-memory-client-tool-bridge.ts:#closedByThreadCall': 'counts of #closed, dropped with them',
  'bridge/in-memory-client-tool-bridge.ts:#parkWaiters': 'early answers, each waits at most the answer grace',
  'dashboard/write-sample-history.ts:threadsByTopic': 'local to one sample-data load',
  'eval/compare-summaries.ts:before': 'local to one comparison',
  'eval/compare-summaries.ts:after': 'local to one comparison',
  'eval/drive-agent-turn.ts:openCalls': 'local to one eval turn',
  'governance/call-limits.ts:#callsByRun': 'one per running run, dropped at endRun; capped (tested)',
  'governance/call-limits.ts:#callTimesByThread': 'expired windows pruned, thread count capped (tested)',
  'history/build-model-history.ts:callsById': 'local to building one history',
  'limits/sliding-window-counter.ts:#timestamps': 'at most maximumKeys keys of at most limit stamps (tested)',
  'models/demo/demo-model.ts:scripts': 'the demo catalogue, loaded once',
  'redis/redis-subscriptions.ts:#listeners':
    'one per subscribed channel (run logs followed, the cancel channel); dropped at the last unsubscribe',
  'assembly/assistant-message-assembler.ts:editedInReply':
    'two entries per widget one reply edits, local to that reply’s assembler',
  'assembly/editable-widgets.ts:byId': 'local to one lookup over one thread’s messages',
  'runs/run-log/in-process-run-log.ts:#logs':
    'running runs only (one per thread), each dropped as its final event is handed on (tested)',
  'runs/run-signals/in-process-run-signals.ts:#listeners': 'one per run supervisor, removed at its shutdown',
  'runs/run-signals/redis-run-signals.ts:#listeners': 'one per run supervisor, removed at its shutdown',
  'runs/run-supervisor.ts:#active':
    'runs executing here, each removed when it ends (run timeout at the latest)',
  'assembly/widget-edit-builder.ts:written': 'the parts of one edit reply, local to that reply',
  'transport/event-stream-response.ts:startersByBody': 'a WeakMap: entries go with their response bodies',
  'agent/parked-call-announcer.ts:#ended': 'local to one run',
  'agent/tool-call-events.ts:#announced': 'the tool calls of one run, local to that run',
  'agent/tool-call-events.ts:#open': 'the tool calls of one run, local to that run',
  'agent/tool-call-events.ts:#invalid': 'the tool calls of one run, local to that run',
  'agent/tool-call-events.ts:#pending': 'the tool calls of one run, local to that run',
  'agent/tool-call-events.ts:#interrupting': 'the tool calls of one run, local to that run',
  'agent/tool-call-events.ts:#interrupted': 'the tool calls of one run, local to that run',
  'agent/step-blocks.ts:#textParts': 'the text blocks of one model call, local to that step',
  'agent/step-blocks.ts:#reasoningParts': 'the reasoning blocks of one model call, local to that step',
  'skills/load-skills.ts:skills': 'one entry per skill file, loaded once',
  'store/compiled-query-cache.ts:#compiled':
    'one per query shape the code names: literal keys, and at most one per subset of five patchable columns',
  'store/kysely-run-events.ts:sqliteInserts':
    'one compiled insert per row count of a commit (four), built once',
  'store/kysely-run-events.ts:runKeys': 'local to one commit, at most one per run it stores',
  'store/kysely-attachments.ts:byId': 'local to one claim, at most one per file a message carries',
  'assembly/assistant-message-assembler.ts:bases':
    'the revisions one reply’s edits were applied to, local to that reply (at most one per edit in it)',
  'eval/case-metrics-table.ts:before': 'local to one comparison table',
  'export/import-thread.ts:files':
    'local to one import, at most one per file of an export under its size limit',
  'export/import-thread.ts:stored': 'local to one import, one per file it stored again',
  'store/thread-branches.ts:byId': 'local to reading one thread’s branch, one per message of that thread',
  'store/thread-branches.ts:branches': 'local to reading one thread’s branch, one per message shown',
  'store/kysely-thread-search.ts:snippets': 'local to one search, at most one per matching thread',
  'store/node-sqlite-database.ts:statements': 'at most maximumCachedStatements, least recently used dropped',
};

const sourceRoot = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `file:name` of each Map, WeakMap and field Set, the way `audited` names them. */
function collectionsInSource(): string[] {
  const found: string[] = [];
  const named = /(?:const|let|readonly|private readonly)\s+(#?\w+)(?:\s*:[^=]+)?\s*=\s*new (?:Weak)?Map\b/;
  const fieldSet = /readonly\s+(#?\w+)(?:\s*:[^=]+)?\s*=\s*new Set\b/;
  for (const path of sourceFiles(sourceRoot)) {
    const file = relative(sourceRoot, path);
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const match = named.exec(line) ?? fieldSet.exec(line);
      if (match) found.push(`${file}:${match[1]}`);
      else if (/return new Map\(\[/.test(line)) found.push(`${file}:new Map([`);
    }
  }
  return found;
}

describe('in-process maps', () => {
  it('are each listed with their bound', () => {
    const found = collectionsInSource();
    expect(
      found.filter((name) => !(name in audited)),
      'add each with its bound to `audited`',
    ).toEqual([]);
    expect(
      Object.keys(audited).filter((name) => !found.includes(name)),
      'gone from the source',
    ).toEqual([]);
  });
});
