import type {
  Attachment,
  AttachmentMediaType,
  FormAnswers,
  GeneratedWidget,
  MessageBranch,
  ReplyDetails,
  ReplySegment,
  Share,
  StoredWidgetState,
  ThreadKind,
} from '@drawbridge/protocol';

/** A conversation; its title comes from the first user message unless it was named explicitly. */
export interface ThreadRecord {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  /** The owner: the local user until an auth mode assigns real ones; `null` for a thread nobody owns. */
  userId: string | null;
  /** Whose conversation it is: the chat list shows `chat` threads, the dashboard's panel its `dashboard` one. */
  kind: ThreadKind;
  /** The model id the chat was set to (`setThreadModel`); `null` runs the server's default model. */
  model: string | null;
  /** When the chat was pinned to the top of the list (`placeThread`); `null`: not pinned. */
  pinnedAt: string | null;
  /** When the chat was archived out of the list (`placeThread`); `null`: listed. */
  archivedAt: string | null;
}

/** A generated widget as it was streamed; the shape is the protocol's, shared with the browser. */
export type StoredWidget = GeneratedWidget;

/**
 * One transcript entry; `render` marks the carrier message of a typed render tool call, `formAnswers` a user
 * message sent from a typed form.
 */
export interface StoredMessage {
  id: string;
  threadId: string;
  role: 'user' | 'assistant' | 'tool';
  content: string;
  createdAt: string;
  widget?: StoredWidget;
  toolCallId?: string;
  render?: { tool: string; args: unknown };
  formAnswers?: FormAnswers;
  /** On a user message: the files it carried, in order; their bytes are in the attachment store. */
  attachments?: Attachment[];
  /** On the last stored message of a reply whose run ended: the model and its token counts. */
  reply?: ReplyDetails;
}

/** A chat that matches a search, with the words around the first match in one of its messages. */
export interface ThreadSearchMatch {
  thread: ThreadRecord;
  /** `null` when only the title matched. */
  snippet: string | null;
}

/** How rewinding a thread to one of its user messages ended. */
export type RewindOutcome =
  | { rewound: true; text: string }
  | { rewound: false; code: 'thread_not_found' | 'turn_not_found' };

/** How showing another version of a message ended. */
export type BranchSelection =
  | { selected: true }
  | { selected: false; code: 'thread_not_found' | 'turn_not_found' | 'branch_not_found' };

/** Where a run is: `running` until it ends one of four ways. */
export type RunStatus = 'running' | 'finished' | 'error' | 'cancelled' | 'interrupted';

/** One agent run, for usage accounting, the dashboard and recovery after a crash. */
export interface RunRecord {
  id: string;
  threadId: string;
  model: string;
  status: RunStatus;
  startedAt: string;
  /** When it stopped being `running`; `null` while it runs and for a run nobody saw end. */
  endedAt: string | null;
  /** The server instance that executes it (and renews its lease), when it holds one. */
  instanceId: string | null;
  /** Until when the instance's claim holds; past it, any instance may mark the run `interrupted`. */
  leaseExpiresAt: string | null;
  inputTokens: number | null;
  /** The part of `inputTokens` the provider read from its prompt cache; `null` when it reported none. */
  cachedInputTokens: number | null;
  outputTokens: number | null;
  error: string | null;
}

/** An instance's claim on a running run, as ISO time. */
export interface RunLease {
  runId: string;
  instanceId: string;
  expiresAt: string;
}

/** How a run ended, as its record keeps it. */
export interface RunOutcome {
  status: Exclude<RunStatus, 'running'>;
  inputTokens?: number;
  cachedInputTokens?: number;
  outputTokens?: number;
  error?: string;
}

/** A call a run ended waiting on, for the client to answer in its next run. */
export interface WaitingToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/**
 * A reply to store as far as it got: its segments (`replySegments`, each rewritten, or appended when it is
 * not stored yet), then a carrier for each call it ended waiting on (the call's name and arguments under its
 * id, so the client's answer finds it), with `details` on the last message of all.
 */
export interface ReplyWrite {
  threadId: string;
  segments: readonly ReplySegment[];
  waitingCalls?: readonly WaitingToolCall[];
  details?: ReplyDetails;
}

