/** The least of a thread the chat list groups by: when it last moved, and whether it is pinned. */
export interface GroupableThread {
  /** The last activity, an ISO time. */
  updatedAt: string;
  /** When it was pinned; `null` or absent: not pinned. */
  pinnedAt?: string | null;
}

/**
 * Where a chat shows in the list: `pinned` on top, then by its last activity in the user's calendar — `today`,
 * `yesterday`, the `previous-7-days` and `previous-30-days` before, then one group per month (`month-2026-10`).
 */
export type ChatListGroupKey =
  | 'pinned'
  | 'today'
  | 'yesterday'
  | 'previous-7-days'
  | 'previous-30-days'
  | `month-${number}-${string}`;

/** One heading of the chat list and its chats, in the order they were given (newest first from the server). */
export interface ChatListGroup<Thread extends GroupableThread> {
  key: ChatListGroupKey;
  /** The heading as shown: "Pinned", "Today", …, "October" for a month of this year, "December 2025" before. */
  label: string;
  threads: Thread[];
}

const millisecondsPerDay = 86_400_000;

const fixedLabels = {
  pinned: 'Pinned',
  today: 'Today',
  yesterday: 'Yesterday',
  'previous-7-days': 'Previous 7 days',
  'previous-30-days': 'Previous 30 days',
} as const;

const fixedOrder = Object.keys(fixedLabels) as (keyof typeof fixedLabels)[];

interface CalendarDay {
  year: number;
  month: number;
  /** Days since 1970-01-01 of this date on the calendar, whatever the zone's offset or daylight saving. */
  dayNumber: number;
}

function calendarDayReader(timeZone: string | undefined): (instant: Date) => CalendarDay {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  return (instant) => {
    const parts = Object.fromEntries(
      format.formatToParts(instant).map((part) => [part.type, Number(part.value)] as const),
    );
    const year = parts.year ?? 1970;
    const month = parts.month ?? 1;
    return { year, month, dayNumber: Date.UTC(year, month - 1, parts.day ?? 1) / millisecondsPerDay };
  };
}

/**
 * Groups the chat list as ChatGPT and Claude do: pinned chats first, then the rest by the calendar day of their
 * last activity in `timeZone` (default: the browser's), counted in calendar days rather than 24-hour spans, so
 * midnight is the boundary also on the days daylight saving starts or ends. A time after `now` (another
 * machine's clock) counts as today. Empty groups are left out; each group keeps the order it was given.
 */
export function groupChatList<Thread extends GroupableThread>({
  threads,
  now,
  timeZone,
  locale = 'en-US',
}: {
  threads: readonly Thread[];
  now: Date;
  /** An IANA zone such as `Europe/Berlin`; absent, the runtime's own. */
  timeZone?: string;
  /** For the month names. */
  locale?: string;
}): ChatListGroup<Thread>[] {
  const dayOf = calendarDayReader(timeZone);
  const today = dayOf(now);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const monthAndYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const groups = new Map<ChatListGroupKey, ChatListGroup<Thread>>();
  const add = (key: ChatListGroupKey, label: string, thread: Thread) => {
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { key, label, threads: [thread] });
    else group.threads.push(thread);
  };
  for (const thread of threads) {
    if (thread.pinnedAt) {
      add('pinned', fixedLabels.pinned, thread);
      continue;
    }
    const instant = new Date(thread.updatedAt);
    // A time that does not read is no reason to hide a chat: it shows with today's.
    const day = Number.isNaN(instant.getTime()) ? today : dayOf(instant);
    const daysAgo = today.dayNumber - day.dayNumber;
    if (daysAgo <= 0) add('today', fixedLabels.today, thread);
    else if (daysAgo === 1) add('yesterday', fixedLabels.yesterday, thread);
    else if (daysAgo <= 7) add('previous-7-days', fixedLabels['previous-7-days'], thread);
    else if (daysAgo <= 30) add('previous-30-days', fixedLabels['previous-30-days'], thread);
    else {
      const firstOfMonth = new Date(Date.UTC(day.year, day.month - 1, 1));
      add(
        `month-${day.year}-${String(day.month).padStart(2, '0')}`,
        (day.year === today.year ? monthName : monthAndYear).format(firstOfMonth),
        thread,
      );
    }
  }
  const rank = (key: ChatListGroupKey) => {
    const fixed = fixedOrder.indexOf(key as (typeof fixedOrder)[number]);
    return fixed === -1 ? fixedOrder.length : fixed;
  };
  // Months after the fixed groups, newest first: `month-YYYY-MM` sorts by its text.
  const newerFirst = (first: string, second: string) => (first === second ? 0 : first < second ? 1 : -1);
  return [...groups.values()].sort(
    (first, second) => rank(first.key) - rank(second.key) || newerFirst(first.key, second.key),
  );
}
