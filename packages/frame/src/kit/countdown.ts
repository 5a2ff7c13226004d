import { watchOnScreen } from './on-screen.ts';

/** What a countdown tells its `onTick`. */
export interface KitCountdownTick {
  /** Milliseconds left. */
  remaining: number;
  /** The time left as a clock reads it, rounded up to the second: "25:00", "1:05:09". */
  clock: string;
  /** How much of the whole has passed, 0 to 1 (for a progress ring or bar). */
  fraction: number;
  running: boolean;
}

/** What `countdown(options)` accepts. */
export interface KitCountdownOptions {
  /** The length of the countdown in milliseconds. */
  ms: number;
  /** Redraws: at once, on every start, pause and reset, and a few times a second while it runs and the widget is on screen. */
  onTick?: (tick: KitCountdownTick) => void;
  /** Runs once when it reaches zero, on screen or not. */
  onEnd?: () => void;
}

/** What `countdown()` returns. */
export interface KitCountdown {
  start(): void;
  pause(): void;
  /** Stops and starts over from `ms` (the same length by default). */
  reset(ms?: number): void;
  running(): boolean;
  remaining(): number;
}

/** "25:00" for 25 minutes; hours only when there are some ("1:05:09"). */
export function clockText(milliseconds: number): string {
  const seconds = Math.ceil(Math.max(0, milliseconds) / 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  return hours > 0
    ? `${hours}:${two(minutes)}:${two(seconds % 60)}`
    : `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
}

/**
 * A countdown that keeps time by the clock, not by counting ticks (a throttled timer never makes it slow):
 * `onTick` redraws a few times a second only while the widget is on screen and its page visible, and `onEnd`
 * runs when the time is up even when it is not.
 */
export function countdown(options: KitCountdownOptions): KitCountdown {
  let length = options.ms;
  let left = length;
  let endsAt = 0;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let ending: ReturnType<typeof setTimeout> | undefined;

  const running = () => ending !== undefined;
  const remaining = () => (running() ? Math.max(0, endsAt - Date.now()) : left);
  const tick = () => {
    const now = remaining();
    options.onTick?.({
      remaining: now,
      clock: clockText(now),
      fraction: length > 0 ? 1 - now / length : 1,
      running: running(),
    });
  };
  const syncTicker = () => {
    const wanted = running() && visible();
    if (wanted && ticker === undefined) {
      ticker = setInterval(tick, 250);
      tick();
    } else if (!wanted && ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
  const stop = () => {
    left = remaining();
    clearTimeout(ending);
    ending = undefined;
    syncTicker();
  };

  // Off screen (scrolled away in the chat, or a hidden tab) nothing is drawn; the end still comes on time.
  const visible = watchOnScreen(syncTicker);
  tick();

  return {
    start() {
      if (running() || left <= 0) return;
      endsAt = Date.now() + left;
      ending = setTimeout(() => {
        left = 0;
        ending = undefined;
        syncTicker();
        tick();
        options.onEnd?.();
      }, left);
      syncTicker();
      tick();
    },
    pause() {
      if (!running()) return;
      stop();
      tick();
    },
    reset(ms = length) {
      stop();
      length = ms;
      left = ms;
      tick();
    },
    running,
    remaining,
  };
}
