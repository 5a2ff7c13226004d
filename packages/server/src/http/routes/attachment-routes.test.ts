import {
  agentRouteErrorCodes,
  appErrorCodes,
  attachmentLimits,
  attachmentRouteErrorCodes,
  attachmentUploadResponseSchema,
  buildRunAgentInput,
  messageListResponseSchema,
} from '@drawbridge/protocol';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../models/demo/demo-catalogue.ts';
import { createDemoModel } from '../../models/demo/demo-model.ts';
import type { Storage } from '../../store/index.ts';
import { expectErrorResponse } from './testing/expect-error-response.ts';
import { openProxySignedInApp } from './testing/open-proxy-signed-in-app.ts';
import { readJsonResponse } from './testing/read-json-response.ts';

const codes = [...appErrorCodes, ...attachmentRouteErrorCodes, ...agentRouteErrorCodes] as const;

/** A 2 × 3 PNG header: enough for the type and the size. */
const png = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3,
]);
const csv = 'city,people\nOslo,709000\nBergen,291000\n';

let storage: Storage;
let app: Hono;

function upload({
  as = 'ada@example.com',
  name,
  body,
  headers = {},
}: {
  as?: string;
  name: string;
  body: BodyInit;
  headers?: Record<string, string>;
}) {
  return app.request(`/api/attachments?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'x-forwarded-email': as, 'content-type': 'application/octet-stream', ...headers },
    body,
  });
}

async function uploaded(options: Parameters<typeof upload>[0]) {
  const response = await upload(options);
  expect(response.status).toBe(201);
  return (await readJsonResponse(response, attachmentUploadResponseSchema)).attachment;
}

function run({
  as = 'ada@example.com',
  threadId,
  text,
  attachments,
}: {
  as?: string;
  threadId: string;
  text: string;
  attachments: string[];
}) {
  const input = buildRunAgentInput({
    threadId,
    runId: `run-${threadId}-${attachments.join('-')}`,
    userMessageId: 'u1',
    text,
    drawbridge: { attachments },
  });
  return app.request('/api/agent', {
    method: 'POST',
    headers: { 'x-forwarded-email': as, 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify(input),
  });
}

beforeEach(async () => {
  ({ storage, app } = await openProxySignedInApp({
    model: {
      model: createDemoModel({ catalogue: demoCatalogue, pace: 0 }),
      id: 'demo',
      demo: true,
      hint: '',
    },
    systemPrompt: 'test',
  }));
});

afterEach(async () => {
  await storage.close();
});

describe('POST /api/attachments', () => {
  it('stores a file under the type its bytes show and serves it back to its owner, inert', async () => {
    const attachment = await uploaded({
      name: 'pixel.png',
      body: png,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(attachment).toMatchObject({ name: 'pixel.png', mediaType: 'image/png', size: png.byteLength });
    const response = await app.request(`/api/attachments/${attachment.id}`, {
      headers: { 'x-forwarded-email': 'ada@example.com' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="pixel.png"');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);
  });

  it('keeps an SVG as plain text, never as an image a browser would run', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    const attachment = await uploaded({ name: 'logo.svg', body: svg });
    expect(attachment.mediaType).toBe('text/plain');
    const response = await app.request(`/api/attachments/${attachment.id}`, {
      headers: { 'x-forwarded-email': 'ada@example.com' },
    });
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('refuses a file past the size limit with 413 attachment_too_large', async () => {
    const tooBig = new Uint8Array(attachmentLimits.maxBytes + 1).fill(0x61);
    const message = await expectErrorResponse({
      response: await upload({ name: 'big.txt', body: tooBig }),
      status: 413,
      codes,
      code: 'attachment_too_large',
    });
    expect(message).toBe('Files are limited to 10.0 MB.');
  });

  it('refuses a type it does not take with 415, and an empty or unnamed file with 400', async () => {
    const executable = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0xff, 0xfe, 0x01]);
    const message = await expectErrorResponse({
      response: await upload({ name: 'setup.exe', body: executable }),
      status: 415,
      codes,
      code: 'unsupported_attachment_type',
    });
    expect(message).toContain('"setup.exe" is not a file type this server takes');
    await expectErrorResponse({
      response: await upload({ name: 'empty.txt', body: new Uint8Array() }),
      status: 400,
      codes,
      code: 'empty_attachment',
    });
    await expectErrorResponse({
      response: await upload({ name: '   ', body: 'text' }),
      status: 400,
      codes,
      code: 'invalid_attachment_name',
    });
  });

  it('refuses what a page on another site could send: a form body, or another origin', async () => {
    await expectErrorResponse({
      response: await upload({ name: 'a.txt', body: 'text', headers: { 'content-type': 'text/plain' } }),
      status: 415,
      codes,
      code: 'unsupported_media_type',
    });
    await expectErrorResponse({
      response: await upload({
        name: 'a.txt',
        body: 'text',
        headers: { origin: 'https://evil.example', host: 'localhost' },
      }),
      status: 403,
      codes,
      code: 'origin_not_allowed',
    });
  });
});

describe("another user's file", () => {
  it('is 404 to read and 404 to send, exactly as a missing one', async () => {
    const attachment = await uploaded({ name: 'cities.csv', body: csv });
    await expectErrorResponse({
      response: await app.request(`/api/attachments/${attachment.id}`, {
        headers: { 'x-forwarded-email': 'grace@example.com' },
      }),
      status: 404,
      codes,
      code: 'attachment_not_found',
    });
    const message = await expectErrorResponse({
      response: await run({
        as: 'grace@example.com',
        threadId: 'graces-chat',
        text: 'Chart it',
        attachments: [attachment.id],
      }),
      status: 404,
      codes,
      code: 'attachment_not_found',
    });
    expect(message).toContain(attachment.id);
  });
});

describe('a message with files', () => {
  it('goes to the model as file parts, and the thread keeps them with the message', async () => {
    const table = await uploaded({ name: 'cities.csv', body: csv });
    const image = await uploaded({ name: 'pixel.png', body: png });
    const response = await run({ threadId: 'chat-1', text: 'Chart this', attachments: [table.id, image.id] });
    expect(response.status).toBe(200);
    await response.text();

    const messages = await readJsonResponse(
      await app.request('/api/threads/chat-1/messages', {
        headers: { 'x-forwarded-email': 'ada@example.com' },
      }),
      messageListResponseSchema,
    );
    expect(messages.messages[0]).toMatchObject({
      role: 'user',
      content: 'Chart this',
      attachments: [table, image],
    });
    const reply = messages.messages.filter((message) => message.role === 'assistant');
    const prose = reply.map((message) => message.content).join('\n');
    expect(prose).toContain('**cities.csv** is a CSV table with 2 rows of data');
    expect(prose).toContain('**pixel.png** is a PNG image of 2 × 3 pixels');
    expect(reply.some((message) => message.widget?.html.includes('people by city'))).toBe(true);
  });

  it('may be a file alone, and its files go with the chat when it is deleted', async () => {
    const table = await uploaded({ name: 'cities.csv', body: csv });
    const started = await run({ threadId: 'chat-2', text: '', attachments: [table.id] });
    expect(started.status).toBe(200);
    // The run's stream ends with its final event, after its reply is stored.
    expect(await started.text()).toContain('RUN_FINISHED');
    const deleted = await app.request('/api/threads/chat-2', {
      method: 'DELETE',
      headers: { 'x-forwarded-email': 'ada@example.com', origin: 'http://localhost', host: 'localhost' },
    });
    expect(deleted.status).toBe(204);
    const response = await app.request(`/api/attachments/${table.id}`, {
      headers: { 'x-forwarded-email': 'ada@example.com' },
    });
    expect(response.status).toBe(404);
  });
});
