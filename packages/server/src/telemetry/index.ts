export * from './open-kysely-telemetry.ts';
export * from './open-sqlite-telemetry.ts';
export * from './telemetry-store.ts';
export * from './widget-event.ts';
