import { buildRunAgentInput } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { parseRunRequest } from './parse-run-request.ts';

const validInput = {
  threadId: 'thread_1',
  runId: 'run-1',
  messages: [
    { id: 'm1', role: 'user', content: 'first question' },
    { id: 'm2', role: 'assistant', content: 'an answer' },
    { id: 'm3', role: 'user', content: 'the new question' },
  ],
  tools: [],
  context: [],
};

describe('parseRunRequest', () => {
  it('reads back everything the shared builder writes', () => {
    const formAnswers = { toolCallId: 'call-7', values: { rating: 4 } };
    const state = { dashboard: { page: 'runs' } };
    const body = buildRunAgentInput({
      threadId: 'thread_1',
      runId: 'run-1',
      userMessageId: 'u1',
      text: 'the answers',
      state,
      drawbridge: { clientTools: true, skill: 'dashboard', formAnswers, attachments: ['file-1', 'file-2'] },
    });
    expect(parseRunRequest(JSON.parse(JSON.stringify(body)))).toEqual({
      success: true,
      request: {
        threadId: 'thread_1',
        runId: 'run-1',
        userText: 'the answers',
        clientAttached: true,
        skill: 'dashboard',
        formAnswers,
        attachmentIds: ['file-1', 'file-2'],
        clientState: state,
        declaredToolNames: [],
        toolResults: [],
        continuesAfterToolResults: false,
      },
    });
  });

  it('accepts a minimal RunAgentInput: AG-UI defaults tools and context, and forwardedProps is optional', () => {
    expect(
      parseRunRequest({ threadId: 't', runId: 'r', messages: [{ id: 'u', role: 'user', content: 'hi' }] }),
    ).toMatchObject({
      success: true,
      request: { userText: 'hi', clientAttached: false, declaredToolNames: [] },
    });
  });

  it('takes the last user message and reads clientTools from forwardedProps', () => {
    expect(parseRunRequest({ ...validInput, forwardedProps: { drawbridge: { clientTools: true } } })).toEqual(
      {
        success: true,
        request: {
          threadId: 'thread_1',
          runId: 'run-1',
          userText: 'the new question',
          clientAttached: true,
          attachmentIds: [],
          clientState: undefined,
          declaredToolNames: [],
          toolResults: [],
          continuesAfterToolResults: false,
        },
      },
    );
  });

  it('takes a message of files alone, each id once, and refuses more than five or a malformed id', () => {
    const filesAlone = {
      threadId: 't',
      runId: 'r',
      messages: [{ id: 'u', role: 'user', content: '' }],
    };
    expect(
      parseRunRequest({ ...filesAlone, forwardedProps: { drawbridge: { attachments: ['a', 'b', 'a'] } } }),
    ).toMatchObject({ success: true, request: { userText: '', attachmentIds: ['a', 'b'] } });
    expect(parseRunRequest(filesAlone)).toMatchObject({
      success: false,
      rejection: { code: 'empty_user_message' },
    });
    for (const attachments of [['a', 'b', 'c', 'd', 'e', 'f'], ['../etc']]) {
      expect(
        parseRunRequest({ ...filesAlone, forwardedProps: { drawbridge: { attachments } } }),
      ).toMatchObject({ success: false, rejection: { status: 422, code: 'invalid_run_input' } });
    }
  });

  it('reads the answers of a typed form from forwardedProps, and refuses malformed ones', () => {
    const formAnswers = { toolCallId: 'call-7', values: { rating: 4, comment: null, agree: true } };
    expect(parseRunRequest({ ...validInput, forwardedProps: { drawbridge: { formAnswers } } })).toMatchObject(
      {
        success: true,
        request: { formAnswers },
      },
    );
    expect(
      parseRunRequest({
        ...validInput,
        forwardedProps: { drawbridge: { formAnswers: { toolCallId: 'call-7', values: { rating: [4] } } } },
      }),
    ).toMatchObject({ success: false, rejection: { status: 422, code: 'invalid_run_input' } });
  });

  it('joins text parts of a multi-part user message and defaults clientAttached to false', () => {
    const parsed = parseRunRequest({
      threadId: 't',
      runId: 'r',
      messages: [
        {
          id: 'm1',
          role: 'user',
          content: [
            { type: 'text', text: 'look at' },
            { type: 'text', text: 'this' },
          ],
        },
      ],
    });
    expect(parsed).toMatchObject({
      success: true,
      request: { userText: 'look at\nthis', clientAttached: false },
    });
  });

  it.each([
    [null, 422, 'invalid_run_input'],
    [[], 422, 'invalid_run_input'],
    [{ ...validInput, messages: 'hi' }, 422, 'invalid_run_input'],
    [{ ...validInput, threadId: 'a/b' }, 422, 'invalid_run_input'],
    [{ ...validInput, threadId: 'x'.repeat(129) }, 422, 'invalid_run_input'],
    [{ ...validInput, runId: '' }, 422, 'invalid_run_input'],
    [{ ...validInput, runId: 'run/../other' }, 422, 'invalid_run_input'],
    [{ ...validInput, runId: 'r'.repeat(129) }, 422, 'invalid_run_input'],
    [
      { ...validInput, messages: [{ id: 'a', role: 'assistant', content: 'x' }] },
      400,
      'missing_user_message',
    ],
    [{ ...validInput, messages: [{ id: 'a', role: 'user', content: '   ' }] }, 400, 'empty_user_message'],
  ])('rejects %j with %i %s', (body, status, code) => {
    const parsed = parseRunRequest(body);
    expect(parsed).toMatchObject({ success: false, rejection: { status, code } });
  });

  it('reads AG-UI resume[] entries as the results of the interrupted calls, and as a continuation', () => {
    const parsed = parseRunRequest({
      ...validInput,
      resume: [
        { interruptId: 'call-1', status: 'resolved', payload: { status: 'rendered', message: 'Shown.' } },
        { interruptId: 'call-2', status: 'resolved', payload: { status: 'error', message: 'Too wide.' } },
        { interruptId: 'call-3', status: 'cancelled' },
      ],
    });
    expect(parsed).toMatchObject({
      success: true,
      request: {
        toolResults: [
          { toolCallId: 'call-1', content: 'Shown.' },
          { toolCallId: 'call-2', content: 'Error: Too wide.' },
          { toolCallId: 'call-3', content: 'Error: The client cancelled this call; nothing was shown.' },
        ],
        continuesAfterToolResults: true,
      },
    });
  });

  it('refuses a resolved resume entry whose payload is not a tool result, naming the entry', () => {
    const parsed = parseRunRequest({
      ...validInput,
      resume: [{ interruptId: 'call-1', status: 'resolved', payload: 'done' }],
    });
    expect(parsed).toMatchObject({ success: false, rejection: { status: 422, code: 'invalid_run_input' } });
    if (!parsed.success) expect(parsed.rejection.message).toMatch(/^resume\.0\.payload/);
  });

  it('names the failing path in the message', () => {
    const parsed = parseRunRequest({ ...validInput, messages: [{ id: 1, role: 'user', content: 'x' }] });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.rejection.message).toMatch(/^messages\.0/);
  });

  describe('an A2UI user action (forwardedProps.a2uiAction.userAction)', () => {
    const userAction = {
      name: 'book',
      surfaceId: 'booking',
      sourceComponentId: 'book-button',
      timestamp: '2026-12-05T02:00:00.000Z',
      context: { guests: 2 },
    };
    const sentence =
      'User performed action "book" on surface "booking" (component: book-button). Context: {"guests":2}';

    it("is the turn, in the middleware's words, whatever the client wrote", () => {
      const body = buildRunAgentInput({
        threadId: 'thread_1',
        runId: 'run-1',
        userMessageId: 'u1',
        text: 'something else',
        a2uiAction: userAction,
      });
      const parsed = parseRunRequest(JSON.parse(JSON.stringify(body)));
      expect(parsed).toMatchObject({
        success: true,
        request: { userText: sentence, a2uiAction: userAction },
      });
    });

    it('needs no new user message, as a stock client sends it', () => {
      const parsed = parseRunRequest({
        ...validInput,
        messages: [...validInput.messages, { id: 'm4', role: 'tool', toolCallId: 'c1', content: 'ok' }],
        forwardedProps: { a2uiAction: { userAction } },
      });
      expect(parsed).toMatchObject({
        success: true,
        request: { userText: sentence, continuesAfterToolResults: false },
      });
      expect(
        parseRunRequest({ ...validInput, messages: [], forwardedProps: { a2uiAction: { userAction } } }),
      ).toMatchObject({ success: true, request: { userText: sentence } });
    });

    it('is refused with the field when malformed', () => {
      const parsed = parseRunRequest({
        ...validInput,
        forwardedProps: { a2uiAction: { userAction: { name: '' } } },
      });
      expect(parsed).toMatchObject({ success: false, rejection: { status: 422, code: 'invalid_run_input' } });
      expect(!parsed.success && parsed.rejection.message).toContain('a2uiAction.userAction');
    });
  });
});
