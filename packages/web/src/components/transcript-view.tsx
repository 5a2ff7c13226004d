import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import type { TranscriptState } from '../transcript/transcript-state.ts';
import { MessageView } from './message-view.tsx';

/** How close to the bottom (px) still counts as "following" the reply. */
const followThreshold = 120;

/** The scrolling list of messages; follows a streaming reply unless the user has scrolled up to read. */
export function TranscriptView({
  transcript,
  running,
  toolCallViews,
  footer,
}: {
  transcript: TranscriptState;
  running: boolean;
  toolCallViews: ReadonlyMap<string, ReactNode>;
  footer: ReactNode;
}) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const followingRef = useRef(true);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) {
      return;
    }
    const handleScroll = () => {
      followingRef.current =
        scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < followThreshold;
    };
    scroller.addEventListener('scroll', handleScroll, { passive: true });
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
      resizeObserver.disconnect();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every transcript change may need a scroll.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller && followingRef.current) {
      scroller.scrollTop = scroller.scrollHeight;
    }
  }, [transcript]);

  const lastAssistant = transcript.messages.findLast((message) => message.role === 'assistant');
  return (
    <div ref={scrollerRef} className="transcript" id="transcript" tabIndex={-1}>
      <div className="transcript__column">
        {transcript.messages.map((message) => (
          <MessageView
            key={message.id}
            message={message}
            streaming={running && message === lastAssistant}
            toolCallViews={toolCallViews}
          />
        ))}
        {footer}
      </div>
    </div>
  );
}
