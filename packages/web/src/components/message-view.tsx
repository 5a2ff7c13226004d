import { a2uiActivityType, sendA2uiToolName } from '@drawbridge/protocol';
import { type TranscriptMessage, type TranscriptPart, WidgetCard } from '@drawbridge/react';
import type { ReactNode } from 'react';
import { A2uiActivityCard } from '../a2ui/a2ui-activity-card.tsx';
import { McpToolCall } from '../mcp-view/mcp-tool-call.tsx';
import { MessageActions } from './message-actions.tsx';
import { ProseBlock } from './prose-block.tsx';
import { ToolCallCard } from './tool-call-card.tsx';
import { UserMessage } from './user-message.tsx';

/** What the transcript lets a message do; absent for a reply that is not over yet or not the end of one. */
export interface MessageActionOptions {
  /** A reply is running somewhere in the thread. */
  busy: boolean;
  /** For an assistant message: the prose of its whole reply, which Copy copies. */
  replyText?: string;
  onRegenerate?: () => void;
  onEdit?: (text: string) => void;
}

/** One message of the transcript: user text as typed, assistant prose as markdown, widgets and tool views. */
export function MessageView({
  message,
  streaming,
  toolCallViews,
  actions,
}: {
  message: TranscriptMessage;
  streaming: boolean;
  toolCallViews: ReadonlyMap<string, ReactNode>;
  actions?: MessageActionOptions;
}) {
  if (message.role === 'user') {
    const text = message.parts.map((part) => (part.kind === 'prose' ? part.text : '')).join('');
    return (
      <UserMessage
        text={text}
        attachments={message.attachments ?? []}
        busy={actions?.busy ?? true}
        {...(actions?.onEdit ? { onEdit: actions.onEdit } : {})}
      />
    );
  }
  return (
    <article className="message message--assistant" aria-label="Assistant">
      <div className="message__avatar" aria-hidden="true">
        D
      </div>
      <div className="message__body">
        {message.parts.map((part, index) => (
          <MessagePart
            key={partKey(part, index)}
            part={part}
            streaming={streaming}
            growing={streaming && index === message.parts.length - 1}
            toolCallViews={toolCallViews}
          />
        ))}
        {streaming && message.parts.length === 0 && <TypingDots />}
        {actions && !streaming && (
          <MessageActions
            label="Assistant"
            copyText={actions.replyText ?? ''}
            busy={actions.busy}
            {...(actions.onRegenerate ? { onRegenerate: actions.onRegenerate } : {})}
            {...(message.reply ? { reply: message.reply } : {})}
          />
        )}
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
}: {
  part: TranscriptPart;
  streaming: boolean;
  /** The part the streaming reply is still writing. */
  growing: boolean;
  toolCallViews: ReadonlyMap<string, ReactNode>;
}) {
  if (part.kind === 'prose') {
    return <ProseBlock text={part.text} streaming={growing} />;
  }
  if (part.kind === 'widget') {
    return <WidgetCard widget={part.widget} streaming={streaming} />;
  }
  if (part.kind === 'activity' && part.activity.activityType === a2uiActivityType) {
    return <A2uiActivityCard activity={part.activity} streaming={streaming} />;
  }
  if (part.kind === 'activity') {
    // An activity type this page has no renderer for is named, not dropped.
    return (
      <div className="tool-call" data-activity-id={part.activity.id}>
        <span className="tool-call__name">{part.activity.activityType}</span>
        <span className="tool-call__state">This page cannot draw this kind of activity.</span>
      </div>
    );
  }
  // A drawn A2UI call is its surface (the activity beside it); only a refused one shows its card, saying why.
  if (part.call.toolCallName === sendA2uiToolName && !part.call.result?.startsWith('Error:')) return null;
  const card = <ToolCallCard call={part.call} view={toolCallViews.get(part.call.toolCallId)} />;
  // A connected MCP server's tool may bring a view of its own (docs/mcp-apps.md).
  return part.call.toolCallName.startsWith('mcp__') ? <McpToolCall call={part.call} fallback={card} /> : card;
}

function TypingDots() {
  return (
    <span className="typing-dots" role="img" aria-label="Thinking">
      <span />
      <span />
      <span />
    </span>
  );
}
