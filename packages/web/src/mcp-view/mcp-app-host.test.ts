// @vitest-environment happy-dom
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { App } from '@modelcontextprotocol/ext-apps';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { McpAppHost, type McpAppHostHandlers, sandboxDocumentUrl } from './mcp-app-host.ts';

// The host's side of the frame is the SDK's PostMessageTransport; here it is one end of an in-memory pair
// whose other end a real `App` (the view's side of the SDK) holds, so the protocol runs for real.
const link = vi.hoisted(() => ({ hostEnd: undefined as unknown as object }));
vi.mock('@modelcontextprotocol/ext-apps/app-bridge', async (importOriginal) => {
  const original = await importOriginal<typeof import('@modelcontextprotocol/ext-apps/app-bridge')>();
  return {
    ...original,
    PostMessageTransport: class {
      constructor() {
        // biome-ignore lint/correctness/noConstructorReturn: the stand-in is the pair's host end.
        return link.hostEnd as never;
      }
    },
  };
});

let container: HTMLDivElement;
let app: App;
let handlers: McpAppHostHandlers & { calls: string[] };

function recordingHandlers(): McpAppHostHandlers & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    callTool: async ({ name, arguments: args }) => {
      calls.push(`callTool ${name} ${JSON.stringify(args)}`);
      return { content: [{ type: 'text', text: `ran ${name}` }] };
    },
    readResource: async ({ uri }) => ({ contents: [{ uri, text: 'resource' }] }),
    sendMessage: (text) => {
      calls.push(`sendMessage ${text}`);
      return text === 'too many'
        ? { ok: false, message: 'No more prompts.' }
        : { ok: true, message: 'Sent.' };
    },
    updateModelContext: async (context) => {
      calls.push(`updateModelContext ${JSON.stringify(context)}`);
    },
    openLink: (url) => {
      calls.push(`openLink ${url}`);
      return url.startsWith('https:')
        ? { ok: true, message: 'Opened.' }
        : { ok: false, message: 'https only.' };
    },
    sizeChanged: (size) => calls.push(`sizeChanged ${JSON.stringify(size)}`),
    requestDisplayMode: (mode) => {
      calls.push(`requestDisplayMode ${mode}`);
      return 'inline';
    },
    navigatedAway: () => calls.push('navigatedAway'),
  };
}

async function openView(): Promise<McpAppHost> {
  const [hostEnd, viewEnd] = InMemoryTransport.createLinkedPair();
  link.hostEnd = hostEnd;
  const host = McpAppHost.open({
    container,
    sandboxOrigin: 'http://sandbox.test',
    view: { html: '<p>view</p>', csp: { connectDomains: [] } },
    hostContext: { theme: 'light' },
    handlers,
  });
  app = new App({ name: 'test-view', version: '1.0.0' }, {}, { autoResize: false });
  await app.connect(viewEnd);
  await host.ready;
  return host;
}

beforeEach(() => {
  // Not attached to the document: happy-dom would try to load the frame's page (and say it cannot).
  container = document.createElement('div');
  handlers = recordingHandlers();
});

afterEach(() => {
  container.replaceChildren();
});

describe('sandboxDocumentUrl', () => {
  it("names the page's origin and carries what the view declared, for the sandbox server's headers", () => {
    const url = new URL(
      sandboxDocumentUrl({
        sandboxOrigin: 'http://sandbox.test',
        view: { html: '', csp: { connectDomains: ['https://api.example'] } },
      }),
    );
    expect(url.origin).toBe('http://sandbox.test');
    expect(url.searchParams.get('host')).toBe(location.origin);
    const declared = url.searchParams.get('declared')!.replace(/-/g, '+').replace(/_/g, '/');
    expect(
      JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(declared), (c) => c.charCodeAt(0)))),
    ).toEqual({
      csp: { connectDomains: ['https://api.example'] },
    });
  });
});

describe('McpAppHost', () => {
  it('opens its frame on the sandbox origin, sandboxed, and is ready once the view initialized', async () => {
    const host = await openView();
    expect(host.iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(host.iframe.src.startsWith('http://sandbox.test/view?')).toBe(true);
    expect(app.getHostVersion()?.name).toBe('Drawbridge');
    expect(app.getHostContext()?.theme).toBe('light');
    await host.close();
  });

  it("answers the view's requests through the card's handlers", async () => {
    const host = await openView();
    expect(await app.callServerTool({ name: 'get_time', arguments: { zone: 'UTC' } })).toMatchObject({
      content: [{ type: 'text', text: 'ran get_time' }],
    });
    expect(await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'hello' }] })).toEqual({});
    expect(
      await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'too many' }] }),
    ).toMatchObject({
      isError: true,
    });
    await app.updateModelContext({
      content: [
        { type: 'text', text: 'the user picked 3' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ],
    });
    expect(await app.openLink({ url: 'http://plain.example' })).toMatchObject({ isError: true });
    await app.sendSizeChanged({ height: 321 });
    expect(handlers.calls).toEqual([
      'callTool get_time {"zone":"UTC"}',
      'sendMessage hello',
      'sendMessage too many',
      // Only text reaches the model: the image block the view sent is dropped.
      'updateModelContext {"content":[{"type":"text","text":"the user picked 3"}]}',
      'openLink http://plain.example',
      'sizeChanged {"height":321}',
    ]);
    await host.close();
  });

  it('sends the tool input to the view, and nothing once closed', async () => {
    const host = await openView();
    const inputs: unknown[] = [];
    app.ontoolinput = (params) => inputs.push(params.arguments);
    host.sendToolInput({ city: 'Lisbon' });
    await vi.waitFor(() => expect(inputs).toEqual([{ city: 'Lisbon' }]));
    await host.close();
    expect(container.querySelector('iframe')).toBeNull();
    host.sendToolInput({ city: 'Porto' });
    expect(inputs).toEqual([{ city: 'Lisbon' }]);
  });

  it('says the frame navigated away on its second load, never on its first', async () => {
    const host = await openView();
    host.iframe.dispatchEvent(new Event('load'));
    expect(handlers.calls).not.toContain('navigatedAway');
    host.iframe.dispatchEvent(new Event('load'));
    expect(handlers.calls).toContain('navigatedAway');
    await host.close();
  });
});
