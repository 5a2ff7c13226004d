export * from './dashboard-control.ts';
export * from './dashboard-time-range.ts';
