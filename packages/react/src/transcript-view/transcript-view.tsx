import { Fragment, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  messageProse,
  type TranscriptMessage,
  type TranscriptState,
} from '../transcript/transcript-state.ts';
import { WidgetRepairHistoryContext, widgetRepairHistoryOf } from '../widget-card/widget-auto-repair.ts';
import { WidgetLineagesContext, widgetLineagesOf } from '../widget-card/widget-lineages-context.ts';
import type { MessagePartRenderers } from './message-part-renderers.tsx';
import { MessageView } from './message-view.tsx';

/** How close to the bottom (px) still counts as "following" the reply. */
const followThreshold = 120;

/** A message of the transcript where it stands, for the slots that draw around it. */
export interface TranscriptMessageSlot {
  message: TranscriptMessage;
  /** Its position in `messages`. */
  index: number;
  messages: readonly TranscriptMessage[];
  /** A reply is running somewhere in the thread. */
  running: boolean;
}

export interface TranscriptViewProps extends MessagePartRenderers {
  transcript: TranscriptState;
  /** A reply is running: the last assistant message is still being written. */
  running: boolean;
  /** What the tool-call handler drew for each call, by toolCallId (`useAgentRun`'s `toolCallViews`). */
  toolCallViews: ReadonlyMap<string, ReactNode>;
  /** Under the last message, inside the scrolling column (the run status line, say). */
  footer?: ReactNode;
  /** The scrolling region's id, for a skip link or a keyboard shortcut of yours. */
  id?: string;
  /** Draws a user message (your editing, your actions); a bubble with its text when left out. */
  renderUserMessage?(slot: TranscriptMessageSlot): ReactNode;
  /** Drawn under an assistant message once it is not being written (copy, regenerate, the reply's details). */
  renderReplyActions?(slot: TranscriptMessageSlot): ReactNode;
}

/** Scrolls to the end, noting where the view landed when that moved it (its scroll event comes a frame later). */
function scrollToEnd(scroller: HTMLElement, ownScrollTop: { current: number | undefined }): boolean {
  const before = scroller.scrollTop;
  scroller.scrollTop = scroller.scrollHeight;
  if (scroller.scrollTop === before) return false;
  ownScrollTop.current = scroller.scrollTop;
  return true;
}

/**
 * The scrolling list of a thread's messages: prose, generated widgets (`WidgetCard`, revisions grouped
 * across the thread), typed tool calls and activities. It follows a streaming reply unless the reader has
 * scrolled up, and offers "Jump to latest" then.
 */
