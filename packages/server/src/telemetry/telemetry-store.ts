import type { AuditLog } from '../governance/audit-log.ts';
import type { WidgetEvent, WidgetEventInput } from './widget-event.ts';

/** Time window of a query, as ISO strings (inclusive). */
export interface TimeWindow {
  since: string;
  until: string;
}

/** Where the dashboard's own evidence lives: the audit trail and what frames reported. */
export interface TelemetryStore extends AuditLog {
  recordWidgetEvent(input: WidgetEventInput): Promise<WidgetEvent>;
  /** With `userId`, only the events of that user's threads. */
  listWidgetEvents(window: TimeWindow & { userId?: string }): Promise<WidgetEvent[]>;
  /** Deletes audit records and widget events older than `before` (ISO); returns how many of each. */
  pruneBefore(input: { before: string }): Promise<{ auditRecords: number; widgetEvents: number }>;
  close(): Promise<void>;
}
