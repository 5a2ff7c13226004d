import {
  messageProse,
  type TranscriptMessage,
  type TranscriptState,
  WidgetLineagesContext,
  WidgetRepairHistoryContext,
  widgetLineagesOf,
  widgetRepairHistoryOf,
} from '@drawbridge/react';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { endsReply } from '../app/reply-turn.ts';
import { type MessageActionOptions, MessageView } from './message-view.tsx';

/** How close to the bottom (px) still counts as "following" the reply. */
const followThreshold = 120;

/** The scrolling list of messages; follows a streaming reply unless the user has scrolled up to read. */
export function TranscriptView({
  transcript,
  running,
  toolCallViews,
  footer,
  onRegenerate,
  onEdit,
}: {
  transcript: TranscriptState;
  running: boolean;
  toolCallViews: ReadonlyMap<string, ReactNode>;
  footer: ReactNode;
  onRegenerate?(assistantMessageId: string): void;
  onEdit?(userMessageId: string, text: string): void;
}) {
  const scrollerRef = useRef<HTMLElement>(null);
  const followingRef = useRef(true);
  // The same fact as state, for the "Jump to latest" button; the ref is what scroll handlers read.
  const [following, setFollowing] = useState(true);
  const lastUserMessageId = transcript.messages.findLast((message) => message.role === 'user')?.id;
  const seenUserMessageId = useRef(lastUserMessageId);

  const follow = () => {
    const scroller = scrollerRef.current;
    followingRef.current = true;
    setFollowing(true);
    scroller?.scrollTo({ top: scroller.scrollHeight });
  };

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) {
      return;
    }
    // Only the reader moving up leaves the bottom. Content that grows between a scroll and its event (a
    // widget reporting its height, say) also puts the bottom out of reach, but that is the reply growing,
    // which the view goes on following. And content that changed under the view moves it by itself: a
    // thread opened with its reply still streaming is drawn short first (its widgets not yet at their
    // height), so the jump to its bottom lands higher than the last position, which is not the reader.
    let lastScrollTop = scroller.scrollTop;
    let lastScrollHeight = scroller.scrollHeight;
    const handleScroll = () => {
      const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < followThreshold;
      const movedUp = scroller.scrollTop < lastScrollTop && scroller.scrollHeight === lastScrollHeight;
      lastScrollTop = scroller.scrollTop;
      lastScrollHeight = scroller.scrollHeight;
      if (atBottom) {
        followingRef.current = true;
      } else if (movedUp) {
        followingRef.current = false;
      }
      setFollowing(followingRef.current);
    };
    // The reader's intent to leave the bottom, taken before the scroll it causes: a widget that grows in
    // the same frame would otherwise pull the view back down before the scroll event says where it went.
    const stopFollowing = () => {
      followingRef.current = false;
    };
    const handleWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) stopFollowing();
    };
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'PageUp' || event.key === 'ArrowUp' || event.key === 'Home') stopFollowing();
    };
    // A press on the scroller's own scrollbar (past its content box) is the reader taking hold of it.
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target === scroller && event.offsetX > scroller.clientWidth) stopFollowing();
    };
    scroller.addEventListener('scroll', handleScroll, { passive: true });
    scroller.addEventListener('wheel', handleWheel, { passive: true });
    scroller.addEventListener('touchmove', stopFollowing, { passive: true });
    scroller.addEventListener('keydown', handleKeyDown);
    scroller.addEventListener('pointerdown', handlePointerDown);
    // Widgets grow inside their frames without a React update; follow those size changes too.
    const resizeObserver = new ResizeObserver(() => {
      if (followingRef.current) {
        scroller.scrollTop = scroller.scrollHeight;
      }
    });
    if (scroller.firstElementChild) {
      resizeObserver.observe(scroller.firstElementChild);
    }
    return () => {
      scroller.removeEventListener('scroll', handleScroll);
      scroller.removeEventListener('wheel', handleWheel);
      scroller.removeEventListener('touchmove', stopFollowing);
      scroller.removeEventListener('keydown', handleKeyDown);
      scroller.removeEventListener('pointerdown', handlePointerDown);
      resizeObserver.disconnect();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every transcript change may need a scroll.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) {
      return;
    }
    // A message the user just sent always comes into view, wherever they had scrolled to, and the view
    // follows the reply to it from there.
    if (lastUserMessageId !== seenUserMessageId.current) {
      seenUserMessageId.current = lastUserMessageId;
      follow();
      return;
    }
    if (followingRef.current) {
      scroller.scrollTop = scroller.scrollHeight;
    }
  }, [transcript]);

  const lastAssistant = transcript.messages.findLast((message) => message.role === 'assistant');
  const widgetLineages = useMemo(() => widgetLineagesOf(transcript.messages), [transcript.messages]);
  const repairHistory = useMemo(() => widgetRepairHistoryOf(transcript.messages), [transcript.messages]);
  return (
    <div className="transcript-frame">
      <section
        ref={scrollerRef}
        className="transcript"
        id="transcript"
        aria-label="Messages"
        // A scrollable region must be reachable by keyboard to be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
        tabIndex={0}
      >
        <div className="transcript__column">
          <WidgetLineagesContext.Provider value={widgetLineages}>
            <WidgetRepairHistoryContext.Provider value={repairHistory}>
              {transcript.messages.map((message, index) => (
                <MessageView
                  key={message.id}
                  message={message}
                  streaming={running && message === lastAssistant}
                  toolCallViews={toolCallViews}
                  {...actionsFor({ messages: transcript.messages, index, running, onRegenerate, onEdit })}
                />
              ))}
            </WidgetRepairHistoryContext.Provider>
          </WidgetLineagesContext.Provider>
          {footer}
        </div>
      </section>
      {/* Below the messages rather than over them, so it never covers a widget's controls. */}
      {!following && (
        <div className="jump-to-latest-row">
          <button
            type="button"
            className="jump-to-latest"
            // An instant jump: a smooth scroll's in-between positions would each read as "not at the
            // bottom" and stop the following it asked for while the reply keeps growing.
            onClick={() => follow()}
          >
            <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true">
              <path
                d="M10 4v12M5 11l5 5 5-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            Jump to latest
          </button>
        </div>
      )}
    </div>
  );
}

/** The prose of the reply that ends at `index`: every assistant message back to the last user message. */
function replyProse(messages: readonly TranscriptMessage[], index: number): string {
  let start = index;
  while (start > 0 && messages[start - 1]?.role === 'assistant') start -= 1;
  return messages
    .slice(start, index + 1)
    .map(messageProse)
    .filter((text) => text !== '')
    .join('\n\n');
}

/** A user message can be edited; a reply, under its last part, copied and regenerated. */
function actionsFor({
  messages,
  index,
  running,
  onRegenerate,
  onEdit,
}: {
  messages: readonly TranscriptMessage[];
  index: number;
  running: boolean;
  onRegenerate: ((assistantMessageId: string) => void) | undefined;
  onEdit: ((userMessageId: string, text: string) => void) | undefined;
}): { actions?: MessageActionOptions } {
  const message = messages[index];
  if (message === undefined) return {};
  if (message.role === 'user') {
    return { actions: { busy: running, ...(onEdit ? { onEdit: (text) => onEdit(message.id, text) } : {}) } };
  }
  if (!endsReply(messages, index)) return {};
  const askedFor = messages.slice(0, index).some((earlier) => earlier.role === 'user');
  return {
    actions: {
      busy: running,
      replyText: replyProse(messages, index),
      ...(onRegenerate && askedFor ? { onRegenerate: () => onRegenerate(message.id) } : {}),
    },
  };
}
