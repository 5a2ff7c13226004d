import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { parseConfig } from '../../packages/server/src/config/parse-config.ts';
import { createScriptedModel } from '../../packages/server/src/models/scripted/scripted-language-model.ts';
import { startServer } from '../../packages/server/src/node-server/start-server.ts';
import { openSqliteStore } from '../../packages/server/src/store/index.ts';
import type { AppServer } from './app-server.ts';

/** The prompt that plays `<directory>/<name>.txt`; any other prompt gets a one-line reply. */
export const fixturePrompt = (name: string) => `fixture:${name}`;

export interface FixtureReplayOptions {
  /** Folder of recorded `.txt` replies. */
  directory: string;
  /** `{{KEY}}` in a reply is replaced by `values[KEY]` (ports known only once the test runs). */
  values?: Record<string, string>;
}

function lastUserText(prompt: LanguageModelV4Prompt): string {
  for (let index = prompt.length - 1; index >= 0; index -= 1) {
    const message = prompt[index];
    if (message?.role !== 'user') continue;
    return message.content
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join('')
      .trim();
  }
  return '';
}

/**
 * Starts the real server with a replay model that plays the recorded reply the user's message
 * names (`fixture:<name>`), so one page can collect many different replayed widgets at pace 0.
 */
export async function startFixtureReplayServer({
  directory,
  values = {},
}: FixtureReplayOptions): Promise<AppServer> {
  const databaseDirectory = await mkdtemp(join(tmpdir(), 'drawbridge-e2e-fixtures-'));
  const databasePath = join(databaseDirectory, 'drawbridge.db');
  const store = await openSqliteStore({ path: databasePath });
  const model = createScriptedModel({
    modelId: `replay:${directory}`,
    provider: 'drawbridge.replay',
    pacing: { tokensPerSecond: 0 },
    resolveScript: (prompt) => {
      const text = lastUserText(prompt);
      const name = text.startsWith('fixture:') ? text.slice('fixture:'.length) : undefined;
      const reply =
        name === undefined
          ? `Noted: ${text.slice(0, 80)}`
          : readFileSync(join(directory, `${name}.txt`), 'utf8').replace(
              /\{\{([A-Z_]+)\}\}/g,
              (placeholder, key: string) => values[key] ?? placeholder,
            );
      return { steps: [{ parts: [{ type: 'text', text: reply }] }] };
    },
  });
  const server = await startServer({
    config: parseConfig({ server: { port: 0 }, store: { sqlitePath: databasePath } }),
    store,
    model: { model, id: `replay:${directory}`, demo: false, hint: 'Replaying recorded widget fixtures.' },
    systemPrompt: 'Replay run: the reply is recorded.',
  });
  return {
    url: server.url,
    async close() {
      await server.close();
      await store.close();
      await rm(databaseDirectory, { recursive: true, force: true });
    },
  };
}
