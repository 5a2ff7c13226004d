export * from './codecs/index.ts';
export * from './dashboard/index.ts';
export * from './frame-messages.ts';
export * from './render-tools/index.ts';
export * from './run-events.ts';
export * from './seeded-random.ts';
export * from './widget-chunk.ts';
export * from './widget-stream-parser.ts';
