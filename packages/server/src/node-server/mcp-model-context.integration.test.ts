import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/parse-config.ts';
import { McpServers } from '../mcp/mcp-servers.ts';
import { storeMcpViewCall } from '../mcp/store-mcp-view-call.ts';
import { startFixtureHttpServer } from '../mcp/testing/fixture-http-server.ts';
import { createScriptedModel } from '../models/scripted/scripted-language-model.ts';
import { openSqliteStore } from '../store/index.ts';
import { createThreadOver, startRun } from '../testing/render-tool-server.ts';
import { startServer } from './start-server.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface ServerWithMcp {
  url: string;
  servers: McpServers;
  prompts: LanguageModelV4Prompt[];
}

async function startServerWithMcp(): Promise<ServerWithMcp> {
  const fixture = await startFixtureHttpServer();
  cleanups.push(() => fixture.close());
  const store = await openSqliteStore({ path: ':memory:' });
  cleanups.push(() => store.close());
  const servers = await McpServers.start({
    clientInfo: { name: 'drawbridge-test', version: '0' },
    servers: [{ name: 'notes', config: { url: fixture.url, headers: {} } }],
    onResult: (record) => storeMcpViewCall({ store, record }),
  });
  cleanups.push(() => servers.close());
  const prompts: LanguageModelV4Prompt[] = [];
  const model = createScriptedModel({
    modelId: 'scripted-context',
    provider: 'drawbridge.test',
    pacing: { tokensPerSecond: 0 },
    resolveScript: (prompt) => {
      prompts.push(prompt);
      return { steps: [{ parts: [{ type: 'text', text: 'Noted.' }] }] };
    },
  });
  const server = await startServer({
    model: { model, id: 'replay:context-test', demo: false, hint: 'A scripted model.' },
    store,
    mcpServers: servers,
    config: parseConfig({ server: { port: 0 } }),
    systemPrompt: 'You are a test agent.',
    logError: () => {},
  });
  cleanups.push(() => server.close());
  return { url: server.url, servers, prompts };
}

/** Every text the newest user message of a prompt carries. */
function newestUserTexts(prompt: LanguageModelV4Prompt | undefined): string[] {
  const user = prompt?.findLast((entry) => entry.role === 'user');
  return user === undefined ? [] : user.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
}

describe("a hosted view's ui/update-model-context", () => {
  it("reaches the model on the thread's next turn, the latest update replacing the earlier one", async () => {
    const { url, servers, prompts } = await startServerWithMcp();
    const threadId = await createThreadOver(url);
    // The model's earlier call of a tool with a view, as its run makes it: the call stores the view's carrier.
    const showNote = servers.modelTools().find((tool) => tool.name === 'mcp__notes__show-note')!;
    await showNote.execute(
      { note: 'groceries' },
      {
        threadId,
        runId: 'earlier-run',
        owner: { userId: 'local', isAdmin: true },
        toolCallId: 'call_note',
        abortSignal: new AbortController().signal,
        clientAttached: true,
      },
    );
    const tell = async (text: string) => {
      const response = await fetch(`${url}/api/mcp/threads/${threadId}/model-context`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ toolCallId: 'call_note', content: [{ type: 'text', text }] }),
      });
      expect(response.status).toBe(204);
    };
    const turn = async (text: string, runId: string) => {
      const run = await startRun({ url, threadId, text, runId });
      await run.finished;
      return newestUserTexts(prompts.at(-1));
    };

    await tell('The user ticked "milk".');
    await tell('The user ticked "milk" and "eggs".');
    expect(await turn('What is ticked?', 'run-1')).toEqual([
      'What is ticked?',
      'Context from the mcp__notes__show-note view (call call_note): The user ticked "milk" and "eggs".',
    ]);
    await tell('The user unticked everything.');
    expect(await turn('And now?', 'run-2')).toEqual([
      'And now?',
      'Context from the mcp__notes__show-note view (call call_note): The user unticked everything.',
    ]);
    // The earlier turn's user message is history now and carries no context of its own.
    const earlierUser = prompts.at(-1)!.find((entry) => entry.role === 'user')!;
    expect(earlierUser.content).toEqual([{ type: 'text', text: 'What is ticked?' }]);
  });
});
