import type { ThreadKind } from '@drawbridge/protocol';
import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them, the same in SQLite and PostgreSQL. Times are ISO-8601 UTC text in both
 * dialects: `toISOString()` output sorts as text, so range filters and lease expiry compare directly and no
 * driver turns a column into a `Date` in one dialect and a string in the other.
 */
export interface DatabaseTables {
  threads: ThreadsTable;
  messages: MessagesTable;
  widgets: WidgetsTable;
  runs: RunsTable;
  client_run_ids: ClientRunIdsTable;
  run_events: RunEventsTable;
  attachments: AttachmentsTable;
  audit_log: AuditLogTable;
  widget_events: WidgetEventsTable;
  widget_states: WidgetStatesTable;
  shares: SharesTable;
  api_tokens: ApiTokensTable;
  auth_users: AuthUsersTable;
  auth_accounts: AuthAccountsTable;
}

export interface ThreadsTable {
  id: string;
  title: string;
  /** 1 once a title was chosen (by name or from the first user message); 0 while it is still "New chat". */
  is_titled: number;
  created_at: string;
  updated_at: string;
  /** The owner; `null` only for rows a future auth mode has not assigned. */
  user_id: string | null;
  /** Whose conversation it is; `chat` unless written otherwise. */
  kind: Generated<ThreadKind>;
  /** The model the chat was set to; `null` runs the server's default. */
  model: Generated<string | null>;
  /** The last message of the branch the thread shows; each new message is appended after it. */
  leaf_id: Generated<string | null>;
  /** When the chat was pinned to the top of the list; `null`: not pinned. */
  pinned_at: Generated<string | null>;
  /** When the chat was archived out of the list; `null`: listed. */
  archived_at: Generated<string | null>;
}

export interface MessagesTable {
  /** Insertion order, the order of the transcript (`created_at` may be supplied by the caller). */
  sequence: Generated<number>;
  id: string;
  thread_id: string;
  role: 'user' | 'assistant' | 'tool';
  content: string;
  created_at: string;
  tool_call_id: string | null;
  render_json: string | null;
  form_answers_json: string | null;
  /** `Attachment[]` as JSON: the files a user message carried. */
  attachments_json: string | null;
  /** Set on the last stored message of a reply when its run ended; `null` on every other message. */
  reply_model: string | null;
  reply_input_tokens: number | null;
  reply_cached_input_tokens: number | null;
  reply_output_tokens: number | null;
  /** The message before it in its branch (`null` for a thread's first): set from the thread's leaf on insert. */
  parent_id: Generated<string | null>;
}

export interface WidgetsTable {
  message_id: string;
  thread_id: string;
  widget_id: string;
  height: number | null;
  css: string;
  html: string;
  js: string;
  complete: number;
  /** `WidgetRevision` as JSON when an edit made this widget. */
  revision_json: string | null;
  /** `WidgetRefusal` as JSON when the server stopped this widget at a limit. */
  refusal_json: string | null;
}

export interface RunsTable {
  sequence: Generated<number>;
  id: string;
  thread_id: string;
  model: string;
  status: 'running' | 'finished' | 'error' | 'cancelled' | 'interrupted';
  started_at: string;
  ended_at: string | null;
  instance_id: string | null;
  lease_expires_at: string | null;
  input_tokens: number | null;
  /** The part of `input_tokens` read from the provider's prompt cache (version 15). */
  cached_input_tokens: number | null;
  output_tokens: number | null;
  error: string | null;
}

/** The `runId` a client sent with a run, unique among its user's runs (`user_id`, `client_run_id`). */
export interface ClientRunIdsTable {
  user_id: string;
  client_run_id: string;
  run_id: string;
}

/**
 * Consecutive events of one run, stored by one commit: `events` is their JSON array, `first_seq` to `last_seq`;
 * `run_key` is the run record's `sequence`.
 */
export interface RunEventsTable {
  run_key: number;
  first_seq: number;
  last_seq: number;
  events: string;
}

/** A file a user attached; `thread_id` once a message of that thread carried it. */
export interface AttachmentsTable {
  id: string;
  user_id: string;
  thread_id: string | null;
  name: string;
  media_type: string;
  size: number;
  /** `Uint8Array` from SQLite, `Buffer` (a `Uint8Array`) from PostgreSQL. */
  data: Uint8Array;
  created_at: string;
}

export interface AuditLogTable {
  sequence: Generated<number>;
  id: string;
  at: string;
  actor: string;
  thread_id: string;
  run_id: string;
  tool_call_id: string;
  tool: string;
  arguments_digest: string;
  outcome: 'ok' | 'error' | 'refused';
  reason: string | null;
  duration_ms: number;
}

export interface WidgetEventsTable {
  sequence: Generated<number>;
  id: string;
  at: string;
  thread_id: string;
  widget_id: string;
  kind: string;
  detail: string;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  /** The owner's name and email when the token was made: a proxy's users have no row of their own. */
  user_name: string;
  user_email: string | null;
  name: string;
  /** SHA-256 (hex) of the secret; the secret itself is shown once and never stored. */
  secret_digest: string;
  created_at: string;
}

/**
 * better-auth's users, as far as our own queries read them (the admin mark and who the account is). The
 * table is better-auth's, with its camelCase columns; better-auth writes it, we only set `isAdmin`.
 */
export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  /** A `Date` from PostgreSQL's `timestamptz`; what better-auth wrote (ISO text) in SQLite. */
  createdAt: Date | string;
  /** Boolean in PostgreSQL, 0/1 in SQLite. */
  isAdmin: boolean | number;
}

/** better-auth's linked sign-ins of a user, as far as our own queries read them. */
export interface AuthAccountsTable {
  id: string;
  userId: string;
  /** `credential` for a password, the OpenID Connect provider's id (`oidc`) otherwise. */
  providerId: string;
}

/** What a widget keeps (`host.setState`), per thread and widget lineage (the id of its first revision). */
export interface WidgetStatesTable {
  thread_id: string;
  lineage_id: string;
  state_json: string;
  updated_at: string;
}

/** A read-only link: the digest of its token and a copy of what it shows (`ShareSnapshot` as JSON). */
export interface SharesTable {
  id: string;
  user_id: string;
  thread_id: string;
  /** The widget revision it shows; `null` for the whole chat. */
  widget_id: string | null;
  title: string;
  /** SHA-256 (hex) of the token; the token itself is shown once and never stored. */
  token_digest: string;
  snapshot_json: string;
  created_at: string;
}
