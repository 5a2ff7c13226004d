/** Timers the watchdog runs on; injected so tests can drive time by hand. */
export interface WatchdogTimers {
  setInterval(callback: () => void, milliseconds: number): unknown;
  clearInterval(handle: unknown): void;
  now(): number;
}

export interface FrameWatchdogOptions {
  /** Posts `{ op: 'ping', seq }` to the frame. */
  sendPing(seq: number): void;
  /** Called once, when the frame has not answered for `unresponsiveAfterMs`. */
  onUnresponsive(silentForMs: number): void;
  /** How often to ping; default 1 s. */
  pingIntervalMs?: number;
  /** How long without a pong before the frame counts as dead; default 5 s. */
  unresponsiveAfterMs?: number;
  timers?: WatchdogTimers;
}

export const defaultPingIntervalMs = 1000;
export const defaultUnresponsiveAfterMs = 5000;

const browserTimers: WatchdogTimers = {
  setInterval: (callback, milliseconds) => globalThis.setInterval(callback, milliseconds),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
  now: () => performance.now(),
};

/**
 * Pings a widget frame and declares it unresponsive when pongs stop (a `while(true){}`, a crashed
 * renderer after blowing its memory). The frame runs in its own process, so the host's timers
 * keep running while the widget spins.
 */
export class FrameWatchdog {
  private readonly options: FrameWatchdogOptions;
  private readonly timers: WatchdogTimers;
  private readonly pingIntervalMs: number;
  private readonly unresponsiveAfterMs: number;
  private interval: unknown;
  private nextSeq = 1;
  private lastAnswerAt = 0;
  private stopped = false;

  constructor(options: FrameWatchdogOptions) {
    this.options = options;
    this.timers = options.timers ?? browserTimers;
    this.pingIntervalMs = options.pingIntervalMs ?? defaultPingIntervalMs;
    this.unresponsiveAfterMs = options.unresponsiveAfterMs ?? defaultUnresponsiveAfterMs;
  }

  /** Starts pinging; the silence is measured from now (call it once the frame said `ready`). */
  start(): void {
    if (this.stopped || this.interval !== undefined) {
      return;
    }
    this.lastAnswerAt = this.timers.now();
    this.interval = this.timers.setInterval(this.check, this.pingIntervalMs);
  }

  /** Any pong proves the frame's event loop turned; an old sequence number still counts as life. */
  notePong(seq: number): void {
    if (seq > 0 && seq < this.nextSeq) {
      this.lastAnswerAt = this.timers.now();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.interval !== undefined) {
      this.timers.clearInterval(this.interval);
      this.interval = undefined;
    }
  }

  private readonly check = (): void => {
    const silentForMs = this.timers.now() - this.lastAnswerAt;
    if (silentForMs >= this.unresponsiveAfterMs) {
      this.stop();
      this.options.onUnresponsive(silentForMs);
      return;
    }
    const seq = this.nextSeq;
    this.nextSeq += 1;
    this.options.sendPing(seq);
  };
}
