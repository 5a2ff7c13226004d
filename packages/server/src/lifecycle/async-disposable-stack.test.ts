import { describe, expect, it } from 'vitest';
import { FallbackAsyncDisposableStack } from './async-disposable-stack.ts';

// The fallback (Node 22) is held to what the native stack (Node 24, which runs the tests) does.
const stacks: Array<[string, AsyncDisposableStackConstructor]> = [
  ['native', globalThis.AsyncDisposableStack],
  ['fallback', FallbackAsyncDisposableStack as unknown as AsyncDisposableStackConstructor],
];

describe.each(stacks)('%s AsyncDisposableStack', (_name, Stack) => {
  it('disposes in reverse order, awaiting each', async () => {
    const order: string[] = [];
    const stack = new Stack();
    stack.adopt('database', async (name) => {
      await Promise.resolve();
      order.push(name);
    });
    stack.defer(() => {
      order.push('listener');
    });
    stack.use({ [Symbol.asyncDispose]: async () => void order.push('sweeper') });
    await stack.disposeAsync();
    expect(order).toEqual(['sweeper', 'listener', 'database']);
    expect(stack.disposed).toBe(true);
  });

  it('moves its resources to a new stack and is then empty', async () => {
    const order: string[] = [];
    const stack = new Stack();
    stack.defer(() => void order.push('moved'));
    const moved = stack.move();
    expect(stack.disposed).toBe(true);
    await stack.disposeAsync();
    expect(order).toEqual([]);
    await moved[Symbol.asyncDispose]();
    expect(order).toEqual(['moved']);
  });

  it('disposes every resource when one throws, and throws the errors chained', async () => {
    const order: string[] = [];
    const stack = new Stack();
    stack.defer(() => {
      order.push('first');
      throw new Error('first failed');
    });
    stack.defer(() => void order.push('second'));
    stack.defer(() => {
      order.push('third');
      throw new Error('third failed');
    });
    const failure = await stack.disposeAsync().then(
      () => undefined,
      (error: unknown) => error as { name: string; error: Error; suppressed: Error },
    );
    expect(order).toEqual(['third', 'second', 'first']);
    expect(failure?.name).toBe('SuppressedError');
    expect(failure?.error.message).toBe('first failed');
    expect(failure?.suppressed.message).toBe('third failed');
  });

  it('refuses new resources once disposed', async () => {
    const stack = new Stack();
    await stack.disposeAsync();
    expect(() => stack.defer(() => undefined)).toThrow(ReferenceError);
  });
});
