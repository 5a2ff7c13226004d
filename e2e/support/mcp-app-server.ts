import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { parseConfig } from '../../packages/server/src/config/parse-config.ts';
import type { McpServerConfig } from '../../packages/server/src/mcp/mcp-config.ts';
import { resolveModel } from '../../packages/server/src/models/index.ts';
import { startServer } from '../../packages/server/src/node-server/start-server.ts';
import { openSqliteStore } from '../../packages/server/src/store/index.ts';
import { type AppServer, type OpenedPage, openAppPage } from './app-server.ts';

/** Drawbridge's own MCP server (`drawbridge mcp`) over stdio, from the checkout, as an MCP host would start it. */
export const drawbridgeMcpServer = {
  command: process.execPath,
  args: [
    '--import',
    'tsx',
    fileURLToPath(new URL('../../packages/server/src/cli/main.ts', import.meta.url)),
    'mcp',
  ],
  env: {},
} satisfies McpServerConfig;

/** The view of the `index`-th MCP card: inside the sandbox proxy inside the card (the spec's double iframe). */
export function mcpViewOf(page: Page, index = 0): FrameLocator {
  return page.locator('.mcp-view__frame').nth(index).contentFrame().locator('iframe').contentFrame();
}

/**
 * The real Drawbridge server with MCP servers connected (`DRAWBRIDGE_MCP_CONFIG`), one skill granting every
 * tool of each (`mcp__<server>__*`) and a replay model playing `replayFile`.
 */
export interface McpAppServerOptions {
  servers: Record<string, McpServerConfig>;
  replayFile: string;
  /** Milliseconds between the replayed pieces; default 200. */
  pace?: number;
}

export async function startMcpAppServer({
  servers,
  replayFile,
  pace = 200,
}: McpAppServerOptions): Promise<AppServer> {
  const directory = await mkdtemp(join(tmpdir(), 'drawbridge-mcp-e2e-'));
  const configFile = join(directory, 'mcp.json');
  await writeFile(configFile, JSON.stringify({ mcpServers: servers }));
  const skillsDirectory = join(directory, 'skills');
  await mkdirSkill(skillsDirectory, Object.keys(servers));
  const databasePath = join(directory, 'drawbridge.db');
  const config = parseConfig({
    server: { port: 0 },
    model: { id: `replay:${replayFile}`, demoPace: pace },
    store: { sqlitePath: databasePath },
    mcp: { configFile },
    skills: { directory: skillsDirectory },
  });
  const store = await openSqliteStore({ path: databasePath });
  const server = await startServer({ config, store, model: resolveModel(config.model) });
  return {
    url: server.url,
    async close() {
      await server.close();
      await store.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** What a suite's tests share: the server, and the app open on it in a page of its own. */
export interface McpAppSuite {
  readonly server: AppServer;
  readonly opened: OpenedPage;
}

/**
 * For a describe block whose tests share one MCP-connected server and one page on it: both start before its
 * first test and close after its last, the page first. `options` may be a function, for servers that need
 * something the suite's own earlier `beforeAll` started.
 */
export function mcpAppPerSuite(
  options: McpAppServerOptions | (() => McpAppServerOptions),
  { colorScheme = 'light' }: { colorScheme?: 'light' | 'dark' } = {},
): McpAppSuite {
  let server: AppServer | undefined;
  let opened: OpenedPage | undefined;
  beforeAll(async () => {
    server = await startMcpAppServer(typeof options === 'function' ? options() : options);
    opened = await openAppPage(server.url, { colorScheme });
  });
  afterAll(async () => {
    await opened?.close();
    await server?.close();
  });
  const started = <Value>(value: Value | undefined): Value => {
    if (value === undefined)
      throw new Error("mcpAppPerSuite() starts in the suite's beforeAll, before its tests.");
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get opened() {
      return started(opened);
    },
  };
}

async function mkdirSkill(directory: string, serverNames: string[]): Promise<void> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(join(directory, 'widgets'), { recursive: true });
  const grants = serverNames.map((name) => `  - mcp__${name}__*`).join('\n');
  await writeFile(
    join(directory, 'widgets', 'SKILL.md'),
    `---\nname: widgets\ndescription: The chat assistant with MCP servers.\nallowed-tools:\n${grants}\n---\nUse the MCP tools when they fit.\n`,
  );
}