export function TranscriptView({
  transcript,
  running,
  toolCallViews,
  footer,
  id,
  renderUserMessage = UserMessageBubble,
  renderReplyActions,
  ...renderers
}: TranscriptViewProps) {
  const scrollerRef = useRef<HTMLElement>(null);
  const followingRef = useRef(true);
  // The same fact as state, for the "Jump to latest" button; the ref is what scroll handlers read.
  const [following, setFollowing] = useState(true);
  // The strip under the messages that holds "Jump to latest". It stays (empty) when the reader scrolls back
  // to the end, and goes only when the view moves by itself: its height given back to the view at the end
  // would push the messages down under the reader's pointer (a click aimed at a form's button hit the field
  // above it).
  const [stripShown, setStripShown] = useState(false);
  // Where the view's own last scroll to the end landed, until its scroll event has been seen: that event
  // is the view following, not the reader, and must not undo a wheel up taken in between.
  const ownScrollTopRef = useRef<number | undefined>(undefined);
  const lastUserMessageId = transcript.messages.findLast((message) => message.role === 'user')?.id;
  const seenUserMessageId = useRef(lastUserMessageId);

  const follow = () => {
    followingRef.current = true;
    setFollowing(true);
    setStripShown(false);
    if (scrollerRef.current) scrollToEnd(scrollerRef.current, ownScrollTopRef);
  };

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) {
      return;
    }
    // Only the reader moving up leaves the bottom. Content that grows between a scroll and its event (a
    // widget reporting its height, say) also puts the bottom out of reach, but that is the reply growing,
    // which the view goes on following. And content that shrinks under the view moves it up by itself: a
    // thread opened with its reply still streaming is drawn short first (its widgets not yet at their
    // height), so the jump to its bottom lands higher than the last position, which is not the reader.
    // Growing content never moves the view up, so going up while it grew (a widget still taking its height
    // as the reader wheels away) is the reader.
    let lastScrollTop = scroller.scrollTop;
    let lastScrollHeight = scroller.scrollHeight;
    // Nor is a move up that ends at the very end: the view was clamped there because the content shrank or
    // the view grew (the "Jump to latest" strip going away gives it back its height), never the reader leaving.
    const showFollowing = () => {
      setFollowing(followingRef.current);
      if (!followingRef.current) setStripShown(true);
    };
    const handleScroll = () => {
      const distanceFromEnd = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
      const atBottom = distanceFromEnd < followThreshold;
      const wentUp = scroller.scrollTop < lastScrollTop;
      const movedUp = wentUp && scroller.scrollHeight >= lastScrollHeight && distanceFromEnd >= 1;
      const ownScroll = scroller.scrollTop === ownScrollTopRef.current;
      ownScrollTopRef.current = undefined;
      lastScrollTop = scroller.scrollTop;
      lastScrollHeight = scroller.scrollHeight;
      // The view's own scroll to the end, reported a frame later, says nothing of the reader: a wheel up in
      // that frame has already stopped the following, and this event must not start it again.
      if (ownScroll) {
        showFollowing();
        return;
      }
      // Near the bottom on the way up is the first step of the reader's scroll away (a wheel's smooth scroll
      // reports it before it has gone far): only arriving there, or staying there, follows again.
      if (atBottom && !wentUp) {
        followingRef.current = true;
      } else if (movedUp) {
        followingRef.current = false;
      }
      showFollowing();
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
      if (followingRef.current && scrollToEnd(scroller, ownScrollTopRef)) {
        setStripShown(false);
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
    if (followingRef.current && scrollToEnd(scroller, ownScrollTopRef)) {
      setStripShown(false);
    }
  }, [transcript]);

  const lastAssistant = transcript.messages.findLast((message) => message.role === 'assistant');
  const widgetLineages = useMemo(() => widgetLineagesOf(transcript.messages), [transcript.messages]);
  const repairHistory = useMemo(() => widgetRepairHistoryOf(transcript.messages), [transcript.messages]);
  return (
    <div className="db-transcript-frame">
      <section
        ref={scrollerRef}
        className="db-transcript"
        id={id}
        aria-label="Messages"
        // A scrollable region must be reachable by keyboard to be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
        tabIndex={0}
      >
        <div className="db-transcript__column">
          <WidgetLineagesContext.Provider value={widgetLineages}>
            <WidgetRepairHistoryContext.Provider value={repairHistory}>
              {transcript.messages.map((message, index) => {
                const slot = { message, index, messages: transcript.messages, running };
                if (message.role === 'user') {
                  return <Fragment key={message.id}>{renderUserMessage(slot)}</Fragment>;
                }
                const streaming = running && message === lastAssistant;
                return (
                  <MessageView
                    key={message.id}
                    message={message}
                    streaming={streaming}
                    toolCallViews={toolCallViews}
                    footer={streaming ? undefined : renderReplyActions?.(slot)}
                    renderers={renderers}
                  />
                );
              })}
            </WidgetRepairHistoryContext.Provider>
          </WidgetLineagesContext.Provider>
          {footer}
        </div>
      </section>
      {/* Below the messages rather than over them, so it never covers a widget's controls. */}
      {(stripShown || !following) && (
        <div className="db-jump-to-latest-row">
          <button
            type="button"
            // Following again, the strip keeps its height with nothing in it to see, reach or read.
            className={following ? 'db-jump-to-latest db-jump-to-latest--idle' : 'db-jump-to-latest'}
            aria-hidden={following ? true : undefined}
            tabIndex={following ? -1 : undefined}
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
export function replyProse(messages: readonly TranscriptMessage[], index: number): string {
  let start = index;
  while (start > 0 && messages[start - 1]?.role === 'assistant') start -= 1;
  return messages
    .slice(start, index + 1)
    .map(messageProse)
    .filter((text) => text !== '')
    .join('\n\n');
}

/** A user message as the text that was sent, in a bubble: the transcript's own, without `renderUserMessage`. */
function UserMessageBubble({ message }: TranscriptMessageSlot) {
  return (
    <article className="db-message db-message--user" aria-label="You">
      <div className="db-message__user-text">{messageProse(message)}</div>
    </article>
  );
}
