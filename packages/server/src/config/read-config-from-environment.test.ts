import { describe, expect, it } from 'vitest';
import { defaultSkillsDirectory } from '../agents/build-agent-profiles.ts';
import { loopbackHostNames } from '../http/request-guard/host-allowlist.ts';
import { readConfigFromEnvironment } from './read-config-from-environment.ts';
import { configFromEnvironment, configProblemsOf } from './testing/config-from-environment.ts';

describe('readConfigFromEnvironment', () => {
  it('applies every default to an empty environment', () => {
    expect(configFromEnvironment({})).toEqual({
      server: {
        port: 8787,
        host: '127.0.0.1',
        allowedHosts: loopbackHostNames,
        shutdownGraceMs: 25_000,
      },
      model: { kind: 'demo', pace: undefined },
      store: { location: { dialect: 'sqlite', path: './data/drawbridge.db' }, retentionDays: 30 },
      redis: {},
      runs: {
        timeoutMs: 600_000,
        leaseMs: 15_000,
        toolTimeoutMs: 60_000,
        forbidCode: false,
        autoRepair: false,
        trustedLinkHosts: [],
      },
      auth: { mode: 'local', limits: { runsPerMinute: 0, tokensPerDay: 0 } },
      mcp: { sandboxPort: 0, allowedOrigins: [] },
      skills: { directory: defaultSkillsDirectory },
      eval: { chromiumPath: '/usr/bin/chromium' },
    });
  });

  it('takes an empty or blank variable for unset', () => {
    const blank = configFromEnvironment({
      PORT: '',
      HOST: ' ',
      DRAWBRIDGE_DB: '  ',
      DRAWBRIDGE_DATABASE_URL: ' ',
      DRAWBRIDGE_ALLOWED_HOSTS: ' , ',
      DRAWBRIDGE_RETENTION_DAYS: ' ',
    });
    expect(blank).toEqual(configFromEnvironment({}));
  });

  it('reads each variable into its setting', () => {
    const config = configFromEnvironment({
      PORT: '9000',
      HOST: 'localhost',
      DRAWBRIDGE_ALLOWED_HOSTS: ' Chat.Example.com , chat.internal:8443',
      DRAWBRIDGE_MAX_CONNECTIONS: '250',
      DRAWBRIDGE_SHUTDOWN_GRACE_MS: '0',
      DRAWBRIDGE_DB: '/var/lib/drawbridge/db.sqlite',
      DRAWBRIDGE_RETENTION_DAYS: '7',
      DRAWBRIDGE_REDIS_URL: 'rediss://:pw@cache:6380/0',
      DRAWBRIDGE_RUN_TIMEOUT_MS: '1000',
      DRAWBRIDGE_RUN_LEASE_MS: '3000',
      DRAWBRIDGE_TOOL_TIMEOUT_MS: '5000',
      DRAWBRIDGE_AUTO_REPAIR: '1',
      DRAWBRIDGE_MCP_CONFIG: '/etc/drawbridge/mcp.json',
      DRAWBRIDGE_SANDBOX_PORT: '8788',
      DRAWBRIDGE_SANDBOX_ORIGIN: 'https://sandbox.example.com',
      DRAWBRIDGE_MCP_ALLOWED_ORIGINS: 'https://Host.example.com, http://127.0.0.1:5173',
      DRAWBRIDGE_SKILLS_DIR: '/srv/skills',
      CHROMIUM_PATH: '/opt/chromium',
    });
    expect(config).toMatchObject({
      server: {
        port: 9000,
        host: 'localhost',
        allowedHosts: ['chat.example.com', 'chat.internal:8443'],
        maxConnections: 250,
        shutdownGraceMs: 0,
      },
      store: { location: { dialect: 'sqlite', path: '/var/lib/drawbridge/db.sqlite' }, retentionDays: 7 },
      redis: { url: 'rediss://:pw@cache:6380/0' },
      runs: { timeoutMs: 1000, leaseMs: 3000, toolTimeoutMs: 5000, autoRepair: true },
      mcp: {
        configFile: '/etc/drawbridge/mcp.json',
        sandboxPort: 8788,
        sandboxOrigin: 'https://sandbox.example.com',
        allowedOrigins: ['https://host.example.com', 'http://127.0.0.1:5173'],
      },
      skills: { directory: '/srv/skills' },
      eval: { chromiumPath: '/opt/chromium' },
    });
    expect(configFromEnvironment({ DRAWBRIDGE_AUTO_REPAIR: '0' }).runs.autoRepair).toBe(false);
    expect(
      configFromEnvironment({ DRAWBRIDGE_TRUSTED_LINK_HOSTS: 'Docs.Example.com, *.wikipedia.org' }).runs
        .trustedLinkHosts,
    ).toEqual(['docs.example.com', '*.wikipedia.org']);
  });

  it('puts every table on PostgreSQL for a postgres URL, whatever DRAWBRIDGE_DB says', () => {
    for (const url of ['postgres://u:p@db:5432/app', 'postgresql://db/app', 'POSTGRES://db/app']) {
      expect(
        configFromEnvironment({ DRAWBRIDGE_DATABASE_URL: url, DRAWBRIDGE_DB: '/var/db.sqlite' }).store
          .location,
      ).toEqual({ dialect: 'postgres', url });
    }
  });

  it('refuses a database URL of another kind with the fix, never repeating the URL', () => {
    for (const url of ['mysql://app:hunter2@db/app', 'sqlite:./data/x.db', './data/x.db']) {
      expect(configProblemsOf({ DRAWBRIDGE_DATABASE_URL: url })).toEqual([
        {
          setting: 'DRAWBRIDGE_DATABASE_URL',
          message:
            'DRAWBRIDGE_DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database); ' +
            'leave it unset to use the SQLite file at DRAWBRIDGE_DB (default ./data/drawbridge.db).',
        },
      ]);
    }
  });

  const wrongValues: [variable: string, value: string, expects: string][] = [
    ['PORT', 'abc', 'a whole number from 0 to 65535'],
    ['PORT', '70000', 'a whole number from 0 to 65535'],
    ['PORT', '1.5', 'a whole number from 0 to 65535'],
    ['DRAWBRIDGE_SANDBOX_PORT', '-1', 'a whole number from 0 to 65535'],
    ['DRAWBRIDGE_MAX_CONNECTIONS', 'zero', 'a whole number above 0'],
    ['DRAWBRIDGE_MAX_CONNECTIONS', '0', 'a whole number above 0'],
    ['DRAWBRIDGE_SHUTDOWN_GRACE_MS', '-5', 'a whole number of milliseconds'],
    ['DRAWBRIDGE_RETENTION_DAYS', '-1', 'a whole number of days, 0 to keep everything'],
    ['DRAWBRIDGE_RETENTION_DAYS', '1.5', 'a whole number of days, 0 to keep everything'],
    ['DRAWBRIDGE_RETENTION_DAYS', 'forever', 'a whole number of days, 0 to keep everything'],
    ['DRAWBRIDGE_RUN_TIMEOUT_MS', '0', 'a whole number of milliseconds above 0'],
    ['DRAWBRIDGE_RUN_LEASE_MS', 'soon', 'a whole number of milliseconds above 0'],
    ['DRAWBRIDGE_TOOL_TIMEOUT_MS', '-1', 'a whole number of milliseconds above 0'],
    ['DRAWBRIDGE_TOKENS_PER_DAY', '1.5', 'a whole number, 0 for no limit'],
    ['DRAWBRIDGE_AUTO_REPAIR', 'yes', '1 (on) or 0 (off)'],
    [
      'DRAWBRIDGE_MCP_ALLOWED_ORIGINS',
      'https://host.example.com/app',
      'a list of origins such as https://host.example.com (scheme, host and port only)',
    ],
    [
      'DRAWBRIDGE_MCP_ALLOWED_ORIGINS',
      '*',
      'a list of origins such as https://host.example.com (scheme, host and port only)',
    ],
  ];
  for (const [variable, value, expects] of wrongValues) {
    it(`refuses ${variable}=${value} in one line naming it and what fits`, () => {
      expect(configProblemsOf({ [variable]: value })).toEqual([
        { setting: variable, message: `${variable} must be ${expects} (got "${value}").` },
      ]);
    });
  }

  it('refuses a Redis URL of another scheme without repeating it', () => {
    expect(configProblemsOf({ DRAWBRIDGE_REDIS_URL: 'http://:hunter2@cache:6379' })).toEqual([
      {
        setting: 'DRAWBRIDGE_REDIS_URL',
        message: 'DRAWBRIDGE_REDIS_URL must be a redis:// or rediss:// URL.',
      },
    ]);
  });

  it('lists every problem at once, one line each, in the order of the settings', () => {
    const result = readConfigFromEnvironment({
      PORT: 'eighty',
      HOST: '0.0.0.0',
      DRAWBRIDGE_MODEL: 'openai:gpt-4.1',
      DRAWBRIDGE_DATABASE_URL: 'mysql://db/app',
      DRAWBRIDGE_RUN_LEASE_MS: '0',
      DRAWBRIDGE_AUTH: 'accounts',
      DRAWBRIDGE_SANDBOX_PORT: 'x',
    });
    expect(result.success).toBe(false);
    const problems = result.success ? [] : result.problems;
    expect(problems.map((problem) => problem.setting)).toEqual([
      'PORT',
      'OPENAI_API_KEY',
      'DRAWBRIDGE_DATABASE_URL',
      'DRAWBRIDGE_RUN_LEASE_MS',
      'DRAWBRIDGE_AUTH_SECRET',
      'DRAWBRIDGE_PUBLIC_URL',
      'DRAWBRIDGE_SANDBOX_PORT',
    ]);
    for (const problem of problems) {
      expect(problem.message.startsWith(problem.setting)).toBe(true);
      expect(problem.message).not.toContain('\n');
    }
  });
});
