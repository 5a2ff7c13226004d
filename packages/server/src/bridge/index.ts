export * from './client-tool-bridge.ts';
export * from './in-memory-client-tool-bridge.ts';
