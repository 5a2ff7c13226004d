import { describe, expect, it } from 'vitest';
import { readResumePoint } from './read-resume-point.ts';

describe('readResumePoint', () => {
  it('starts from the beginning by default, from ?after= when given, and prefers Last-Event-ID', () => {
    expect(readResumePoint({ lastEventId: undefined, after: undefined })).toEqual({ success: true, seq: 0 });
    expect(readResumePoint({ lastEventId: undefined, after: '12' })).toEqual({ success: true, seq: 12 });
    // EventSource keeps its first URL (with the old ?after=) and sends the newer position in the header.
    expect(readResumePoint({ lastEventId: '40', after: '12' })).toEqual({ success: true, seq: 40 });
    expect(readResumePoint({ lastEventId: ' ', after: '3' })).toEqual({ success: true, seq: 3 });
  });

  it.each(['-1', '1.5', 'abc', '', '1e3', '9999999999999999'])('refuses %j', (value) => {
    expect(readResumePoint({ lastEventId: undefined, after: value }).success).toBe(false);
    if (value.trim() !== '')
      expect(readResumePoint({ lastEventId: value, after: undefined }).success).toBe(false);
  });
});
