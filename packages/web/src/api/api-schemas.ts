/**
 * The chat's names for the API's wire types. The schemas live once in `@drawbridge/protocol` (the server's
 * route tests and this app's parsing share them); this file only keeps the names its importers use.
 */
export type { HealthResponse, StoredMessage, ThreadSummary } from '@drawbridge/protocol';
