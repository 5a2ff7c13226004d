import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParkedCall } from './client-tool-bridge.ts';
import { InMemoryClientToolBridge } from './in-memory-client-tool-bridge.ts';

const rendered = { status: 'rendered', message: 'Displayed the table to the user.' } as const;

function call(toolCallId: string, threadId = 't1', runId = 'r1'): ParkedCall {
  return { threadId, runId, toolCallId, toolName: 'render_table', args: { rows: [] } };
}

const open = () => ({ timeoutMs: 60_000, abortSignal: new AbortController().signal });

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
      status: 'unknown_call',
    });
    expect(bridge.openCallCount()).toBe(1);
    bridge.answer({ threadId: 't1', toolCallId: 'c1', result: rendered });
    expect((await parked).kind).toBe('answered');
    expect(bridge.answer({ threadId: 't2', toolCallId: 'c1', result: rendered })).toEqual({
      status: 'unknown_call',
    });
  });

  it('keeps calls with the same id in different threads apart', async () => {
    const bridge = new InMemoryClientToolBridge();
    const first = bridge.park(call('call_0', 't1'), open());
    const second = bridge.park(call('call_0', 't2'), open());
    expect(bridge.openCallCount()).toBe(2);
    const other = { status: 'error', message: 'unknown widget' } as const;
    expect(bridge.answer({ threadId: 't2', toolCallId: 'call_0', result: other }).status).toBe('accepted');
    expect(await second).toEqual({ kind: 'answered', result: other });
    expect(bridge.openCallCount()).toBe(1);
    expect(bridge.answer({ threadId: 't1', toolCallId: 'call_0', result: rendered }).status).toBe('accepted');
    expect(await first).toEqual({ kind: 'answered', result: rendered });
  });

  it("parks a reused id again in the thread's next run, and refuses it twice in one run", async () => {
    const bridge = new InMemoryClientToolBridge();
    const first = bridge.park(call('call_0', 't1', 'r1'), open());
    bridge.answer({ threadId: 't1', toolCallId: 'call_0', result: rendered });
    await first;
    await expect(bridge.park(call('call_0', 't1', 'r1'), open())).rejects.toThrow(/parked before/);
    const next = bridge.park(call('call_0', 't1', 'r2'), open());
    expect(bridge.answer({ threadId: 't1', toolCallId: 'call_0', result: rendered }).status).toBe('accepted');
    expect((await next).kind).toBe('answered');
  });

  it('remembers at most its capacity of closed calls, forgetting the oldest', async () => {
    const bridge = new InMemoryClientToolBridge({ closedCallCapacity: 3 });
    for (const id of ['c1', 'c2', 'c3', 'c4']) {
      const parked = bridge.park(call(id), open());
      bridge.answer({ threadId: 't1', toolCallId: id, result: rendered });
      await parked;
    }
    expect(bridge.answer({ threadId: 't1', toolCallId: 'c1', result: rendered }).status).toBe('unknown_call');
    for (const id of ['c2', 'c3', 'c4']) {
      expect(bridge.answer({ threadId: 't1', toolCallId: id, result: rendered }).status).toBe(
        'already_answered',
      );
    }
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
    expect(await early).toEqual({ status: 'unknown_call' });
    expect(bridge.openCallCount()).toBe(1);
    bridge.answer({ threadId: 't1', toolCallId: 'c1', result: rendered });
    await parked;
  });
});
