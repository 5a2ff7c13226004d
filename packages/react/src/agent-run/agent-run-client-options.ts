import type { AgentThreadKind, ThreadKind } from '@drawbridge/protocol';
import type { ToolCallHandler } from '../transcript/tool-call-hook.ts';
import type { AgentRunTransport } from './agent-run-transport.ts';
import type { Connectivity } from './connectivity.ts';
import type { LoadedThread } from './load-stored-thread.ts';

/**
 * How opening a thread ended; `superseded` means something newer (another thread, a run) took its place.
 * A thread that does not exist or is another user's is `missing` (the server does not say which); another
 * agent's thread is `elsewhere`, with its kind, and is not drawn.
 */
export type OpenThreadOutcome =
  | { status: 'opened' }
  | { status: 'superseded' }
  | { status: 'missing' }
  | { status: 'elsewhere'; kind: ThreadKind }
  | { status: 'failed'; message: string };

export interface AgentRunClientOptions<View> {
  /**
   * Where the Drawbridge server is mounted, as the browser reaches it (`/ai`, `https://host/ai`); default the
   * page's origin root. The default transport and thread loading use it.
   */
  baseUrl?: string;
  /** Creates the thread a first message goes to; its id is kept for the following runs. */
  createThread(): Promise<string>;
  /** Called once a first message created the thread. */
  onThreadCreated?(threadId: string): void;
  /**
   * Called when a run's first event arrives, the user's message stored by then (the chat lists its threads
   * again, so a new chat shows up under its title while the reply streams).
   */
  onRunStarted?(): void;
  /** Called after every run, however it ended (the chat lists its threads again). */
  onRunSettled?(): void;
  /** Draws a parked call (and answers it) or a restored one (drawing only). */
  drawToolCall?: ToolCallHandler<View>;
  /** The thread to start in (from the URL or the tab's storage); `openThread` loads it. */
  initialThreadId?: string;
  /** Which agent answers (`forwardedProps.drawbridge.skill`). */
  skill?: string;
  /**
   * The kind of thread that agent answers in (default `chat`): a thread of another kind is not drawn here,
   * since its tool calls were made with another agent's tools (the dashboard's `render_chart` is not the
   * chat's).
   */
  threadKind?: AgentThreadKind;
  /** AG-UI `state` for each run, read when the run starts (what the page shows right now). */
  readState?(): Record<string, unknown>;
  transport?: AgentRunTransport;
  /** Reads a stored thread and its running run (default: `GET /api/threads/:id/messages`). */
  loadThread?(threadId: string): Promise<LoadedThread>;
  /** When a dropped run connection may resume (default: the browser's online state). */
  connectivity?: Connectivity;
  /** The pause before reconnect attempt n (default: 250 ms doubling to 5 s). */
  reconnectDelayMs?(attempt: number): number;
  ids?(): string;
  now?(): number;
}
