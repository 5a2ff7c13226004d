import type { TranscriptMessage } from '@drawbridge/react';
import { describe, expect, it } from 'vitest';
import { endsReply, replyTurn } from './reply-turn.ts';

const message = (id: string, role: 'user' | 'assistant'): TranscriptMessage => ({
  id,
  role,
  parts: [{ kind: 'prose', text: id }],
});

const messages = [
  message('greeting', 'assistant'),
  message('u0', 'user'),
  message('a0', 'assistant'),
  message('u1', 'user'),
  message('a1-first', 'assistant'),
  message('a1-rest', 'assistant'),
];

describe('replyTurn', () => {
  it('counts user messages from 0, for a user message and for the replies after it', () => {
    expect(replyTurn(messages, 'u0')).toMatchObject({ turn: 0, userMessage: { id: 'u0' } });
    expect(replyTurn(messages, 'a0')).toMatchObject({ turn: 0, userMessage: { id: 'u0' } });
    expect(replyTurn(messages, 'u1')).toMatchObject({ turn: 1, userMessage: { id: 'u1' } });
    expect(replyTurn(messages, 'a1-rest')).toMatchObject({ turn: 1, userMessage: { id: 'u1' } });
  });

  it('has no turn for a reply nobody asked for, or a message that is not there', () => {
    expect(replyTurn(messages, 'greeting')).toBeUndefined();
    expect(replyTurn(messages, 'missing')).toBeUndefined();
  });
});

describe('endsReply', () => {
  it('is true for the last assistant message before the next user message, and only for it', () => {
    expect(messages.map((_, index) => endsReply(messages, index))).toEqual([
      true,
      false,
      true,
      false,
      false,
      true,
    ]);
  });
});
