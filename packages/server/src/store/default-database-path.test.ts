import { describe, expect, it } from 'vitest';
import { defaultDatabasePath } from './default-database-path.ts';

describe('defaultDatabasePath', () => {
  it('uses DRAWBRIDGE_DB when set', () => {
    expect(defaultDatabasePath({ DRAWBRIDGE_DB: '/var/lib/drawbridge/db.sqlite' })).toBe(
      '/var/lib/drawbridge/db.sqlite',
    );
  });

  it('falls back to ./data/drawbridge.db when unset or blank', () => {
    expect(defaultDatabasePath({})).toBe('./data/drawbridge.db');
    expect(defaultDatabasePath({ DRAWBRIDGE_DB: '  ' })).toBe('./data/drawbridge.db');
  });
});
