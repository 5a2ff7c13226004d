import type { ReactNode } from 'react';
import type { TranscriptMessage, TranscriptPart } from '../transcript/transcript-state.ts';
import { WidgetCard } from '../widget-card/widget-card.tsx';
import { type MessagePartRenderers, PlainProse } from './message-part-renderers.tsx';
import { ToolCallCard } from './tool-call-card.tsx';

/** One assistant message: its parts in order (prose, widgets, tool calls, activities), then `footer`. */
export function MessageView({
  message,
  streaming,
  toolCallViews,
  footer,
  renderers,
}: {
  message: TranscriptMessage;
  streaming: boolean;
  toolCallViews: ReadonlyMap<string, ReactNode>;
  footer?: ReactNode;
  renderers: MessagePartRenderers;
}) {
  return (
    <article className="db-message db-message--assistant" aria-label="Assistant">
      <div className="db-message__avatar" aria-hidden="true">
        D
      </div>
      <div className="db-message__body">
        {message.parts.map((part, index) => (
          <MessagePart
            key={partKey(part, index)}
            part={part}
            streaming={streaming}
            growing={streaming && index === message.parts.length - 1}
            toolCallViews={toolCallViews}
            renderers={renderers}
          />
        ))}
        {streaming && message.parts.length === 0 && <TypingDots />}
        {footer}
      </div>
    </article>
  );
}

// Prose parts have no id of their own, but their position in a message never changes.
function partKey(part: TranscriptPart, index: number): string {
  if (part.kind === 'widget') {
    return part.widget.id;
  }
  if (part.kind === 'activity') return part.activity.id;
  return part.kind === 'tool-call' ? part.call.toolCallId : `prose-${index}`;
}

function MessagePart({
  part,
  streaming,
  growing,
  toolCallViews,
  renderers: { renderProse = PlainProse, renderActivity, renderToolCall },
}: {
  part: TranscriptPart;
  streaming: boolean;
  /** The part the streaming reply is still writing. */
  growing: boolean;
  toolCallViews: ReadonlyMap<string, ReactNode>;
  renderers: MessagePartRenderers;
}) {
  if (part.kind === 'prose') {
    return renderProse({ text: part.text, streaming: growing });
  }
  if (part.kind === 'widget') {
    return <WidgetCard widget={part.widget} streaming={streaming} />;
  }
  if (part.kind === 'activity') {
    const drawn = renderActivity?.(part.activity, { streaming });
    if (drawn !== undefined) return drawn;
    // An activity type this page has no renderer for is named, not dropped.
    return (
      <div className="db-tool-call" data-activity-id={part.activity.id}>
        <span className="db-tool-call__name">{part.activity.activityType}</span>
        <span className="db-tool-call__state">This page cannot draw this kind of activity.</span>
      </div>
    );
  }
  const card = <ToolCallCard call={part.call} view={toolCallViews.get(part.call.toolCallId)} />;
  return renderToolCall === undefined ? card : renderToolCall(part.call, card);
}

/** Three pulsing dots: a reply that has begun and has nothing to show yet. */
export function TypingDots() {
  return (
    <span className="db-typing-dots" role="img" aria-label="Thinking">
      <span />
      <span />
      <span />
    </span>
  );
}
