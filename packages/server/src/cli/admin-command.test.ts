import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../http/create-app.ts';
import { barChartScript, scriptedTestModel } from '../models/testing/test-models.ts';
import { signInFor } from '../node-server/sign-in-for.ts';
import { openStorage } from '../store/open-storage.ts';
import { temporaryDirectory } from '../testing/temporary-directory.ts';
import { adminCommand } from './admin-command.ts';

const publicUrl = 'https://chat.example.com';
let folder: Awaited<ReturnType<typeof temporaryDirectory>>;
let database: string;

beforeEach(async () => {
  folder = await temporaryDirectory();
  database = join(folder.path, 'drawbridge.db');
});

afterEach(async () => {
  await folder.remove();
});

async function admin(args: string[], environment: Record<string, string> = { DRAWBRIDGE_DB: database }) {
  let output = '';
  let errorOutput = '';
  const exitCode = await adminCommand(args, {
    environment,
    output: { write: (text: string) => (output += text) },
    errorOutput: { write: (text: string) => (errorOutput += text) },
  });
  return { exitCode, output, errorOutput };
}

/** Signs Ada up through the server's own sign-up route, on the database the command is pointed at. */
async function signUpAda(): Promise<void> {
  const storage = await openStorage({ location: { dialect: 'sqlite', path: database } });
  try {
    const app = createApp({
      store: storage.store,
      model: scriptedTestModel({ script: barChartScript() }),
      systemPrompt: 'test',
      allowedHosts: ['chat.example.com'],
      signIn: signInFor({
        settings: {
          mode: 'sessions',
          publicUrl,
          secret: 'a-test-secret-that-is-long-enough-for-better-auth',
          accounts: { signUp: 'open' },
          openIdConnect: null,
          limits: { runsPerMinute: 0, tokensPerDay: 0 },
        },
        database: storage.database,
      }),
    });
    const response = await app.request(`${publicUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl },
      body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse battery', name: 'Ada' }),
    });
    expect(response.status).toBe(200);
  } finally {
    await storage.close();
  }
}

describe('drawbridge admin', () => {
  it('refuses to grant an address with no account, so it never becomes an admin by signing up later', async () => {
    const run = await admin(['grant', 'admin@x.test']);
    expect(run).toEqual({
      exitCode: 1,
      output: '',
      errorOutput: expect.stringMatching(/^drawbridge admin: no account uses admin@x\.test in SQLite .*\n$/),
    });
    await signUpAda();
    expect((await admin(['list'])).output).toBe(
      'No admins yet: make one with drawbridge admin grant <email>.\n',
    );
  });

  it('grants, lists and revokes an account, naming it so the operator can check it is the one meant', async () => {
    await signUpAda();
    const granted = await admin(['grant', 'Ada@Example.com']);
    expect(granted.exitCode).toBe(0);
    expect(granted.output).toMatch(
      /^ada@example\.com \(Ada; account created \d{4}-\d\d-\d\dT[\d:.]+Z, signs in with a password\) is now an admin\.\n$/,
    );
    expect((await admin(['grant', 'ada@example.com'])).output).toMatch(/was already an admin\.\n$/);
    expect((await admin(['list'])).output).toMatch(/^ada@example\.com \(Ada; .*\)\n$/);
    expect((await admin(['revoke', 'ada@example.com'])).output).toMatch(/is now a plain user\.\n$/);
    expect((await admin(['list'])).output).toMatch(/^No admins yet/);
  });

  it('prints its usage with exit 2 for anything but grant <email>, revoke <email> or list', async () => {
    for (const args of [
      [],
      ['grant'],
      ['grant', 'ada'],
      ['revoke', 'a@b.c', 'd@e.f'],
      ['list', 'a@b.c'],
      ['make', 'a@b.c'],
    ]) {
      const run = await admin(args);
      expect({ args, exitCode: run.exitCode }).toEqual({ args, exitCode: 2 });
      expect(run.errorOutput).toMatch(/^usage: drawbridge admin grant <email>/);
    }
    expect(existsSync(database)).toBe(false);
  });

  it('names every wrong setting and touches no database', async () => {
    const run = await admin(['list'], { DRAWBRIDGE_DB: database, DRAWBRIDGE_DATABASE_URL: 'mysql://db/app' });
    expect(run.exitCode).toBe(1);
    expect(run.errorOutput).toMatch(/^drawbridge admin: DRAWBRIDGE_DATABASE_URL must be a PostgreSQL URL/);
    expect(existsSync(database)).toBe(false);
  });
});
