export * from './frame-assets.ts';
export * from './frame-document.ts';
export * from './frame-policy.ts';
export * from './kit/kit-stylesheet.ts';
export * from './markup-depth-gauge.ts';
export * from './mcp-app-view-document.ts';
export * from './standalone-html.ts';
export * from './widget-size-budget.ts';
