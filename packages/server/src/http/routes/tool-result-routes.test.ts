import {
  type ToolResultRouteErrorCode,
  toolResultResponseSchema,
  toolResultRouteErrorCodes,
} from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { localUser } from '../../auth/signed-in-user.ts';
import { routesSignedInAs } from '../../auth/testing/signed-in-as.ts';
import { InMemoryClientToolBridge } from '../../bridge/in-memory-client-tool-bridge.ts';
import type { StoredMessage } from '../../store/store.ts';
import { expectErrorResponse } from './testing/expect-error-response.ts';
import { readJsonResponse } from './testing/read-json-response.ts';
import { createToolResultRoutes } from './tool-result-routes.ts';

function setup({ answerGraceMs = 20 }: { answerGraceMs?: number } = {}) {
  const bridge = new InMemoryClientToolBridge();
  const saved: Array<Omit<StoredMessage, 'createdAt'>> = [];
  /** Resolves once the route has handed an answer to the bridge (an early one is then held there). */
  let answerHandedOver: () => void = () => undefined;
  const answerArrived = new Promise<void>((resolve) => {
    answerHandedOver = resolve;
  });
  const observedBridge: typeof bridge = Object.assign(Object.create(bridge) as typeof bridge, {
    answerWhenParked: (...args: Parameters<typeof bridge.answerWhenParked>) => {
      const outcome = bridge.answerWhenParked(...args);
      answerHandedOver();
      return outcome;
    },
  });
  const routes = routesSignedInAs(
    createToolResultRoutes({
      bridge: observedBridge,
      store: {
        getThread: async (id) => ({
          id,
          title: 't',
          createdAt: '',
          updatedAt: '',
          userId: localUser.id,
          kind: 'chat',
          model: null,
          pinnedAt: null,
          archivedAt: null,
        }),
        appendMessage: async (message) => {
          saved.push(message);
          return { ...message, createdAt: '2026-11-30T00:00:00Z' };
        },
      },
      ids: () => 'm1',
      answerGraceMs,
    }),
  );
  const post = (threadId: string, body: unknown) =>
    routes.request(`/${threadId}/tool-results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const park = (toolCallId: string, threadId = 't1') =>
    bridge.park(
      { threadId, runId: 'r1', toolCallId, toolName: 'render_chart', args: { title: 'x' } },
      { timeoutMs: 60_000, abortSignal: new AbortController().signal },
    );
  return { bridge, saved, post, park, answerArrived };
}

const rendered = { status: 'rendered', message: 'Displayed the chart.' };

describe('POST /api/threads/:id/tool-results', () => {
  it('resumes the parked call and persists the widget as a carrier message', async () => {
    const { saved, post, park } = setup();
    const parked = park('c1');
    const response = await post('t1', { toolCallId: 'c1', result: rendered });
    expect(response.status).toBe(200);
    expect(await readJsonResponse(response, toolResultResponseSchema)).toEqual({ accepted: true });
    expect(await parked).toEqual({ kind: 'answered', result: rendered });
    expect(saved).toEqual([
      {
        id: 'm1',
        threadId: 't1',
        role: 'assistant',
        content: '',
        toolCallId: 'c1',
        render: { tool: 'render_chart', args: { title: 'x' } },
      },
    ]);
  });

  it('waits for a call that is parked just after its answer arrives', async () => {
    // A long grace: the park below wakes the held answer at once, so only a broken hand-over waits it out.
    const { saved, post, park, answerArrived } = setup({ answerGraceMs: 10_000 });
    const answered = post('t1', { toolCallId: 'early', result: rendered });
    await answerArrived;
    const parked = park('early');
    const response = await answered;
    expect(response.status).toBe(200);
    await readJsonResponse(response, toolResultResponseSchema);
    expect(await parked).toEqual({ kind: 'answered', result: rendered });
    expect(saved).toHaveLength(1);
  });

  it('does not persist anything for a refusal from the browser', async () => {
    const { saved, post, park } = setup();
    const parked = park('c1');
    const response = await post('t1', {
      toolCallId: 'c1',
      result: { status: 'error', message: 'unknown widget' },
    });
    expect(response.status).toBe(200);
    await readJsonResponse(response, toolResultResponseSchema);
    expect((await parked).kind).toBe('answered');
    expect(saved).toEqual([]);
  });

  it.each([
    ['twice', 'already_answered', 409],
    ['for another thread', 'unknown_call', 404],
    ['for an unknown call', 'unknown_call', 404],
  ] as const satisfies [string, ToolResultRouteErrorCode, number][])(
    'refuses a result posted %s and changes nothing',
    async (label, code, status) => {
      const { bridge, saved, post, park } = setup();
      if (label === 'twice') {
        const parked = park('c1');
        await post('t1', { toolCallId: 'c1', result: rendered });
        await parked;
        saved.length = 0;
      }
      if (label === 'for another thread') park('c1', 't2');
      const response = await post('t1', { toolCallId: 'c1', result: rendered });
      await expectErrorResponse({ response, status, codes: toolResultRouteErrorCodes, code });
      expect(saved).toEqual([]);
      if (label === 'for another thread') expect(bridge.openCallCount()).toBe(1);
    },
  );

  it('refuses a closed (timed out) call without leaving a widget behind', async () => {
    const { saved, post, bridge } = setup();
    const parked = bridge.park(
      { threadId: 't1', runId: 'r1', toolCallId: 'c1', toolName: 'render_chart', args: {} },
      { timeoutMs: 1, abortSignal: new AbortController().signal },
    );
    expect(await parked).toEqual({ kind: 'timeout' });
    await expectErrorResponse({
      response: await post('t1', { toolCallId: 'c1', result: rendered }),
      status: 409,
      codes: toolResultRouteErrorCodes,
      code: 'already_answered',
    });
    expect(saved).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"toolCallId":', 'invalid_json'],
    ['a wrong shape', { toolCallId: 'c1', result: { status: 'maybe' } }, 'invalid_body'],
    ['a missing id', { result: rendered }, 'invalid_body'],
  ] as const)('answers %s with 400', async (_label, body, code) => {
    const response = await setup().post('t1', body);
    await expectErrorResponse({ response, status: 400, codes: toolResultRouteErrorCodes, code });
  });
});
