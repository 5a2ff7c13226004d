import type { StoreBackedAppServer } from './app-server.ts';

/** What a test's store clock reads: a seeding time while one is set, else the real time. */
export interface SettableClock {
  now(): Date;
  /** Dates what the store writes next at `at`; `undefined` gives the real time back. */
  set(at: Date | undefined): void;
}

/** A store clock for `startAppServer({ storeClock })` that a test moves to seed chats on other days. */
export function settableClock(): SettableClock {
  let fixed: Date | undefined;
  return {
    now: () => fixed ?? new Date(),
    set(at) {
      fixed = at;
    },
  };
}

/**
 * Makes a chat of one question and one answer whose last activity is `at`, through the import route (a JSON
 * export), with the store's clock set there for the while.
 */
export async function importChatAt({
  server,
  clock,
  title,
  at,
}: {
  server: StoreBackedAppServer;
  clock: SettableClock;
  title: string;
  at: Date;
}): Promise<string> {
  clock.set(at);
  try {
    const response = await fetch(`${server.url}/api/threads/import`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        format: 'drawbridge.thread',
        version: 1,
        exportedAt: at.toISOString(),
        thread: { title },
        messages: [
          { id: 'q', role: 'user', content: `Tell me about ${title}.`, createdAt: at.toISOString() },
          { id: 'a', role: 'assistant', content: `Here is ${title}.`, createdAt: at.toISOString() },
        ],
        files: [],
      }),
    });
    if (response.status !== 201) throw new Error(`import answered ${response.status}`);
    return ((await response.json()) as { thread: { id: string } }).thread.id;
  } finally {
    clock.set(undefined);
  }
}

/** The browser's time in the chat list tests: noon on Tuesday 10 March 2026 in Berlin. */
export const chatListNow = new Date('2026-03-10T12:00:00+01:00');

/** The browser's zone in the chat list tests. */
export const chatListTimeZone = 'Europe/Berlin';

/** Chats and their last activity, one or two in each group the list shows at `chatListNow`. */
export const chatListSeeds = [
  { title: 'Old poems', at: '2025-11-03T10:00:00Z' },
  { title: 'Tax notes', at: '2026-01-15T10:00:00Z' },
  { title: 'Caffeine molecule', at: '2026-02-20T10:00:00Z' },
  { title: 'Solar system', at: '2026-03-06T10:00:00Z' },
  { title: 'Trip to Lisbon', at: '2026-03-09T20:00:00Z' },
  // 00:30 on 10 March in Berlin, still 9 March in UTC: today for the user.
  { title: 'Late-night idea', at: '2026-03-09T23:30:00Z' },
  { title: 'Budget review', at: '2026-03-10T08:00:00Z' },
] as const;

/** The chat list as `chatListSeeds` show at `chatListNow` in `chatListTimeZone`, heading by heading. */
export const chatListSeedGroups = [
  'Today: Budget review, Late-night idea',
  'Yesterday: Trip to Lisbon',
  'Previous 7 days: Solar system',
  'Previous 30 days: Caffeine molecule',
  'January: Tax notes',
  'November 2025: Old poems',
];

/** Imports every chat of `chatListSeeds`; answers their ids by title. */
export async function seedChatList(
  server: StoreBackedAppServer,
  clock: SettableClock,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const seed of chatListSeeds) {
    ids.set(seed.title, await importChatAt({ server, clock, title: seed.title, at: new Date(seed.at) }));
  }
  return ids;
}
