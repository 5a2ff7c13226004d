/**
 * The language's `AsyncDisposableStack` where the runtime has it (Node 24), and otherwise (Node 22) a stand-in
 * with the part of its behaviour the server uses: resources disposed in reverse order, each one awaited, every
 * one disposed even when an earlier one throws, the errors chained as `SuppressedError`s are. Exported for its
 * test, which holds it to the same behaviour as the native one.
 */
export class FallbackAsyncDisposableStack {
  #disposers: Array<() => unknown> | undefined = [];

  get disposed(): boolean {
    return this.#disposers === undefined;
  }

  adopt<T>(value: T, onDisposeAsync: (value: T) => unknown): T {
    this.#open().push(() => onDisposeAsync(value));
    return value;
  }

  defer(onDisposeAsync: () => unknown): void {
    this.#open().push(onDisposeAsync);
  }

  use<T extends AsyncDisposable | Disposable | null | undefined>(value: T): T {
    if (value !== null && value !== undefined) {
      const resource = value as Partial<AsyncDisposable & Disposable>;
      const dispose = resource[Symbol.asyncDispose] ?? resource[Symbol.dispose];
      if (typeof dispose !== 'function') throw new TypeError('The value is not disposable.');
      this.#open().push(() => dispose.call(value));
    }
    return value;
  }

  move(): FallbackAsyncDisposableStack {
    const moved = new FallbackAsyncDisposableStack();
    moved.#disposers = this.#open();
    this.#disposers = undefined;
    return moved;
  }

  async disposeAsync(): Promise<void> {
    const disposers = this.#disposers;
    if (disposers === undefined) return;
    this.#disposers = undefined;
    let failed = false;
    let failure: unknown;
    for (const dispose of disposers.reverse()) {
      try {
        await dispose();
      } catch (error) {
        failure = failed ? suppressedError(error, failure) : error;
        failed = true;
      }
    }
    if (failed) throw failure;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.disposeAsync();
  }

  #open(): Array<() => unknown> {
    if (this.#disposers === undefined) throw new ReferenceError('The stack is already disposed.');
    return this.#disposers;
  }
}

function suppressedError(error: unknown, suppressed: unknown): Error {
  return Object.assign(new Error('An error was suppressed during disposal.'), {
    name: 'SuppressedError',
    error,
    suppressed,
  });
}

/** `AsyncDisposableStack`, on every Node the server runs on. */
export const AsyncDisposableStack: AsyncDisposableStackConstructor =
  globalThis.AsyncDisposableStack ??
  (FallbackAsyncDisposableStack as unknown as AsyncDisposableStackConstructor);
