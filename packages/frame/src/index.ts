export * from './frame-assets.ts';
export * from './frame-document.ts';
export * from './frame-policy.ts';
export * from './standalone-html.ts';
