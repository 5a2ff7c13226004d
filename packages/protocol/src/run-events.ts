import { EventType, type RunFinishedOutcome } from '@ag-ui/core';
import {
  CustomEventSchema,
  RunErrorEventSchema,
  RunFinishedEventSchema,
  RunStartedEventSchema,
  TextMessageContentEventSchema,
  TextMessageEndEventSchema,
  TextMessageStartEventSchema,
  ToolCallArgsEventSchema,
  ToolCallEndEventSchema,
  ToolCallResultEventSchema,
  ToolCallStartEventSchema,
} from '@ag-ui/core/schemas';
import { z } from 'zod';
import {
  activityDeltaRunEventSchema,
  activitySnapshotRunEventSchema,
} from './activities/activity-run-event-schemas.ts';
import type {
  DrawbridgeActivityContent,
  DrawbridgeActivityDelta,
  DrawbridgeActivityOperation,
  DrawbridgeActivitySnapshot,
  DrawbridgeActivityType,
  ForeignActivityDelta,
  ForeignActivitySnapshot,
} from './activities/drawbridge-activities.ts';
import {
  type CustomRunEvent,
  type DrawbridgeEvent,
  type DrawbridgeEventValue,
  drawbridgeEvent,
  drawbridgeEventValueSchema,
} from './drawbridge-events.ts';

import type { WidgetPart, WidgetRevision } from './generated-widget.ts';
import type { WidgetRefusal } from './widget-refusal.ts';

// The part names belong to the widget shape; they are re-exported beside the event that carries them.
export { type WidgetPartType, widgetPartTypes } from './generated-widget.ts';
export type { RunFinishedOutcome };
export { EventType };

/**
 * Any CUSTOM event. Our names (`drawbridgeEventValueSchemas`) must carry their typed `value`, checked once
 * and reported at its exact path (`value.part`); other names pass as generic CUSTOM events.
 */
export const customRunEventSchema = CustomEventSchema.transform((event, context): CustomRunEvent => {
  const valueSchema = drawbridgeEventValueSchema(event.name);
  if (valueSchema === undefined) return event;
  const value = valueSchema.safeParse(event.value);
  if (value.success) return { ...event, value: value.data } as CustomRunEvent;
  for (const issue of value.error.issues) {
    context.addIssue({ ...issue, path: ['value', ...issue.path] } as z.core.$ZodRawIssue);
  }
  return z.NEVER;
});

/** Every event a Drawbridge run emits: the AG-UI events we use, activities and CUSTOM events. */
export const runEventSchema = z.discriminatedUnion('type', [
  RunStartedEventSchema,
  TextMessageStartEventSchema,
  TextMessageContentEventSchema,
  TextMessageEndEventSchema,
  ToolCallStartEventSchema,
  ToolCallArgsEventSchema,
  ToolCallEndEventSchema,
  ToolCallResultEventSchema,
  RunFinishedEventSchema,
  RunErrorEventSchema,
  activitySnapshotRunEventSchema,
  activityDeltaRunEventSchema,
  customRunEventSchema,
]);

export type RunEvent = z.infer<typeof runEventSchema>;
export type RunEventOfType<Type extends RunEvent['type']> = Extract<RunEvent, { type: Type }>;

export type RunEventParseResult = { success: true; event: RunEvent } | { success: false; error: z.ZodError };

/** True for the event that ends a run (RUN_FINISHED or RUN_ERROR): nothing of the run follows it. */
export function isFinalRunEvent(event: RunEvent): boolean {
  return event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR;
}

/** Validates an untrusted value (a decoded line, a stored event) as a run event. */
export function parseRunEvent(value: unknown): RunEventParseResult {
  const result = runEventSchema.safeParse(value);
  return result.success ? { success: true, event: result.data } : { success: false, error: result.error };
}

/** ACTIVITY_SNAPSHOT of `Type`: typed content for one of our activity types, an open object for any other. */
export type ActivitySnapshotOf<Type extends string> = Type extends DrawbridgeActivityType
  ? DrawbridgeActivitySnapshot<Type>
  : ForeignActivitySnapshot;

/** ACTIVITY_DELTA of `Type`: typed operations for one of our activity types, any JSON Patch for another. */
export type ActivityDeltaOf<Type extends string> = Type extends DrawbridgeActivityType
  ? DrawbridgeActivityDelta<Type>
  : ForeignActivityDelta;

