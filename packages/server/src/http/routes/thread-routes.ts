import {
  type CreateThreadResponse,
  createThreadBodySchema,
  type MessageListResponse,
  maximumThreadSearchQueryLength,
  maximumThreadTitleLength,
  type RenameThreadResponse,
  type RewindThreadResponse,
  rewindThreadBodySchema,
  type SelectBranchResponse,
  selectBranchBodySchema,
  type ThreadListResponse,
  type ThreadRouteErrorCode,
  type ThreadSearchResponse,
  threadKindSchema,
  threadListQuerySchema,
  updateThreadBodySchema,
  widgetFileName,
} from '@drawbridge/protocol';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { ownedThread } from '../../auth/owned-thread.ts';
import { requestUser } from '../../auth/request-user.ts';
import { toRunSummary } from '../../runs/to-run-summary.ts';
import type { Store, StoredWidget } from '../../store/store.ts';
import { attachmentDisposition } from '../attachment-disposition.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';
import { threadIdParam } from './identifier-params.ts';
import { readJsonBody } from './read-json-body.ts';

/** Renders a stored widget as one self-contained HTML file that works from disk. */
export type StandaloneRenderer = (
  widget: StoredWidget,
  options?: { theme?: 'light' | 'reader' },
) => Promise<string>;

const widgetFilePattern = /^([A-Za-z0-9_-]{1,128})\.html$/;

const refuse: ErrorResponder<ThreadRouteErrorCode> = errorResponse;

/** The most chats one search answers with: a sidebar's worth. */
const searchResultLimit = 50;

function threadNotFound(context: Context, threadId: string) {
  return refuse(context, 404, 'thread_not_found', `thread ${threadId} does not exist`);
}

/**
 * Routes under `/api/threads`: create, list (or list the archived), search, rename, pin, archive, read
 * messages, rewind (for a regenerated reply or an edited message), delete, and download a widget as HTML.
 * Each acts for the request's user only: another user's thread is `404 thread_not_found`, as a missing one,
 * and search finds only the user's own.
 * The list (by default) and search are of chats: the dashboard's conversation is listed by `?kind=dashboard`.
 */
