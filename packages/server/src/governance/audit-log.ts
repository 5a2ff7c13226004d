/** How one tool call ended, as far as governance is concerned. */
export type AuditOutcome = 'ok' | 'error' | 'refused';

/** One line of the audit trail: every tool call, allowed or refused, leaves exactly one. */
export interface AuditEntry {
  id: string;
  at: string;
  /** Which agent asked: the active skill's name. */
  actor: string;
  threadId: string;
  runId: string;
  toolCallId: string;
  tool: string;
  /** SHA-256 of the canonical JSON of the arguments: proves what was asked without storing it. */
  argumentsDigest: string;
  outcome: AuditOutcome;
  /** Why it was refused or failed (`not_granted`, `invalid_arguments`, `limit_exceeded`, or the tool's error). */
  reason: string | null;
  durationMs: number;
}

/** Filters for reading the trail back (the dashboard's audit page). */
export interface AuditQuery {
  since?: string;
  until?: string;
  tool?: string;
  outcome?: AuditOutcome;
  threadId?: string;
  /** Only the calls in this user's threads. */
  userId?: string;
  limit?: number;
}

/** Where audit entries go; SQLite in the server, memory in tests. */
export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  query(filter?: AuditQuery): Promise<AuditEntry[]>;
}

/** Keeps entries in memory, newest first on query; for tests and the console chat. */
export class InMemoryAuditLog implements AuditLog {
  readonly #entries: AuditEntry[] = [];

  async append(entry: AuditEntry): Promise<void> {
    this.#entries.push(entry);
  }

  async query(filter: AuditQuery = {}): Promise<AuditEntry[]> {
    return this.#entries
      .filter((entry) => matchesAuditQuery(entry, filter))
      .reverse()
      .slice(0, filter.limit ?? 500);
  }
}

/** What a query selects, as a predicate; the SQLite log is tested to answer exactly the same. */
export function matchesAuditQuery(entry: AuditEntry, filter: AuditQuery): boolean {
  return (
    (filter.since === undefined || entry.at >= filter.since) &&
    (filter.until === undefined || entry.at <= filter.until) &&
    (filter.tool === undefined || entry.tool === filter.tool) &&
    (filter.outcome === undefined || entry.outcome === filter.outcome) &&
    (filter.threadId === undefined || entry.threadId === filter.threadId) &&
    // A log in memory knows no thread owners: a query for one user's calls finds none rather than everyone's.
    filter.userId === undefined
  );
}
