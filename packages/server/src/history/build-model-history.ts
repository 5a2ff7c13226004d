import { groupWidgetLineages, type StoredWidgetState } from '@drawbridge/protocol';
import type { ModelMessage } from 'ai';
import { promptCacheBreakpoint } from '../models/prompt-cache-breakpoint.ts';
import type { StoredMessage } from '../store/store.ts';
import { attachmentParts } from './attachment-parts.ts';
import { describeOmittedWidget, widgetRevisionLabel } from './describe-omitted-widget.ts';
import { viewModelContextText } from './view-model-context-text.ts';
import { widgetStateContextText } from './widget-state-context-text.ts';
import { formatWidgetWireText } from './widget-wire-text.ts';

/** How much of a thread the model sees each turn. */
export interface ModelHistoryLimits {
  maxMessages?: number;
  maxCharacters?: number;
  /** The bytes of the files user messages carry, by attachment id (`attachmentIdsToLoad`); missing ones are named. */
  attachmentData?: ReadonlyMap<string, Uint8Array>;
  /** What the thread's widgets keep (`host.setState`): it rides on the newest user message, bounded. */
  widgetStates?: readonly StoredWidgetState[];
}

export const defaultModelHistoryLimits = { maxMessages: 30, maxCharacters: 60_000 } as const;

/**
 * The smallest piece the window may keep or drop: one message, or a tool call together with its
 * result (a result without its call is rejected by providers). `smaller` is a cheaper stand-in used
 * when the full piece does not fit — the latest widget described instead of quoted.
 */
interface HistoryUnit {
  messages: ModelMessage[];
  characters: number;
  fromUser: boolean;
  /** Quotes a widget in full: the longest stable stretch of history, worth a prompt-cache breakpoint. */
  quotesWidget?: boolean;
  smaller?: HistoryUnit;
}

function textUnit(role: 'user' | 'assistant', text: string): HistoryUnit {
  return { messages: [{ role, content: text }], characters: text.length, fromUser: role === 'user' };
}

function userUnit(
  message: StoredMessage,
  attachmentData: ReadonlyMap<string, Uint8Array>,
): HistoryUnit | undefined {
  const attachments = message.attachments ?? [];
  if (attachments.length === 0) {
    return message.content.trim() === '' ? undefined : textUnit('user', message.content);
  }
  const files = attachmentParts({ attachments, data: attachmentData });
  const text = message.content.trim() === '' ? [] : [{ type: 'text' as const, text: message.content }];
  return {
    messages: [{ role: 'user', content: [...text, ...files.parts] }],
    characters: message.content.length + files.characters,
    fromUser: true,
  };
}

/** The ids of the files the newest `maxMessages` messages carry: the only ones a history window can quote. */
export function attachmentIdsToLoad(
  messages: readonly StoredMessage[],
  { maxMessages = defaultModelHistoryLimits.maxMessages }: { maxMessages?: number } = {},
): string[] {
  return messages
    .slice(-maxMessages)
    .flatMap((message) => (message.attachments ?? []).map((attachment) => attachment.id));
}

function joinProse(prose: string, widgetText: string): string {
  const trimmed = prose.trim();
  return trimmed === '' ? widgetText : `${trimmed}\n${widgetText}`;
}

function assistantUnit(message: StoredMessage, isLatestWidget: boolean): HistoryUnit | undefined {
  if (message.widget === undefined)
    return message.content.trim() === '' ? undefined : textUnit('assistant', message.content);
  const described = textUnit('assistant', joinProse(message.content, describeOmittedWidget(message.widget)));
  if (!isLatestWidget) return described;
  return {
    ...textUnit(
      'assistant',
      joinProse(
        message.content,
        `[${widgetRevisionLabel(message.widget)}]\n${formatWidgetWireText(message.widget)}`,
      ),
    ),
    quotesWidget: true,
    smaller: described,
  };
}

function toolUnit(
  message: StoredMessage,
  callsById: ReadonlyMap<string, { tool: string; args: unknown }>,
): HistoryUnit | undefined {
  const call = message.toolCallId === undefined ? undefined : callsById.get(message.toolCallId);
  // Without the call it answers (or with nothing to say) a result cannot be shown to any provider.
  if (call === undefined || message.toolCallId === undefined || message.content.trim() === '')
    return undefined;
  const input = call.args ?? {};
  return {
    messages: [
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: message.toolCallId, toolName: call.tool, input }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.toolCallId,
            toolName: call.tool,
            output: { type: 'text', value: message.content },
          },
        ],
      },
    ],
    characters: call.tool.length + JSON.stringify(input).length + message.content.length,
    fromUser: false,
  };
}

function toUnits(
  messages: readonly StoredMessage[],
  attachmentData: ReadonlyMap<string, Uint8Array>,
): HistoryUnit[] {
  const callsById = new Map<string, { tool: string; args: unknown }>();
  for (const message of messages) {
    if (message.render !== undefined && message.toolCallId !== undefined)
      callsById.set(message.toolCallId, message.render);
  }
  const widgets = messages.flatMap((message) => (message.widget === undefined ? [] : [message.widget]));
  const latestRevisionIds = new Set(
    [...groupWidgetLineages(widgets).values()].map((revisions) => revisions.at(-1)!.id),
  );
  const units: HistoryUnit[] = [];
  for (const message of messages) {
    let unit: HistoryUnit | undefined;
    if (message.role === 'user') unit = userUnit(message, attachmentData);
    else if (message.role === 'assistant')
      unit = assistantUnit(message, message.widget !== undefined && latestRevisionIds.has(message.widget.id));
    else unit = toolUnit(message, callsById);
    if (unit !== undefined) units.push(unit);
  }
  return units;
}

