import type { AgentModel } from '../agent/run-agent.ts';
import type { AuditLog } from '../governance/audit-log.ts';
import type { CallLimits } from '../governance/call-limits.ts';
import type { ErrorLogger } from '../http/error-handler.ts';
import type { Store } from '../store/store.ts';

/** What every agent run of the app shares: storage, the model, governance, clock, ids and error reporting. */
export interface AgentRunServices {
  store: Store;
  model: AgentModel;
  /** Where every tool call's audit record goes. */
  auditLog: AuditLog;
  callLimits: CallLimits;
  clock: () => Date;
  ids: () => string;
  logError: ErrorLogger;
}
