/**
 * The isomorphic contracts of Drawbridge: the widget stream parser, the run events, the reply reducer, the codecs, the render-tool and A2UI definitions and the API schemas.
 *
 * @module @drawbridge/protocol
 */

export * from './a2ui/index.ts';
export * from './activities/index.ts';
export * from './api/index.ts';
export * from './codecs/index.ts';
export * from './dashboard/index.ts';
export * from './drawbridge-error.ts';
export * from './drawbridge-events.ts';
export * from './frame-messages.ts';
export * from './generated-widget.ts';
export * from './render-tools/index.ts';
export * from './reply/index.ts';
export * from './run-events.ts';
export * from './seeded-random.ts';
export * from './widget-chunk.ts';
export * from './widget-edit/apply-search-replace.ts';
export * from './widget-edit/apply-widget-hunk.ts';
export * from './widget-edit/widget-lineages.ts';
export * from './widget-height.ts';
export * from './widget-limits.ts';
export * from './widget-refusal.ts';
export * from './widget-stream-parser.ts';
export * from './widget-title.ts';
