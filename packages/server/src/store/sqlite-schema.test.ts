import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrateSchema, readSchemaVersion, sqliteMigrations } from './sqlite-schema.ts';

describe('migrateSchema', () => {
  it('applies every migration once and records the version', () => {
    const database = new DatabaseSync(':memory:');
    migrateSchema(database);
    expect(readSchemaVersion(database)).toBe(sqliteMigrations.length);
    migrateSchema(database);
    expect(readSchemaVersion(database)).toBe(sqliteMigrations.length);
    const tables = database
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((row) => row.name);
    expect(tables).toEqual(['messages', 'runs', 'threads', 'widgets']);
    database.close();
  });

  it('applies only the migrations a database has not seen', () => {
    const database = new DatabaseSync(':memory:');
    migrateSchema(database, ['CREATE TABLE a (x)']);
    migrateSchema(database, ['CREATE TABLE a (x)', 'CREATE TABLE b (y)']);
    expect(readSchemaVersion(database)).toBe(2);
    database.close();
  });

  it('rolls back a failing migration and leaves the version unchanged', () => {
    const database = new DatabaseSync(':memory:');
    expect(() => migrateSchema(database, ['CREATE TABLE a (x); CREATE TABLE broken ('])).toThrow();
    expect(readSchemaVersion(database)).toBe(0);
    expect(database.prepare("SELECT name FROM sqlite_master WHERE name = 'a'").get()).toBeUndefined();
    database.close();
  });

  it('refuses a database written by a newer build', () => {
    const database = new DatabaseSync(':memory:');
    database.exec('PRAGMA user_version = 99');
    expect(() => migrateSchema(database)).toThrow(/newer/);
    database.close();
  });
});
