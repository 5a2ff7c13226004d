import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParkedCall } from './client-tool-bridge.ts';
import { InMemoryClientToolBridge } from './in-memory-client-tool-bridge.ts';

const rendered = { status: 'rendered', message: 'Displayed the table to the user.' } as const;

function call(toolCallId: string, threadId = 't1'): ParkedCall {
  return { threadId, runId: 'r1', toolCallId, toolName: 'render_table', args: { rows: [] } };
}

afterEach(() => vi.useRealTimers());

describe('InMemoryClientToolBridge', () => {
  it('resumes the parked call with the answer, exactly once', async () => {
    const bridge = new InMemoryClientToolBridge();
    const parked = bridge.park(call('c1'), { timeoutMs: 60_000, abortSignal: new AbortController().signal });
    expect(bridge.openCallCount()).toBe(1);
    expect(bridge.answer({ threadId: 't1', toolCallId: 'c1', result: rendered })).toMatchObject({
      status: 'accepted',
    });
    expect(await parked).toEqual({ kind: 'answered', result: rendered });
    expect(bridge.answer({ threadId: 't1', toolCallId: 'c1', result: rendered })).toEqual({
      status: 'already_answered',
    });
    expect(bridge.openCallCount()).toBe(0);
  });

  it("refuses an answer for another thread's call and keeps the call open", async () => {
    const bridge = new InMemoryClientToolBridge();
    const parked = bridge.park(call('c1', 't1'), {
      timeoutMs: 60_000,
      abortSignal: new AbortController().signal,
    });
    expect(bridge.answer({ threadId: 't2', toolCallId: 'c1', result: rendered })).toEqual({
      status: 'wrong_thread',
    });
    expect(bridge.openCallCount()).toBe(1);
    bridge.answer({ threadId: 't1', toolCallId: 'c1', result: rendered });
    expect((await parked).kind).toBe('answered');
    expect(bridge.answer({ threadId: 't2', toolCallId: 'c1', result: rendered })).toEqual({
      status: 'wrong_thread',
    });
  });

  it('answers unknown calls with unknown_call', () => {
    expect(
      new InMemoryClientToolBridge().answer({ threadId: 't1', toolCallId: 'nope', result: rendered }),
    ).toEqual({
      status: 'unknown_call',
    });
  });

  it('times out, then treats a late answer as already answered', async () => {
    vi.useFakeTimers();
    const bridge = new InMemoryClientToolBridge();
    const parked = bridge.park(call('c1'), { timeoutMs: 5_000, abortSignal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await parked).toEqual({ kind: 'timeout' });
    expect(bridge.answer({ threadId: 't1', toolCallId: 'c1', result: rendered })).toEqual({
      status: 'already_answered',
    });
  });

  it('is cancelled with its run and leaves no timer or listener behind', async () => {
    vi.useFakeTimers();
    const bridge = new InMemoryClientToolBridge();
    const run = new AbortController();
    const removeListener = vi.spyOn(run.signal, 'removeEventListener');
    const parked = bridge.park(call('c1'), { timeoutMs: 60_000, abortSignal: run.signal });
    run.abort();
    expect(await parked).toEqual({ kind: 'cancelled' });
    expect(vi.getTimerCount()).toBe(0);
    expect(removeListener).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it('returns cancelled at once for an already aborted run, and refuses to park the same id twice', async () => {
    const bridge = new InMemoryClientToolBridge();
    expect(await bridge.park(call('c1'), { timeoutMs: 1000, abortSignal: AbortSignal.abort() })).toEqual({
      kind: 'cancelled',
    });
    const parked = bridge.park(call('c2'), { timeoutMs: 1000, abortSignal: new AbortController().signal });
    await expect(
      bridge.park(call('c2'), { timeoutMs: 1000, abortSignal: new AbortController().signal }),
    ).rejects.toThrow(/parked before/);
    bridge.answer({ threadId: 't1', toolCallId: 'c2', result: rendered });
    await parked;
  });

  it('forgets closed calls after ten minutes', async () => {
    let now = 0;
    const bridge = new InMemoryClientToolBridge({ now: () => now });
    const parked = bridge.park(call('c1'), { timeoutMs: 60_000, abortSignal: new AbortController().signal });
    bridge.answer({ threadId: 't1', toolCallId: 'c1', result: rendered });
    await parked;
    now = 10 * 60_000 + 1;
    expect(bridge.answer({ threadId: 't1', toolCallId: 'c1', result: rendered })).toEqual({
      status: 'unknown_call',
    });
  });
});

describe('answers that outrun their call', () => {
  it('are delivered once the call is parked within the grace period', async () => {
    const bridge = new InMemoryClientToolBridge();
    const early = bridge.answerWhenParked(
      { threadId: 't1', toolCallId: 'c1', result: rendered },
      { graceMs: 1_000 },
    );
    const parked = bridge.park(call('c1'), { timeoutMs: 60_000, abortSignal: new AbortController().signal });
    expect(await early).toMatchObject({ status: 'accepted' });
    expect(await parked).toEqual({ kind: 'answered', result: rendered });
  });

  it('are unknown when no call is parked in time, leaving no timer behind', async () => {
    vi.useFakeTimers();
    const bridge = new InMemoryClientToolBridge();
    const early = bridge.answerWhenParked(
      { threadId: 't1', toolCallId: 'c1', result: rendered },
      { graceMs: 500 },
    );
    await vi.advanceTimersByTimeAsync(500);
    expect(await early).toEqual({ status: 'unknown_call' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("still refuse another thread's call", async () => {
    const bridge = new InMemoryClientToolBridge();
    const early = bridge.answerWhenParked(
      { threadId: 't2', toolCallId: 'c1', result: rendered },
      { graceMs: 1_000 },
    );
    const parked = bridge.park(call('c1', 't1'), {
      timeoutMs: 60_000,
      abortSignal: new AbortController().signal,
    });
    expect(await early).toEqual({ status: 'wrong_thread' });
    expect(bridge.openCallCount()).toBe(1);
    bridge.answer({ threadId: 't1', toolCallId: 'c1', result: rendered });
    await parked;
  });
});
