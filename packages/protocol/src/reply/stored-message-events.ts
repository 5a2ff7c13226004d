import { a2uiActivityType, a2uiOperationsKey } from '../a2ui/a2ui-activity.ts';
import { a2uiActivityIdOf, readA2uiToolArguments, sendA2uiToolName } from '../a2ui/a2ui-tool-arguments.ts';
import type { StoredMessage } from '../api/stored-message.ts';
import { generatedWidgetParts } from '../generated-widget.ts';
import { type RunEvent, runEvents } from '../run-events.ts';

/** What of a stored assistant message becomes events: a segment of a reply, or a tool call's carrier. */
export type StoredReplyMessage = Pick<
  StoredMessage,
  'id' | 'content' | 'widget' | 'toolCallId' | 'render' | 'reply'
>;

/**
 * The run events that make a stored message of a reply, named as the reply `replyId`'s: its prose, its widget
 * as one snapshot of the parts it streamed as (each channel in one part) with its revision and its refusal when
 * the server stopped it, a carrier's tool call whole, and the reply's model and token counts. Folded with
 * `applyReplyEvent`, they give back what the live events gave, so a reload draws a reply with the same code that
 * drew it live.
 */
export function storedMessageEvents(message: StoredReplyMessage, replyId: string): RunEvent[] {
  const events: RunEvent[] = [];
  if (message.content !== '')
    events.push(runEvents.textContent({ messageId: replyId, delta: message.content }));
  const { widget } = message;
  if (widget !== undefined) {
    const { revision, refusal } = widget;
    events.push(
      runEvents.widgetSnapshot({
        widgetId: widget.id,
        parts: generatedWidgetParts(widget),
        ...(revision === undefined ? {} : { revision }),
        ...(refusal === undefined ? {} : { refusal }),
      }),
    );
  }
  if (message.render !== undefined) {
    const toolCallId = message.toolCallId ?? message.id;
    events.push(
      runEvents.toolCallStart({ toolCallId, toolCallName: message.render.tool, parentMessageId: replyId }),
      runEvents.toolCallArgs({ toolCallId, delta: JSON.stringify(message.render.args ?? {}) }),
      runEvents.toolCallEnd({ toolCallId }),
    );
    // An A2UI call is drawn as the surface its arguments hold, as it was live.
    const surface =
      message.render.tool === sendA2uiToolName ? readA2uiToolArguments(message.render.args) : undefined;
    if (surface?.success === true) {
      events.push(
        runEvents.activitySnapshot({
          messageId: a2uiActivityIdOf(toolCallId),
          activityType: a2uiActivityType,
          content: { [a2uiOperationsKey]: surface.messages },
        }),
      );
    }
  }
  if (message.reply !== undefined) events.push(runEvents.reply({ messageId: replyId, ...message.reply }));
  return events;
}
