import { a2uiActivityType, sendA2uiToolName } from '@drawbridge/protocol';
import {
  type ActivityRenderer,
  type ProseRenderer,
  replyProse,
  type ToolCallRenderer,
  type TranscriptMessage,
  type TranscriptMessageSlot,
  type TranscriptState,
  TranscriptView,
} from '@drawbridge/react';
import type { ReactNode } from 'react';
import { A2uiActivityCard } from '../a2ui/a2ui-activity-card.tsx';
import { endsReply } from '../app/reply-turn.ts';
import { McpToolCall } from '../mcp-view/mcp-tool-call.tsx';
import { MessageActions } from './message-actions.tsx';
import { ProseBlock } from './prose-block.tsx';
import { UserMessage } from './user-message.tsx';

/** Model prose as the chat's sanitised markdown, re-rendered as it streams. */
const renderProse: ProseRenderer = ({ text, streaming }) => <ProseBlock text={text} streaming={streaming} />;

/** A2UI surfaces are drawn natively by the app; any other activity is left to the transcript to name. */
const renderActivity: ActivityRenderer = (activity, { streaming }) =>
  activity.activityType === a2uiActivityType ? (
    <A2uiActivityCard activity={activity} streaming={streaming} />
  ) : undefined;

const renderToolCall: ToolCallRenderer = (call, card) => {
  // A drawn A2UI call is its surface (the activity beside it); only a refused one shows its card, saying why.
  if (call.toolCallName === sendA2uiToolName && !call.result?.startsWith('Error:')) return null;
  // A connected MCP server's tool may bring a view of its own (docs/mcp-apps.md).
  return call.toolCallName.startsWith('mcp__') ? <McpToolCall call={call} fallback={card} /> : card;
};

/**
 * The chat's transcript: `TranscriptView` of @drawbridge/react with the app's markdown, A2UI surfaces, MCP
 * views, and its message actions (edit a sent message; copy and regenerate a reply, with its details).
 */
export function ChatTranscript({
  transcript,
  running,
  toolCallViews,
  footer,
  onRegenerate,
  onEdit,
  onSwitchBranch,
}: {
  transcript: TranscriptState;
  running: boolean;
  toolCallViews: ReadonlyMap<string, ReactNode>;
  footer: ReactNode;
  onRegenerate?(assistantMessageId: string): void;
  onEdit?(userMessageId: string, text: string): void;
  /** Shows version `index` of a message (a user message, or the first message of a reply) that has several. */
  onSwitchBranch?(messageId: string, index: number): void;
}) {
  /** The versions of `versioned` (the message, or the first message of its reply), when it has several. */
  const branchOf = (versioned: TranscriptMessage | undefined) =>
    versioned?.branch === undefined || onSwitchBranch === undefined
      ? {}
      : {
          branch: versioned.branch,
          onSwitchBranch: (version: number) => onSwitchBranch(versioned.id, version),
        };
  const renderUserMessage = ({ message, running }: TranscriptMessageSlot) => (
    <UserMessage
      text={message.parts.map((part) => (part.kind === 'prose' ? part.text : '')).join('')}
      attachments={message.attachments ?? []}
      busy={running}
      {...(onEdit ? { onEdit: (text: string) => onEdit(message.id, text) } : {})}
      {...branchOf(message)}
    />
  );
  // A reply's actions go under its last part; regenerating needs a user message it answered.
  const renderReplyActions = ({ message, index, messages, running }: TranscriptMessageSlot) => {
    if (!endsReply(messages, index)) return undefined;
    const askedFor = messages.slice(0, index).some((earlier) => earlier.role === 'user');
    const replyStart =
      messages.findLastIndex((earlier, position) => position <= index && earlier.role === 'user') + 1;
    return (
      <MessageActions
        label="Assistant"
        copyText={replyProse(messages, index)}
        busy={running}
        {...(onRegenerate && askedFor ? { onRegenerate: () => onRegenerate(message.id) } : {})}
        {...(message.reply ? { reply: message.reply } : {})}
        {...branchOf(messages[replyStart])}
      />
    );
  };
  return (
    <TranscriptView
      id="transcript"
      transcript={transcript}
      running={running}
      toolCallViews={toolCallViews}
      footer={footer}
      renderProse={renderProse}
      renderActivity={renderActivity}
      renderToolCall={renderToolCall}
      renderUserMessage={renderUserMessage}
      renderReplyActions={renderReplyActions}
    />
  );
}
