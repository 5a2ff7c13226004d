/**
 * The sandboxed widget frame: its bootstrap document, its runtime's files, its content security policy and the standalone export.
 *
 * @module @drawbridge/frame
 */

export * from './conversation-html.ts';
export * from './frame-assets.ts';
export * from './frame-document.ts';
export * from './frame-policy.ts';
export * from './kit/kit-stylesheet.ts';
export * from './markup-depth-gauge.ts';
export * from './mcp-app-view-document.ts';
export * from './standalone-html.ts';
export * from './widget-size-budget.ts';
