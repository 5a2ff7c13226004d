/**
 * Cancel requests between instances: a cancel posted to any instance reaches the one that executes the run.
 * In one process that is a function call; scaled out it is a Redis channel.
 */
export interface RunSignals {
  /** Asks whichever instance executes the run to cancel it; resolves once the request is sent. */
  requestCancel(runId: string): Promise<void>;
  /** Calls `listener` on this instance for every cancel requested anywhere; returns the unsubscribe. */
  onCancelRequested(listener: (runId: string) => void): () => void;
  close(): Promise<void>;
}
