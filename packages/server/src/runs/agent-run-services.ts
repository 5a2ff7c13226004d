import type { AgentModel } from '../agent/run-agent.ts';
import type { AuditLog } from '../governance/audit-log.ts';
import type { CallLimits } from '../governance/call-limits.ts';
import type { ErrorLogger } from '../http/error-handler.ts';
import type { Store } from '../store/store.ts';

/** What every agent run of the app shares: storage, the model, governance, clock, ids and error reporting. */
export interface AgentRunServices {
  store: Store;
  /** The default model: a thread that was set to none (or to one no longer configured) runs it. */
  model: AgentModel;
  /** Every model a thread or a run may name, the default among them; default: only `model`. */
  models?: readonly AgentModel[];
  /** Where every tool call's audit record goes. */
  auditLog: AuditLog;
  callLimits: CallLimits;
  clock: () => Date;
  ids: () => string;
  logError: ErrorLogger;
}
