import {
  appErrorCodes,
  attachmentUploadResponseSchema,
  importThreadResponseSchema,
  messageListResponseSchema,
  threadExportSchema,
  threadRouteErrorCodes,
} from '@drawbridge/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from '../../store/index.ts';
import { expectErrorResponse } from './testing/expect-error-response.ts';
import { openProxySignedInApp, type ProxySignedInApp } from './testing/open-proxy-signed-in-app.ts';
import { readJsonResponse } from './testing/read-json-response.ts';

const codes = [...appErrorCodes, ...threadRouteErrorCodes] as const;
const csv = 'city,people\nOslo,709000\n';

let storage: Storage;
let as: ProxySignedInApp['as'];

/** A chat of Ada's: her message with a CSV, a reply with prose and a widget. */
async function adasChat(): Promise<{ threadId: string }> {
  const upload = await as('ada@example.com', '/api/attachments?name=cities.csv', {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: csv,
  });
  const { attachment } = await readJsonResponse(upload, attachmentUploadResponseSchema);
  const { store } = storage;
  const thread = await store.createThread({ userId: 'proxy:ada@example.com', title: 'Cities of Norway' });
  await store.claimAttachments({
    ids: [attachment.id],
    userId: 'proxy:ada@example.com',
    threadId: thread.id,
  });
  await store.appendMessage({
    id: 'u1',
    threadId: thread.id,
    role: 'user',
    content: 'Chart # these',
    attachments: [attachment],
  });
  await store.appendMessage({
    id: 'a1',
    threadId: thread.id,
    role: 'assistant',
    content: 'Here is **Oslo**.',
    widget: {
      id: 'w1',
      height: 200,
      css: '',
      html: '<h3>People by city</h3><script>x</script>',
      js: '',
      complete: true,
    },
    reply: { model: 'demo', inputTokens: 3, outputTokens: 4 },
  });
  return { threadId: thread.id };
}

beforeEach(async () => {
  ({ storage, as } = await openProxySignedInApp());
});

afterEach(async () => {
  await storage.close();
});

describe('GET /api/threads/:id/export', () => {
  it('writes Markdown: the title, who said what, the files by name, each widget named', async () => {
    const { threadId } = await adasChat();
    const response = await as('ada@example.com', `/api/threads/${threadId}/export?format=markdown`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="cities-of-norway.md"');
    expect(await response.text()).toBe(
      [
        '# Cities of Norway',
        '',
        '## You',
        '',
        '📎 cities.csv (text/csv, 24 B)',
        '',
        '> Chart # these',
        '',
        '## Assistant',
        '',
        'Here is **Oslo**.',
        '',
        '*[Widget: People by city]*',
        '',
      ].join('\n'),
    );
  });

  it('writes one HTML file: prose as text, each widget as its standalone document in a sandboxed frame', async () => {
    const { threadId } = await adasChat();
    const response = await as('ada@example.com', `/api/threads/${threadId}/export?format=html`);
    expect(response.headers.get('content-security-policy')).toBe('sandbox allow-scripts allow-forms');
    const html = await response.text();
    expect(html).toContain('<meta http-equiv="Content-Security-Policy"');
    expect(html).toContain('Here is **Oslo**.');
    expect(html).toContain(
      '<iframe sandbox="allow-scripts allow-forms" title="People by city" style="height:240px" srcdoc="&#60;!doctype html&#62;',
    );
    // The widget's markup lives only inside the frame's escaped document, never as the page's own.
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('<summary>cities.csv (text/csv, 24 B)</summary><pre>city,people');
  });

  it('draws a typed tool call in the HTML file as static markup: a table as its table', async () => {
    const { threadId } = await adasChat();
    await storage.store.appendMessage({
      id: 'a2',
      threadId,
      role: 'assistant',
      content: '',
      toolCallId: 'call-1',
      render: {
        tool: 'render_table',
        args: {
          title: 'Largest cities',
          columns: [{ key: 'city', label: 'City', type: 'string' }],
          rows: [{ city: 'Oslo' }, { city: '<b>Bergen</b>' }],
        },
      },
    });
    const response = await as('ada@example.com', `/api/threads/${threadId}/export?format=html`);
    const html = await response.text();
    expect(html).toContain('<figure class="typed"><figcaption>Largest cities</figcaption>');
    expect(html).toContain('<tr><td>Oslo</td></tr>\n<tr><td>&#60;b&#62;Bergen&#60;/b&#62;</td></tr>');
  });

  it('refuses an unknown format, and another user’s chat is 404', async () => {
    const { threadId } = await adasChat();
    await expectErrorResponse({
      response: await as('ada@example.com', `/api/threads/${threadId}/export?format=pdf`),
      status: 400,
      codes,
      code: 'invalid_export_format',
    });
    await expectErrorResponse({
      response: await as('grace@example.com', `/api/threads/${threadId}/export?format=json`),
      status: 404,
      codes,
      code: 'thread_not_found',
    });
  });
});

describe('POST /api/threads/import', () => {
  it('makes a new chat of a JSON export, files and widgets included, for whoever imports it', async () => {
    const { threadId } = await adasChat();
    const exported = await as('ada@example.com', `/api/threads/${threadId}/export?format=json`);
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="cities-of-norway.json"');
    const document = await readJsonResponse(exported, threadExportSchema);
    expect(document.files.map((file) => Buffer.from(file.base64, 'base64').toString())).toEqual([csv]);

    const imported = await as('grace@example.com', '/api/threads/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(document),
    });
    expect(imported.status).toBe(201);
    const { thread } = await readJsonResponse(imported, importThreadResponseSchema);
    expect(thread).toMatchObject({ title: 'Cities of Norway', userId: 'proxy:grace@example.com' });
    const { messages } = await readJsonResponse(
      await as('grace@example.com', `/api/threads/${thread.id}/messages`),
      messageListResponseSchema,
    );
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Chart # these'],
      ['assistant', 'Here is **Oslo**.'],
    ]);
    expect(messages[1]?.widget?.html).toBe('<h3>People by city</h3><script>x</script>');
    expect(messages[1]?.reply).toEqual({ model: 'demo', inputTokens: 3, outputTokens: 4 });
    // The file is Grace's own copy, under a new id; Ada's stays Ada's.
    const copy = messages[0]?.attachments?.[0];
    expect(copy?.name).toBe('cities.csv');
    expect(copy?.id).not.toBe(document.files[0]?.id);
    expect(await (await as('grace@example.com', `/api/attachments/${copy?.id}`)).text()).toBe(csv);
  });

  it('refuses what is not an export', async () => {
    await expectErrorResponse({
      response: await as('ada@example.com', '/api/threads/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ format: 'something else' }),
      }),
      status: 400,
      codes,
      code: 'invalid_export',
    });
  });
});
