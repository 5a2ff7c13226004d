// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompletedToolCall, ToolCallHookContext } from '../transcript/tool-call-hook.ts';
import { createRenderToolHandler } from './render-tool-handler.tsx';
import { defineWidget, type WidgetRegistry } from './widget-definition.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Broken(): ReactNode {
  throw new Error('the chart has no canvas');
}

const registry: WidgetRegistry = new Map([
  [
    'render_note',
    defineWidget<{ text: string }>({
      validate: (args) =>
        typeof (args as { text?: unknown }).text === 'string'
          ? { ok: true, args: args as { text: string } }
          : { ok: false, reason: 'text: expected a string' },
      render: ({ text }) => <p className="note">{text}</p>,
      ack: 'Displayed the note to the user.',
    }),
  ],
  [
    'render_broken',
    defineWidget({ validate: (args) => ({ ok: true, args }), render: () => <Broken />, ack: 'Displayed.' }),
  ],
]);

const context: ToolCallHookContext = {
  threadId: 't1',
  sendUserMessage: () => ({ ok: true, message: 'Sent.' }),
};

function call(overrides: Partial<CompletedToolCall>): CompletedToolCall {
  return {
    toolCallId: 'c1',
    toolCallName: 'render_note',
    argsJson: '{"text":"hi"}',
    restored: false,
    ...overrides,
  };
}

let posted: unknown[];
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    posted.push(JSON.parse(String(init?.body)));
    return new Response('{"accepted":true}', { status: 200 });
  });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets the posts the handler started reach the stubbed fetch. */
async function settle(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('createRenderToolHandler', () => {
  it('answers "rendered" only once the widget has mounted, and once however often it mounts', async () => {
    const view = createRenderToolHandler({ registry })(call({}), context);
    await settle();
    expect(posted).toEqual([]);
    act(() => root.render(view));
    await settle();
    expect(container.querySelector('.note')?.textContent).toBe('hi');
    expect(posted).toEqual([
      { toolCallId: 'c1', result: { status: 'rendered', message: 'Displayed the note to the user.' } },
    ]);
    act(() => root.render(null));
    act(() => root.render(view));
    await settle();
    expect(posted).toHaveLength(1);
  });

  it('answers with the error when drawing threw, and shows it on the card instead of the widget', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = createRenderToolHandler({ registry })(call({ toolCallName: 'render_broken' }), context);
    act(() => root.render(view));
    await settle();
    expect(posted).toEqual([
      {
        toolCallId: 'c1',
        result: { status: 'error', message: 'The broken could not be drawn: the chart has no canvas' },
      },
    ]);
    expect(container.querySelector('.db-widget-problem')?.textContent).toContain('the chart has no canvas');
  });

  it('refuses invalid arguments at once, with the reason, and draws the refusal', async () => {
    const view = createRenderToolHandler({ registry })(call({ argsJson: '{"text":3}' }), context);
    await settle();
    expect(posted).toEqual([
      {
        toolCallId: 'c1',
        result: { status: 'error', message: 'Invalid render_note arguments: text: expected a string' },
      },
    ]);
    act(() => root.render(view));
    expect(container.querySelector('.db-widget-problem')).not.toBeNull();
  });

  it('draws a restored call again without answering it', async () => {
    const view = createRenderToolHandler({ registry })(call({ restored: true }), context);
    act(() => root.render(view));
    await settle();
    expect(container.querySelector('.note')?.textContent).toBe('hi');
    expect(posted).toEqual([]);
  });

  it('tells its owner when the server did not take the answer', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'call_not_open', message: 'No open call c1.' } }, { status: 409 }),
    );
    const failures: string[] = [];
    const view = createRenderToolHandler({
      registry,
      onResultFailure: (toolCallId, message) => failures.push(`${toolCallId}: ${message}`),
    })(call({}), context);
    act(() => root.render(view));
    await settle();
    await settle();
    expect(failures).toEqual(['c1: No open call c1.']);
  });
});
