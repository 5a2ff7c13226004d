/** A conversation; its title comes from the first user message unless it was named explicitly. */
export interface ThreadRecord {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

/** A generated widget as it was streamed: the three channels plus whether `@@END@@` arrived. */
export interface StoredWidget {
  id: string;
  height: number | null;
  css: string;
  html: string;
  js: string;
  complete: boolean;
}

/** One transcript entry; `render` marks the carrier message of a typed render tool call. */
export interface StoredMessage {
  id: string;
  threadId: string;
  role: 'user' | 'assistant' | 'tool';
  content: string;
  createdAt: string;
  widget?: StoredWidget;
  toolCallId?: string;
  render?: { tool: string; args: unknown };
}

/** One agent run, for usage accounting and the dashboard. */
export interface RunRecord {
  id: string;
  threadId: string;
  model: string;
  startedAt: string;
  finishedAt: string | null;
  status: 'running' | 'finished' | 'error' | 'aborted';
  inputTokens: number | null;
  outputTokens: number | null;
  error: string | null;
}

/** Persistence of threads, messages, widgets and runs; asynchronous so a networked database can follow. */
export interface Store {
  createThread(input: { id?: string; title?: string }): Promise<ThreadRecord>;
  getThread(id: string): Promise<ThreadRecord | undefined>;
  /** Newest updated first. */
  listThreads(): Promise<ThreadRecord[]>;
  renameThread(id: string, title: string): Promise<void>;
  /** Removes the thread with its messages, widgets and runs; false when it did not exist. */
  deleteThread(id: string): Promise<boolean>;
  appendMessage(input: Omit<StoredMessage, 'createdAt'> & { createdAt?: string }): Promise<StoredMessage>;
  updateMessage(id: string, patch: { content?: string; widget?: StoredWidget }): Promise<void>;
  /** Oldest first, in the order they were appended. */
  listMessages(threadId: string): Promise<StoredMessage[]>;
  /** The newest message of the thread, without reading the rest. */
  lastMessage(threadId: string): Promise<StoredMessage | undefined>;
  getWidget(threadId: string, widgetId: string): Promise<StoredWidget | undefined>;
  startRun(input: { id: string; threadId: string; model: string }): Promise<void>;
  finishRun(
    id: string,
    outcome: { status: RunRecord['status']; inputTokens?: number; outputTokens?: number; error?: string },
  ): Promise<void>;
  /** Runs whose start lies within `[since, until]` (ISO times), oldest first. */
  listRuns(filter?: { since?: string; until?: string }): Promise<RunRecord[]>;
  close(): Promise<void>;
}

export { defaultDatabasePath } from './default-database-path.ts';
export { openSqliteStore } from './open-sqlite-store.ts';
