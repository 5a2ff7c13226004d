import type { ActivityDeltaEvent, ActivitySnapshotEvent } from '@ag-ui/core';
import { EventType } from '@ag-ui/core';
import { z } from 'zod';
import { widgetPartSchema, widgetRevisionSchema } from '../generated-widget.ts';
import { widgetRefusalSchema } from '../widget-refusal.ts';

/**
 * A generated widget as an activity (its `messageId` is the widget's id): the parts in the order they streamed,
 * the revision when an edit made it, and the refusal when the server stopped it at a limit. `parts` only ever grows at its end, so a delta is one `add` of a part
 * to `/parts/-` — as cheap as the part itself — and a consumer hands its frame the parts it has not seen yet.
 * With `fromBase: true` (a live edit) the parts continue those of the revision's base (`revision.baseId`): a
 * reader starts the widget from the base it holds (`seedWidget`), and the edit's hunks apply to it.
 */
export const widgetActivityContentSchema = z
  .object({
    parts: z.array(widgetPartSchema),
    revision: widgetRevisionSchema.optional(),
    refusal: widgetRefusalSchema.optional(),
    fromBase: z.literal(true).optional(),
  })
  .refine((content) => content.fromBase === undefined || content.revision !== undefined, {
    message: 'Only a revision continues a base (`fromBase` needs `revision`)',
    path: ['fromBase'],
  });

/**
 * The changes a widget activity takes: one more part, its revision (set again when an edit fails), or its
 * refusal (after which no part comes). Told apart by `path`, so a bad part is reported at its field
 * (`patch[0].value.part`), not as "invalid input".
 */
export const widgetActivityOperationSchema = z.discriminatedUnion('path', [
  z.object({ op: z.literal('add'), path: z.literal('/parts/-'), value: widgetPartSchema }),
  z.object({ op: z.literal('add'), path: z.literal('/revision'), value: widgetRevisionSchema }),
  z.object({ op: z.literal('add'), path: z.literal('/refusal'), value: widgetRefusalSchema }),
]);

/**
 * A typed render call shown to a client (`render_table`, `render_form`, …; its `messageId` is the call's id):
 * the arguments as the server validated them, sent once they are, beside the call's TOOL_CALL_* events. An AG-UI
 * frontend draws it by `toolName` with the shared definitions, validating `args` at its render boundary.
 */
export const renderToolActivityContentSchema = z.object({
  toolCallId: z.string(),
  toolName: z.string(),
  args: z.record(z.string(), z.unknown()),
});

/**
 * A connected MCP server's tool call with a view (its `messageId` is the call's id): what an MCP Apps host needs
 * to draw the `ui://` view — the server, the tool as the server names it, the resource, the input and the
 * whole `CallToolResult` — sent once the server answered.
 */
export const mcpViewActivityContentSchema = z.object({
  toolCallId: z.string(),
  /** The offered name, `mcp__<server>__<tool>`. */
  toolName: z.string(),
  serverName: z.string(),
  serverToolName: z.string(),
  resourceUri: z.string(),
  input: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()),
});

/** An activity shown whole, never changed after: its deltas may hold no operation. */
const noOperation = z.never();

/**
 * The activity types Drawbridge defines, each with the schema of its `content` and of one operation of its
 * deltas' `patch` (a JSON Patch restricted to the changes the server makes). This is the one declaration: the
 * run-event schema validates with it, and the types and {@link isDrawbridgeActivity} derive from it. Other
 * activity types (`a2ui-surface`, …) pass as they are.
 */
export const drawbridgeActivitySchemas = {
  'drawbridge.widget': { content: widgetActivityContentSchema, operation: widgetActivityOperationSchema },
  'drawbridge.render-tool': { content: renderToolActivityContentSchema, operation: noOperation },
  'drawbridge.mcp-view': { content: mcpViewActivityContentSchema, operation: noOperation },
} as const;

export type DrawbridgeActivityType = keyof typeof drawbridgeActivitySchemas;

export type DrawbridgeActivityContent<Type extends DrawbridgeActivityType> = z.infer<
  (typeof drawbridgeActivitySchemas)[Type]['content']
>;

export type DrawbridgeActivityOperation<Type extends DrawbridgeActivityType> = z.infer<
  (typeof drawbridgeActivitySchemas)[Type]['operation']
>;

/** ACTIVITY_SNAPSHOT of one of our activity types, with its typed content. */
export type DrawbridgeActivitySnapshot<Type extends DrawbridgeActivityType = DrawbridgeActivityType> = {
  [ActivityType in Type]: Omit<ActivitySnapshotEvent, 'activityType' | 'content'> & {
    activityType: ActivityType;
    content: DrawbridgeActivityContent<ActivityType>;
  };
}[Type];

/** ACTIVITY_DELTA of one of our activity types, with its typed operations. */
export type DrawbridgeActivityDelta<Type extends DrawbridgeActivityType = DrawbridgeActivityType> = {
  [ActivityType in Type]: Omit<ActivityDeltaEvent, 'activityType' | 'patch'> & {
    activityType: ActivityType;
    patch: DrawbridgeActivityOperation<ActivityType>[];
  };
}[Type];

/**
 * An activity event of a type that is not ours. Its content is an open object, so comparing `activityType`
 * alone never passes for one of our typed activities: code narrows with {@link isDrawbridgeActivity}.
 */
export type ForeignActivitySnapshot = Omit<ActivitySnapshotEvent, 'content'> & {
  content: Record<string, unknown>;
};
export type ForeignActivityDelta = ActivityDeltaEvent;

export type ActivitySnapshotRunEvent = DrawbridgeActivitySnapshot | ForeignActivitySnapshot;
export type ActivityDeltaRunEvent = DrawbridgeActivityDelta | ForeignActivityDelta;
export type ActivityRunEvent = ActivitySnapshotRunEvent | ActivityDeltaRunEvent;

/** What an activity event of one of our types is checked with: its content, and its deltas' whole patch. */
export interface DrawbridgeActivityEventSchemas {
  content: z.ZodType;
  patch: z.ZodType;
}

// A Map, not the object literal, so an activity type named "constructor" cannot resolve to a prototype member.
const schemasByType = new Map<string, DrawbridgeActivityEventSchemas>(
  Object.entries(drawbridgeActivitySchemas).map(([activityType, { content, operation }]) => [
    activityType,
    { content, patch: z.array(operation) },
  ]),
);

/** The schemas an activity event of this type is checked with; undefined for a type that is not ours. */
export function drawbridgeActivitySchema(activityType: string): DrawbridgeActivityEventSchemas | undefined {
  return schemasByType.get(activityType);
}

/**
 * True for an ACTIVITY_SNAPSHOT or ACTIVITY_DELTA of `activityType`. It compares the type only: an event was
 * validated once, where it entered (`parseRunEvent`, `decodeEventStream`), or built by `runEvents`.
 */
export function isDrawbridgeActivity<Type extends DrawbridgeActivityType>(
  event: { type: string; activityType?: unknown },
  activityType: Type,
): event is DrawbridgeActivitySnapshot<Type> | DrawbridgeActivityDelta<Type> {
  return (
    (event.type === EventType.ACTIVITY_SNAPSHOT || event.type === EventType.ACTIVITY_DELTA) &&
    event.activityType === activityType
  );
}
