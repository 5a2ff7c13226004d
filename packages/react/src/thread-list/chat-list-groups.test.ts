import { describe, expect, it } from 'vitest';
import { type GroupableThread, groupChatList } from './chat-list-groups.ts';

interface Chat extends GroupableThread {
  id: string;
}

const chat = (id: string, updatedAt: string, pinnedAt: string | null = null): Chat => ({
  id,
  updatedAt,
  pinnedAt,
});

/** The groups as `label: ids`, the shape a reader of the list sees. */
function shown(groups: ReturnType<typeof groupChatList<Chat>>): string[] {
  return groups.map((group) => `${group.label}: ${group.threads.map((thread) => thread.id).join(' ')}`);
}

describe('groupChatList', () => {
  it('puts pinned chats on top, then Today, Yesterday, the previous 7 and 30 days, months, older years', () => {
    const threads = [
      chat('just-now', '2026-12-05T11:59:00Z'),
      chat('pinned-old', '2024-02-01T10:00:00Z', '2026-12-01T10:00:00Z'),
      chat('this-morning', '2026-12-05T00:00:00Z'),
      chat('yesterday-late', '2026-12-04T23:59:59.999Z'),
      chat('yesterday-early', '2026-12-04T00:00:00Z'),
      chat('two-days', '2026-12-03T23:59:59Z'),
      chat('seven-days', '2026-11-28T00:00:00Z'),
      chat('eight-days', '2026-11-27T23:59:59Z'),
      chat('thirty-days', '2026-11-05T00:00:00Z'),
      chat('thirty-one-days', '2026-11-04T23:59:59Z'),
      chat('october', '2026-10-02T09:00:00Z'),
      chat('january', '2026-01-01T00:00:00Z'),
      chat('last-december', '2025-12-31T23:00:00Z'),
      chat('long-ago', '2019-06-15T12:00:00Z'),
    ];
    const groups = groupChatList({ threads, now: new Date('2026-12-05T12:00:00Z'), timeZone: 'UTC' });
    expect(shown(groups)).toEqual([
      'Pinned: pinned-old',
      'Today: just-now this-morning',
      'Yesterday: yesterday-late yesterday-early',
      'Previous 7 days: two-days seven-days',
      'Previous 30 days: eight-days thirty-days',
      'November: thirty-one-days',
      'October: october',
      'January: january',
      'December 2025: last-december',
      'June 2019: long-ago',
    ]);
    expect(groups.map((group) => group.key)).toEqual([
      'pinned',
      'today',
      'yesterday',
      'previous-7-days',
      'previous-30-days',
      'month-2026-11',
      'month-2026-10',
      'month-2026-01',
      'month-2025-12',
      'month-2019-06',
    ]);
  });

  it('leaves empty groups out, and gives nothing for no chats', () => {
    const now = new Date('2026-12-05T12:00:00Z');
    expect(groupChatList({ threads: [], now, timeZone: 'UTC' })).toEqual([]);
    const groups = groupChatList({
      threads: [chat('a', '2026-12-05T08:00:00Z'), chat('b', '2026-09-01T08:00:00Z')],
      now,
      timeZone: 'UTC',
    });
    expect(shown(groups)).toEqual(['Today: a', 'September: b']);
  });

  it("turns the day at midnight in the user's zone, not in UTC", () => {
    // 00:30 on 5 December in New York is 05:30 UTC; 23:59 on 4 December there is 04:59 UTC the same UTC day.
    const now = new Date('2026-12-05T05:30:00Z');
    const threads = [
      chat('midnight', '2026-12-05T05:00:00Z'),
      chat('a-millisecond-before', '2026-12-05T04:59:59.999Z'),
    ];
    expect(shown(groupChatList({ threads, now, timeZone: 'America/New_York' }))).toEqual([
      'Today: midnight',
      'Yesterday: a-millisecond-before',
    ]);
    // In Auckland (UTC+13) both are already 6 December, as is now.
    expect(shown(groupChatList({ threads, now, timeZone: 'Pacific/Auckland' }))).toEqual([
      'Today: midnight a-millisecond-before',
    ]);
  });

  it('counts calendar days across the start of daylight saving (a 23-hour day)', () => {
    // Berlin moves from 02:00 to 03:00 on 29 March 2026. Now: 00:30 on 30 March (22:30 UTC on the 29th).
    const now = new Date('2026-03-29T22:30:00Z');
    const threads = [
      chat('after-midnight', '2026-03-29T22:00:00Z'),
      // 00:30 on 29 March, 23 hours before now yet on the day before.
      chat('day-before-early', '2026-03-28T23:30:00Z'),
      // 23:30 on 28 March: 24 hours before now, two calendar days back.
      chat('two-days-back', '2026-03-28T22:30:00Z'),
    ];
    expect(shown(groupChatList({ threads, now, timeZone: 'Europe/Berlin' }))).toEqual([
      'Today: after-midnight',
      'Yesterday: day-before-early',
      'Previous 7 days: two-days-back',
    ]);
  });

  it('counts calendar days across the end of daylight saving (a 25-hour day)', () => {
    // Berlin moves from 03:00 back to 02:00 on 25 October 2026. Now: 00:10 on 26 October (23:10 UTC on the 25th).
    const now = new Date('2026-10-25T23:10:00Z');
    const threads = [
      // 23:50 on 24 October: 25 h 20 min before now, which 24-hour spans would call yesterday.
      chat('two-days-back', '2026-10-24T21:50:00Z'),
      // 00:00 on 25 October.
      chat('yesterday-midnight', '2026-10-24T22:00:00Z'),
    ];
    expect(shown(groupChatList({ threads, now, timeZone: 'Europe/Berlin' }))).toEqual([
      'Yesterday: yesterday-midnight',
      'Previous 7 days: two-days-back',
    ]);
  });

  it('names a month by the zone too, and counts a time after now or one that does not read as today', () => {
    // 23:30 on 31 October in Los Angeles is already 1 November in UTC.
    const now = new Date('2026-12-20T12:00:00Z');
    const threads = [
      chat('skewed-clock', '2026-12-20T12:05:00Z'),
      chat('unreadable', 'not a time'),
      chat('halloween-night', '2026-11-01T06:30:00Z'),
    ];
    expect(shown(groupChatList({ threads, now, timeZone: 'America/Los_Angeles' }))).toEqual([
      'Today: skewed-clock unreadable',
      'October: halloween-night',
    ]);
    expect(shown(groupChatList({ threads, now, timeZone: 'UTC' }))).toEqual([
      'Today: skewed-clock unreadable',
      'November: halloween-night',
    ]);
  });

  it('keeps each pinned chat in Pinned whatever its date, in the order given', () => {
    const now = new Date('2026-12-05T12:00:00Z');
    const threads = [
      chat('pinned-today', '2026-12-05T10:00:00Z', '2026-11-01T00:00:00Z'),
      chat('today', '2026-12-05T09:00:00Z'),
      chat('pinned-last-year', '2025-01-01T10:00:00Z', '2026-12-05T11:00:00Z'),
    ];
    expect(shown(groupChatList({ threads, now, timeZone: 'UTC' }))).toEqual([
      'Pinned: pinned-today pinned-last-year',
      'Today: today',
    ]);
  });
});
