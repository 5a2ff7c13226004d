export * from './dashboard-control-tool.ts';
export * from './list-metrics-tool.ts';
export * from './metric-chart-tool.ts';