/** Consecutive events of one run, from `firstSeq` on, each as its JSON text: stored together by one commit. */
export interface RunEventBatch {
  runId: string;
  /** The run's key in the store, as a commit named it (`runKeys`); looked up from `runId` when absent. */
  runKey?: number;
  firstSeq: number;
  events: readonly string[];
}

/** What a run's end stores in the same transaction as its final event. */
export interface RunEnding {
  runId: string;
  /** Closes the run record; absent when something else closed it (the sweep that interrupted it). */
  outcome?: RunOutcome;
  /** The reply as far as it got. */
  reply?: ReplyWrite;
}

/** One stored event of a run: its seq and its value as stored (the caller validates it). */
export interface StoredRunEvent {
  seq: number;
  event: unknown;
}

/** A stored file with its bytes. */
export interface StoredAttachmentFile {
  attachment: Attachment;
  data: Uint8Array;
}

/** How claiming uploaded files for a message ended: all of them, or the first id that is not the user's to send. */
export type AttachmentClaim =
  | { claimed: true; attachments: Attachment[] }
  | { claimed: false; missingId: string };

/** Persistence of threads, messages, widgets and runs; asynchronous so a networked database can follow. */
export interface Store {
  /** `userId` defaults to the local user, `kind` to `chat`. */
  createThread(input: {
    id?: string;
    title?: string;
    userId?: string | null;
    kind?: ThreadKind;
    /** The model the chat runs (an id the caller checked); absent, the server's default. */
    model?: string;
  }): Promise<ThreadRecord>;
  getThread(id: string): Promise<ThreadRecord | undefined>;
  /**
   * Newest updated first; with `userId`, only that user's threads; with `kind`, only threads of that kind; with
   * `archived`, only the archived (`true`) or only the listed (`false`) ones.
   */
  listThreads(filter?: { userId?: string; kind?: ThreadKind; archived?: boolean }): Promise<ThreadRecord[]>;
  renameThread(id: string, title: string): Promise<void>;
  /** Sets the model the chat runs (an id the caller checked), or `null` for the server's default. */
  setThreadModel(id: string, model: string | null): Promise<void>;
  /**
   * Pins or unpins a chat, archives or unarchives it, without moving it in time (its `updatedAt` stays); pinning
   * a pinned chat keeps when it was first pinned, and the same for archiving. The two are independent: an
   * archived chat that was pinned is pinned again once unarchived.
   */
  placeThread(id: string, placement: { pinned?: boolean; archived?: boolean }): Promise<void>;
  /**
   * Threads of `kind` (default `chat`) whose title or user/assistant message text contains `query`
   * (case-insensitive, no wildcards), newest updated first, at most `limit`; with `userId`, only that user's;
   * with `archived`, only the archived (`true`) or only the listed (`false`) ones.
   */
  searchThreads(input: {
    query: string;
    limit: number;
    kind?: ThreadKind;
    userId?: string;
    archived?: boolean;
  }): Promise<ThreadSearchMatch[]>;
  /**
   * Makes the thread show a branch ending with the `turn`-th user message of the branch it shows (from 0):
   * that message itself (for its reply to be made again), or with `content` a new version of it with that
   * text, after the message the old version followed. Nothing is deleted: what followed stays, on the branch
   * the thread no longer shows. One transaction.
   */
  rewindThread(input: { threadId: string; turn: number; content?: string }): Promise<RewindOutcome>;
  /**
   * Shows version `index` (oldest first) of the `turn`-th user message of the shown branch (`side: 'user'`) or
   * of its reply (`side: 'reply'`), down to the newest message stored under that version. One transaction.
   */
  selectBranch(input: {
    threadId: string;
    turn: number;
    side: 'user' | 'reply';
    index: number;
  }): Promise<BranchSelection>;
  /** The messages of the shown branch that have other versions, and which of them each is. */
  messageBranches(threadId: string): Promise<ReadonlyMap<string, MessageBranch>>;
  /** Removes the thread with its messages, widgets and runs; false when it did not exist. */
  deleteThread(id: string): Promise<boolean>;
  /**
   * Stores a message at the end of its thread and moves the thread's time to now, except with `inProgress`:
   * the first write of a reply that still streams, whose last write moves it.
   */
  appendMessage(
    input: Omit<StoredMessage, 'createdAt'> & { createdAt?: string },
    options?: { inProgress?: boolean },
  ): Promise<StoredMessage>;
  /**
   * Rewrites a stored message as it grows (the prose so far, the widget so far) or as its carrier's view
   * speaks (`render`); a missing message is ignored. The thread's time moves to now, except with
   * `inProgress`: a reply stored while it still streams leaves that to its append and its last write.
   */
  updateMessage(
    id: string,
    patch: {
      content?: string;
      widget?: StoredWidget;
      reply?: ReplyDetails;
      render?: { tool: string; args: unknown };
    },
    options?: { inProgress?: boolean },
  ): Promise<void>;
  /** The messages of the branch the thread shows, oldest first (each after the one it follows). */
  listMessages(threadId: string): Promise<StoredMessage[]>;
  getWidget(threadId: string, widgetId: string): Promise<StoredWidget | undefined>;
  /**
   * Keeps what a widget set (`host.setState`, JSON text already checked against `widgetStateLimits`) for its
   * lineage, replacing what it kept before; answers when it was stored. `ThreadNotFoundError` for a thread gone.
   */
  setWidgetState(input: { threadId: string; lineageId: string; stateJson: string }): Promise<string>;
  /** What the thread's widgets keep, oldest change first. */
  listWidgetStates(threadId: string): Promise<StoredWidgetState[]>;
  /**
   * Records a `running` run, with its lease when given, and with `clientRunId` the id its client gave it, in
   * the same transaction. Throws `ThreadNotFoundError` for a missing thread, `RunInProgressError` when the
   * thread already has a running run (on any instance: the database decides) and `RunIdTakenError` when the
   * client run id already names another run of that user.
   */
  startRun(input: {
    id: string;
    threadId: string;
    model: string;
    lease?: Omit<RunLease, 'runId'>;
    clientRunId?: { userId: string; runId: string };
  }): Promise<void>;
  getRun(id: string): Promise<RunRecord | undefined>;
  /** The run that `userId`'s client started with `clientRunId` (its AG-UI `runId`), if any. */
  findRunByClientId(input: { userId: string; clientRunId: string }): Promise<RunRecord | undefined>;
  /** The thread's running run, if any. */
  runningRun(threadId: string): Promise<RunRecord | undefined>;
  /** Ends a running run and drops its lease; false when it was not running (already ended or interrupted). */
  finishRun(id: string, outcome: RunOutcome): Promise<boolean>;
  /**
   * Claims a running run for an instance: granted when nobody holds it, the same instance does, or the
   * holder's lease has expired by the store's clock. False when refused or the run is not running.
   */
  leaseRun(lease: RunLease): Promise<boolean>;
  /** Extends the holder's lease; false when the run is no longer running or another instance holds it. */
  renewLease(lease: RunLease): Promise<boolean>;
  /** Marks every running run whose lease expired before `now` (ISO) `interrupted`; returns those runs. */
  interruptExpiredRuns(input: { now: string }): Promise<RunRecord[]>;
  /**
   * Running runs whose recorded lease expired before `now` (ISO), changing nothing: with leases on Redis the
   * record keeps only the lease a run started with, so these are the runs whose Redis lease must be checked.
   */
  runsWithExpiredLeases(input: { now: string }): Promise<RunRecord[]>;
  /** Marks `interrupted` those of `runIds` still running (one conditional update, so once); returns them. */
  interruptRuns(input: { runIds: readonly string[]; now: string }): Promise<RunRecord[]>;
  /**
   * Marks every running run `interrupted`, leases or not; returns those runs. For a single instance starting
   * up, when no other instance can be executing them.
   */
  interruptRunningRuns(input: { now: string }): Promise<RunRecord[]>;
  /** Runs whose start lies within `[since, until]` (ISO times), oldest first; with `userId`, of that user's threads. */
  listRuns(filter?: { since?: string; until?: string; userId?: string }): Promise<RunRecord[]>;
  /**
   * Tokens (input + output) of the user's runs that started at or after `since` (ISO), and when the oldest
   * of them started (`null` without any): what a per-day token budget is checked against.
   */
  tokenUsage(filter: {
    userId: string;
    since: string;
  }): Promise<{ tokens: number; oldestRunStartedAt: string | null }>;
  /** Deletes the records of runs that ended before `before` (ISO); running runs stay. Returns how many. */
  pruneEndedRuns(input: { before: string }): Promise<number>;
  /**
   * Stores a reply as far as it got (`ReplyWrite`), in one transaction; the thread's time moves to now, except
   * with `inProgress` (the reply so far, stored before a tool call is announced).
   */
  writeReply(reply: ReplyWrite, options?: { inProgress?: boolean }): Promise<void>;
  /**
   * Stores the batches of run events and the endings of the runs they end, all in one transaction: what one
   * tick of every running run produced. A batch whose first seq is already stored is left out (a run swept
   * as abandoned while its instance was only slow keeps the end the sweep gave it), and so is one of a run
   * without a record (its thread was deleted). Each ending is written in a savepoint of its own: one that
   * fails (its thread was deleted mid-run) is rolled back alone and named in `failedEndings`, and every event
   * is still stored. `runKeys` names the key of each run whose batch came without one, for the next commits.
   */
  commitRunEvents(input: {
    batches: readonly RunEventBatch[];
    endings?: readonly RunEnding[];
  }): Promise<{ failedEndings: { runId: string; error: unknown }[]; runKeys: ReadonlyMap<string, number> }>;
  /** A run's stored events with a seq above `after`, in order. */
  readRunEvents(input: { runId: string; after: number }): Promise<StoredRunEvent[]>;
  /** Whether any event of the run is stored. */
  hasRunEvents(runId: string): Promise<boolean>;
  /**
   * Deletes the events of runs that ended before `before` (ISO), and of runs whose record is gone; a running
   * run's stay. Returns how many runs' events went.
   */
  pruneRunEvents(input: { before: string }): Promise<number>;
  /** Stores a file a user uploaded, not yet sent with any message. */
  saveAttachment(input: {
    userId: string;
    name: string;
    mediaType: AttachmentMediaType;
    data: Uint8Array;
  }): Promise<Attachment>;
  /** The file with its bytes when `userId` owns it; `undefined` when it is missing or someone else's. */
  readAttachment(input: { id: string; userId: string }): Promise<StoredAttachmentFile | undefined>;
  /**
   * Gives the thread the user's files named by `ids` (each unsent or already the thread's), in that order; a
   * missing, foreign or other thread's file refuses them all and changes nothing.
   */
  claimAttachments(input: {
    ids: readonly string[];
    userId: string;
    threadId: string;
  }): Promise<AttachmentClaim>;
  /** The bytes of the given files of a thread, by id (ids it does not hold are left out). */
  readAttachmentData(input: { threadId: string; ids: readonly string[] }): Promise<Map<string, Uint8Array>>;
  /** Deletes files uploaded before `before` (ISO) that no message carried; returns how many. */
  pruneUnsentAttachments(input: { before: string }): Promise<number>;
  /**
   * Keeps a read-only link of `userId`'s: the digest of its token and a copy of what it shows (JSON text).
   * `ThreadNotFoundError` for a thread gone.
   */
  createShare(input: {
    userId: string;
    threadId: string;
    widgetId: string | null;
    title: string;
    tokenDigest: string;
    snapshotJson: string;
  }): Promise<Share>;
  /** The user's links, newest first; with `threadId`, only that chat's. */
  listShares(filter: { userId: string; threadId?: string }): Promise<Share[]>;
  /** Revokes a link; false when the user has no link with that id (another user's included). */
  deleteShare(input: { id: string; userId: string }): Promise<boolean>;
  /** The link whose token has this digest, with its owner and what it shows; `undefined` for none (or revoked). */
  findShare(tokenDigest: string): Promise<{ share: Share; userId: string; snapshotJson: string } | undefined>;
  close(): Promise<void>;
}
