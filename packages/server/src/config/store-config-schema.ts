import { z } from 'zod';
import type { DatabaseLocation } from '../store/database-location.ts';
import { someText, wholeNumber } from './setting-schemas.ts';

/** The SQLite file used when no PostgreSQL URL is set. */
export const defaultSqlitePath = './data/drawbridge.db';

/** Where the tables live, and how long operational records are kept. */
export const storeConfigSchema = z
  .strictObject({
    /** `DRAWBRIDGE_DB`: the SQLite file (or `:memory:`); ignored when `databaseUrl` is set. */
    sqlitePath: someText('the path of a SQLite file').default(defaultSqlitePath),
    /** `DRAWBRIDGE_DATABASE_URL`: `postgres://…` (or `postgresql://…`) puts every table on PostgreSQL instead. */
    databaseUrl: someText('a PostgreSQL URL')
      .refine((url) => /^postgres(ql)?:\/\//i.test(url), {
        error:
          '{} must be a PostgreSQL URL (postgres://user:password@host:5432/database); leave it unset to use ' +
          `the SQLite file at {store.sqlitePath} (default ${defaultSqlitePath})`,
      })
      .optional(),
    /** `DRAWBRIDGE_RETENTION_DAYS`: run, audit and widget-event records older than this are deleted; 0 keeps all. */
    retentionDays: wholeNumber({ expects: 'a whole number of days, 0 to keep everything' }).default(30),
  })
  .transform(
    ({ sqlitePath, databaseUrl, retentionDays }): { location: DatabaseLocation; retentionDays: number } => ({
      location:
        databaseUrl === undefined
          ? { dialect: 'sqlite', path: sqlitePath }
          : { dialect: 'postgres', url: databaseUrl },
      retentionDays,
    }),
  );
