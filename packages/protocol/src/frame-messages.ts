import { z } from 'zod';

/** The colour scheme the host asks the frame to draw in. */
export const frameThemeSchema = z.enum(['light', 'dark']);

export type FrameTheme = z.infer<typeof frameThemeSchema>;

const drawbridgeMessage = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ drawbridge: z.literal(1), ...shape });

/**
 * Every message the host posts into a widget frame. `css`, `html` and `js` each carry one delta of their
 * part, forwarded as it streamed: CSS is appended to the widget's style element, markup to the incremental
 * builder, script text to the pending script; with `replace: true` the delta starts its part afresh (an edit
 * replaced it: the stylesheet's text is swapped, the markup rebuilt, the pending script replaced). `end`
 * finishes the markup and runs the script, once.
 */
export const hostToFrameMessageSchema = z.discriminatedUnion('op', [
  drawbridgeMessage({ op: z.literal('init'), theme: frameThemeSchema, height: z.number().finite() }),
  drawbridgeMessage({ op: z.literal('css'), delta: z.string(), replace: z.literal(true).optional() }),
  drawbridgeMessage({ op: z.literal('html'), delta: z.string(), replace: z.literal(true).optional() }),
  drawbridgeMessage({ op: z.literal('js'), delta: z.string(), replace: z.literal(true).optional() }),
  drawbridgeMessage({ op: z.literal('end') }),
  drawbridgeMessage({ op: z.literal('theme'), theme: frameThemeSchema }),
  drawbridgeMessage({ op: z.literal('visibility'), visible: z.boolean() }),
  drawbridgeMessage({ op: z.literal('ping'), seq: z.number().int() }),
  drawbridgeMessage({ op: z.literal('bridge-reply'), id: z.string(), ok: z.boolean(), message: z.string() }),
]);

export type HostToFrameMessage = z.infer<typeof hostToFrameMessageSchema>;

/** Where an error reported by the frame came from. */
export const frameErrorSourceSchema = z.enum(['runtime', 'rejection', 'csp', 'script']);

export type FrameErrorSource = z.infer<typeof frameErrorSourceSchema>;

/**
 * Every message a widget frame posts to its host. The host must also check that `event.source`
 * is that frame's window: widget code can post these messages too, so they are requests, not facts.
 */
export const frameToHostMessageSchema = z.discriminatedUnion('kind', [
  drawbridgeMessage({ kind: z.literal('ready') }),
  drawbridgeMessage({ kind: z.literal('height'), px: z.number().finite() }),
  drawbridgeMessage({
    kind: z.literal('error'),
    message: z.string(),
    source: frameErrorSourceSchema,
    blockedUri: z.string().optional(),
    directive: z.string().optional(),
    /** The line of the widget's script an error was thrown at (1 = its first line), when the browser says. */
    line: z.number().int().positive().optional(),
  }),
  drawbridgeMessage({ kind: z.literal('pong'), seq: z.number().int() }),
  drawbridgeMessage({ kind: z.literal('prompt'), id: z.string(), text: z.string() }),
  drawbridgeMessage({ kind: z.literal('link'), id: z.string(), url: z.string() }),
  drawbridgeMessage({ kind: z.literal('rendered') }),
  // Sent from `beforeunload`: the frame may be leaving its bootstrap document (a navigation, or a form submit
  // that CSP may still block); the host treats silence after it as a navigation.
  drawbridgeMessage({ kind: z.literal('leaving') }),
  // How many WebGL contexts the widget has created so far; the host's WebGL budget counts only such frames.
  drawbridgeMessage({ kind: z.literal('webgl'), contexts: z.number().int().nonnegative() }),
]);

export type FrameToHostMessage = z.infer<typeof frameToHostMessageSchema>;
