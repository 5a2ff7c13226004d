import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AnswerPosterCommand, AnswerPosterReply } from './answer-poster-process.ts';

/** What one batch of answers did, in `performance.timeOrigin + performance.now()` milliseconds. */
export interface PostedAnswers {
  sentAt: number[];
  respondedAt: number[];
  statuses: number[];
}

/**
 * Posts tool results from a child process (`answer-poster-process.ts`), so a bench measures the server and
 * not its own HTTP client; one command at a time.
 */
export class AnswerPoster {
  readonly #child: ChildProcess;

  private constructor(child: ChildProcess) {
    this.#child = child;
  }

  static start(): AnswerPoster {
    const child = fork(fileURLToPath(new URL('./answer-poster-process.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new AnswerPoster(child);
  }

  /** Opens `sockets` keep-alive connections to `url`, so no measured answer pays for a TCP handshake. */
  async warm({ url, sockets }: { url: string; sockets: number }): Promise<void> {
    await this.#ask({ type: 'warm', url, sockets });
  }

  /** Answers each call of the thread as rendered, at a steady rate or flat out with `inFlight` outstanding. */
  async post(command: Omit<Extract<AnswerPosterCommand, { type: 'post' }>, 'type'>): Promise<PostedAnswers> {
    const reply = await this.#ask({ type: 'post', ...command });
    if (reply.type !== 'posted') throw new Error(`unexpected reply ${reply.type}`);
    return reply;
  }

  stop(): void {
    this.#child.disconnect();
  }

  #ask(command: AnswerPosterCommand): Promise<AnswerPosterReply> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the answer poster exited (${code})`));
      this.#child.once('exit', onExit);
      this.#child.once('message', (reply: AnswerPosterReply) => {
        this.#child.off('exit', onExit);
        if (reply.type === 'failed') reject(new Error(reply.message));
        else resolve(reply);
      });
      this.#child.send(command);
    });
  }
}
