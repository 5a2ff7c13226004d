export * from './activity-run-event-schemas.ts';
export * from './apply-json-patch.ts';
export * from './drawbridge-activities.ts';
export * from './widget-activity-changes.ts';
