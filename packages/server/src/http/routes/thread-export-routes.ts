import {
  type ImportThreadResponse,
  maximumThreadImportBytes,
  type ThreadExportFormat,
  type ThreadRouteErrorCode,
  threadExportExtensions,
  threadExportFormatSchema,
  threadExportSchema,
} from '@drawbridge/protocol';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ownedThread } from '../../auth/owned-thread.ts';
import { requestUser } from '../../auth/request-user.ts';
import { importThread } from '../../export/import-thread.ts';
import { threadConversationHtml } from '../../export/thread-conversation-html.ts';
import { threadExportDocument } from '../../export/thread-export-document.ts';
import { threadMarkdown } from '../../export/thread-markdown.ts';
import type { Store } from '../../store/store.ts';
import { attachmentDisposition } from '../attachment-disposition.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';
import { threadIdParam } from './identifier-params.ts';
import { readJsonBody } from './read-json-body.ts';
import type { StandaloneRenderer } from './thread-routes.ts';

const refuse: ErrorResponder<ThreadRouteErrorCode> = errorResponse;

/** Where a chat is imported; its body has a limit of its own, above the API's. */
export const threadImportPath = '/api/threads/import';

const contentTypes: Record<ThreadExportFormat, string> = {
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** A file name from a chat's title: its words in lower case, joined by dashes. */
function exportFileName(title: string, format: ThreadExportFormat): string {
  const stem =
    title
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'chat';
  return `${stem}.${threadExportExtensions[format]}`;
}

/**
 * Routes under `/api/threads` that take a chat out and bring one back: `GET /:id/export?format=markdown|html|json`
 * downloads it (to its owner only: another user's chat is `404`), and `POST /import` makes a new chat of the
 * user's from a JSON export.
 */
export function createThreadExportRoutes({
  store,
  standalone,
  clock,
  ids,
}: {
  store: Store;
  standalone: StandaloneRenderer;
  clock: () => Date;
  ids: () => string;
}): Hono {
  const routes = new Hono();

  routes.get('/:threadId/export', threadIdParam, async (context) => {
    const threadId = context.req.param('threadId');
    const format = threadExportFormatSchema.safeParse(context.req.query('format'));
    if (!format.success) {
      return refuse(
        context,
        400,
        'invalid_export_format',
        `expected ?format= one of ${threadExportFormatSchema.options.join(', ')}`,
      );
    }
    const thread = await ownedThread({ store, threadId, userId: requestUser(context).id });
    if (thread === undefined)
      return refuse(context, 404, 'thread_not_found', `thread ${threadId} does not exist`);
    const messages = await store.listMessages(threadId);
    const body =
      format.data === 'markdown'
        ? threadMarkdown({ thread, messages })
        : format.data === 'html'
          ? await threadConversationHtml({ store, standalone, thread, messages })
          : `${JSON.stringify(await threadExportDocument({ store, thread, messages, now: clock().toISOString() }), null, 2)}\n`;
    return context.body(body, 200, {
      'Content-Type': contentTypes[format.data],
      'Content-Disposition': attachmentDisposition({
        fileName: exportFileName(thread.title, format.data),
        fallback: `drawbridge-chat.${threadExportExtensions[format.data]}`,
      }),
      'X-Content-Type-Options': 'nosniff',
      // The HTML export holds widgets: shown inline by some browser after all, it still runs in an opaque origin.
      'Content-Security-Policy': 'sandbox allow-scripts allow-forms',
    });
  });

  routes.post(
    '/import',
    bodyLimit({
      maxSize: maximumThreadImportBytes,
      onError: (context) =>
        refuse(
          context,
          413,
          'export_too_large',
          `Exports of up to ${maximumThreadImportBytes / 1024 / 1024} MB can be imported.`,
        ),
    }),
    async (context) => {
      const body = await readJsonBody(context);
      if (body.status !== 'parsed') {
        return refuse(context, 400, 'invalid_json', 'the request body is not valid JSON');
      }
      const document = threadExportSchema.safeParse(body.value);
      if (!document.success) {
        return refuse(
          context,
          400,
          'invalid_export',
          'This file is not a chat exported as JSON ("Export as JSON" in a chat\'s menu, or GET /api/threads/:id/export?format=json).',
        );
      }
      const outcome = await importThread({
        store,
        document: document.data,
        userId: requestUser(context).id,
        ids,
      });
      if (!outcome.imported) return refuse(context, 400, 'invalid_export', outcome.reason);
      return context.json({ thread: outcome.thread } satisfies ImportThreadResponse, 201);
    },
  );

  return routes;
}