/** A widget activity delta adding `parts` in order, and its refusal after them. */
function widgetPartsDelta({
  widgetId,
  parts,
  refusal,
}: {
  widgetId: string;
  parts: WidgetPart[];
  refusal?: WidgetRefusal;
}): DrawbridgeActivityDelta<'drawbridge.widget'> {
  const patch: DrawbridgeActivityDelta<'drawbridge.widget'>['patch'] = parts.map(
    ({ part, delta, replace, search }) => ({
      op: 'add',
      path: '/parts/-',
      value: {
        part,
        ...(search === undefined ? {} : { search }),
        delta,
        ...(replace === true ? { replace } : {}),
      },
    }),
  );
  if (refusal !== undefined) patch.push({ op: 'add', path: '/refusal', value: refusal });
  return { type: EventType.ACTIVITY_DELTA, messageId: widgetId, activityType: 'drawbridge.widget', patch };
}

/** Builders for every event the server writes, so no caller spells an event shape by hand. */
export const runEvents = {
  runStarted({
    threadId,
    runId,
  }: {
    threadId: string;
    runId: string;
  }): RunEventOfType<EventType.RUN_STARTED> {
    return { type: EventType.RUN_STARTED, threadId, runId };
  },
  runInfo({ model, demo, runId }: DrawbridgeEventValue<'drawbridge.run'>): DrawbridgeEvent<'drawbridge.run'> {
    return drawbridgeEvent('drawbridge.run', { model, demo, runId });
  },
  textStart({ messageId }: { messageId: string }): RunEventOfType<EventType.TEXT_MESSAGE_START> {
    return { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' };
  },
  textContent({
    messageId,
    delta,
  }: {
    messageId: string;
    delta: string;
  }): RunEventOfType<EventType.TEXT_MESSAGE_CONTENT> {
    return { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta };
  },
  textEnd({ messageId }: { messageId: string }): RunEventOfType<EventType.TEXT_MESSAGE_END> {
    return { type: EventType.TEXT_MESSAGE_END, messageId };
  },
  /**
   * A widget starts (or is given whole): the activity `drawbridge.widget` with the parts so far — none for a
   * widget the model starts writing or a live edit (`fromBase`), a stored widget's channels — and its revision.
   */
  widgetSnapshot({
    widgetId,
    parts = [],
    revision,
    refusal,
    fromBase,
  }: {
    widgetId: string;
    parts?: WidgetPart[];
    revision?: WidgetRevision;
    refusal?: WidgetRefusal;
    /** A live edit: the parts continue the base's (`revision.baseId`), which the reader holds. */
    fromBase?: boolean;
  }): DrawbridgeActivitySnapshot<'drawbridge.widget'> {
    return {
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId: widgetId,
      activityType: 'drawbridge.widget',
      content: {
        parts,
        ...(revision === undefined ? {} : { revision }),
        ...(refusal === undefined ? {} : { refusal }),
        ...(fromBase === true ? { fromBase } : {}),
      },
    };
  },
  /** One more piece of the widget block, in the order the model wrote it: an `add` at the end of its parts. */
  widgetPart({
    widgetId,
    ...part
  }: WidgetPart & { widgetId: string }): DrawbridgeActivityDelta<'drawbridge.widget'> {
    return widgetPartsDelta({ widgetId, parts: [part] });
  },
  /**
   * Several pieces at once, one `add` each in one delta (an edit's hunk and the `end` after it), and the
   * widget's refusal after them when a limit stopped it there.
   */
  widgetParts: widgetPartsDelta,
  /** The widget's revision changes after its start: an edit that did not apply says why. */
  widgetRevision({
    widgetId,
    revision,
  }: {
    widgetId: string;
    revision: WidgetRevision;
  }): DrawbridgeActivityDelta<'drawbridge.widget'> {
    return {
      type: EventType.ACTIVITY_DELTA,
      messageId: widgetId,
      activityType: 'drawbridge.widget',
      patch: [{ op: 'add', path: '/revision', value: revision }],
    };
  },
  /**
   * The server stopped the widget at one of `widgetLimits`: no part of it follows, and it is not drawn. Sent
   * instead of the part that would have passed the limit.
   */
  widgetRefused({
    widgetId,
    refusal,
  }: {
    widgetId: string;
    refusal: WidgetRefusal;
  }): DrawbridgeActivityDelta<'drawbridge.widget'> {
    return {
      type: EventType.ACTIVITY_DELTA,
      messageId: widgetId,
      activityType: 'drawbridge.widget',
      patch: [{ op: 'add', path: '/refusal', value: refusal }],
    };
  },
  /** A render call as the server validated it, shown to the client: the `drawbridge.render-tool` activity. */
  renderToolActivity(
    content: DrawbridgeActivityContent<'drawbridge.render-tool'>,
  ): DrawbridgeActivitySnapshot<'drawbridge.render-tool'> {
    return {
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId: content.toolCallId,
      activityType: 'drawbridge.render-tool',
      content,
    };
  },
  /** A connected server's tool call with a view, once the server answered: the `drawbridge.mcp-view` activity. */
  mcpViewActivity(
    content: DrawbridgeActivityContent<'drawbridge.mcp-view'>,
  ): DrawbridgeActivitySnapshot<'drawbridge.mcp-view'> {
    return {
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId: content.toolCallId,
      activityType: 'drawbridge.mcp-view',
      content,
    };
  },
  /**
   * The whole content of the activity message `messageId` (any activity type). It replaces what a client
   * holds unless `replace` is false, which leaves an existing activity as it is.
   */
  activitySnapshot<Type extends string>({
    messageId,
    activityType,
    content,
    replace,
  }: {
    messageId: string;
    activityType: Type;
    content: Type extends DrawbridgeActivityType ? DrawbridgeActivityContent<Type> : Record<string, unknown>;
    replace?: boolean;
  }): ActivitySnapshotOf<Type> {
    return {
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId,
      activityType,
      content,
      ...(replace === undefined ? {} : { replace }),
    } as ActivitySnapshotOf<Type>;
  },
  /** A change to the content of the activity message `messageId`, as a JSON Patch (RFC 6902). */
  activityDelta<Type extends string>({
    messageId,
    activityType,
    patch,
  }: {
    messageId: string;
    activityType: Type;
    patch: Type extends DrawbridgeActivityType
      ? DrawbridgeActivityOperation<Type>[]
      : ForeignActivityDelta['patch'];
  }): ActivityDeltaOf<Type> {
    return { type: EventType.ACTIVITY_DELTA, messageId, activityType, patch } as ActivityDeltaOf<Type>;
  },
  heartbeat(at: number): DrawbridgeEvent<'drawbridge.heartbeat'> {
    return drawbridgeEvent('drawbridge.heartbeat', { at });
  },
  reply(value: DrawbridgeEventValue<'drawbridge.reply'>): DrawbridgeEvent<'drawbridge.reply'> {
    return drawbridgeEvent('drawbridge.reply', value);
  },
  parkedCall({
    toolCallId,
  }: DrawbridgeEventValue<'drawbridge.parked'>): DrawbridgeEvent<'drawbridge.parked'> {
    return drawbridgeEvent('drawbridge.parked', { toolCallId });
  },
  toolCallStart({
    toolCallId,
    toolCallName,
    parentMessageId,
  }: {
    toolCallId: string;
    toolCallName: string;
    parentMessageId?: string;
  }): RunEventOfType<EventType.TOOL_CALL_START> {
    return {
      type: EventType.TOOL_CALL_START,
      toolCallId,
      toolCallName,
      ...(parentMessageId === undefined ? {} : { parentMessageId }),
    };
  },
  toolCallArgs({
    toolCallId,
    delta,
  }: {
    toolCallId: string;
    delta: string;
  }): RunEventOfType<EventType.TOOL_CALL_ARGS> {
    return { type: EventType.TOOL_CALL_ARGS, toolCallId, delta };
  },
  toolCallEnd({ toolCallId }: { toolCallId: string }): RunEventOfType<EventType.TOOL_CALL_END> {
    return { type: EventType.TOOL_CALL_END, toolCallId };
  },
  toolCallResult({
    messageId,
    toolCallId,
    content,
  }: {
    messageId: string;
    toolCallId: string;
    content: string;
  }): RunEventOfType<EventType.TOOL_CALL_RESULT> {
    return { type: EventType.TOOL_CALL_RESULT, messageId, toolCallId, content, role: 'tool' };
  },
  /**
   * Closes a run that did not fail. `outcome` is AG-UI 1.0's: absent means success; `interrupt` ends a run
   * that waits for answers the next run brings in `resume[]`.
   */
  runFinished({
    threadId,
    runId,
    outcome,
  }: {
    threadId: string;
    runId: string;
    outcome?: RunFinishedOutcome;
  }): RunEventOfType<EventType.RUN_FINISHED> {
    return { type: EventType.RUN_FINISHED, threadId, runId, ...(outcome === undefined ? {} : { outcome }) };
  },
  runError({ message, code }: { message: string; code?: string }): RunEventOfType<EventType.RUN_ERROR> {
    return { type: EventType.RUN_ERROR, message, ...(code === undefined ? {} : { code }) };
  },
};
