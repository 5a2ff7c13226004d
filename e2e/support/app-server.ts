import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { parseConfig } from '../../packages/server/src/config/parse-config.ts';
import { resolveModels } from '../../packages/server/src/models/index.ts';
import { startServer } from '../../packages/server/src/node-server/start-server.ts';
import { openSqliteStore } from '../../packages/server/src/store/index.ts';
import type { RunRecord } from '../../packages/server/src/store/store.ts';
import { launchBrowser } from './browser.ts';
import { holdModelAt, type ModelGate } from './held-model.ts';

export interface AppServerOptions {
  /** The offline demo model (default) or a recorded reply file played on every turn. */
  model?: 'demo' | { replayFile: string };
  /** Tokens per second the model streams at; small but non-zero keeps streaming observable. */
  pace?: number;
  /**
   * `'render'`: a replay run gets the real agents (skills, widget prompt, typed render tools) instead of one
   * tool-less agent, so a replay file can call `render_*` tools.
   */
  tools?: 'render';
  /** How long a parked render call waits for the browser (`DRAWBRIDGE_TOOL_TIMEOUT_MS`). */
  toolTimeoutMs?: number;
  /** Every reply waits just before its text would contain this, until the test opens `gate`. */
  holdBefore?: string;
  /** Widgets that report errors ask for their own repair once (`DRAWBRIDGE_AUTO_REPAIR=1`). */
  autoRepair?: boolean;
  /** Hosts a widget's link opens on without asking first (`DRAWBRIDGE_TRUSTED_LINK_HOSTS`). */
  trustedLinkHosts?: string[];
  /** Further models a chat may pick in the top bar (`DRAWBRIDGE_MODELS`), e.g. `replay:<file>`. */
  models?: string[];
  /** No model-written code (`DRAWBRIDGE_FORBID_CODE=1`): widgets are refused. */
  forbidCode?: boolean;
  /**
   * The store's clock, which dates what it writes (a chat's last activity): a test sets it to seed chats on other
   * days, and gives the real time back before any run (run leases are compared with the real time).
   */
  storeClock?: () => Date;
}

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

/** The app server started here, which can also be asked about its store. */
export interface StoreBackedAppServer extends AppServer {
  /** The server's run records, oldest first: how a test learns that a run ended, and how. */
  listRuns(): Promise<RunRecord[]>;
  /** The model each chat was set to (`null`: the default), newest updated chat first. */
  listThreadModels(): Promise<(string | null)[]>;
  /** With `holdBefore`: where replies wait (without it, a gate that is open from the start). */
  gate: ModelGate;
}

/** Starts the real Drawbridge server (built web app, frame, API) on a free port with a fresh SQLite file. */
export async function startAppServer(options: AppServerOptions = {}): Promise<StoreBackedAppServer> {
  const directory = await mkdtemp(join(tmpdir(), 'drawbridge-e2e-'));
  const databasePath = join(directory, 'drawbridge.db');
  const model = options.model ?? 'demo';
  const config = parseConfig({
    server: { port: 0 },
    model: {
      id: model === 'demo' ? 'demo' : `replay:${model.replayFile}`,
      choices: options.models ?? [],
      demoPace: options.pace ?? 0,
    },
    store: { sqlitePath: databasePath },
    runs: {
      ...(options.toolTimeoutMs === undefined ? {} : { toolTimeoutMs: options.toolTimeoutMs }),
      autoRepair: options.autoRepair ?? false,
      forbidCode: options.forbidCode ?? false,
      trustedLinkHosts: options.trustedLinkHosts ?? [],
    },
  });
  const store = await openSqliteStore({
    path: databasePath,
    ...(options.storeClock === undefined ? {} : { clock: options.storeClock }),
  });
  const [resolved, ...others] = resolveModels(config.model);
  if (resolved === undefined) throw new Error('no model configured');
  const held =
    options.holdBefore === undefined
      ? undefined
      : holdModelAt({ model: resolved.model as LanguageModelV4, holdBefore: options.holdBefore });
  const server = await startServer({
    config,
    store,
    model: held === undefined ? resolved : { ...resolved, model: held.model },
    ...(others.length === 0
      ? {}
      : { models: [held === undefined ? resolved : { ...resolved, model: held.model }, ...others] }),
    // A replay plays its file whatever the prompt says, so replay tests need not load the real one.
    ...(model === 'demo' || options.tools === 'render'
      ? {}
      : { systemPrompt: 'Replay run: the reply is recorded.' }),
  });
  return {
    url: server.url,
    listRuns: () => store.listRuns(),
    listThreadModels: async () => (await store.listThreads()).map((thread) => thread.model),
    gate: held?.gate ?? { release() {}, reached: Promise.resolve() },
    async close() {
      await server.close();
      await store.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export interface OpenedPage {
  page: Page;
  /** Errors the page itself logged (console errors and uncaught exceptions), for asserting a clean run. */
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * Opens the app at `url` (plus an optional hash such as `#/t/<id>`) in a fresh browser context.
 * Pass a `browser` to share one Chromium between tests; otherwise one is launched and closed with the page.
 */
export async function openAppPage(
  url: string,
  { colorScheme = 'light', browser }: { colorScheme?: 'light' | 'dark'; browser?: Browser } = {},
): Promise<OpenedPage> {
  const owner = browser ?? (await launchBrowser());
  const context = await owner.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      pageErrors.push(message.text());
    }
  });
  await page.goto(url);
  return {
    page,
    pageErrors,
    async close() {
      await context.close();
      if (!browser) {
        await owner.close();
      }
    },
  };
}

/** Types a message into the composer and sends it with Enter, as a user would. */
export async function sendChatMessage(page: Page, text: string): Promise<void> {
  await page.locator('#composer-input').fill(text);
  await page.locator('#composer-input').press('Enter');
}

/** The newest widget frame on the page, once the frame runtime has loaded into it. */
export async function waitForWidgetFrame(page: Page, index = 0): Promise<Frame> {
  const handle = await page.locator('iframe.db-widget-frame').nth(index).elementHandle({ timeout: 20_000 });
  const frame = await handle?.contentFrame();
  if (!frame) {
    throw new Error('The widget iframe has no frame.');
  }
  return frame;
}

/**
 * Clicks `target` once the page has stopped moving: no transition or animation running and the target's box
 * unchanged over several frames. A widget frame that has just rendered animates to its measured height while
 * the transcript follows it; Playwright's own stability check can pass between two 1 px steps of that tail and
 * then press where the frame has moved to, so the click lands in the widget instead.
 */
export async function clickWhenSettled(target: Locator): Promise<void> {
  const handle = await target.elementHandle({ timeout: 30_000 });
  if (!handle) throw new Error('Nothing to click.');
  await handle.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const framesNeeded = 5;
        let steady = 0;
        let last = '';
        const check = () => {
          const box = element.getBoundingClientRect();
          const key = `${box.x},${box.y},${box.width},${box.height}`;
          const moving = document.getAnimations().some((animation) => animation.playState === 'running');
          steady = key === last && !moving ? steady + 1 : 0;
          last = key;
          if (steady >= framesNeeded) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  await target.click();
}
