export type { DatabaseDialect } from './database-dialect.ts';
export { type DatabaseLocation, describeDatabaseLocation } from './database-location.ts';
export { DatabaseMigrationError } from './database-migration-error.ts';
export { DatabaseUnavailableError } from './database-unavailable-error.ts';
export { localUserId } from './local-user-id.ts';
export { type OpenedDatabase, openDatabase } from './open-database.ts';
export { openKyselyStore } from './open-kysely-store.ts';
export { openSqliteStore } from './open-sqlite-store.ts';
export { openStorage, type Storage } from './open-storage.ts';
export { RunIdTakenError } from './run-id-taken-error.ts';
export { RunInProgressError } from './run-in-progress-error.ts';
export type {
  AttachmentClaim,
  RunLease,
  RunRecord,
  RunStatus,
  Store,
  StoredAttachmentFile,
  StoredMessage,
  StoredWidget,
  ThreadRecord,
} from './store.ts';
export { ThreadNotFoundError } from './thread-not-found-error.ts';
export { maximumThreadTitleLength, threadTitleFromText, untitledThreadTitle } from './thread-title.ts';
