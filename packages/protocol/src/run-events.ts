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
import { replyDetailsSchema } from './api/reply-details.ts';
import { widgetPartSchema, widgetRevisionSchema } from './generated-widget.ts';

export type { RunFinishedOutcome };
export { EventType };

/** The names of the CUSTOM events Drawbridge defines; their data lives in `value`. */
export const drawbridgeEventNames = {
  widget: 'drawbridge.widget',
  heartbeat: 'drawbridge.heartbeat',
  run: 'drawbridge.run',
  parked: 'drawbridge.parked',
  reply: 'drawbridge.reply',
  revision: 'drawbridge.widget-revision',
} as const;

// The part names belong to the widget shape; they are re-exported beside the event that carries them.
export { type WidgetPartType, widgetPartTypes } from './generated-widget.ts';

export const widgetPartValueSchema = z.object({
  messageId: z.string(),
  widgetId: z.string(),
  ...widgetPartSchema.shape,
});

/**
 * The widget an edit reply builds is a revision: sent once the edit's target is known, before its parts,
 * and again with `failure` when a hunk does not apply.
 */
export const widgetRevisionValueSchema = z.object({
  messageId: z.string(),
  widgetId: z.string(),
  revision: widgetRevisionSchema,
});

export const heartbeatValueSchema = z.object({ at: z.number() });

/**
 * Once per run, after RUN_STARTED: the model, and `runId`, the server's id of the durable run (the one
 * `GET /api/runs/:runId`, its events and its cancel take), which RUN_STARTED's client-chosen `runId` is not.
 */
export const runInfoValueSchema = z.object({ model: z.string(), demo: z.boolean(), runId: z.string() });

/**
 * The server parked this tool call for the browser: only a parked call is drawn and answered there. A call
 * the server refused before parking gets its TOOL_CALL_RESULT error instead and no `drawbridge.parked`.
 */
export const parkedCallValueSchema = z.object({ toolCallId: z.string() });

/** The reply's model and token counts, once its run is over and they are stored with the reply. */
export const replyValueSchema = z.object({ messageId: z.string(), ...replyDetailsSchema.shape });

export type WidgetPartValue = z.infer<typeof widgetPartValueSchema>;
export type WidgetRevisionValue = z.infer<typeof widgetRevisionValueSchema>;
export type HeartbeatValue = z.infer<typeof heartbeatValueSchema>;
export type RunInfoValue = z.infer<typeof runInfoValueSchema>;
export type ParkedCallValue = z.infer<typeof parkedCallValueSchema>;
export type ReplyValue = z.infer<typeof replyValueSchema>;

export const widgetPartEventSchema = CustomEventSchema.extend({
  name: z.literal(drawbridgeEventNames.widget),
  value: widgetPartValueSchema,
});

export const widgetRevisionEventSchema = CustomEventSchema.extend({
  name: z.literal(drawbridgeEventNames.revision),
  value: widgetRevisionValueSchema,
});

export const heartbeatEventSchema = CustomEventSchema.extend({
  name: z.literal(drawbridgeEventNames.heartbeat),
  value: heartbeatValueSchema,
});

export const runInfoEventSchema = CustomEventSchema.extend({
  name: z.literal(drawbridgeEventNames.run),
  value: runInfoValueSchema,
});

export const parkedCallEventSchema = CustomEventSchema.extend({
  name: z.literal(drawbridgeEventNames.parked),
  value: parkedCallValueSchema,
});

export const replyEventSchema = CustomEventSchema.extend({
  name: z.literal(drawbridgeEventNames.reply),
  value: replyValueSchema,
});

// A Map, not an object literal, so an event named "constructor" cannot resolve to a prototype member.
const valueSchemaByCustomName = new Map<string, z.ZodType>([
  [drawbridgeEventNames.widget, widgetPartValueSchema],
  [drawbridgeEventNames.revision, widgetRevisionValueSchema],
  [drawbridgeEventNames.heartbeat, heartbeatValueSchema],
  [drawbridgeEventNames.run, runInfoValueSchema],
  [drawbridgeEventNames.parked, parkedCallValueSchema],
  [drawbridgeEventNames.reply, replyValueSchema],
]);

const otherCustomEventSchema = CustomEventSchema.extend({ value: z.unknown() });

/**
 * Any CUSTOM event. Our names must carry their typed `value`; other names pass as generic CUSTOM.
 * The value is checked first on its own so a bad `drawbridge.*` value is reported at its exact path
 * instead of as "matched no option of the union".
 */