/**
 * The messages the model sees next turn: a bounded, newest-last window of the thread in which only the
 * latest revision of each widget is quoted in full (labelled with the id an edit names), earlier revisions
 * and failed edits are one-line descriptions, and empty carrier
 * messages are gone. Whole messages only; the newest user message is always kept; the window starts
 * at a user message.
 */
export function buildModelHistory(
  messages: readonly StoredMessage[],
  options: ModelHistoryLimits = {},
): ModelMessage[] {
  const maxMessages = options.maxMessages ?? defaultModelHistoryLimits.maxMessages;
  const maxCharacters = options.maxCharacters ?? defaultModelHistoryLimits.maxCharacters;
  const units = toUnits(messages, options.attachmentData ?? new Map());
  const newestUserIndex = units.findLastIndex((unit) => unit.fromUser);

  const kept: HistoryUnit[] = [];
  let usedMessages = 0;
  let usedCharacters = 0;
  const fits = (unit: HistoryUnit) =>
    usedMessages + unit.messages.length <= maxMessages && usedCharacters + unit.characters <= maxCharacters;

  for (let index = units.length - 1; index >= 0; index -= 1) {
    const unit = units[index]!;
    const mustKeep = index >= newestUserIndex && newestUserIndex !== -1;
    const chosen = fits(unit)
      ? unit
      : unit.smaller !== undefined && (fits(unit.smaller) || mustKeep)
        ? unit.smaller
        : mustKeep
          ? unit
          : undefined;
    if (chosen === undefined) break;
    kept.push(chosen);
    usedMessages += chosen.messages.length;
    usedCharacters += chosen.characters;
  }
  kept.reverse();

  // An opening assistant reply or tool result would answer a question the model can no longer see.
  const firstUserIndex = kept.findIndex((unit) => unit.fromUser);
  const window = markLatestQuotedWidget(firstUserIndex === -1 ? kept : kept.slice(firstUserIndex));
  const context = [
    viewModelContextText(messages),
    widgetStateContextText({ messages, states: options.widgetStates ?? [] }),
  ].filter((text) => text !== undefined);
  return withViewModelContext(
    joinAdjacentAssistantMessages(window.flatMap((unit) => unit.messages)),
    context.length === 0 ? undefined : context.join('\n'),
  );
}

/**
 * Ends a cached prefix at the newest widget quoted in full: it stays the same turn after turn until the next
 * widget, and it is the bulk of the history. One breakpoint only (Anthropic allows four per request; the
 * tools and the system prompt take two). The mark sits on the text part, which survives joining messages.
 */
function markLatestQuotedWidget(units: HistoryUnit[]): HistoryUnit[] {
  const index = units.findLastIndex((unit) => unit.quotesWidget === true);
  const unit = units[index];
  const message = unit?.messages[0];
  if (unit === undefined || message?.role !== 'assistant' || typeof message.content !== 'string')
    return units;
  const marked = [...units];
  marked[index] = {
    ...unit,
    messages: [
      {
        role: 'assistant',
        content: [{ type: 'text', text: message.content, providerOptions: promptCacheBreakpoint }],
      },
    ],
  };
  return marked;
}

/**
 * What views told the model, and what widgets keep, ride on the newest user message as one more text part (the
 * MCP Apps spec defers a view's context to the next user turn), so it is never cut from the window, never
 * repeated, and the cached prefix before it stays the same.
 */
function withViewModelContext(messages: ModelMessage[], context: string | undefined): ModelMessage[] {
  const index = messages.findLastIndex((message) => message.role === 'user');
  const user = messages[index];
  if (context === undefined || user?.role !== 'user') return messages;
  const parts =
    typeof user.content === 'string' ? [{ type: 'text' as const, text: user.content }] : user.content;
  const withContext = [...messages];
  withContext[index] = { role: 'user', content: [...parts, { type: 'text', text: context }] };
  return withContext;
}

type AssistantContent = Exclude<Extract<ModelMessage, { role: 'assistant' }>['content'], string>;

function assistantParts(message: Extract<ModelMessage, { role: 'assistant' }>): AssistantContent {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

/**
 * A run stores its reply in segments cut at tool calls (so a reload shows them in order); the model saw
 * them as one response, so adjacent assistant messages become one again, their parts in order.
 */
function joinAdjacentAssistantMessages(messages: ModelMessage[]): ModelMessage[] {
  const joined: ModelMessage[] = [];
  for (const message of messages) {
    const previous = joined.at(-1);
    if (message.role === 'assistant' && previous?.role === 'assistant') {
      joined[joined.length - 1] = {
        role: 'assistant',
        content: [...assistantParts(previous), ...assistantParts(message)],
      };
    } else {
      joined.push(message);
    }
  }
  return joined;
}
