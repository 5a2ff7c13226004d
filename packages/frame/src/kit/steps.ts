import { resolveElement } from './element.ts';
import { watchOnScreen } from './on-screen.ts';

/** What `steps(options)` accepts. */
export interface KitStepsOptions {
  /** How many steps there are; they are numbered from 0. */
  count: number;
  /** Draws a step: at once (step 0), and on every move. */
  onStep: (index: number) => void;
  /** Milliseconds between steps while playing (1600 by default). */
  ms?: number;
  /** The buttons that play and pause, go back and go on (elements or selectors; each optional). */
  play?: HTMLElement | string;
  back?: HTMLElement | string;
  next?: HTMLElement | string;
}

/** What `steps()` returns. */
export interface KitSteps {
  /** Shows a step (wrapping around), as Back, Next or a click on a step would: playing stops. */
  go(index: number): void;
  index(): number;
  playing(): boolean;
  stop(): void;
}

/**
 * A walk-through one step at a time (a request's path, an algorithm, a process): Back and Next move and wrap
 * around, Play advances every `ms` until the last step (from the last it starts over) and reads "Pause" while it
 * plays. Playing waits while the widget is off screen, so nobody misses a step.
 */
export function steps(options: KitStepsOptions): KitSteps {
  const { count, onStep } = options;
  const interval = options.ms ?? 1600;
  const play = options.play === undefined ? undefined : resolveElement(options.play);
  let index = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (next: number) => {
    index = ((next % count) + count) % count;
    onStep(index);
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    if (play) play.textContent = 'Play';
  };
  const go = (next: number) => {
    stop();
    show(next);
  };
  const visible = watchOnScreen(() => undefined);

  play?.addEventListener('click', () => {
    if (timer !== undefined) return stop();
    play.textContent = 'Pause';
    show(index === count - 1 ? 0 : index + 1);
    timer = setInterval(() => {
      if (!visible()) return;
      if (index === count - 1) return stop();
      show(index + 1);
    }, interval);
  });
  if (options.back !== undefined) resolveElement(options.back).addEventListener('click', () => go(index - 1));
  if (options.next !== undefined) resolveElement(options.next).addEventListener('click', () => go(index + 1));
  show(0);
  return { go, index: () => index, playing: () => timer !== undefined, stop };
}
