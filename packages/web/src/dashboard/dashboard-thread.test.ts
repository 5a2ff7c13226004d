import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDashboardThread, findDashboardThread } from './dashboard-thread.ts';

const summary = (id: string) => ({
  id,
  title: 'Show the last 7 days',
  createdAt: '2026-11-30T12:00:00.000Z',
  updatedAt: '2026-11-30T12:00:00.000Z',
  userId: 'local',
  kind: 'dashboard',
});

function serve(answer: (url: string, init: RequestInit | undefined) => unknown) {
  const requests: Array<{ url: string; init: RequestInit | undefined }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    return Response.json(answer(url, init), { status: init?.method === 'POST' ? 201 : 200 });
  });
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the dashboard assistant's thread, kept by the server", () => {
  it('is the newest dashboard thread, asked for by kind (the chat list never shows it)', async () => {
    const requests = serve(() => ({ threads: [summary('newest'), summary('older')] }));
    expect(await findDashboardThread()).toBe('newest');
    expect(requests.map((request) => request.url)).toEqual(['/api/threads?kind=dashboard']);
  });

  it('is none before the first message', async () => {
    serve(() => ({ threads: [] }));
    expect(await findDashboardThread()).toBeUndefined();
  });

  it('is created as a dashboard thread', async () => {
    const requests = serve(() => ({ thread: summary('created') }));
    expect(await createDashboardThread()).toBe('created');
    expect(JSON.parse(String(requests[0]?.init?.body))).toEqual({ kind: 'dashboard' });
  });
});
