export * from './describe-schema-error.ts';
export * from './render-chart-schema.ts';
export * from './render-form-schema.ts';
export * from './render-image-schema.ts';
export * from './render-table-schema.ts';
export * from './render-tool-definitions.ts';
export * from './tool-result.ts';
