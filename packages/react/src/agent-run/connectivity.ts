/** Whether the browser is online, and word when that changes: when a dropped run connection may resume. */
export interface Connectivity {
  isOnline(): boolean;
  /** Calls `listener` with the new state on every change; returns how to stop listening. */
  onChange(listener: (online: boolean) => void): () => void;
}

/** `navigator.onLine` and the window's `online`/`offline` events; always online where there is no window. */
export const browserConnectivity: Connectivity = {
  isOnline: () => globalThis.navigator?.onLine ?? true,
  onChange(listener) {
    if (typeof window === 'undefined') return () => {};
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};

/** The pause before reconnect attempt `attempt` (1, 2, …): 250 ms doubling to at most 5 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(250 * 2 ** (attempt - 1), 5_000);
}

/** Waits `delayMs`, then until the browser is online; ends early when `signal` aborts. */
export function waitToReconnect({
  delayMs,
  connectivity,
  signal,
}: {
  delayMs: number;
  connectivity: Connectivity;
  signal: AbortSignal;
}): Promise<void> {
  return new Promise((resolve) => {
    let stopListening: () => void = () => {};
    const finish = () => {
      clearTimeout(timer);
      stopListening();
      signal.removeEventListener('abort', finish);
      resolve();
    };
    signal.addEventListener('abort', finish, { once: true });
    const timer = setTimeout(() => {
      if (connectivity.isOnline()) return finish();
      stopListening = connectivity.onChange((online) => {
        if (online) finish();
      });
    }, delayMs);
  });
}
