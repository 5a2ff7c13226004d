export * from './create-render-tool.ts';
export * from './render-tools.ts';
