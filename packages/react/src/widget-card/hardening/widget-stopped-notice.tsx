import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';

/** Why a widget's frame is gone: it navigated away, stopped answering, or was released to save WebGL contexts. */
export type WidgetStopReason = 'navigated' | 'unresponsive' | 'released';

/** What the card shows in place of a frame the host removed, with the way back. */
export function WidgetStoppedNotice({
  reason,
  height,
  onRestore,
}: {
  reason: WidgetStopReason;
  /** The frame's last height, so the transcript does not jump when the frame goes. */
  height: string;
  onRestore(): void;
}) {
  if (reason === 'released') {
    return <ReleasedNotice height={height} onRestore={onRestore} />;
  }
  if (reason === 'unresponsive') {
    return (
      <div className="db-widget-card__stopped db-widget-card__unresponsive" role="alert">
        <strong>This widget stopped responding and was removed.</strong>
        <span>It may be stuck in a loop or out of memory; the rest of the chat is unaffected.</span>
        <button type="button" className="db-widget-toolbar__button" onClick={onRestore}>
          Reload widget
        </button>
      </div>
    );
  }
  return (
    <div className="db-widget-card__stopped" role="alert">
      <strong>This widget tried to navigate away and was stopped.</strong>
      <span>It was removed so it cannot load another page inside the chat. Reload it to try again.</span>
    </div>
  );
}

/** A widget released off screen comes back as soon as any of it scrolls into view again. */
function ReleasedNotice({ height, onRestore }: { height: string; onRestore(): void }) {
  const noticeRef = useRef<HTMLDivElement>(null);
  const restoreRef = useRef(onRestore);
  restoreRef.current = onRestore;
  useEffect(() => {
    const notice = noticeRef.current;
    if (!notice) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        // Synchronously, as a click's update is: the new frame then replaces this placeholder before the
        // next paint, instead of leaving its card without height for a frame.
        flushSync(() => restoreRef.current());
      }
    });
    observer.observe(notice);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={noticeRef} className="db-widget-card__released" style={{ minHeight: height }}>
      <span>This widget was paused to save graphics memory while it was off screen.</span>
      <button type="button" className="db-widget-toolbar__button" onClick={onRestore}>
        Restore widget
      </button>
    </div>
  );
}
