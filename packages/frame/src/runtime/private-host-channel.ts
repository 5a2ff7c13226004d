import type { FrameToHostMessage } from '@drawbridge/protocol';

/**
 * The port the host hands the runtime with its first `init`, before any widget code exists: the only way a
 * `link` request reaches the host. Widget code can post anything on the window channel, so the host takes links
 * only from this port, and only the runtime holds it (in this closure; `postMessage` and `Reflect.apply` are
 * taken at startup, so widget code that replaces them later cannot see the port go by).
 */
export class PrivateHostChannel {
  #port: MessagePort | undefined;
  readonly #postOnPort = MessagePort.prototype.postMessage;
  readonly #apply = Reflect.apply;

  /** Keeps the port of the host's first `init`; any later one is ignored. */
  adopt(port: MessagePort | undefined): void {
    if (this.#port === undefined && port !== undefined) this.#port = port;
  }

  /** Posts `message` to the host on the port; false when the host gave none (a standalone export has no host). */
  post(message: FrameToHostMessage): boolean {
    if (this.#port === undefined) return false;
    this.#apply(this.#postOnPort, this.#port, [message]);
    return true;
  }
}
