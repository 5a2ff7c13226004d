import { describe, expect, it } from 'vitest';
import { apiUrl } from './api-url.ts';

describe('apiUrl', () => {
  it('puts a path under where the server is mounted, the page origin root by default', () => {
    expect(apiUrl(undefined, '/api/agent')).toBe('/api/agent');
    expect(apiUrl('', '/frame')).toBe('/frame');
    expect(apiUrl('/ai', '/frame')).toBe('/ai/frame');
    expect(apiUrl('/ai/', '/api/threads')).toBe('/ai/api/threads');
    expect(apiUrl('https://assistant.example.com/ai', '/api/health')).toBe(
      'https://assistant.example.com/ai/api/health',
    );
  });
});
