import { ActivitySnapshotEventSchema } from '@ag-ui/core/schemas';
import { type ActivitySnapshotRunEvent, parseRunEvent } from '@drawbridge/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolContext } from '../tools/agent-tool.ts';
import { McpServers } from './mcp-servers.ts';
import { startFixtureHttpServer } from './testing/fixture-http-server.ts';
import { fixtureViewUri } from './testing/fixture-mcp-server.ts';

let fixture: Awaited<ReturnType<typeof startFixtureHttpServer>>;
let servers: McpServers;

beforeAll(async () => {
  fixture = await startFixtureHttpServer();
  servers = await McpServers.start({
    clientInfo: { name: 'drawbridge-test', version: '0' },
    servers: [{ name: 'notes', config: { url: fixture.url, headers: {} } }],
  });
});
afterAll(async () => {
  await servers.close();
  await fixture.close();
});

/** A tool's context that keeps the activities the call shows. */
function contextShowing(shown: ActivitySnapshotRunEvent[]): ToolContext {
  return {
    threadId: 'thread-1',
    runId: 'run-1',
    owner: { userId: 'local', isAdmin: true },
    toolCallId: 'call-1',
    abortSignal: new AbortController().signal,
    clientAttached: false,
    showActivity: (activity) => shown.push(activity),
  };
}

describe('a connected server tool as the agent calls it', () => {
  it('shows a call with a view as a drawbridge.mcp-view activity holding what a host needs to draw it', async () => {
    const showNote = servers.modelTools().find((tool) => tool.name === 'mcp__notes__show-note')!;
    const shown: ActivitySnapshotRunEvent[] = [];
    const outcome = await showNote.execute({ note: 'remember the milk' }, contextShowing(shown));

    expect(outcome.ok).toBe(true);
    expect(shown).toHaveLength(1);
    const [activity] = shown;
    expect(activity).toMatchObject({
      type: 'ACTIVITY_SNAPSHOT',
      messageId: 'call-1',
      activityType: 'drawbridge.mcp-view',
      content: {
        toolCallId: 'call-1',
        toolName: 'mcp__notes__show-note',
        serverName: 'notes',
        serverToolName: 'show-note',
        resourceUri: fixtureViewUri,
        input: { note: 'remember the milk' },
      },
    });
    expect(JSON.stringify(activity?.content)).toContain('remember the milk');
    // AG-UI's own schema and ours, as any event is checked where it enters.
    expect(ActivitySnapshotEventSchema.safeParse(activity).success).toBe(true);
    expect(parseRunEvent(activity).success).toBe(true);
  });

  it('shows nothing for a tool without a view', async () => {
    const echo = servers.modelTools().find((tool) => tool.name === 'mcp__notes__echo')!;
    const shown: ActivitySnapshotRunEvent[] = [];
    await echo.execute({ text: 'hi' }, contextShowing(shown));
    expect(shown).toEqual([]);
  });
});