export const customRunEventSchema = CustomEventSchema.superRefine((event, context) => {
  const valueSchema = valueSchemaByCustomName.get(event.name);
  if (valueSchema === undefined) return;
  const result = valueSchema.safeParse(event.value);
  if (result.success) return;
  for (const issue of result.error.issues) {
    context.addIssue({ ...issue, path: ['value', ...issue.path] } as z.core.$ZodRawIssue);
  }
}).pipe(
  z.union([
    z.discriminatedUnion('name', [
      widgetPartEventSchema,
      widgetRevisionEventSchema,
      heartbeatEventSchema,
      runInfoEventSchema,
      parkedCallEventSchema,
      replyEventSchema,
    ]),
    otherCustomEventSchema,
  ]),
);

/** Every event a Drawbridge run emits: the AG-UI events we use plus CUSTOM events. */
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
  customRunEventSchema,
]);

export type RunEvent = z.infer<typeof runEventSchema>;
export type RunEventOfType<Type extends RunEvent['type']> = Extract<RunEvent, { type: Type }>;
export type WidgetPartEvent = z.infer<typeof widgetPartEventSchema>;
export type WidgetRevisionEvent = z.infer<typeof widgetRevisionEventSchema>;
export type HeartbeatEvent = z.infer<typeof heartbeatEventSchema>;
export type RunInfoEvent = z.infer<typeof runInfoEventSchema>;
export type ParkedCallEvent = z.infer<typeof parkedCallEventSchema>;
export type ReplyEvent = z.infer<typeof replyEventSchema>;
export type CustomRunEvent = RunEventOfType<EventType.CUSTOM>;

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
  runInfo({ model, demo, runId }: RunInfoValue): RunInfoEvent {
    return { type: EventType.CUSTOM, name: drawbridgeEventNames.run, value: { model, demo, runId } };
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
  widgetPart({ messageId, widgetId, part, delta, replace }: WidgetPartValue): WidgetPartEvent {
    return {
      type: EventType.CUSTOM,
      name: drawbridgeEventNames.widget,
      value: { messageId, widgetId, part, delta, ...(replace === true ? { replace } : {}) },
    };
  },
  widgetRevision({ messageId, widgetId, revision }: WidgetRevisionValue): WidgetRevisionEvent {
    return {
      type: EventType.CUSTOM,
      name: drawbridgeEventNames.revision,
      value: { messageId, widgetId, revision },
    };
  },
  heartbeat(at: number): HeartbeatEvent {
    return { type: EventType.CUSTOM, name: drawbridgeEventNames.heartbeat, value: { at } };
  },
  reply(value: ReplyValue): ReplyEvent {
    return { type: EventType.CUSTOM, name: drawbridgeEventNames.reply, value };
  },
  parkedCall({ toolCallId }: ParkedCallValue): ParkedCallEvent {
    return { type: EventType.CUSTOM, name: drawbridgeEventNames.parked, value: { toolCallId } };
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

/** True for a CUSTOM `drawbridge.widget` event whose value has the widget-part shape. */
export function isWidgetPartEvent(event: RunEvent): event is WidgetPartEvent {
  return isCustomEventNamed(event, drawbridgeEventNames.widget, widgetPartValueSchema);
}

/** True for the CUSTOM `drawbridge.widget-revision` event that makes a widget a revision of an earlier one. */
export function isWidgetRevisionEvent(event: RunEvent): event is WidgetRevisionEvent {
  return isCustomEventNamed(event, drawbridgeEventNames.revision, widgetRevisionValueSchema);
}

/** True for the CUSTOM `drawbridge.parked` event that hands one tool call to the browser. */
export function isParkedCallEvent(event: RunEvent): event is ParkedCallEvent {
  return isCustomEventNamed(event, drawbridgeEventNames.parked, parkedCallValueSchema);
}

/** True for the CUSTOM `drawbridge.reply` event that gives a finished reply its model and token counts. */
export function isReplyEvent(event: RunEvent): event is ReplyEvent {
  return isCustomEventNamed(event, drawbridgeEventNames.reply, replyValueSchema);
}

/** True for a CUSTOM `drawbridge.heartbeat` event. */
export function isHeartbeatEvent(event: RunEvent): event is HeartbeatEvent {
  return isCustomEventNamed(event, drawbridgeEventNames.heartbeat, heartbeatValueSchema);
}

/** True for the CUSTOM `drawbridge.run` event that names the model. */
export function isRunInfoEvent(event: RunEvent): event is RunInfoEvent {
  return isCustomEventNamed(event, drawbridgeEventNames.run, runInfoValueSchema);
}

// The value is re-checked because a RunEvent may have been built by a cast rather than by parseRunEvent.
function isCustomEventNamed(event: RunEvent, name: string, valueSchema: z.ZodType): boolean {
  return event.type === EventType.CUSTOM && event.name === name && valueSchema.safeParse(event.value).success;
}
