import { describe, expect, it } from 'vitest';
import { describeDatabaseLocation } from './database-location.ts';

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
