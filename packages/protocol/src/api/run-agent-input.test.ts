import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { describe, expect, it } from 'vitest';
import {
  buildRunAgentInput,
  drawbridgeForwardedPropsSchema,
  runAgentRequestInit,
} from './run-agent-input.ts';

describe('buildRunAgentInput', () => {
  it('builds a RunAgentInput a stock AG-UI server accepts, with our key in forwardedProps', () => {
    const input = buildRunAgentInput({
      threadId: 't1',
      runId: 'r1',
      userMessageId: 'u1',
      text: 'rate us',
      state: { dashboard: { page: 'overview' } },
      drawbridge: {
        clientTools: true,
        skill: 'dashboard',
        formAnswers: { toolCallId: 'c1', values: { stars: 5 } },
      },
    });
    expect(input).toEqual({
      threadId: 't1',
      runId: 'r1',
      messages: [{ id: 'u1', role: 'user', content: 'rate us' }],
      tools: [],
      context: [],
      state: { dashboard: { page: 'overview' } },
      forwardedProps: {
        drawbridge: {
          clientTools: true,
          skill: 'dashboard',
          formAnswers: { toolCallId: 'c1', values: { stars: 5 } },
        },
      },
    });
    expect(RunAgentInputSchema.safeParse(input).success).toBe(true);
    expect(drawbridgeForwardedPropsSchema.parse(input.forwardedProps?.drawbridge)).toEqual(
      input.forwardedProps?.drawbridge,
    );
  });

  it('leaves forwardedProps out when there is nothing of ours to say, and sends an empty state', () => {
    const input = buildRunAgentInput({ threadId: 't1', runId: 'r1', userMessageId: 'u1', text: 'hi' });
    expect(Object.keys(input)).toEqual(['threadId', 'runId', 'messages', 'tools', 'context', 'state']);
    expect(input.state).toEqual({});
  });
});

describe('runAgentRequestInit', () => {
  const input = buildRunAgentInput({ threadId: 't1', runId: 'r1', userMessageId: 'u1', text: 'hi' });

  it('posts the input as JSON and asks for NDJSON unless told otherwise', () => {
    expect(runAgentRequestInit({ input })).toEqual({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      body: JSON.stringify(input),
    });
    expect(runAgentRequestInit({ input, accept: 'text/event-stream' }).headers).toEqual({
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
    });
  });

  it('carries the abort signal when there is one', () => {
    const signal = new AbortController().signal;
    expect(runAgentRequestInit({ input, signal }).signal).toBe(signal);
  });
});
