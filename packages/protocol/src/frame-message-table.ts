import { widgetRefusalCodes } from './widget-limits.ts';

/**
 * The messages between a widget frame and its host, declared once as plain data. The frame runtime checks
 * host messages with {@link isHostToFrameMessage}, straight from these tables, so zod stays out of its
 * bundle (`@drawbridge/protocol/frame-message-table`); `frame-messages.ts` derives the zod schemas the host
 * validates with from the same tables. Every message is `{ drawbridge: 1, <tag>: name, ...fields }`.
 */

/** What one field of a message holds; `optional` fields may be absent. */
export type FrameMessageField = (
  | { kind: 'string' }
  | { kind: 'boolean' }
  | { kind: 'true' }
  /** A finite number; `integer` with an optional lower bound. */
  | { kind: 'number' }
  | { kind: 'integer'; minimum?: number }
  | { kind: 'one-of'; values: readonly string[] }
) & { optional?: true };

// Object literals rather than helper calls, so a bundler can drop the table a bundle does not read.
const string = { kind: 'string' } as const;
const boolean = { kind: 'boolean' } as const;
const finiteNumber = { kind: 'number' } as const;
const integer = { kind: 'integer' } as const;
const optionalString = { kind: 'string', optional: true } as const;
const replaceFlag = { kind: 'true', optional: true } as const;

/** The colour schemes the host asks the frame to draw in. */
export const frameThemes = ['light', 'dark'] as const;

/** Where an error reported by the frame came from. */
export const frameErrorSources = ['runtime', 'rejection', 'csp', 'script'] as const;

const theme = { kind: 'one-of', values: frameThemes } as const;

/**
 * Every message the host posts into a widget frame, by `op`. `css`, `html` and `js` each carry one delta of
 * their part, forwarded as it streamed: CSS is appended to the widget's style element, markup to the
 * incremental builder, script text to the pending script; with `replace: true` the delta starts its part
 * afresh (an edit replaced it: the stylesheet's text is swapped, the markup rebuilt, the pending script
 * replaced); with `search` it is an edit's hunk: the first occurrence of `search` in the part becomes the
 * delta (the stylesheet swapped, the markup patched into the live DOM, the pending script changed). `end`
 * finishes the markup and runs the script, once. The first `init` transfers a `MessagePort`: the
 * private channel on which the frame runtime (never widget code) sends `link` requests.
 */
export const hostToFrameMessageTable = {
  init: { theme, height: finiteNumber },
  css: { delta: string, replace: replaceFlag, search: optionalString },
  html: { delta: string, replace: replaceFlag, search: optionalString },
  js: { delta: string, replace: replaceFlag, search: optionalString },
  end: {},
  theme: { theme },
  visibility: { visible: boolean },
  // The host shows the widget on the whole screen (or no longer): its 3D stages grow to fill the frame.
  fullscreen: { active: boolean },
  ping: { seq: integer },
  'bridge-reply': { id: string, ok: boolean, message: string },
  // What the widget kept (`host.setState`) when it was last drawn, as JSON text: `host.getState()` reads it. Sent
  // before the widget's parts, so its script finds it when it runs.
  state: { json: string },
} as const satisfies FrameMessageTable;

/**
 * Every message a widget frame posts to its host, by `kind`. The host must also check that `event.source` is
 * that frame's window: widget code can post these messages too, so they are requests, not facts.
 */
export const frameToHostMessageTable = {
  ready: {},
  height: { px: finiteNumber },
  error: {
    message: string,
    source: { kind: 'one-of', values: frameErrorSources },
    blockedUri: optionalString,
    directive: optionalString,
    /** The line of the widget's script an error was thrown at (1 = its first line), when the browser says. */
    line: { kind: 'integer', minimum: 1, optional: true },
  },
  pong: { seq: integer },
  prompt: { id: string, text: string },
  // Taken by the host only from the port of the first `init`, never from the window channel widget code shares.
  link: { id: string, url: string },
  rendered: {},
  // The frame stopped the widget past one of `widgetLimits` (a widget that reached it without the server's
  // assembler): it builds and runs nothing more of it. The host words the refusal; the frame names only the code.
  refused: { code: { kind: 'one-of', values: widgetRefusalCodes } },
  // Sent from `beforeunload`: the frame may be leaving its bootstrap document (a navigation, or a form submit
  // that CSP may still block); the host treats silence after it as a navigation.
  leaving: {},
  // How many WebGL contexts the widget has created so far; the host's WebGL budget counts only such frames.
  webgl: { contexts: { kind: 'integer', minimum: 0 } },
  // `host.setState(object)`: the widget's whole state as JSON text, for the host to check and store; answered
  // with a `bridge-reply`.
  state: { id: string, json: string },
} as const satisfies FrameMessageTable;

/** Message name → its fields. */
export type FrameMessageTable = Readonly<Record<string, Readonly<Record<string, FrameMessageField>>>>;

type FieldValue<Field extends FrameMessageField> = Field extends { kind: 'string' }
  ? string
  : Field extends { kind: 'boolean' }
    ? boolean
    : Field extends { kind: 'true' }
      ? true
      : Field extends { kind: 'number' | 'integer' }
        ? number
        : Field extends { kind: 'one-of'; values: readonly (infer Value)[] }
          ? Value
          : never;

type FieldValues<Fields extends Readonly<Record<string, FrameMessageField>>> = {
  [Name in keyof Fields as Fields[Name] extends { optional: true } ? never : Name]: FieldValue<Fields[Name]>;
} & {
  [Name in keyof Fields as Fields[Name] extends { optional: true } ? Name : never]?: FieldValue<Fields[Name]>;
};

/** The union of a table's messages, each tagged `tag: name`. */
export type FrameMessage<Table extends FrameMessageTable, Tag extends string> = {
  [Name in keyof Table & string]: { drawbridge: 1 } & { [Key in Tag]: Name } & FieldValues<Table[Name]>;
}[keyof Table & string];

export type HostToFrameMessage = FrameMessage<typeof hostToFrameMessageTable, 'op'>;
export type FrameToHostMessage = FrameMessage<typeof frameToHostMessageTable, 'kind'>;
export type FrameTheme = (typeof frameThemes)[number];
export type FrameErrorSource = (typeof frameErrorSources)[number];

/** True when `value` is what `field` describes. */
export function matchesFrameMessageField(field: FrameMessageField, value: unknown): boolean {
  if (value === undefined) return field.optional === true;
  switch (field.kind) {
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'true':
      return value === true;
    case 'number':
      return Number.isFinite(value);
    case 'integer':
      return Number.isSafeInteger(value) && (value as number) >= (field.minimum ?? Number.MIN_SAFE_INTEGER);
    case 'one-of':
      return field.values.includes(value as string);
  }
}

/**
 * True when `data` is one of `table`'s messages: tagged `drawbridge: 1`, its `tag` naming a message of the
 * table, every declared field as described. Fields the table does not declare are ignored.
 */
export function matchesFrameMessage(table: FrameMessageTable, tag: string, data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  const name = message[tag];
  // `Object.hasOwn`, so a message named "constructor" cannot resolve to a prototype member.
  if (message.drawbridge !== 1 || typeof name !== 'string' || !Object.hasOwn(table, name)) return false;
  const fields = table[name] ?? {};
  return Object.entries(fields).every(([field, description]) =>
    matchesFrameMessageField(description, message[field]),
  );
}

/** The frame runtime's check of what its host posts; unknown or malformed messages are ignored. */
export function isHostToFrameMessage(data: unknown): data is HostToFrameMessage {
  return matchesFrameMessage(hostToFrameMessageTable, 'op', data);
}
