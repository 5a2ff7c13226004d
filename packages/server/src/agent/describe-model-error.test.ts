import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeModelError } from './describe-model-error.ts';

describe('describeModelError', () => {
  it('names the HTTP status of a refused request', () => {
    const error = new APICallError({
      message: 'Rate limited\nat internals',
      url: 'http://model.test',
      requestBodyValues: {},
      statusCode: 429,
    });
    expect(describeModelError(error)).toBe('The model provider refused the request (HTTP 429): Rate limited');
  });

  it('reads the message of an error a provider streamed as parsed JSON', () => {
    expect(describeModelError({ type: 'overloaded_error', message: 'Overloaded' })).toBe(
      'The model call failed: Overloaded',
    );
    expect(describeModelError({ error: { code: 'server_error', message: 'The server had an error' } })).toBe(
      'The model call failed: The server had an error',
    );
  });

  it('falls back to the text of anything else', () => {
    expect(describeModelError('socket hang up')).toBe('The model call failed: socket hang up');
    expect(describeModelError({ code: 7 })).toBe('The model call failed: [object Object]');
  });
});
