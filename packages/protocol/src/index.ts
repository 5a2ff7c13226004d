export * from './widget-chunk.ts';
