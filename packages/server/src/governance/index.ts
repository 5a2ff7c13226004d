export * from './arguments-digest.ts';
export * from './audit-log.ts';
export * from './call-limits.ts';
export * from './govern-tools.ts';
