import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../../test-support/postgres-test-database.ts';
import { parseConfig } from '../config/parse-config.ts';
import { TestCleanups, weatherDrawbridge, weatherModel } from '../testing/mounted-weather-drawbridge.ts';
import { temporaryDirectory } from '../testing/temporary-directory.ts';
import { createDrawbridge, type Drawbridge, type DrawbridgeOptions } from './create-drawbridge.ts';

const cleanups = new TestCleanups();
afterEach(() => cleanups.closeAll());

async function drawbridgeWith(options: DrawbridgeOptions): Promise<Drawbridge> {
  const drawbridge = await createDrawbridge({ model: weatherModel(), logError: () => {}, ...options });
  cleanups.add(() => drawbridge.close());
  return drawbridge;
}

/** Creates a thread through the handler and reads the list back: the store answers. */
async function threadTitlesThrough(drawbridge: Drawbridge): Promise<number> {
  const created = await drawbridge.fetch(
    new Request(`http://localhost${drawbridge.basePath}/api/threads`, { method: 'POST' }),
  );
  expect(created.status).toBe(201);
  const listed = await drawbridge.fetch(new Request(`http://localhost${drawbridge.basePath}/api/threads`));
  return ((await listed.json()) as { threads: unknown[] }).threads.length;
}

describe('createDrawbridge', () => {
  it('answers a Request handed to its fetch handler directly, and nothing outside the base path', async () => {
    const drawbridge = await weatherDrawbridge({ basePath: '/api/assistant/', cleanups });
    expect(drawbridge.basePath).toBe('/api/assistant');
    const health = await drawbridge.fetch(new Request('http://localhost/api/assistant/api/health'));
    expect(health.status).toBe(200);
    expect(health.headers.get('x-frame-options')).toBe('DENY');
    const imageFrame = await drawbridge.fetch(
      new Request(
        `http://localhost/api/assistant/frame/image?url=${encodeURIComponent('https://example.com/a.png')}`,
      ),
    );
    expect(imageFrame.status).toBe(200);
    expect(imageFrame.headers.get('x-frame-options')).toBeNull();
    // Paths outside the mount, even ones it serves below it, are not its own.
    for (const path of ['/frame', '/api/health', '/api/assistantx/api/health']) {
      const outside = await drawbridge.fetch(new Request(`http://localhost${path}`));
      expect({ path, status: outside.status }).toEqual({ path, status: 404 });
      expect(outside.headers.get('x-frame-options')).toBe('DENY');
      expect(await outside.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect(await threadTitlesThrough(drawbridge)).toBe(1);
  });

  it('refuses a base path that is not a plain URL path', async () => {
    for (const basePath of ['/a b', '/ai?x=1', '/ai#top', 'http://host/ai']) {
      await expect(createDrawbridge({ basePath })).rejects.toThrow(TypeError);
    }
  });

  it("signs requests in with the app's own function, and refuses the API to nobody", async () => {
    const drawbridge = await drawbridgeWith({
      basePath: '/ai',
      store: ':memory:',
      auth: (request) =>
        request.headers.get('x-user') === 'ada'
          ? { id: 'user-ada', name: 'Ada', email: 'Ada@Example.com' }
          : undefined,
    });
    const nobody = await drawbridge.fetch(new Request('http://localhost/ai/api/threads'));
    expect(nobody.status).toBe(401);
    expect(await nobody.json()).toMatchObject({ error: { code: 'sign_in_required' } });
    const session = await drawbridge.fetch(
      new Request('http://localhost/ai/api/session', { headers: { 'x-user': 'ada' } }),
    );
    expect(((await session.json()) as { user: unknown }).user).toEqual({
      id: 'user-ada',
      name: 'Ada',
      email: 'ada@example.com',
      isAdmin: false,
    });
  });

  it('refuses to answer a name other machines reach with nobody signing in, unless the app signs them in', async () => {
    const config = parseConfig({ server: { allowedHosts: ['chat.example.com'] } });
    await expect(createDrawbridge({ config, store: ':memory:' })).rejects.toMatchObject({
      name: 'ConfigError',
      problems: [{ setting: 'auth.modes', message: expect.stringContaining('chat.example.com') }],
    });
    const drawbridge = await drawbridgeWith({
      config,
      store: ':memory:',
      auth: () => ({ id: 'u', name: 'U' }),
    });
    const health = await drawbridge.fetch(new Request('http://chat.example.com/api/health'));
    expect(health.status).toBe(200);
  });

  it('keeps its data in a SQLite file it names, across a restart', async () => {
    const directory = await temporaryDirectory();
    cleanups.add(() => directory.remove());
    const file = join(directory.path, 'assistant.db');
    const first = await drawbridgeWith({ store: file });
    expect(await threadTitlesThrough(first)).toBe(1);
    await first.close();
    const second = await drawbridgeWith({ store: file });
    expect(await threadTitlesThrough(second)).toBe(2);
  });

  it('keeps its data in PostgreSQL from a URL', async () => {
    const drawbridge = await drawbridgeWith({ store: await createPostgresTestDatabase() });
    expect(await threadTitlesThrough(drawbridge)).toBe(1);
  });

  it('migrates and uses the team’s own Kysely instance, and leaves it open', async () => {
    const pool = new pg.Pool({ connectionString: await createPostgresTestDatabase() });
    const kysely = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool }) });
    cleanups.add(() => kysely.destroy());
    const drawbridge = await drawbridgeWith({ store: kysely });
    expect(await threadTitlesThrough(drawbridge)).toBe(1);
    await drawbridge.close();
    const { rows } = await sql<{ count: string }>`select count(*) as count from threads`.execute(kysely);
    expect(rows).toEqual([{ count: '1' }]);
  });
});
