export * from './dashboard-control.ts';
export * from './dashboard-time-range.ts';
export * from './dashboard-tool-definitions.ts';
