import { type TranscriptAction, transcriptReducer } from '../transcript/transcript-reducer.ts';
import { emptyTranscript, type TranscriptState } from '../transcript/transcript-state.ts';
import type { RunPosition } from './follow-run-events.ts';
import { idleRunStatus, type RunStatus } from './run-status.ts';

/** Everything a UI draws from: the thread, its transcript, where the reply stands, and the drawn tool calls. */
export interface AgentRunSnapshot<View> {
  threadId: string | undefined;
  transcript: TranscriptState;
  /** The current reply; a failed one carries the sentence to show. */
  status: RunStatus;
  /** What the tool-call handler drew for each parked or restored call, by toolCallId. */
  toolCallViews: ReadonlyMap<string, View>;
}

/** The run feeding a session: aborting `controller` stops following it (the run goes on, on the server). */
export interface SessionRun {
  controller: AbortController;
  /** The run's server id once known, and the last event taken in: where a dropped connection resumes. */
  position: RunPosition;
  /** Stop was asked for; the cancel goes out as soon as the run's id is known. */
  stopRequested: boolean;
  cancelSent?: boolean;
}

/**
 * One thread's state in this tab, with the run that feeds it. Each thread has its own, so a reply keeps
 * streaming into its own transcript while another thread is on screen, and nothing of it shows elsewhere.
 */
export class ThreadSession<View> {
  #snapshot: AgentRunSnapshot<View>;
  readonly #onChange: (session: ThreadSession<View>) => void;
  /** The run streaming into this session, until it settles. */
  run: SessionRun | undefined;

  constructor({
    threadId,
    onChange,
  }: {
    threadId: string | undefined;
    onChange(session: ThreadSession<View>): void;
  }) {
    this.#snapshot = {
      threadId,
      transcript: emptyTranscript,
      status: idleRunStatus,
      toolCallViews: new Map(),
    };
    this.#onChange = onChange;
  }

  get snapshot(): AgentRunSnapshot<View> {
    return this.#snapshot;
  }

  get threadId(): string | undefined {
    return this.#snapshot.threadId;
  }

  update(patch: Partial<AgentRunSnapshot<View>>): void {
    this.#snapshot = { ...this.#snapshot, ...patch };
    this.#onChange(this);
  }

  dispatch(action: TranscriptAction): void {
    this.update({ transcript: transcriptReducer(this.#snapshot.transcript, action) });
  }

  /** Records what the tool-call handler drew for a call. */
  setToolCallView(toolCallId: string, view: View): void {
    this.update({ toolCallViews: new Map(this.#snapshot.toolCallViews).set(toolCallId, view) });
  }
}
