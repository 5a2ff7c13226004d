import { a2uiComponentNames, parseA2uiMessage, sendA2uiToolName } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { loadA2uiSystemPrompt } from './a2ui-system-prompt.ts';

describe('loadA2uiSystemPrompt', () => {
  const prompt = loadA2uiSystemPrompt();

  it('names the tool and every component of the basic catalog but the media ones', () => {
    expect(prompt).toContain(sendA2uiToolName);
    for (const name of a2uiComponentNames.filter((name) => name !== 'Video' && name !== 'AudioPlayer')) {
      expect(prompt, name).toContain(name);
    }
  });

  it('holds an example whose every message is valid', () => {
    const example = prompt.split('\n').find((line) => line.startsWith('[{"version":"v0.9"'));
    const messages = JSON.parse(example ?? '[]') as unknown[];
    expect(messages.length).toBe(3);
    for (const message of messages) expect(parseA2uiMessage(message).success).toBe(true);
  });
});
