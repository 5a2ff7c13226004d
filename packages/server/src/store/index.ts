export { defaultDatabasePath } from './default-database-path.ts';
export { openSqliteStore } from './open-sqlite-store.ts';
export type { RunRecord, Store, StoredMessage, StoredWidget, ThreadRecord } from './store.ts';
export { ThreadNotFoundError } from './thread-not-found-error.ts';
export { maximumThreadTitleLength, threadTitleFromText, untitledThreadTitle } from './thread-title.ts';