export function createThreadRoutes(options: {
  store: Store;
  standalone: StandaloneRenderer;
  /** The models a chat may be set to; default: any (the caller checks). */
  modelIds?: readonly string[];
}): Hono {
  const { store, standalone, modelIds } = options;
  const routes = new Hono();
  const unknownModel = (context: Context, model: string) =>
    refuse(
      context,
      400,
      'unknown_model',
      `there is no model "${model}" on this server; it has: ${(modelIds ?? []).join(', ')}`,
    );
  const isKnownModel = (model: string) => modelIds === undefined || modelIds.includes(model);
  /** The shown branch's messages, each that has other versions saying which it is. */
  const shownMessages = async (threadId: string) => {
    const [messages, branches] = await Promise.all([
      store.listMessages(threadId),
      store.messageBranches(threadId),
    ]);
    return messages.map((message) => {
      const branch = branches.get(message.id);
      return branch === undefined ? message : { ...message, branch };
    });
  };

  routes.post('/', async (context) => {
    const body = await readJsonBody(context);
    if (body.status === 'invalid') {
      return refuse(context, 400, 'invalid_json', 'the request body is not valid JSON');
    }
    const parsed = createThreadBodySchema.safeParse(body.status === 'parsed' ? body.value : {});
    if (!parsed.success) {
      return refuse(
        context,
        400,
        'invalid_body',
        'expected an optional body of { "title"?: string, "kind"?: "chat" | "dashboard", "model"?: string }',
      );
    }
    const { title, kind, model } = parsed.data;
    if (model !== undefined && !isKnownModel(model)) return unknownModel(context, model);
    const thread = await store.createThread({
      userId: requestUser(context).id,
      ...(title === undefined ? {} : { title }),
      ...(kind === undefined ? {} : { kind }),
      ...(model === undefined ? {} : { model }),
    });
    return context.json({ thread } satisfies CreateThreadResponse, 201);
  });

  // The chat list by default: the dashboard's conversation and the sample history are asked for by kind, the
  // archived chats by `archived=true`.
  routes.get('/', async (context) => {
    const query = threadListQuerySchema.safeParse(context.req.query());
    if (!query.success) {
      return refuse(
        context,
        400,
        'invalid_query',
        `expected ?kind= one of ${threadKindSchema.options.join(', ')} (none: the chats) and ?archived= true or false`,
      );
    }
    const { kind, archived } = query.data;
    const threads = await store.listThreads({ userId: requestUser(context).id, kind, archived });
    return context.json({ threads } satisfies ThreadListResponse);
  });

  routes.get('/search', async (context) => {
    const query = (context.req.query('q') ?? '').trim();
    if (query === '' || query.length > maximumThreadSearchQueryLength) {
      return refuse(
        context,
        400,
        'invalid_query',
        `expected ?q= with 1-${maximumThreadSearchQueryLength} characters to search for`,
      );
    }
    const userId = requestUser(context).id;
    // An archived chat is out of the list, and out of its search: the Archived view lists it.
    const results = await store.searchThreads({ query, limit: searchResultLimit, userId, archived: false });
    return context.json({ results } satisfies ThreadSearchResponse);
  });

  routes.patch('/:threadId', threadIdParam, async (context) => {
    const threadId = context.req.param('threadId');
    const body = await readJsonBody(context);
    if (body.status === 'invalid') {
      return refuse(context, 400, 'invalid_json', 'the request body is not valid JSON');
    }
    const parsed = updateThreadBodySchema.safeParse(body.status === 'parsed' ? body.value : undefined);
    if (!parsed.success) {
      return refuse(
        context,
        400,
        'invalid_body',
        `expected any of { "title": string, "model": string | null, "pinned": boolean, "archived": boolean }, with a title that is not blank and at most ${maximumThreadTitleLength} characters`,
      );
    }
    const { title, model, pinned, archived } = parsed.data;
    if (typeof model === 'string' && !isKnownModel(model)) return unknownModel(context, model);
    const owned = await ownedThread({ store, threadId, userId: requestUser(context).id });
    if (owned === undefined) return threadNotFound(context, threadId);
    // The chat list's own: the dashboard's conversation, listed by kind, would vanish from its panel.
    if ((pinned !== undefined || archived !== undefined) && owned.kind !== 'chat') {
      return refuse(
        context,
        409,
        'wrong_thread_kind',
        `thread ${threadId} is the ${owned.kind} conversation, not a chat: only chats are pinned or archived`,
      );
    }
    if (title !== undefined) await store.renameThread(threadId, title);
    if (model !== undefined) await store.setThreadModel(threadId, model);
    if (pinned !== undefined || archived !== undefined) {
      await store.placeThread(threadId, {
        ...(pinned === undefined ? {} : { pinned }),
        ...(archived === undefined ? {} : { archived }),
      });
    }
    const thread = await store.getThread(threadId);
    // Deleted between the rename and the read: the rename went nowhere.
    if (thread === undefined) return threadNotFound(context, threadId);
    return context.json({ thread } satisfies RenameThreadResponse);
  });

  routes.post('/:threadId/rewind', threadIdParam, async (context) => {
    const threadId = context.req.param('threadId');
    const body = await readJsonBody(context);
    if (body.status === 'invalid') {
      return refuse(context, 400, 'invalid_json', 'the request body is not valid JSON');
    }
    const parsed = rewindThreadBodySchema.safeParse(body.status === 'parsed' ? body.value : undefined);
    if (!parsed.success) {
      return refuse(
        context,
        400,
        'invalid_body',
        'expected { "turn": integer ≥ 0, "content"?: string } with content that is not blank',
      );
    }
    if ((await ownedThread({ store, threadId, userId: requestUser(context).id })) === undefined) {
      return threadNotFound(context, threadId);
    }
    // Rewinding under a running reply would leave the run appending to a transcript that moved on.
    if ((await store.runningRun(threadId)) !== undefined) {
      return refuse(context, 409, 'run_in_progress', `thread ${threadId} has a reply running; stop it first`);
    }
    const { turn, content } = parsed.data;
    const outcome = await store.rewindThread({
      threadId,
      turn,
      // Stored as the run will send it, so the run finds its message already there and stores no copy.
      ...(content === undefined ? {} : { content: content.trim() }),
    });
    if (!outcome.rewound) {
      return outcome.code === 'thread_not_found'
        ? threadNotFound(context, threadId)
        : refuse(context, 404, 'turn_not_found', `thread ${threadId} has no user message number ${turn}`);
    }
    const messages = await shownMessages(threadId);
    return context.json({ text: outcome.text, messages } satisfies RewindThreadResponse);
  });

  routes.post('/:threadId/branch', threadIdParam, async (context) => {
    const threadId = context.req.param('threadId');
    const body = await readJsonBody(context);
    if (body.status === 'invalid') {
      return refuse(context, 400, 'invalid_json', 'the request body is not valid JSON');
    }
    const parsed = selectBranchBodySchema.safeParse(body.status === 'parsed' ? body.value : undefined);
    if (!parsed.success) {
      return refuse(
        context,
        400,
        'invalid_body',
        'expected { "turn": integer ≥ 0, "side": "user" | "reply", "index": integer ≥ 0 }',
      );
    }
    if ((await ownedThread({ store, threadId, userId: requestUser(context).id })) === undefined) {
      return threadNotFound(context, threadId);
    }
    // Switching under a running reply would leave the run appending to a branch nobody sees.
    if ((await store.runningRun(threadId)) !== undefined) {
      return refuse(context, 409, 'run_in_progress', `thread ${threadId} has a reply running; stop it first`);
    }
    const { turn, side, index } = parsed.data;
    const outcome = await store.selectBranch({ threadId, turn, side, index });
    if (!outcome.selected) {
      if (outcome.code === 'thread_not_found') return threadNotFound(context, threadId);
      return outcome.code === 'turn_not_found'
        ? refuse(context, 404, 'turn_not_found', `thread ${threadId} has no user message number ${turn}`)
        : refuse(
            context,
            404,
            'branch_not_found',
            `${side === 'user' ? 'user message' : 'the reply to user message'} number ${turn} has no version ${index}`,
          );
    }
    return context.json({ messages: await shownMessages(threadId) } satisfies SelectBranchResponse);
  });

  routes.get('/:threadId/messages', threadIdParam, async (context) => {
    const threadId = context.req.param('threadId');
    const thread = await ownedThread({ store, threadId, userId: requestUser(context).id });
    if (thread === undefined) return threadNotFound(context, threadId);
    const [messages, running, widgetStates] = await Promise.all([
      shownMessages(threadId),
      store.runningRun(threadId),
      store.listWidgetStates(threadId),
    ]);
    const activeRun = running === undefined ? null : toRunSummary(running);
    return context.json({ thread, messages, activeRun, widgetStates } satisfies MessageListResponse);
  });

  routes.delete('/:threadId', threadIdParam, async (context) => {
    const threadId = context.req.param('threadId');
    if ((await ownedThread({ store, threadId, userId: requestUser(context).id })) === undefined) {
      return threadNotFound(context, threadId);
    }
    if (!(await store.deleteThread(threadId))) return threadNotFound(context, threadId);
    return context.body(null, 204);
  });

  routes.get('/:threadId/widgets/:file', threadIdParam, async (context) => {
    const threadId = context.req.param('threadId');
    const widgetId = widgetFilePattern.exec(context.req.param('file'))?.[1];
    if (widgetId === undefined) {
      return refuse(
        context,
        400,
        'invalid_widget_file',
        'expected <widgetId>.html with an id of A-Z, a-z, 0-9, _ and -',
      );
    }
    if ((await ownedThread({ store, threadId, userId: requestUser(context).id })) === undefined) {
      return threadNotFound(context, threadId);
    }
    const widget = await store.getWidget(threadId, widgetId);
    if (widget === undefined) {
      return refuse(
        context,
        404,
        'widget_not_found',
        `widget ${widgetId} does not exist in thread ${threadId}`,
      );
    }
    const html = await standalone(widget);
    return context.body(html, 200, {
      'Content-Type': 'text/html; charset=utf-8',
      // Named for what it is ("dice-roller.html"), from the widget's own title.
      'Content-Disposition': attachmentDisposition({
        fileName: widgetFileName({ html: widget.html, id: widgetId }),
        fallback: `drawbridge-widget-${widgetId}.html`,
      }),
      'X-Content-Type-Options': 'nosniff',
      // Should a browser ever show the file inline, the widget still runs in an opaque origin, as in the chat.
      'Content-Security-Policy': 'sandbox allow-scripts allow-forms',
    });
  });

  return routes;
}
