import type { BrowserContext } from 'playwright-core';
import type { EvalPhase, EvalProblem } from './eval-problem.ts';

/** The frame → host messages the eval cares about, as the host page received them. */
interface ObservedFrameMessage {
  kind: string;
  source?: string;
  message?: string;
}

const bindingName = 'drawbridgeEvalFrameMessage';

const problemCodeOfSource: Record<string, EvalProblem['code']> = {
  runtime: 'script_error',
  script: 'script_error',
  rejection: 'unhandled_rejection',
  csp: 'csp_violation',
};

/**
 * Listens, in the host page, to every message a widget frame posts to it, and turns errors, CSP violations
 * and navigations (and the host page's own uncaught errors) into problems tagged with the phase (and poke) they happened in. Nothing is injected
 * into the frame: the host page sees what the real host sees.
 */
export class FrameMessageLog {
  readonly problems: EvalProblem[] = [];
  phase: EvalPhase = 'render';
  action: string | undefined;
  #renderedCount = 0;
  #listeners = new Set<() => void>();

  /** Installs the listener in every page of `context`; call before the page loads. */
  async attach(context: BrowserContext): Promise<void> {
    await context.exposeBinding(bindingName, (_source, message: ObservedFrameMessage) => this.#note(message));
    await context.addInitScript(
      ({ name }) => {
        // Init scripts run in every frame; only the host page listens, as the real host does.
        if (window.top !== window) return;
        const report = (window as unknown as Record<string, (value: unknown) => void>)[name];
        window.addEventListener('error', (event) =>
          report?.({
            kind: 'host-error',
            message: String(event.error?.message ?? event.message).slice(0, 500),
          }),
        );
        window.addEventListener('message', (event) => {
          const data = event.data as { drawbridge?: unknown; kind?: unknown } | null;
          if (event.source === window || data === null || typeof data !== 'object' || data.drawbridge !== 1)
            return;
          if (typeof data.kind !== 'string') return;
          const { kind, source, message } = data as { kind: string; source?: unknown; message?: unknown };
          report?.({
            kind,
            source: typeof source === 'string' ? source : undefined,
            message: typeof message === 'string' ? message.slice(0, 500) : undefined,
          });
        });
      },
      { name: bindingName },
    );
  }

  get renderedCount(): number {
    return this.#renderedCount;
  }

  /** Resolves at the next message that matters (an error, a navigation or a `rendered`). */
  nextChange(): Promise<void> {
    return new Promise((resolve) => {
      const listener = () => {
        this.#listeners.delete(listener);
        resolve();
      };
      this.#listeners.add(listener);
    });
  }

  #note(observed: ObservedFrameMessage): void {
    if (observed.kind === 'rendered') this.#renderedCount += 1;
    else if (observed.kind === 'error') {
      const code = problemCodeOfSource[observed.source ?? ''] ?? 'script_error';
      this.#add(code, observed.message ?? 'an error without a message');
    } else if (observed.kind === 'host-error') {
      this.#add('page_error', `The app page threw: ${observed.message ?? 'an error without a message'}`);
    } else if (observed.kind === 'leaving') {
      this.#add('navigated_away', 'The widget frame started navigating away from its bootstrap document.');
    } else return;
    for (const listener of [...this.#listeners]) listener();
  }

  #add(code: EvalProblem['code'], message: string): void {
    this.problems.push({
      code,
      phase: this.phase,
      message,
      ...(this.phase === 'interaction' && this.action !== undefined ? { action: this.action } : {}),
    });
  }
}
