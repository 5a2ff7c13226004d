import { fileURLToPath } from 'node:url';
import { mcpAppViewMimeType } from '@drawbridge/frame';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { widgetViewUri } from './drawbridge-mcp-server.ts';
import { renderToolNames, renderToolViewUri } from './render-tool-mcp-tools.ts';
import { fixtureViewSources } from './testing/fixture-view-sources.ts';
import { startMcpTestApp } from './testing/start-mcp-test-app.ts';

const fixtureCommand = fileURLToPath(new URL('./testing/fixture-mcp-command.ts', import.meta.url));
const widgetView = await fixtureViewSources.readWidgetView();
const renderToolView = await fixtureViewSources.readRenderToolView();

const cleanups: Array<() => Promise<void>> = [];
const startApp = async (options: { allowedHosts?: string[] } = {}) =>
  (await startMcpTestApp({ ...options, cleanups })).url;

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connectOverStdio(): Promise<Client> {
  const client = new Client({ name: 'drawbridge-test-host', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=drawbridge-source', '--import', 'tsx', fixtureCommand],
    }),
  );
  cleanups.push(() => client.close());
  return client;
}

async function connectOverHttp(url: string): Promise<Client> {
  const client = new Client({ name: 'drawbridge-test-host', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  cleanups.push(() => client.close());
  return client;
}

const widgetArguments = {
  title: 'Counter',
  height: 160,
  css: 'button{font-size:2rem}',
  html: '<button id="count">0</button>',
  js: "document.getElementById('count').onclick=(event)=>{event.target.textContent++}",
};

async function expectDrawbridgeApp(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  const showWidget = tools.find((tool) => tool.name === 'show_widget');
  expect(showWidget?._meta?.ui).toEqual({ resourceUri: widgetViewUri });
  expect(showWidget?.inputSchema.required).toEqual(expect.arrayContaining(['title', 'html']));
  expect(Object.keys(showWidget?.inputSchema.properties ?? {})).toEqual([
    'title',
    'height',
    'css',
    'html',
    'js',
  ]);

  const { resources } = await client.listResources();
  expect(resources).toContainEqual(
    expect.objectContaining({ uri: widgetViewUri, mimeType: mcpAppViewMimeType }),
  );
  const { contents } = await client.readResource({ uri: widgetViewUri });
  expect(contents[0]).toMatchObject({ uri: widgetViewUri, mimeType: mcpAppViewMimeType });
  const html = contents[0] !== undefined && 'text' in contents[0] ? contents[0].text : '';
  expect(html).toContain('<div id="widget-root"></div>');
  expect(html).toContain(`<script>${widgetView.script}</script>`);
  // three.js and the kit travel inert, as text the view runs only for a widget that imports them.
  expect(html).toContain(`<script type="text/plain" id="three-source">${widgetView.threeScript}</script>`);
  expect(html).toContain(`<script type="text/plain" id="kit-source">${widgetView.kitScript}</script>`);

  const result = await client.callTool({ name: 'show_widget', arguments: widgetArguments });
  expect(result.isError).not.toBe(true);
  expect(result.structuredContent).toEqual({ title: 'Counter', height: 160 });

  const refused = await client.callTool({ name: 'show_widget', arguments: { title: 'No markup' } });
  expect(refused.isError).toBe(true);
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const first = Array.isArray(result.content) ? result.content[0] : undefined;
  return first?.type === 'text' ? first.text : '';
}

async function expectRenderTools(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  for (const name of renderToolNames) {
    const tool = tools.find((candidate) => candidate.name === name);
    expect(tool?._meta?.ui).toEqual({ resourceUri: renderToolViewUri(name) });
    const { contents } = await client.readResource({ uri: renderToolViewUri(name) });
    expect(contents[0]).toMatchObject({ uri: renderToolViewUri(name), mimeType: mcpAppViewMimeType });
    const html = contents[0] !== undefined && 'text' in contents[0] ? contents[0].text : '';
    expect(html).toContain(`data-render-tool="${name}"`);
    expect(html).toContain(`<script>${renderToolView.script}</script>`);
    expect(html).toContain(`<style>${renderToolView.style}</style>`);
  }
  // The input schemas are the protocol's: the chart's kinds and required fields come from renderChartArgsSchema.
  const chart = tools.find((tool) => tool.name === 'render_chart');
  expect(chart?.inputSchema.required).toEqual(expect.arrayContaining(['title', 'kind', 'labels', 'series']));
  expect(chart?.inputSchema.properties?.kind).toMatchObject({ enum: ['line', 'bar', 'area', 'pie'] });

  const drawn = await client.callTool({
    name: 'render_chart',
    arguments: {
      title: 'Visits',
      kind: 'bar',
      labels: ['Mon', 'Tue'],
      series: [{ name: 'visits', values: [3, 5] }],
    },
  });
  expect(drawn.isError).not.toBe(true);
  expect(textOf(drawn)).toBe('Displayed the chart to the user.');

  // The protocol schema's own refinement (one value per label), not only its JSON Schema, refuses the call.
  const mismatched = await client.callTool({
    name: 'render_chart',
    arguments: {
      title: 'Visits',
      kind: 'bar',
      labels: ['Mon', 'Tue'],
      series: [{ name: 'visits', values: [3] }],
    },
  });
  expect(mismatched.isError).toBe(true);
  expect(textOf(mismatched)).toContain('has 1 values for 2 labels');

  const insecureImage = await client.callTool({
    name: 'render_image',
    arguments: { url: 'http://example.com/cat.png', alt: 'A cat' },
  });
  expect(insecureImage.isError).toBe(true);
  expect(textOf(insecureImage)).toContain('https');
}

describe('Drawbridge as an MCP App server', () => {
  it('serves show_widget and its view over stdio (drawbridge mcp)', async () => {
    await expectDrawbridgeApp(await connectOverStdio());
  });

  it('serves the typed render tools with their views and the protocol schemas over stdio', async () => {
    await expectRenderTools(await connectOverStdio());
  });

  it('serves the typed render tools over Streamable HTTP', async () => {
    await expectRenderTools(await connectOverHttp(await startApp()));
  });

  it('serves show_widget and its view over Streamable HTTP (POST /mcp)', async () => {
    await expectDrawbridgeApp(await connectOverHttp(await startApp()));
  });

  it('keeps /mcp behind the request guard: a cross-site request is refused before the MCP handler', async () => {
    const url = await startApp();
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        origin: 'https://evil.example',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});
