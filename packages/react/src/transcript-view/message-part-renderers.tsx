import type { ReplyActivity } from '@drawbridge/protocol';
import type { ReactNode } from 'react';
import type { TranscriptToolCall } from '../transcript/transcript-state.ts';

/** Draws a run of model prose: your markdown renderer, or the text as it is (`PlainProse`). */
export type ProseRenderer = (prose: { text: string; streaming: boolean }) => ReactNode;

/**
 * Draws an activity part (an A2UI surface, say) of a kind your page knows; `undefined` for one it does not,
 * which the transcript then names instead of dropping.
 */
export type ActivityRenderer = (activity: ReplyActivity, options: { streaming: boolean }) => ReactNode;

/** Draws a tool call's place: `card` is the transcript's own (`ToolCallCard`), to show as it is or wrap. */
export type ToolCallRenderer = (call: TranscriptToolCall, card: ReactNode) => ReactNode;

/** How the transcript draws the parts of an assistant message; each left out is drawn the package's way. */
export interface MessagePartRenderers {
  renderProse?: ProseRenderer;
  renderActivity?: ActivityRenderer;
  renderToolCall?: ToolCallRenderer;
}

/** Model prose as the text it is, kept to its lines: what the transcript draws with no markdown renderer. */
export function PlainProse({ text }: { text: string; streaming: boolean }) {
  return <div className="db-prose">{text}</div>;
}
