import { describe, expect, it } from 'vitest';
import {
  dashboardThreadStorageKey,
  recallDashboardThread,
  rememberDashboardThread,
} from './dashboard-thread.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the dashboard assistant thread in session storage', () => {
  it('recalls the thread it remembered, and nothing after forgetting', () => {
    const storage = memoryStorage();
    expect(recallDashboardThread(storage)).toBeUndefined();
    rememberDashboardThread('thread-1', storage);
    expect(storage.items.get(dashboardThreadStorageKey)).toBe('thread-1');
    expect(recallDashboardThread(storage)).toBe('thread-1');
    rememberDashboardThread(undefined, storage);
    expect(recallDashboardThread(storage)).toBeUndefined();
  });

  it('treats storage that throws as empty instead of failing the page', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(recallDashboardThread(refusing)).toBeUndefined();
    expect(() => rememberDashboardThread('thread-1', refusing)).not.toThrow();
  });
});
