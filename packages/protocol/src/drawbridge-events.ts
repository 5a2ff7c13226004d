import { type CustomEvent as AgUiCustomEvent, EventType } from '@ag-ui/core';
import { z } from 'zod';
import { replyDetailsSchema } from './api/reply-details.ts';

/**
 * The CUSTOM events Drawbridge defines, by name, each with the schema of its `value` (a stock AG-UI client
 * strips unknown fields, so our data lives there). This is the one declaration: the run-event schema
 * validates with it, and the event types, the builders and {@link isDrawbridgeEvent} derive from it. They are
 * what is not UI — the run, its heartbeat, parked calls, the reply's details; widgets travel as activities
 * (`drawbridgeActivitySchemas`).
 */
export const drawbridgeEventValueSchemas = {
  /** Sent while the run is idle (a parked call, a slow model), so proxies and the client see it alive. */
  'drawbridge.heartbeat': z.object({ at: z.number() }),
  /**
   * Once per run, after RUN_STARTED: the model, and `runId`, the server's id of the durable run. The routes
   * under `/api/runs/:runId` take it, and as well the client's own `runId` that RUN_STARTED echoes.
   */
  'drawbridge.run': z.object({ model: z.string(), demo: z.boolean(), runId: z.string() }),
  /**
   * The server parked this tool call for the browser: only a parked call is drawn and answered there. A call
   * the server refused before parking gets its TOOL_CALL_RESULT error instead and no `drawbridge.parked`.
   */
  'drawbridge.parked': z.object({ toolCallId: z.string() }),
  /** The reply's model and token counts, once its run is over and they are stored with the reply. */
  'drawbridge.reply': z.object({ messageId: z.string(), ...replyDetailsSchema.shape }),
} as const;

export type DrawbridgeEventName = keyof typeof drawbridgeEventValueSchemas;

export type DrawbridgeEventValue<Name extends DrawbridgeEventName> = z.infer<
  (typeof drawbridgeEventValueSchemas)[Name]
>;

/** A CUSTOM event with one of our names and its typed value; without `Name`, any of them. */
export type DrawbridgeEvent<Name extends DrawbridgeEventName = DrawbridgeEventName> = {
  [EventName in Name]: Omit<AgUiCustomEvent, 'name' | 'value'> & {
    name: EventName;
    value: DrawbridgeEventValue<EventName>;
  };
}[Name];

/**
 * A CUSTOM event with a name that is not ours. Its `value` is `unknown`, so comparing `name` alone never
 * passes for one of our typed events: code narrows with {@link isDrawbridgeEvent}.
 */
export type ForeignCustomEvent = Omit<AgUiCustomEvent, 'value'> & { value: unknown };

export type CustomRunEvent = DrawbridgeEvent | ForeignCustomEvent;

// A Map, not the object literal, so an event named "constructor" cannot resolve to a prototype member.
const valueSchemaByName = new Map<string, z.ZodType>(Object.entries(drawbridgeEventValueSchemas));

/** The schema of the value a CUSTOM event of this name carries; undefined for a name that is not ours. */
export function drawbridgeEventValueSchema(name: string): z.ZodType | undefined {
  return valueSchemaByName.get(name);
}

/** Builds the CUSTOM event `name` with its value. */
export function drawbridgeEvent<Name extends DrawbridgeEventName>(
  name: Name,
  value: DrawbridgeEventValue<Name>,
): DrawbridgeEvent<Name> {
  return { type: EventType.CUSTOM, name, value } as DrawbridgeEvent<Name>;
}

/**
 * True for the CUSTOM event `name`. It compares the name only: a run event's value was validated once, where
 * it entered (`parseRunEvent`, `decodeEventStream`), or built by {@link drawbridgeEvent}, so it is not checked
 * again here.
 */
export function isDrawbridgeEvent<Name extends DrawbridgeEventName>(
  event: { type: string; name?: unknown },
  name: Name,
): event is DrawbridgeEvent<Name> {
  return event.type === EventType.CUSTOM && event.name === name;
}
