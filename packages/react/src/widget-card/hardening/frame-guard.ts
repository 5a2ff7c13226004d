import { FrameWatchdog, type WatchdogTimers } from './frame-watchdog.ts';
import { type BudgetedWidget, distanceFromViewport, type WebglBudget } from './webgl-budget.ts';

/** The parts of `window` the guard uses; a fake stands in for it in unit tests. */
export interface MessageSourceWindow {
  addEventListener(type: 'message', listener: (event: { source: unknown; data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { source: unknown; data: unknown }) => void): void;
  innerHeight: number;
}

export interface FrameGuardOptions {
  /** The widget's iframe; its `contentWindow` is the only source the guard listens to. */
  iframe: Pick<HTMLIFrameElement, 'contentWindow'> & Element;
  /** Called once when the frame stops answering heartbeats. */
  onUnresponsive(silentForMs: number): void;
  /** Called when the WebGL budget releases this widget to make room for one nearer the viewport. */
  onReleased(): void;
  budget: WebglBudget;
  window?: MessageSourceWindow;
  pingIntervalMs?: number;
  unresponsiveAfterMs?: number;
  timers?: WatchdogTimers;
  /**
   * The frame said `ready` before this guard began (a live frame handed from one card to another): heartbeats
   * start at once, and the WebGL contexts it reported (when known) count from the start.
   */
  adopted?: { webglContexts: number | undefined };
}

/**
 * Watches one widget frame from the host side, next to the `FrameHost` that feeds it: pings it
 * once it is ready and declares it unresponsive when pongs stop, and counts it against the
 * page's WebGL budget once it reports a WebGL context. Returns the function that stops both.
 */
export function guardWidgetFrame(options: FrameGuardOptions): () => void {
  const target = options.window ?? (window as unknown as MessageSourceWindow);
  const { iframe } = options;
  const watchdog = new FrameWatchdog({
    sendPing: (seq) => iframe.contentWindow?.postMessage({ drawbridge: 1, op: 'ping', seq }, '*'),
    onUnresponsive: (silentForMs) => {
      stop();
      options.onUnresponsive(silentForMs);
    },
    pingIntervalMs: options.pingIntervalMs,
    unresponsiveAfterMs: options.unresponsiveAfterMs,
    timers: options.timers,
  });
  const listen = (event: { source: unknown; data: unknown }) => {
    // The same rule as FrameHost: only this frame's window speaks for this widget.
    if (event.source === null || event.source !== iframe.contentWindow) {
      return;
    }
    const data = event.data as {
      drawbridge?: unknown;
      kind?: unknown;
      seq?: unknown;
      contexts?: unknown;
    } | null;
    if (data?.drawbridge !== 1) {
      return;
    }
    if (data.kind === 'ready') {
      watchdog.start();
    } else if (data.kind === 'pong' && typeof data.seq === 'number') {
      watchdog.notePong(data.seq);
    } else if (data.kind === 'webgl' && Number.isInteger(data.contexts) && (data.contexts as number) >= 0) {
      options.budget.noteWebglContexts(budgeted, data.contexts as number);
    }
  };
  const budgeted: BudgetedWidget = {
    distanceFromViewport: () => distanceFromViewport(iframe, target.innerHeight),
    release: () => {
      stop();
      options.onReleased();
    },
  };
  let stopped = false;
  // The budget may release this widget later from another widget's admission; `withdraw` is set by then.
  let withdraw: () => void = () => undefined;
  withdraw = options.budget.admit(budgeted);
  target.addEventListener('message', listen);
  if (options.adopted !== undefined) {
    watchdog.start();
    const contexts = options.adopted.webglContexts;
    if (contexts !== undefined) options.budget.noteWebglContexts(budgeted, contexts);
  }

  function stop(): void {
    if (stopped) {
      return;
    }
    stopped = true;
    watchdog.stop();
    withdraw();
    target.removeEventListener('message', listen);
  }
  return stop;
}
