import { describe, expect, it } from 'vitest';
import { DatabaseConfigError } from './database-config-error.ts';
import { databaseLocationFromEnvironment, describeDatabaseLocation } from './database-location.ts';

describe('databaseLocationFromEnvironment', () => {
  it('uses the SQLite file unless a PostgreSQL URL is set', () => {
    expect(databaseLocationFromEnvironment({})).toEqual({ dialect: 'sqlite', path: './data/drawbridge.db' });
    expect(
      databaseLocationFromEnvironment({ DRAWBRIDGE_DB: '/var/db.sqlite', DRAWBRIDGE_DATABASE_URL: ' ' }),
    ).toEqual({
      dialect: 'sqlite',
      path: '/var/db.sqlite',
    });
    for (const url of ['postgres://u:p@db:5432/app', 'postgresql://db/app', 'POSTGRES://db/app']) {
      expect(databaseLocationFromEnvironment({ DRAWBRIDGE_DATABASE_URL: url })).toEqual({
        dialect: 'postgres',
        url,
      });
    }
  });

  it('refuses a URL of another kind with the fix in the message', () => {
    for (const url of ['mysql://db/app', 'sqlite:./data/x.db', './data/x.db']) {
      expect(() => databaseLocationFromEnvironment({ DRAWBRIDGE_DATABASE_URL: url })).toThrow(
        DatabaseConfigError,
      );
    }
    expect(() => databaseLocationFromEnvironment({ DRAWBRIDGE_DATABASE_URL: 'mysql://x' })).toThrow(
      /must be a PostgreSQL URL/,
    );
  });
});

describe('describeDatabaseLocation', () => {
  it('names the server and database, never the password', () => {
    expect(
      describeDatabaseLocation({ dialect: 'postgres', url: 'postgres://app:hunter2@db.internal:6543/chat' }),
    ).toBe('PostgreSQL db.internal:6543/chat');
    expect(
      describeDatabaseLocation({ dialect: 'postgres', url: 'postgres://app:hunter2@[bad' }),
    ).not.toContain('hunter2');
    expect(describeDatabaseLocation({ dialect: 'sqlite', path: ':memory:' })).toBe('SQLite :memory:');
  });
});
